import type { ReactNode } from 'react'
import { cx } from '../../../components/ui/cx.ts'

/** How a payout stands, whoever reports it (our ledger or the card provider): done, under way, or not made. */
export type PayoutTone = 'paid' | 'waiting' | 'failed'

const toneClasses: Record<PayoutTone, string> = {
  paid: 'bg-emerald-100 text-emerald-900',
  waiting: 'bg-slate-100 text-slate-800',
  failed: 'bg-red-100 text-red-900',
}

/** A payout's status in words, on a pill whose colour repeats what the words say. */
export function PayoutStatusPill({ tone, children }: { tone: PayoutTone; children: ReactNode }) {
  return <span className={cx('rounded-full px-2 py-0.5 text-xs font-medium', toneClasses[tone])}>{children}</span>
}
