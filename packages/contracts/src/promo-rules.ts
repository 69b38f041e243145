/**
 * Promo-code rules (issue 17, `/creator-promotions`) shared by the browser and the API, which
 * enforces every one again through the zod schemas in promotions.ts. Zod-free. Money in cents.
 */

export const promoDiscountKinds = ['percent', 'amount'] as const
export type PromoDiscountKind = (typeof promoDiscountKinds)[number]

/** How long a code's discount lasts on a subscription: the first payment, N months, or every renewal. */
export const promoDurations = ['once', 'repeating', 'forever'] as const
export type PromoDuration = (typeof promoDurations)[number]

export const promoLimits = {
  codeMinLength: 3,
  codeMaxLength: 32,
  minPercentOff: 1,
  maxPercentOff: 100,
  minAmountOffCents: 1,
  maxAmountOffCents: 1_000_000,
  minDurationMonths: 1,
  maxDurationMonths: 36,
  maxRedemptions: 1_000_000,
  /** Codes a creator may keep (active or not). */
  maxCodesPerCreator: 200,
} as const

/** Letters, digits, `-` and `_`; matched without regard to case. */
export const promoCodePattern = /^[A-Za-z0-9_-]+$/

export const promoMessages = {
  codeFormat: `Codes are ${promoLimits.codeMinLength} to ${promoLimits.codeMaxLength} letters, digits, - or _`,
  codeTaken: 'You already have a code with that name',
  percentRange: `Percent off is a whole number from ${promoLimits.minPercentOff} to ${promoLimits.maxPercentOff}`,
  amountRange: 'Amount off is at least 1 cent and at most $10,000',
  oneDiscount: 'Give either a percent off or an amount off, not both',
  durationMonthsRequired: `Say how many months the discount lasts (${promoLimits.minDurationMonths} to ${promoLimits.maxDurationMonths})`,
  durationMonthsOnlyRepeating: 'Months are only for a discount that lasts some months',
  maxRedemptionsRange: 'The redemption limit is a whole number of at least 1',
  expiryInPast: 'The expiry must be in the future',
  tooManyCodes: `You can keep at most ${promoLimits.maxCodesPerCreator} codes`,
  planNotYours: 'Choose plans of your own',
  choosePlans: 'Choose at least one plan, or all plans',
  // At checkout: each refusal names what is wrong.
  unknownCode: 'That promo code does not exist',
  inactiveCode: 'That promo code is no longer active',
  expiredCode: 'That promo code has expired',
  usedUpCode: 'That promo code has been used up',
  wrongPlan: 'That promo code does not apply to this plan',
  alreadyUsed: 'You have already used that promo code',
  freeNotAllowed: 'That promo code would make this plan free; ask the creator for a code of less than the full price',
} as const

export interface PromoShape {
  discount_kind: PromoDiscountKind
  percent_off: number | null
  amount_off_cents: number | null
  duration: PromoDuration
  duration_months: number | null
}

/** The shape rules, by field: the kind's own figure and no other; months only when repeating. */
export function promoShapeProblems(shape: PromoShape): Partial<Record<keyof PromoShape, string>> {
  const problems: Partial<Record<keyof PromoShape, string>> = {}
  if (shape.discount_kind === 'percent') {
    if (shape.percent_off === null) problems.percent_off = promoMessages.percentRange
    if (shape.amount_off_cents !== null) problems.amount_off_cents = promoMessages.oneDiscount
  } else {
    if (shape.amount_off_cents === null) problems.amount_off_cents = promoMessages.amountRange
    if (shape.percent_off !== null) problems.percent_off = promoMessages.oneDiscount
  }
  if (shape.duration === 'repeating' && shape.duration_months === null) {
    problems.duration_months = promoMessages.durationMonthsRequired
  }
  if (shape.duration !== 'repeating' && shape.duration_months !== null) {
    problems.duration_months = promoMessages.durationMonthsOnlyRepeating
  }
  return problems
}

/** A discount's figures: a percent off or an amount off (the other null). */
export interface PromoDiscountTerms {
  /** Which figure counts; without it, the percent off when it is set, else the amount off. */
  kind?: PromoDiscountKind
  percentOff: number | null
  amountOffCents: number | null
}

/**
 * What a payment of `priceCents` costs with the discount: percent off rounds the discount half up
 * to the cent (Stripe's rule), an amount off never takes the price below zero.
 */
export function discountedCents(priceCents: number, terms: PromoDiscountTerms): number {
  const kind = terms.kind ?? (terms.percentOff !== null ? 'percent' : 'amount')
  if (kind === 'percent') {
    const off = Math.floor((priceCents * (terms.percentOff ?? 0) + 50) / 100)
    return Math.max(0, priceCents - off)
  }
  return Math.max(0, priceCents - (terms.amountOffCents ?? 0))
}

/**
 * Whether the discount applies to the payment numbered `paymentIndex` (0 is the first paid period,
 * after any free trial) of a subscription, by the code's duration. One-time passes have one payment.
 */
export function discountAppliesTo(
  paymentIndex: number,
  duration: PromoDuration,
  durationMonths: number | null,
  interval: 'week' | 'month' | 'year' | null,
): boolean {
  if (duration === 'forever') return true
  if (duration === 'once') return paymentIndex === 0
  // `repeating`: the payments whose period starts within `durationMonths` months of the first.
  const months = durationMonths ?? 0
  const perPayment = interval === 'week' ? 12 / 52 : interval === 'year' ? 12 : 1
  return paymentIndex * perPayment < months
}

/** A code as customers type it, for comparison: trimmed, upper case. */
export function normalizePromoCode(code: string): string {
  return code.trim().toUpperCase()
}
