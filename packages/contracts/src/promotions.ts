import { z } from 'zod'
import { PickRecordSchema } from './records.ts'
import { analyticsMessages, analyticsTimeframes } from './analytics-rules.ts'
import {
  promoDiscountKinds,
  promoDurations,
  promoLimits,
  promoMessages,
  promoCodePattern,
  promoShapeProblems,
  type PromoShape,
} from './promo-rules.ts'
import { text } from './text.ts'

// Creator growth (issue 17): promo codes, trials, share-link results and the creator's analytics.

/** A promo code as its creator sees it, with what it has brought. */
export const PromoCode = z.object({
  id: z.uuid(),
  creator_id: z.uuid(),
  /** As the creator typed it; customers' input matches it without regard to case. */
  code: z.string(),
  discount_kind: z.enum(promoDiscountKinds),
  percent_off: z.number().int().nullable(),
  amount_off_cents: z.number().int().nullable(),
  /** null: every plan of the creator. */
  plan_ids: z.array(z.uuid()).nullable(),
  duration: z.enum(promoDurations),
  duration_months: z.number().int().nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  max_redemptions: z.number().int().nullable(),
  one_per_customer: z.boolean(),
  active: z.boolean(),
  /** Paid purchases made with the code, and the discount they were given so far. */
  redemptions: z.number().int(),
  discount_given_cents: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
})
export type PromoCode = z.infer<typeof PromoCode>

const PromoCodeText = text()
  .trim()
  .min(promoLimits.codeMinLength, promoMessages.codeFormat)
  .max(promoLimits.codeMaxLength, promoMessages.codeFormat)
  .regex(promoCodePattern, promoMessages.codeFormat)

const PercentOff = z
  .number(promoMessages.percentRange)
  .int(promoMessages.percentRange)
  .min(promoLimits.minPercentOff, promoMessages.percentRange)
  .max(promoLimits.maxPercentOff, promoMessages.percentRange)
const AmountOffCents = z
  .number(promoMessages.amountRange)
  .int(promoMessages.amountRange)
  .min(promoLimits.minAmountOffCents, promoMessages.amountRange)
  .max(promoLimits.maxAmountOffCents, promoMessages.amountRange)
const DurationMonths = z
  .number(promoMessages.durationMonthsRequired)
  .int(promoMessages.durationMonthsRequired)
  .min(promoLimits.minDurationMonths, promoMessages.durationMonthsRequired)
  .max(promoLimits.maxDurationMonths, promoMessages.durationMonthsRequired)
const MaxRedemptions = z
  .number(promoMessages.maxRedemptionsRange)
  .int(promoMessages.maxRedemptionsRange)
  .min(1, promoMessages.maxRedemptionsRange)
  .max(promoLimits.maxRedemptions, promoMessages.maxRedemptionsRange)

const promoFields = {
  code: PromoCodeText,
  discount_kind: z.enum(promoDiscountKinds, { error: 'A discount is a percent or an amount off' }),
  percent_off: PercentOff.nullable(),
  amount_off_cents: AmountOffCents.nullable(),
  plan_ids: z.array(z.uuid('Choose plans by their id')).min(1, promoMessages.choosePlans).max(20).nullable(),
  duration: z.enum(promoDurations, { error: 'A discount lasts once, some months (repeating) or forever' }),
  duration_months: DurationMonths.nullable(),
  expires_at: z.iso.datetime({ offset: true, error: 'The expiry is a date and time' }).nullable(),
  max_redemptions: MaxRedemptions.nullable(),
  one_per_customer: z.boolean(),
  active: z.boolean(),
}

function addPromoShapeIssues(shape: PromoShape, ctx: z.RefinementCtx): void {
  for (const [field, message] of Object.entries(promoShapeProblems(shape))) {
    ctx.addIssue({ code: 'custom', path: [field], message })
  }
}

/** `POST /promo-codes`: a new code of the signed-in creator (an admin names the creator). */
export const CreatePromoCodeBody = z
  .strictObject({
    creatorId: z.uuid().optional(),
    code: promoFields.code,
    discount_kind: promoFields.discount_kind,
    percent_off: promoFields.percent_off.optional(),
    amount_off_cents: promoFields.amount_off_cents.optional(),
    plan_ids: promoFields.plan_ids.optional(),
    duration: promoFields.duration.default('once'),
    duration_months: promoFields.duration_months.optional(),
    expires_at: promoFields.expires_at.optional(),
    max_redemptions: promoFields.max_redemptions.optional(),
    one_per_customer: promoFields.one_per_customer.default(true),
    active: promoFields.active.default(true),
  })
  .transform((body) => ({
    ...body,
    percent_off: body.percent_off ?? null,
    amount_off_cents: body.amount_off_cents ?? null,
    plan_ids: body.plan_ids ?? null,
    duration_months: body.duration_months ?? null,
    expires_at: body.expires_at ?? null,
    max_redemptions: body.max_redemptions ?? null,
  }))
  .superRefine((body, ctx) => addPromoShapeIssues(body, ctx))
export type CreatePromoCodeBody = z.input<typeof CreatePromoCodeBody>
export type ParsedCreatePromoCodeBody = z.output<typeof CreatePromoCodeBody>

/**
 * `PUT /promo-codes/{id}`: any of the fields but the code itself and its discount, which customers
 * may already hold (a code that should give something else is a new code). The server checks the
 * code as it would be after the change.
 */
export const UpdatePromoCodeBody = z
  .strictObject({
    plan_ids: promoFields.plan_ids,
    expires_at: promoFields.expires_at,
    max_redemptions: promoFields.max_redemptions,
    one_per_customer: promoFields.one_per_customer,
    active: promoFields.active,
  })
  .partial()
export type UpdatePromoCodeBody = z.infer<typeof UpdatePromoCodeBody>

export const PromoCodeIdParams = z.object({ id: z.uuid() })
export const PromoCodesQuery = z.object({ creatorId: z.uuid().optional() })
export const PromoCodeAnswer = z.object({ promo_code: PromoCode })
export type PromoCodeAnswer = z.infer<typeof PromoCodeAnswer>
export const PromoCodesAnswer = z.object({ promo_codes: z.array(PromoCode) })
export type PromoCodesAnswer = z.infer<typeof PromoCodesAnswer>

/**
 * `GET /promo-codes/quote?plan_id&code`: what a plan costs with a code, for the purchase page. The
 * same checks as checkout; a code that does not apply answers `valid: false` with the reason.
 */
export const PromoQuoteQuery = z.object({
  plan_id: z.uuid('Choose a plan'),
  code: text().trim().min(1, promoMessages.unknownCode).max(64, promoMessages.unknownCode),
})
export const PromoQuote = z.object({
  valid: z.boolean(),
  /** Set when the code does not apply: one of promoMessages' checkout refusals. */
  message: z.string().nullable(),
  code: z.string(),
  price_cents: z.number().int(),
  /** The first payment with the code (after any free trial); equal to price_cents when invalid. */
  discounted_cents: z.number().int(),
  /** "First payment", "First 3 months", "Every payment". */
  duration: z.enum(promoDurations).nullable(),
  duration_months: z.number().int().nullable(),
})
export type PromoQuote = z.infer<typeof PromoQuote>

/** `GET /creators/{id}/share-link/results?days`: the link's visits, sign-ups and first purchases by day. */
export const ShareLinkResultsQuery = z.object({
  days: z.coerce.number('days is a whole number from 7 to 365').int().min(7).max(365).default(30),
})
export const ShareLinkDay = z.object({
  /** The UTC day, YYYY-MM-DD. */
  date: z.iso.date(),
  visits: z.number().int(),
  signups: z.number().int(),
  first_purchases: z.number().int(),
})
export const ShareLinkResults = z.object({
  days: z.array(ShareLinkDay),
  totals: z.object({ visits: z.number().int(), signups: z.number().int(), first_purchases: z.number().int() }),
  /** All time, not only the days shown. */
  all_time: z.object({ visits: z.number().int(), signups: z.number().int(), first_purchases: z.number().int() }),
  /** How long a visit through the link counts toward a sign-up or a purchase (last touch). */
  attribution_days: z.number().int(),
})
export type ShareLinkResults = z.infer<typeof ShareLinkResults>

// Analytics: `GET /creator/analytics/{id}?timeframe` (spec §7, default all).

export { analyticsMessages, analyticsTimeframes, type AnalyticsTimeframe } from './analytics-rules.ts'

export const CreatorAnalyticsQuery = z.object({
  timeframe: z.enum(analyticsTimeframes, { error: analyticsMessages.timeframe }).default('all'),
})
export const CreatorAnalyticsParams = z.object({ id: z.uuid() })

/** The figures of one period. Money in cents; rates from 0 to 1, null when nothing to divide by. */
export const AnalyticsFigures = z.object({
  gross_sales_cents: z.number().int(),
  platform_fees_cents: z.number().int(),
  /**
   * Gross less fees less refunds less affiliates' commissions (the creator's share, before payouts:
   * what the period added to the creator's balance).
   */
  net_earnings_cents: z.number().int(),
  refunds_cents: z.number().int(),
  /**
   * Affiliates' commissions on the creator's sales, out of the creator's share (decision 038), less
   * those returned with refunds in the period; 0 for a creator without affiliates.
   */
  affiliate_commission_cents: z.number().int(),
  /** Monthly recurring revenue at the period's end: live subscriptions' prices per month. */
  mrr_cents: z.number().int(),
  /** Live subscriptions at the period's end. */
  active_subscribers: z.number().int(),
  new_subscribers: z.number().int(),
  cancellations: z.number().int(),
  /** Subscriptions that ended in the period over those live at its start plus those that began in it. */
  churn_rate: z.number().nullable(),
  trial_starts: z.number().int(),
  /** Trials of the period that went on to a paid period. */
  trial_conversions: z.number().int(),
  trial_conversion_rate: z.number().nullable(),
  passes_sold: z.number().int(),
})
export type AnalyticsFigures = z.infer<typeof AnalyticsFigures>

export const AnalyticsSeriesPoint = z.object({
  /** The bucket's first instant (UTC). */
  start: z.iso.datetime({ offset: true }),
  /** As the period's: gross less fees, refunds and affiliates' commissions. */
  net_earnings_cents: z.number().int(),
  gross_sales_cents: z.number().int(),
  /** Affiliates' commissions of the bucket, net of those returned with refunds. */
  affiliate_commission_cents: z.number().int(),
  new_subscribers: z.number().int(),
  cancelled_subscribers: z.number().int(),
  /** Live subscriptions at the bucket's end. */
  active_subscribers: z.number().int(),
})

export const AnalyticsRecordRow = PickRecordSchema.pick({
  wins: true,
  losses: true,
  pushes: true,
  net_units: true,
  units_risked: true,
  roi_pct: true,
}).extend({ picks: z.number().int() })

export const CreatorAnalytics = z.object({
  creator_id: z.uuid(),
  timeframe: z.enum(analyticsTimeframes),
  /** null for `all`: from the creator's first sale or pick. */
  from: z.iso.datetime({ offset: true }).nullable(),
  to: z.iso.datetime({ offset: true }),
  bucket: z.enum(['day', 'week', 'month']),
  current: AnalyticsFigures,
  /** The same figures for the period just before; null for `all`. */
  previous: AnalyticsFigures.nullable(),
  by_plan: z.array(
    z.object({
      plan_id: z.uuid().nullable(),
      plan_name: z.string(),
      kind: z.enum(['subscription', 'one_time']),
      gross_sales_cents: z.number().int(),
      net_earnings_cents: z.number().int(),
      new_subscribers: z.number().int(),
      passes_sold: z.number().int(),
      active_subscribers: z.number().int(),
    }),
  ),
  series: z.array(AnalyticsSeriesPoint),
  funnel: z.object({ visits: z.number().int(), signups: z.number().int(), first_purchases: z.number().int() }),
  promo: z.object({
    redemptions: z.number().int(),
    discount_cents: z.number().int(),
    by_code: z.array(z.object({ code: z.string(), redemptions: z.number().int(), discount_cents: z.number().int() })),
  }),
  record: z.object({
    overall: AnalyticsRecordRow,
    by_sport: z.array(AnalyticsRecordRow.extend({ sport: z.string() })),
    by_bet_type: z.array(AnalyticsRecordRow.extend({ bet_type: z.string() })),
  }),
  deliveries: z.array(
    z.object({ channel: z.enum(['email', 'sms']), sent: z.number().int(), failed: z.number().int() }),
  ),
  generated_at: z.iso.datetime({ offset: true }),
})
export type CreatorAnalytics = z.infer<typeof CreatorAnalytics>
