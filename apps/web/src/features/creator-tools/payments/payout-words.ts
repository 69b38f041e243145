import type { Payout } from '@picks/contracts'
import { cardProviderName, formatCents, type LedgerKind, type RevenuePeriod } from '@picks/contracts/client'
import type { PaymentsProvider } from '../api/index.ts'

/** How the creator payments pages word money, dates and states. */

export function providerName(provider: PaymentsProvider): string {
  return provider === 'stripe' ? cardProviderName : 'the test provider'
}

/** "$19.99", "+$19.99" or "-$1.99": a ledger amount with its direction. */
export function signedCents(cents: number, currency: string): string {
  return cents > 0 ? `+${formatCents(cents, currency)}` : formatCents(cents, currency)
}

/** Basis points as a percentage: 1000 → "10%", 275 → "2.75%". */
export function bpsAsPercent(bps: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(bps / 100)}%`
}

export function days(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** A timestamp as a date in the reader's time zone: "Mar 5, 2026". */
export function shortDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

const dayBucket = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const monthBucket = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** A revenue bucket's `YYYY-MM-DD` (UTC) as "Mar 5" for a day or "Mar 2026" for a month. */
export function bucketLabel(date: string, bucket: 'day' | 'month'): string {
  const at = new Date(`${date}T00:00:00Z`)
  if (Number.isNaN(at.getTime())) return date
  return (bucket === 'day' ? dayBucket : monthBucket).format(at)
}

export const ledgerKindLabels: Record<LedgerKind, string> = {
  charge: 'Sale',
  platform_fee: 'Platform fee',
  refund: 'Refund',
  payout: 'Payout',
  payout_reversal: 'Payout returned',
}

export const payoutStatusLabels: Record<Payout['status'], string> = {
  pending: 'Pending',
  paid: 'Paid',
  failed: 'Failed',
}

export const periodLabels: Record<RevenuePeriod, string> = {
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  '12m': '12 months',
  all: 'All time',
}
