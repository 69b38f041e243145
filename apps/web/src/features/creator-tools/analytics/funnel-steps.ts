import type { CreatorAnalytics } from '@picks/contracts'

export interface FunnelStep {
  label: string
  count: number
  /** This step over the one before it (0 to 1); null for the first step or after an empty one. */
  rate: number | null
}

/** The share link's funnel in order: visits, then sign-ups, then first purchases. */
export function funnelSteps(funnel: CreatorAnalytics['funnel']): FunnelStep[] {
  const steps = [
    { label: 'Visits', count: funnel.visits },
    { label: 'Sign-ups', count: funnel.signups },
    { label: 'First purchases', count: funnel.first_purchases },
  ]
  return steps.map((step, index) => {
    const before = steps[index - 1]?.count
    return { ...step, rate: before ? step.count / before : null }
  })
}
