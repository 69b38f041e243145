import { z } from 'zod'
import { EmailAddress } from './auth.ts'
import { OnboardingStatus, PayoutBody } from './purchases.ts'
import {
  affiliateLimits,
  affiliateMessages,
  affiliatePaymentScopes,
  affiliateRewardKinds,
  affiliateStatuses,
} from './affiliate-rules.ts'
import { text } from './text.ts'

// Affiliates (issue 17, decision 038): a creator's arrangements with affiliates, their links, and
// the commissions they earn.

const AmountCents = z
  .number(affiliateMessages.amountRange)
  .int(affiliateMessages.amountRange)
  .min(affiliateLimits.minAmountCents, affiliateMessages.amountRange)
  .max(affiliateLimits.maxAmountCents, affiliateMessages.amountRange)
const PercentBps = z
  .number(affiliateMessages.percentRange)
  .int(affiliateMessages.percentRange)
  .min(affiliateLimits.minPercentBps, affiliateMessages.percentRange)
  .max(affiliateLimits.maxPercentBps, affiliateMessages.percentRange)

const termsFields = {
  reward_kind: z.enum(affiliateRewardKinds, { error: 'A reward is a fixed amount or a percentage' }),
  amount_cents: AmountCents.nullable(),
  percent_bps: PercentBps.nullable(),
  payments: z.enum(affiliatePaymentScopes, { error: 'A reward is on the first payment or on every payment' }),
  plan_ids: z
    .array(z.uuid('Choose plans by their id'))
    .min(1, 'Choose at least one plan, or all plans')
    .max(affiliateLimits.maxPlans)
    .nullable(),
}

/** `PUT /affiliates/{id}`: the reward and its scope, for payments from now on (and `affiliateRewardProblem`). */
export const AffiliateTermsBody = z.strictObject(termsFields)
export type AffiliateTermsBody = z.infer<typeof AffiliateTermsBody>

/** `POST /affiliates`: invites an affiliate by e-mail (and `affiliateRewardProblem`). */
export const InviteAffiliateBody = z.strictObject({ email: EmailAddress, ...termsFields })
export type InviteAffiliateBody = z.infer<typeof InviteAffiliateBody>

export const AffiliateIdParams = z.object({ id: z.uuid() })
export const AffiliateCodeParams = z.object({
  code: text()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, affiliateMessages.linkNotFound),
})

const Timestamp = z.iso.datetime({ offset: true })

/** The reward and its scope, as both sides see it. */
const AffiliateTerms = z.object({
  reward_kind: z.enum(affiliateRewardKinds),
  amount_cents: z.number().int().nullable(),
  percent_bps: z.number().int().nullable(),
  payments: z.enum(affiliatePaymentScopes),
  plan_ids: z.array(z.uuid()).nullable(),
})

/** An arrangement as its creator sees it, with what it brought. */
export const CreatorAffiliate = AffiliateTerms.extend({
  id: z.uuid(),
  creator_id: z.uuid(),
  invited_email: z.string(),
  affiliate_id: z.uuid().nullable(),
  affiliate_username: z.string().nullable(),
  status: z.enum(affiliateStatuses),
  /** The affiliate's link; null until accepted. */
  link: z.string().nullable(),
  clicks: z.number().int(),
  /** Distinct customers whose referred purchases were paid. */
  customers: z.number().int(),
  /** Payments of referred purchases, and their gross. */
  sales: z.number().int(),
  sales_cents: z.number().int(),
  /** Commission booked, net of reversals on refunds. */
  commission_cents: z.number().int(),
  invited_at: Timestamp,
  accepted_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
})
export type CreatorAffiliate = z.infer<typeof CreatorAffiliate>

export const CreatorAffiliateAnswer = z.object({ affiliate: CreatorAffiliate })
export type CreatorAffiliateAnswer = z.infer<typeof CreatorAffiliateAnswer>
export const CreatorAffiliatesAnswer = z.object({ affiliates: z.array(CreatorAffiliate) })
export type CreatorAffiliatesAnswer = z.infer<typeof CreatorAffiliatesAnswer>

/** `POST /affiliates/accept`: the token from the invitation's link. */
export const AcceptAffiliateBody = z.strictObject({
  token: text().trim().min(1, affiliateMessages.inviteInvalid).max(200, affiliateMessages.inviteInvalid),
})
export type AcceptAffiliateBody = z.infer<typeof AcceptAffiliateBody>

/** An arrangement as the affiliate sees it. */
export const AffiliateArrangement = AffiliateTerms.extend({
  id: z.uuid(),
  creator_id: z.uuid(),
  creator_username: z.string(),
  creator_name: z.string(),
  status: z.enum(affiliateStatuses),
  link: z.string(),
  clicks: z.number().int(),
  customers: z.number().int(),
  commission_cents: z.number().int(),
  accepted_at: Timestamp.nullable(),
  ended_at: Timestamp.nullable(),
})
export type AffiliateArrangement = z.infer<typeof AffiliateArrangement>

export const AffiliateArrangementAnswer = z.object({ arrangement: AffiliateArrangement })
export type AffiliateArrangementAnswer = z.infer<typeof AffiliateArrangementAnswer>

/** The affiliate's balance over every creator: sums of their earnings ledger. */
export const AffiliateBalance = z.object({
  currency: z.string(),
  available_cents: z.number().int(),
  pending_cents: z.number().int(),
  /** Commissions less their reversals. */
  earned_cents: z.number().int(),
  paid_out_cents: z.number().int(),
})
export type AffiliateBalance = z.infer<typeof AffiliateBalance>

/** `GET /affiliate/{id}`: the affiliate's arrangements, earnings and payout account. */
export const AffiliateOverview = z.object({
  arrangements: z.array(AffiliateArrangement),
  balance: AffiliateBalance,
  onboarding: OnboardingStatus,
})
export type AffiliateOverview = z.infer<typeof AffiliateOverview>

/** `POST /affiliate/{id}/onboard`: the name and e-mail the provider's account opens with. */
export const AffiliateOnboardBody = z.strictObject({
  email: z.email('Enter a valid email address'),
  name: text().trim().min(1, 'Enter your name').max(120),
})
export type AffiliateOnboardBody = z.infer<typeof AffiliateOnboardBody>

/** `POST /affiliate/{id}/payout`: an amount out of the affiliate's available commissions. */
export const AffiliatePayoutBody = PayoutBody.omit({ creatorId: true })
export type AffiliatePayoutBody = z.infer<typeof AffiliatePayoutBody>

/** `POST /affiliate-links/{code}/clicks`: the click, signed, for checkout to carry (`affiliate_click`). */
export const AffiliateClickAnswer = z.object({
  creator_id: z.uuid(),
  click: z.string(),
  expires_at: Timestamp,
})
export type AffiliateClickAnswer = z.infer<typeof AffiliateClickAnswer>
