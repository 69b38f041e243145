import type { PickResult } from '@picks/contracts/client'
import { cx } from '../ui/cx.ts'
import { resultLabels } from './pick-terms.ts'

const tones: Record<PickResult, string> = {
  pending: 'bg-slate-100 text-slate-700 ring-slate-300',
  won: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  lost: 'bg-red-100 text-red-900 ring-red-300',
  push: 'bg-amber-100 text-amber-950 ring-amber-300',
  void: 'bg-slate-100 text-slate-600 ring-slate-300',
}

/** A pick's result as a badge: Won, Lost, Push, Void or Pending. */
export function ResultBadge({ result, className }: { result: PickResult; className?: string }) {
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        tones[result],
        className,
      )}
    >
      {resultLabels[result]}
    </span>
  )
}
