import type { Payout, ProviderPayoutsAnswer } from '@picks/contracts'
import { cardProviderName, formatCents, type LedgerKind, type RevenuePeriod } from '@picks/contracts/client'
import type { PaymentsProvider } from '../api/index.ts'
import { spanLabels } from '../creator-words.ts'

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

/** The provider's own payout states (spec §7 `{card-provider}-payouts`). */
export const providerPayoutStatusLabels: Record<ProviderPayoutsAnswer['payouts'][number]['status'], string> = {
  pending: 'Pending',
  in_transit: 'On its way',
  paid: 'Arrived',
  failed: 'Failed',
  canceled: 'Cancelled',
}

export const periodLabels: Record<RevenuePeriod, string> = { ...spanLabels, '12m': '12 months' }
