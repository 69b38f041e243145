import { cx } from '../ui/cx.ts'
import { recordText, type RecordLike } from './pick-terms.ts'

/**
 * A creator's record on one line: "12-7-1 · +5.4u · ROI 8.1%" (ROI when the record carries it), or
 * "No graded picks yet". Takes a full record or the short one of shop cards.
 */
export function RecordLine({ record, className }: { record: RecordLike | null | undefined; className?: string }) {
  const text = recordText(record)
  if (text === null) return <span className={cx('text-sm text-slate-600', className)}>No graded picks yet</span>
  const net = record?.net_units ?? 0
  const netTone = net < 0 ? 'text-red-800' : net > 0 ? 'text-emerald-800' : 'text-slate-800'
  return <span className={cx('text-sm font-semibold tabular-nums', netTone, className)}>{text}</span>
}
