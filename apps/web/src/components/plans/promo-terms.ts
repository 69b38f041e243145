import type { PromoDuration } from '@picks/contracts/client'

/**
 * How long a promo code's discount lasts, as a person reads it: one wording for the creator's list
 * of codes and the purchase page. "first payment", "first 3 months", "every payment".
 */
export function promoDurationWords(duration: PromoDuration, months: number | null): string {
  if (duration === 'once') return 'first payment'
  if (duration === 'forever') return 'every payment'
  const count = months ?? 1
  return count === 1 ? 'first month' : `first ${count} months`
}
