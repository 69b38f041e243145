import type { Plan } from '@picks/contracts'
import { formatCents, type PlanInterval } from '@picks/contracts/client'

/** How plans read to a person: one wording on the purchase page and in the creator's editor. */

export const intervalWords: Record<PlanInterval, { adjective: string; noun: string }> = {
  week: { adjective: 'Weekly', noun: 'week' },
  month: { adjective: 'Monthly', noun: 'month' },
  year: { adjective: 'Yearly', noun: 'year' },
}

type PlanTerms = Pick<Plan, 'kind' | 'interval' | 'access_days' | 'price_cents' | 'currency' | 'trial_days'>

function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`
}

/** "$19 / month", or "$5" for a one-time pass. */
export function planPrice(plan: PlanTerms): string {
  const price = formatCents(plan.price_cents, plan.currency)
  return plan.kind === 'subscription' && plan.interval ? `${price} / ${intervalWords[plan.interval].noun}` : price
}

/** "Renews every month until you cancel" or "One payment, 1 day of access". */
export function planTerm(plan: PlanTerms): string {
  if (plan.kind === 'subscription') {
    const noun = plan.interval ? intervalWords[plan.interval].noun : 'period'
    return `Renews every ${noun} until you cancel`
  }
  return `One payment, ${days(plan.access_days ?? 1)} of access`
}

/** "7-day free trial", or null without one. */
export function planTrial(plan: PlanTerms): string | null {
  return plan.kind === 'subscription' && plan.trial_days > 0 ? `${plan.trial_days}-day free trial` : null
}
