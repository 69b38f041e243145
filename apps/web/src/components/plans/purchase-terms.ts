import type { Purchase } from '@picks/contracts'
import { purchaseDisplayState } from '@picks/contracts/client'
import { longDate } from '../../lib/dates.ts'

/**
 * How a purchase reads to its buyer: one wording on the payment success page and on
 * /manage-subscriptions. Dates are the buyer's own calendar days.
 */

type PurchaseDates = Pick<
  Purchase,
  'status' | 'kind' | 'auto_renewal' | 'current_period_end' | 'canceled_at' | 'ended_at'
>

/** "December 1, 2026". */
export function formatDay(iso: string): string {
  return longDate(new Date(iso))
}

/** "Active", "Free trial", "Cancelled — access until December 1, 2026", … */
export function purchaseStatusLabel(purchase: PurchaseDates): string {
  const end = purchase.current_period_end
  switch (purchaseDisplayState(purchase)) {
    case 'active':
      return 'Active'
    case 'trialing':
      return 'Free trial'
    case 'past_due':
      return 'Past due — we’ll retry your card'
    case 'cancelled_until_end':
      return end ? `Cancelled — access until ${formatDay(end)}` : 'Cancelled'
    case 'cancelled':
      return 'Cancelled'
    case 'expired':
      return 'Expired'
    case 'pending':
      return 'Awaiting payment'
    case 'incomplete':
      return 'Payment not completed'
  }
}

/** "Renews on …", "Free trial until …", "Access until …" or "Ended on …"; null when no date applies. */
export function purchaseDateLine(purchase: PurchaseDates): string | null {
  const end = purchase.current_period_end
  switch (purchaseDisplayState(purchase)) {
    case 'active':
      if (!end) return null
      return purchase.kind === 'subscription' ? `Renews on ${formatDay(end)}` : `Access until ${formatDay(end)}`
    case 'trialing':
      return end ? `Free trial until ${formatDay(end)}` : null
    case 'cancelled_until_end':
      return end ? `Access until ${formatDay(end)}` : null
    case 'cancelled':
    case 'expired': {
      const ended = purchase.ended_at ?? purchase.canceled_at ?? end
      return ended ? `Ended on ${formatDay(ended)}` : null
    }
    default:
      // Past due: the provider is retrying, so there is no date to promise.
      return null
  }
}
