import { z } from 'zod'
import { text } from './text.ts'
import { ledgerKinds, paymentLimits, paymentMessages, purchaseStatuses, revenuePeriods } from './payment-rules.ts'
import { planIntervals, planKinds } from './plan-rules.ts'
import { promoDiscountKinds, promoDurations } from './promo-rules.ts'

const Timestamp = z.iso.datetime({ offset: true })

export const PurchaseStatusSchema = z.enum(purchaseStatuses)

/** The creator a purchase is from, as its buyer sees it. */
export const PurchaseCreator = z.object({
  id: z.uuid(),
  name: z.string(),
  username: z.string(),
  profile_picture: z.string().nullable(),
})

/** A promo code's discount as a purchase keeps it (issue 17). */
export const PurchaseDiscount = z.object({
  kind: z.enum(promoDiscountKinds),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  duration: z.enum(promoDurations),
  duration_months: z.number().int().nullable(),
  /** The first payment with the discount (after any free trial). */
  first_payment_cents: z.number().int(),
})
export type PurchaseDiscount = z.infer<typeof PurchaseDiscount>

/**
 * A subscription or a one-time pass. The plan's terms are copied onto the purchase when it is
 * made, so a later price change never changes what an existing buyer pays. Money in cents.
 */
export const Purchase = z.object({
  id: z.uuid(),
  user_id: z.uuid(),
  creator_id: z.uuid(),
  plan_id: z.uuid().nullable(),
  creator: PurchaseCreator,
  /** The buyer's name, for the creator's and the admin's lists. */
  customer_name: z.string(),
  plan_name: z.string(),
  kind: z.enum(planKinds),
  interval: z.enum(planIntervals).nullable(),
  access_days: z.number().int().nullable(),
  price_cents: z.number().int(),
  currency: z.string(),
  trial_days: z.number().int(),
  status: PurchaseStatusSchema,
  /** Subscriptions: renews at `current_period_end` when true, ends there when false. Passes: false. */
  auto_renewal: z.boolean(),
  current_period_start: Timestamp.nullable(),
  /** When the subscription renews or the access ends. */
  current_period_end: Timestamp.nullable(),
  /** Whether the buyer may see the creator's premium picks now (the entitlements service's answer). */
  has_access: z.boolean(),
  canceled_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
  created_at: Timestamp,
  provider: z.enum(['stripe', 'sandbox']),
  /** The creator's promo code used at checkout (issue 17), as the creator wrote it; null for none. */
  promo_code: z.string().nullable().default(null),
  /** The code's discount, copied onto the purchase: what it takes off and for how many payments. */
  discount: PurchaseDiscount.nullable().default(null),
})
export type Purchase = z.infer<typeof Purchase>

export const PurchaseIdParams = z.object({ id: z.uuid() })

/** `POST /purchases`: the plan to buy. The server finds the creator and the price from it. */
export const CreatePurchaseBody = z.strictObject({
  plan_id: z.uuid('Choose a plan'),
  /** A creator's promo code (issue 17); checked again at checkout. */
  promo_code: text().trim().min(1, 'Enter a promo code').max(64, 'That promo code does not exist').optional(),
  /** The signed click of an affiliate's link (decision 038); an old or bad one is ignored. */
  affiliate_click: z.string().max(300).optional(),
})
export type CreatePurchaseBody = z.infer<typeof CreatePurchaseBody>

/** The purchase, pending until paid, and where to pay for it. */
export const CreatePurchaseAnswer = z.object({
  purchase: Purchase,
  checkout_url: z.string(),
  /** Something the buyer should know before paying, e.g. that the plan's free trial was used before. */
  notice: z.string().nullable().default(null),
})
export type CreatePurchaseAnswer = z.infer<typeof CreatePurchaseAnswer>

export const PurchaseAnswer = z.object({ purchase: Purchase })
export type PurchaseAnswer = z.infer<typeof PurchaseAnswer>

export const PurchasesAnswer = z.object({ purchases: z.array(Purchase) })
export type PurchasesAnswer = z.infer<typeof PurchasesAnswer>

const Page = z.coerce.number().int().min(1).max(10_000).default(1)
const Limit = z.coerce.number().int().min(1).max(paymentLimits.maxListLimit)

/** `GET /purchases` (admin). */
export const AllPurchasesQuery = z.object({
  page: Page,
  limit: Limit.default(20),
  status: PurchaseStatusSchema.optional(),
})
export const AllPurchasesAnswer = z.object({
  purchases: z.array(Purchase),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})
export type AllPurchasesAnswer = z.infer<typeof AllPurchasesAnswer>

/** `GET /purchases/verify?userId&creatorId`: whether that user is entitled to the creator's premium picks now. */
export const VerifyPurchaseQuery = z.object({ userId: z.uuid(), creatorId: z.uuid() })
export const VerifyPurchaseAnswer = z.object({ exists: z.boolean() })
export type VerifyPurchaseAnswer = z.infer<typeof VerifyPurchaseAnswer>

/** `DELETE /purchases/{id}`: at period end by default; `cancelImmediately=true` ends access now (no refund). */
export const CancelPurchaseQuery = z.object({
  cancelImmediately: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
})

/** `PUT /subscriptions/{id}/auto-renewal`. */
export const AutoRenewalBody = z.strictObject({ auto_renewal: z.boolean('auto_renewal must be true or false') })

// ---------------------------------------------------------------- creator payouts

export const OnboardingStatus = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  account_id: z.string().nullable(),
  details_submitted: z.boolean(),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  /** Onboarding is complete: the creator can sell and be paid. */
  onboarded: z.boolean(),
})
export type OnboardingStatus = z.infer<typeof OnboardingStatus>

/** `POST /creators/onboard` (spec §3 "Onboarding link request"). */
export const OnboardBody = z.strictObject({
  creatorId: z.uuid(),
  email: z.email('Enter a valid email address'),
  name: text().trim().min(1, 'Enter your name').max(120),
})
export const OnboardAnswer = z.object({ url: z.string() })

/** Balances from the ledger. Pending money becomes available after the hold. */
export const CreatorBalance = z.object({
  currency: z.string(),
  available_cents: z.number().int(),
  pending_cents: z.number().int(),
  /** Everything the creator has earned: charges less fees, refunds and affiliates' commissions. */
  lifetime_net_cents: z.number().int(),
  gross_cents: z.number().int(),
  fees_cents: z.number().int(),
  refunds_cents: z.number().int(),
  paid_out_cents: z.number().int(),
  hold_days: z.number().int(),
  fee_bps: z.number().int(),
})
export type CreatorBalance = z.infer<typeof CreatorBalance>

/** The provider's own view of the connected account's balance. */
export const ProviderBalance = z.object({
  provider: z.enum(['stripe', 'sandbox']),
  currency: z.string(),
  available_cents: z.number().int(),
  pending_cents: z.number().int(),
})
export type ProviderBalance = z.infer<typeof ProviderBalance>

export const PagingQuery = (defaultLimit: number) =>
  z.object({ limit: Limit.default(defaultLimit), offset: z.coerce.number().int().min(0).max(1_000_000).default(0) })

/** One line of the creator's ledger. Signed: money in is positive, money out negative. */
export const LedgerEntry = z.object({
  id: z.uuid(),
  kind: z.enum(ledgerKinds),
  amount_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  purchase_id: z.uuid().nullable(),
  payout_id: z.uuid().nullable(),
  occurred_at: Timestamp,
  available_at: Timestamp,
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const EarningsAnswer = z.object({
  earnings: z.array(LedgerEntry),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type EarningsAnswer = z.infer<typeof EarningsAnswer>

export const Payout = z.object({
  id: z.uuid(),
  creator_id: z.uuid(),
  amount_cents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  failure_reason: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
})
export type Payout = z.infer<typeof Payout>

export const PayoutsAnswer = z.object({
  payouts: z.array(Payout),
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
})
export type PayoutsAnswer = z.infer<typeof PayoutsAnswer>

/** `POST /creators/payout` (spec §3 "Payout request"): `amount` in cents. */
export const PayoutBody = z.strictObject({
  creatorId: z.uuid(),
  amount: z
    .number('Enter the amount in cents')
    .int('Enter the amount in whole cents')
    .min(paymentLimits.minPayoutCents, paymentMessages.payoutMinimum)
    .max(100_000_000, paymentMessages.payoutOverBalance),
  description: text().trim().max(paymentLimits.payoutDescriptionMaxLength).default(''),
})
export const PayoutAnswer = z.object({ payout: Payout })

export const ProviderPayoutsQuery = z.object({ limit: Limit.default(paymentLimits.defaultProviderPayoutsLimit) })
export const ProviderPayout = z.object({
  id: z.string(),
  amount_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'in_transit', 'paid', 'failed', 'canceled']),
  arrival_at: Timestamp.nullable(),
  created_at: Timestamp,
  description: z.string().nullable(),
})
export const ProviderPayoutsAnswer = z.object({ payouts: z.array(ProviderPayout) })
export type ProviderPayoutsAnswer = z.infer<typeof ProviderPayoutsAnswer>

export const RevenueQuery = z.object({ period: z.enum(revenuePeriods).default('30d') })
/** Revenue by day (or by month for 12m and all), from the ledger. */
export const RevenueAnswer = z.object({
  period: z.enum(revenuePeriods),
  currency: z.string(),
  bucket: z.enum(['day', 'month']),
  points: z.array(
    z.object({
      /** The bucket's first day, `YYYY-MM-DD` (UTC). */
      date: z.string(),
      gross_cents: z.number().int(),
      fees_cents: z.number().int(),
      refunds_cents: z.number().int(),
      net_cents: z.number().int(),
    }),
  ),
  totals: z.object({
    gross_cents: z.number().int(),
    fees_cents: z.number().int(),
    refunds_cents: z.number().int(),
    net_cents: z.number().int(),
  }),
})
export type RevenueAnswer = z.infer<typeof RevenueAnswer>

/** The creator's subscriptions as the provider knows them, with the monthly recurring revenue. */
export const ProviderSubscriptionsAnswer = z.object({
  subscriptions: z.array(
    z.object({
      id: z.string(),
      purchase_id: z.uuid().nullable(),
      status: z.enum(['trialing', 'active', 'past_due', 'unpaid', 'canceled', 'incomplete']),
      amount_cents: z.number().int(),
      currency: z.string(),
      interval: z.enum(planIntervals).nullable(),
      current_period_end: Timestamp.nullable(),
      cancel_at_period_end: z.boolean(),
    }),
  ),
  /** Monthly recurring revenue of the live subscriptions, in cents (weekly × 52 / 12, yearly / 12). */
  mrr_cents: z.number().int(),
})
export type ProviderSubscriptionsAnswer = z.infer<typeof ProviderSubscriptionsAnswer>

// ---------------------------------------------------------------- deposits (admin)

export const DepositsQuery = z.object({
  page: Page,
  limit: Limit.default(20),
  status: z.enum(['succeeded', 'refunded', 'partially_refunded']).optional(),
  userId: z.uuid().optional(),
})
/** An incoming payment: one charge to a customer. */
export const Deposit = z.object({
  id: z.uuid(),
  purchase_id: z.uuid().nullable(),
  user_id: z.uuid().nullable(),
  customer_name: z.string().nullable(),
  creator_id: z.uuid(),
  creator_username: z.string(),
  amount_cents: z.number().int(),
  fee_cents: z.number().int(),
  refunded_cents: z.number().int(),
  currency: z.string(),
  status: z.enum(['succeeded', 'refunded', 'partially_refunded']),
  occurred_at: Timestamp,
})
export const DepositsAnswer = z.object({
  deposits: z.array(Deposit),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
})
export type DepositsAnswer = z.infer<typeof DepositsAnswer>
export const DepositStats = z.object({
  count: z.number().int(),
  gross_cents: z.number().int(),
  fees_cents: z.number().int(),
  refunded_cents: z.number().int(),
  net_cents: z.number().int(),
  currency: z.string(),
})
export type DepositStats = z.infer<typeof DepositStats>

// ---------------------------------------------------------------- sandbox provider

export const SandboxCheckout = z.object({
  session_id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  item_name: z.string(),
  kind: z.enum(planKinds),
  interval: z.enum(planIntervals).nullable(),
  access_days: z.number().int().nullable(),
  trial_days: z.number().int(),
  /** The first payment (after any free trial): the price, less a promo code's discount. */
  amount_cents: z.number().int(),
  /** The plan's price before any discount. */
  price_cents: z.number().int(),
  /** The promo code applied, and how long its discount lasts; null without one. */
  promo_code: z.string().nullable(),
  discount_duration: z.enum(promoDurations).nullable(),
  discount_months: z.number().int().nullable(),
  currency: z.string(),
  customer_email: z.string(),
  cancel_url: z.string(),
  success_url: z.string(),
})
export type SandboxCheckout = z.infer<typeof SandboxCheckout>

export const SandboxPayBody = z.strictObject({
  card_number: text().trim().max(30),
  /** `MM/YY` */
  expiry: text().trim().max(7),
  cvc: text().trim().max(4),
  name: text().trim().max(120).default(''),
})
export const SandboxRedirect = z.object({ redirect_url: z.string() })

export const SandboxOnboarding = z.object({
  link_id: z.string(),
  account_id: z.string(),
  email: z.string(),
  name: z.string(),
  status: z.enum(['open', 'used', 'expired']),
  return_url: z.string(),
  refresh_url: z.string(),
})
export type SandboxOnboarding = z.infer<typeof SandboxOnboarding>
