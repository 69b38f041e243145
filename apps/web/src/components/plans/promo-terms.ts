import { promoCodePattern, promoLimits, type PromoDuration } from '@picks/contracts/client'

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

/**
 * Whether some creator could have this code (its length and characters, as the contract's): the
 * purchase page asks the server only about such a code, and a profile link carries only such a one.
 */
export function couldExist(code: string): boolean {
  return (
    code.length >= promoLimits.codeMinLength && code.length <= promoLimits.codeMaxLength && promoCodePattern.test(code)
  )
}
