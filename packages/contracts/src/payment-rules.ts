/**
 * Payment rules and messages (product-decisions.md "Money" and "What is sold") shared by the
 * browser and the API. Zod-free. Money is integer cents.
 */

/** The `{card-provider}` of spec §7 paths and §8 messages. */
export const cardProviderName = 'Stripe'

export const paymentLimits = {
  /** The smallest payout a creator can request: $10. */
  minPayoutCents: 1_000,
  payoutDescriptionMaxLength: 200,
  defaultEarningsLimit: 50,
  defaultPayoutsLimit: 20,
  defaultProviderPayoutsLimit: 50,
  maxListLimit: 100,
} as const

export const purchaseStatuses = [
  /** Checkout opened, not paid yet. */
  'pending',
  /** Checkout declined, abandoned or expired: never paid, never gave access. */
  'incomplete',
  'trialing',
  'active',
  /** A renewal failed; the provider retries, and access lasts until the subscription ends. */
  'past_due',
  /** A subscription that has ended (cancelled now, or at the end of a cancelled period, or unpaid). */
  'canceled',
  /** A one-time pass whose access window is over. */
  'expired',
] as const
export type PurchaseStatus = (typeof purchaseStatuses)[number]

/** Statuses in which a purchase can still give access (the access window decides the rest). */
export const liveStatuses: readonly PurchaseStatus[] = ['trialing', 'active', 'past_due']

export const revenuePeriods = ['7d', '30d', '90d', '12m', 'all'] as const
export type RevenuePeriod = (typeof revenuePeriods)[number]

export const ledgerKinds = ['charge', 'platform_fee', 'refund', 'payout', 'payout_reversal'] as const
export type LedgerKind = (typeof ledgerKinds)[number]

/** The sandbox's test cards, as Stripe's test mode knows them. */
export const sandboxCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  /** Pays at checkout; every later renewal charge fails. */
  renewalsFail: '4000000000000341',
} as const

export const paymentMessages = {
  /** Spec §8, verbatim ({card-provider} is Stripe). */
  onboardingStatusFailed: 'Failed to get onboarding status',
  onboardingLinkFailed: 'Failed to create onboarding link',
  balanceFailed: 'Failed to get creator balance',
  payoutFailed: 'Failed to request payout',
  earningsFailed: 'Failed to get creator earnings',
  payoutsFailed: 'Failed to get creator payouts',
  providerBalanceFailed: `Failed to get ${cardProviderName} balance`,
  providerRevenueFailed: `Failed to get ${cardProviderName} revenue data`,
  providerSubscriptionsFailed: `Failed to get ${cardProviderName} subscriptions`,
  providerPayoutsFailed: `Failed to get ${cardProviderName} payouts`,
  providerSyncFailed: `Failed to sync ${cardProviderName} status`,
  // Ours
  alreadySubscribed: 'You already have an active subscription to this creator',
  creatorNotAcceptingPayments: 'This creator is not accepting payments yet',
  planUnavailable: 'This plan is no longer available',
  cannotBuyOwnPlan: 'You cannot buy your own plan',
  payoutMinimum: 'Payouts are at least $10',
  payoutOverBalance: 'That is more than your available balance',
  payoutNotOnboarded: 'Finish payout onboarding before requesting a payout',
  /** A provider balance read before the creator's payout account is set up (not a payout request). */
  providerBalanceNotSetUp: `Payouts are not set up yet. Set up payouts to see your ${cardProviderName} balance.`,
  cardDeclined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  unknownTestCard: 'Use a test card, such as 4242 4242 4242 4242.',
  cardExpiry: 'Enter the expiry as MM / YY, in the future.',
  cardCvc: 'Enter the 3-digit security code.',
  checkoutClosed: 'This checkout is no longer open.',
  /** A plan's free trial is given once per creator (issue 17). */
  trialUsed: 'You have had a free trial from this creator before, so this subscription starts with a payment.',
  cancelConfirm:
    'Your access continues until the end of the current period. Fees already paid are non-refundable, except as required by law.',
} as const

/** How a purchase reads to its owner: "Active", "Cancelled — access until Dec 1", … */
export type PurchaseDisplayState =
  'pending' | 'incomplete' | 'trialing' | 'active' | 'past_due' | 'cancelled_until_end' | 'cancelled' | 'expired'

export function purchaseDisplayState(p: {
  status: PurchaseStatus
  kind: 'subscription' | 'one_time'
  auto_renewal: boolean
  current_period_end: string | null
}): PurchaseDisplayState {
  if ((p.status === 'active' || p.status === 'trialing') && p.kind === 'subscription' && !p.auto_renewal) {
    return 'cancelled_until_end'
  }
  if (p.status === 'canceled') return 'cancelled'
  return p.status
}
