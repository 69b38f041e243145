/**
 * Plan rules (`subscription-pricing`, product-decisions.md "What is sold") shared by the browser and
 * the API, which enforces every one again through the zod schemas in plans.ts. Zod-free.
 */

export const planKinds = ['subscription', 'one_time'] as const
export type PlanKind = (typeof planKinds)[number]
export const planIntervals = ['week', 'month', 'year'] as const
export type PlanInterval = (typeof planIntervals)[number]

export const planLimits = {
  nameMaxLength: 60,
  /** $1 to $10,000, in cents. */
  minPriceCents: 100,
  maxPriceCents: 1_000_000,
  maxTrialDays: 30,
  minAccessDays: 1,
  maxAccessDays: 365,
  /** Inactive plans do not count. */
  maxActivePlans: 5,
} as const

export const planMessages = {
  nameRequired: 'Give the plan a name',
  nameTooLong: `Plan names are at most ${planLimits.nameMaxLength} characters`,
  priceRange: 'Prices are between $1 and $10,000',
  priceWholeCents: 'Prices are whole cents',
  trialRange: `Free trials are 0 to ${planLimits.maxTrialDays} days`,
  intervalRequired: 'Choose how often a subscription renews (week, month or year)',
  intervalOnlyForSubscriptions: 'Only subscriptions renew; a one-time pass has no interval',
  accessDaysRequired: `Choose how many days a one-time pass gives access (${planLimits.minAccessDays} to ${planLimits.maxAccessDays})`,
  accessDaysOnlyForPasses: 'Only one-time passes have an access length',
  noTrialForPasses: 'One-time passes have no free trial',
  planLimit: `A creator can have at most ${planLimits.maxActivePlans} active plans`,
  /** Spec §8, verbatim. */
  createFailed: (status: number, text: string) => `Failed to create pricing: ${status} - ${text}`,
  updateFailed: 'Failed to update pricing',
} as const

/** The terms of a plan that decide its shape, as stored. */
export interface PlanTerms {
  kind: PlanKind
  interval: PlanInterval | null
  access_days: number | null
  trial_days: number
}

/** Problems with how a plan's terms fit together, by field; empty when the shape is right. */
export function planShapeProblems(terms: PlanTerms): Partial<Record<keyof PlanTerms, string>> {
  const problems: Partial<Record<keyof PlanTerms, string>> = {}
  if (terms.kind === 'subscription') {
    if (terms.interval === null) problems.interval = planMessages.intervalRequired
    if (terms.access_days !== null) problems.access_days = planMessages.accessDaysOnlyForPasses
  } else {
    if (terms.interval !== null) problems.interval = planMessages.intervalOnlyForSubscriptions
    if (terms.access_days === null) problems.access_days = planMessages.accessDaysRequired
    if (terms.trial_days !== 0) problems.trial_days = planMessages.noTrialForPasses
  }
  return problems
}

/** `from` plus one renewal `interval`, in UTC (a month from Jan 31 is Mar 3, as `Date` counts it). */
export function addPlanInterval(from: Date, interval: PlanInterval): Date {
  const next = new Date(from)
  if (interval === 'week') next.setUTCDate(next.getUTCDate() + 7)
  else if (interval === 'month') next.setUTCMonth(next.getUTCMonth() + 1)
  else next.setUTCFullYear(next.getUTCFullYear() + 1)
  return next
}
