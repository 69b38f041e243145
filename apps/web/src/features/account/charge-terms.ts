import type { Charge } from '@picks/contracts'
import { formatDay } from '../../components/plans/purchase-terms.ts'

/** How a charge reads in the billing history and on its receipt. */

/** Receipts show cents always: "$29.00". */
export function chargeMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100)
}

export const chargeKindLabel: Record<Charge['kind'], string> = {
  charge: 'Payment',
  renewal: 'Renewal',
  renewal_failed: 'Renewal failed',
}

/** "Paid", "Refunded", "Refunded $5.00 of $9.99", "Failed". */
export function chargeStatusLabel(charge: Charge): string {
  if (charge.status === 'failed') return 'Failed'
  if (charge.status === 'refunded') {
    return charge.refunded_cents >= charge.amount_cents
      ? 'Refunded'
      : `Refunded ${chargeMoney(charge.refunded_cents, charge.currency)} of ${chargeMoney(charge.amount_cents, charge.currency)}`
  }
  return 'Paid'
}

export const chargeStatusTone: Record<Charge['status'], string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  refunded: 'bg-slate-100 text-slate-800',
  failed: 'bg-red-100 text-red-900',
}

/** "November 23, 2026 – December 23, 2026", or null without a period. */
export function chargePeriod(charge: Pick<Charge, 'period_start' | 'period_end'>): string | null {
  const { period_start: start, period_end: end } = charge
  if (start && end) return `${formatDay(start)} – ${formatDay(end)}`
  if (end) return `Until ${formatDay(end)}`
  if (start) return `From ${formatDay(start)}`
  return null
}
