import type { CreatePromoCodeBody, PromoCode, UpdatePromoCodeBody } from '@picks/contracts'
import {
  dollarsToCents,
  formatCents,
  promoCodePattern,
  promoLimits,
  promoMessages,
  promoShapeProblems,
  type PromoDiscountKind,
  type PromoDuration,
} from '@picks/contracts/client'
import { problemsFromServer, type Problems } from '../../../components/ui/form-problems.ts'
import { centsToDollarText } from '../dashboard/plan-values.ts'

/** A promo code as the form holds it: text as typed. */
export interface PromoCodeFormValues {
  code: string
  discountKind: PromoDiscountKind
  percentOff: string
  /** Dollars, as typed ("5", "4.99"). */
  amountOff: string
  duration: PromoDuration
  durationMonths: string
  scope: 'all' | 'chosen'
  planIds: string[]
  /** A calendar day (`YYYY-MM-DD`, the date input's value); the code ends with that day. Empty: never. */
  expiresOn: string
  /** Empty: no limit. */
  maxRedemptions: string
  onePerCustomer: boolean
  active: boolean
}

export type PromoCodeField = Exclude<keyof PromoCodeFormValues, 'scope'>

/** The form's fields in the order they are checked (and shown). */
export const promoCodeFields: readonly PromoCodeField[] = [
  'code',
  'discountKind',
  'percentOff',
  'amountOff',
  'duration',
  'durationMonths',
  'planIds',
  'expiresOn',
  'maxRedemptions',
  'onePerCustomer',
  'active',
]

export const newPromoCodeValues: PromoCodeFormValues = {
  code: '',
  discountKind: 'percent',
  percentOff: '',
  amountOff: '',
  duration: 'once',
  durationMonths: '3',
  scope: 'all',
  planIds: [],
  expiresOn: '',
  maxRedemptions: '',
  onePerCustomer: true,
  active: true,
}

/** The messages only the form has: about typing, not about the rules. */
export const promoFormMessages = {
  amountShape: 'Enter an amount in dollars, like 5 or 4.99',
  dateShape: 'Enter a date, or leave it empty for a code that never expires',
} as const

function wholeNumber(text: string): number | null {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null
}

function within(value: number | null, min: number, max: number): number | null {
  return value !== null && value >= min && value <= max ? value : null
}

/** The end of a calendar day in this browser's time zone: a code "expiring on" a day works all that day. */
export function endOfDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!match) return null
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59, 999)
  return Number.isNaN(date.getTime()) || date.getDate() !== Number(match[3]) ? null : date
}

/** The calendar day (here) of an instant, as a date input holds it. */
export function dayOf(instant: string): string {
  const date = new Date(instant)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * The rules the server applies (promo-rules.ts), checked first here. `isNew`: the code, its
 * discount and its duration are only set when a code is made. `now` decides whether an expiry is past.
 */
export function promoCodeProblems(values: PromoCodeFormValues, isNew: boolean, now: Date): Problems<PromoCodeField> {
  const problems: Problems<PromoCodeField> = {}
  if (isNew) {
    const code = values.code.trim()
    if (
      code.length < promoLimits.codeMinLength ||
      code.length > promoLimits.codeMaxLength ||
      !promoCodePattern.test(code)
    ) {
      problems.code = promoMessages.codeFormat
    }
    const amountCents = dollarsToCents(values.amountOff)
    const shape = promoShapeProblems({
      discount_kind: values.discountKind,
      percent_off:
        values.discountKind === 'percent'
          ? within(wholeNumber(values.percentOff), promoLimits.minPercentOff, promoLimits.maxPercentOff)
          : null,
      amount_off_cents:
        values.discountKind === 'amount'
          ? within(amountCents, promoLimits.minAmountOffCents, promoLimits.maxAmountOffCents)
          : null,
      duration: values.duration,
      duration_months:
        values.duration === 'repeating'
          ? within(wholeNumber(values.durationMonths), promoLimits.minDurationMonths, promoLimits.maxDurationMonths)
          : null,
    })
    if (shape.percent_off) problems.percentOff = shape.percent_off
    if (shape.amount_off_cents) {
      problems.amountOff =
        amountCents === null && values.amountOff.trim() ? promoFormMessages.amountShape : shape.amount_off_cents
    }
    if (shape.duration_months) problems.durationMonths = shape.duration_months
  }
  if (values.scope === 'chosen' && values.planIds.length === 0) problems.planIds = promoMessages.choosePlans
  if (values.expiresOn) {
    const end = endOfDay(values.expiresOn)
    if (!end) problems.expiresOn = promoFormMessages.dateShape
    else if (end.getTime() <= now.getTime()) problems.expiresOn = promoMessages.expiryInPast
  }
  if (
    values.maxRedemptions.trim() &&
    within(wholeNumber(values.maxRedemptions), 1, promoLimits.maxRedemptions) === null
  ) {
    problems.maxRedemptions = promoMessages.maxRedemptionsRange
  }
  return problems
}

/** What can change after a code is made, as the request body (for valid values). */
export function promoCodeUpdateBody(values: PromoCodeFormValues): Required<Omit<UpdatePromoCodeBody, 'active'>> {
  return {
    plan_ids: values.scope === 'all' ? null : values.planIds,
    expires_at: values.expiresOn ? (endOfDay(values.expiresOn)?.toISOString() ?? null) : null,
    max_redemptions: values.maxRedemptions.trim() ? Number(values.maxRedemptions.trim()) : null,
    one_per_customer: values.onePerCustomer,
  }
}

/** A new code as the request body (for valid values). */
export function promoCodeCreateBody(values: PromoCodeFormValues): CreatePromoCodeBody {
  const isPercent = values.discountKind === 'percent'
  return {
    code: values.code.trim(),
    discount_kind: values.discountKind,
    percent_off: isPercent ? Number(values.percentOff.trim()) : null,
    amount_off_cents: isPercent ? null : dollarsToCents(values.amountOff),
    duration: values.duration,
    duration_months: values.duration === 'repeating' ? Number(values.durationMonths.trim()) : null,
    active: values.active,
    ...promoCodeUpdateBody(values),
  }
}

/** A saved code as the edit form starts. */
export function valuesFromPromoCode(code: PromoCode): PromoCodeFormValues {
  return {
    code: code.code,
    discountKind: code.discount_kind,
    percentOff: code.percent_off === null ? '' : String(code.percent_off),
    amountOff: code.amount_off_cents === null ? '' : centsToDollarText(code.amount_off_cents),
    duration: code.duration,
    durationMonths: code.duration_months === null ? '' : String(code.duration_months),
    scope: code.plan_ids === null ? 'all' : 'chosen',
    planIds: code.plan_ids ?? [],
    expiresOn: code.expires_at ? dayOf(code.expires_at) : '',
    maxRedemptions: code.max_redemptions === null ? '' : String(code.max_redemptions),
    onePerCustomer: code.one_per_customer,
    active: code.active,
  }
}

const serverFields: Record<string, PromoCodeField> = {
  code: 'code',
  discount_kind: 'discountKind',
  percent_off: 'percentOff',
  amount_off_cents: 'amountOff',
  duration: 'duration',
  duration_months: 'durationMonths',
  plan_ids: 'planIds',
  expires_at: 'expiresOn',
  max_redemptions: 'maxRedemptions',
  one_per_customer: 'onePerCustomer',
  active: 'active',
}

/** Field problems named by a server answer (`body.code` → the code field). */
export function promoProblemsFromServer(
  details: readonly { field: string; message: string }[] | undefined,
): Problems<PromoCodeField> {
  return problemsFromServer(details, serverFields)
}

/** "50% off" or "$5 off". */
export function discountWords(code: Pick<PromoCode, 'discount_kind' | 'percent_off' | 'amount_off_cents'>): string {
  return code.discount_kind === 'percent'
    ? `${code.percent_off ?? 0}% off`
    : `${formatCents(code.amount_off_cents ?? 0)} off`
}
