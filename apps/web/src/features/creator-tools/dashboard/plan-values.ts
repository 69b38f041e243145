import type { CreatePlanBody, Plan } from '@picks/contracts'
import {
  dollarsToCents,
  formatCents,
  planMessages as rules,
  planLimits,
  type PlanInterval,
  type PlanKind,
} from '@picks/contracts/client'
import { problemsFromServer } from '../../../components/ui/form-problems.ts'

export { dollarsToCents }

/** A plan as the editor holds it: text as typed. */
export interface PlanFormValues {
  name: string
  kind: PlanKind
  interval: PlanInterval
  accessDays: string
  price: string
  trialDays: string
  active: boolean
}

export type PlanField = 'name' | 'kind' | 'interval' | 'accessDays' | 'price' | 'trialDays' | 'active'
export type PlanProblems = Partial<Record<PlanField, string>>

export const newPlanValues: PlanFormValues = {
  name: '',
  kind: 'subscription',
  interval: 'month',
  accessDays: '1',
  price: '',
  trialDays: '0',
  active: true,
}

/** Cents as a dollar amount to edit: 1999 → "19.99", 2000 → "20". */
export function centsToDollarText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2)
}

export function valuesFromPlan(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    kind: plan.kind,
    interval: plan.interval ?? 'month',
    accessDays: String(plan.access_days ?? 1),
    price: centsToDollarText(plan.price_cents),
    trialDays: String(plan.trial_days),
    active: plan.active,
  }
}

function wholeNumber(text: string): number | null {
  return /^\d{1,4}$/.test(text.trim()) ? Number(text.trim()) : null
}

const minPrice = formatCents(planLimits.minPriceCents)
const maxPrice = formatCents(planLimits.maxPriceCents)

export const priceHint = `From ${minPrice} to ${maxPrice}`

/** The contract's plan messages, and the one about typing a dollar amount that only the form has. */
export const planMessages = {
  ...rules,
  priceShape: 'Enter a price in dollars, like 19.99',
} as const

/** A free trial as typed: a whole number of days, 0 to 30; null when it is one. */
export function trialDaysProblem(text: string): string | null {
  const days = wholeNumber(text)
  return days === null || days > planLimits.maxTrialDays ? planMessages.trialRange : null
}

/**
 * The rules the server applies, checked first here. `activeElsewhere` is how many other plans are
 * active, for the limit of five.
 */
export function planProblems(values: PlanFormValues, activeElsewhere: number): PlanProblems {
  const problems: PlanProblems = {}
  const name = values.name.trim()
  if (!name) problems.name = planMessages.nameRequired
  else if (name.length > planLimits.nameMaxLength) problems.name = planMessages.nameTooLong

  const cents = dollarsToCents(values.price)
  if (cents === null) problems.price = planMessages.priceShape
  else if (cents < planLimits.minPriceCents || cents > planLimits.maxPriceCents)
    problems.price = planMessages.priceRange

  if (values.kind === 'subscription') {
    const trial = trialDaysProblem(values.trialDays)
    if (trial) problems.trialDays = trial
  } else {
    const access = wholeNumber(values.accessDays)
    if (access === null || access < planLimits.minAccessDays || access > planLimits.maxAccessDays) {
      problems.accessDays = planMessages.accessDaysRequired
    }
  }
  if (values.active && activeElsewhere >= planLimits.maxActivePlans) problems.active = planMessages.planLimit
  return problems
}

/** The request body for valid values (`planProblems` empty). */
export function planBody(values: PlanFormValues): CreatePlanBody {
  const price = dollarsToCents(values.price)
  if (price === null) throw new Error('planBody needs a valid price')
  const common = { name: values.name.trim(), price_cents: price, active: values.active }
  return values.kind === 'subscription'
    ? { ...common, kind: 'subscription', interval: values.interval, trial_days: Number(values.trialDays.trim()) }
    : { ...common, kind: 'one_time', access_days: Number(values.accessDays.trim()), trial_days: 0 }
}

const serverFields: Record<string, PlanField> = {
  name: 'name',
  kind: 'kind',
  interval: 'interval',
  access_days: 'accessDays',
  price_cents: 'price',
  trial_days: 'trialDays',
  active: 'active',
}

/** Field problems named by a server answer (`body.price_cents` → the price field). */
export function planProblemsFromServer(
  details: readonly { field: string; message: string }[] | undefined,
): PlanProblems {
  return problemsFromServer(details, serverFields)
}
