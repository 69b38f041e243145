import { dollarsToCents, paymentLimits, paymentMessages } from '@picks/contracts/client'

export const enterAmountMessage = 'Enter an amount in dollars, like 25.00'

/**
 * What is wrong with a typed payout amount, or its value in cents. `availableCents` is null while
 * the balance is unknown: the server checks the balance again either way.
 */
export function checkPayoutAmount(
  text: string,
  availableCents: number | null,
): { cents: number; problem?: undefined } | { cents?: undefined; problem: string } {
  const cents = dollarsToCents(text)
  if (cents === null) return { problem: enterAmountMessage }
  if (cents < paymentLimits.minPayoutCents) return { problem: paymentMessages.payoutMinimum }
  if (availableCents !== null && cents > availableCents) return { problem: paymentMessages.payoutOverBalance }
  return { cents }
}
