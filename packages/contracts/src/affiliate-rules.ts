import { formatCents } from './money.ts'

// Affiliates' rules (issue 17, decision 038), zod-free for the browser (`@picks/contracts/client`).

export const affiliateRewardKinds = ['fixed', 'percent'] as const
export const affiliatePaymentScopes = ['first', 'every'] as const
export const affiliateStatuses = ['invited', 'active', 'ended'] as const

export const affiliateLimits = {
  /** A fixed reward, in cents. */
  minAmountCents: 1,
  maxAmountCents: 100_000,
  /** A percentage, in basis points (100 = 1%). */
  minPercentBps: 1,
  maxPercentBps: 10_000,
  maxPlans: 20,
  /** Days a click stays the purchase's last touch. */
  attributionDays: 30,
  /** Days an invite can be accepted. */
  inviteDays: 14,
} as const

export const affiliateMessages = {
  amountRange: 'A fixed reward is between $0.01 and $1,000.00',
  percentRange: 'A percentage is between 0.01% and 100%',
  rewardShape: 'Give a fixed amount or a percentage, not both',
  inviteInvalid: 'This invitation is not valid any more',
  inviteOtherEmail: 'This invitation was sent to another e-mail address',
  selfInvite: 'You cannot be your own affiliate',
  notFound: 'Affiliate not found',
  ended: 'This arrangement has ended',
  notAffiliate: 'Accept an affiliate invitation first',
  linkNotFound: 'This affiliate link is not valid',
  unknownPlans: 'Choose plans of your own',
} as const

/**
 * Whether the reward's amount matches its kind (a fixed reward has cents and no percentage, a
 * percentage has basis points and no cents): the field at fault and what to say, or null. The
 * server checks it after the caller's access (so it is not part of the body's schema); forms too.
 */
export function affiliateRewardProblem(terms: {
  reward_kind: (typeof affiliateRewardKinds)[number]
  amount_cents: number | null
  percent_bps: number | null
}): { field: 'amount_cents' | 'percent_bps'; message: string } | null {
  if (terms.reward_kind === 'fixed' && (terms.amount_cents === null || terms.percent_bps !== null)) {
    return { field: 'amount_cents', message: affiliateMessages.amountRange }
  }
  if (terms.reward_kind === 'percent' && (terms.percent_bps === null || terms.amount_cents !== null)) {
    return { field: 'percent_bps', message: affiliateMessages.percentRange }
  }
  return null
}

/** An arrangement's reward in words: "20% of every payment", "$5 on the first payment, 2 chosen plans". */
export function affiliateRewardWords(terms: {
  reward_kind: (typeof affiliateRewardKinds)[number]
  amount_cents: number | null
  percent_bps: number | null
  payments: (typeof affiliatePaymentScopes)[number]
  plan_ids: readonly string[] | null
}): string {
  const reward =
    terms.reward_kind === 'percent'
      ? `${String((terms.percent_bps ?? 0) / 100)}% of`
      : `${formatCents(terms.amount_cents ?? 0)} on`
  const payments = terms.payments === 'every' ? 'every payment' : 'the first payment'
  const count = terms.plan_ids?.length ?? 0
  const plans = terms.plan_ids ? `, ${String(count)} chosen plan${count === 1 ? '' : 's'}` : ''
  return `${reward} ${payments}${plans}`
}
