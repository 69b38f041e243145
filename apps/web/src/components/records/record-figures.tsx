import type { CreatorRecord } from '@picks/contracts'
import { sportLabel, type PickRecord } from '@picks/contracts/client'
import { cx } from '../ui/cx.ts'
import { DataTable, type DataColumn } from '../ui/data-table.tsx'
import { formatRoi, formatNetUnits, formatWinPct, gradedCount, winLossPush } from './record-format.ts'

const lastResultLook: Record<string, { label: string; tone: string }> = {
  W: { label: 'Won', tone: 'bg-emerald-100 text-emerald-900 ring-emerald-300' },
  L: { label: 'Lost', tone: 'bg-red-100 text-red-900 ring-red-300' },
  P: { label: 'Push', tone: 'bg-amber-100 text-amber-950 ring-amber-300' },
}

function unitsTone(units: number): string {
  return units < 0 ? 'text-red-800' : units > 0 ? 'text-emerald-800' : 'text-slate-900'
}

function streakText(streak: string | null): string {
  if (!streak) return '—'
  const run = streak.slice(1)
  return streak.startsWith('W') ? `Won ${run}` : `Lost ${run}`
}

function Figure({ term, value, className }: { term: string; value: string; className?: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className={cx('text-lg font-bold text-slate-900 tabular-nums', className)}>{value}</dd>
    </div>
  )
}

/** The last graded results as small badges, newest first. */
function LastTen({ results }: { results: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs font-medium tracking-wide text-slate-600 uppercase">Last {results.length}</span>
      <ol aria-label="Last results, newest first" className="flex flex-wrap gap-1">
        {results.map((result, index) => {
          const look = lastResultLook[result] ?? { label: result, tone: 'bg-slate-100 text-slate-700 ring-slate-300' }
          return (
            <li
              // The same letter repeats; its place in the list is what identifies it.
              key={index}
              title={look.label}
              className={cx(
                'inline-flex size-6 items-center justify-center rounded text-xs font-bold ring-1 ring-inset',
                look.tone,
              )}
            >
              {result}
            </li>
          )
        })}
      </ol>
    </div>
  )
}

/**
 * A record's figures: W-L-P, net units, ROI, win %, the current streak and the last 10 results.
 * Before any graded pick: a plain line saying so (and how many are pending).
 */
export function RecordFigures({ record }: { record: PickRecord }) {
  if (gradedCount(record) === 0) {
    return (
      <p className="text-slate-700">
        No graded picks yet.
        {record.pending > 0 && ` ${record.pending} pending.`}
      </p>
    )
  }
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
        <Figure term="W-L-P" value={winLossPush(record)} />
        <Figure term="Net units" value={formatNetUnits(record.net_units)} className={unitsTone(record.net_units)} />
        <Figure term="ROI" value={formatRoi(record.roi_pct)} />
        <Figure term="Win %" value={formatWinPct(record.win_pct)} />
        <Figure term="Streak" value={streakText(record.streak)} />
      </dl>
      {record.last_10.length > 0 && <LastTen results={record.last_10} />}
    </div>
  )
}

type SportRecord = [sport: string, record: PickRecord]

const bySportColumns: DataColumn<SportRecord>[] = [
  { header: 'Sport', isRowHeader: true, cell: ([sport]) => sportLabel(sport) },
  { header: 'W-L-P', align: 'end', cell: ([, record]) => winLossPush(record) },
  {
    header: 'Net units',
    align: 'end',
    cell: ([, record]) => formatNetUnits(record.net_units),
    className: ([, record]) => cx('font-semibold', unitsTone(record.net_units)),
  },
  { header: 'ROI', align: 'end', cell: ([, record]) => formatRoi(record.roi_pct) },
  { header: 'Win %', align: 'end', cell: ([, record]) => formatWinPct(record.win_pct) },
]

/** One row per sport with graded picks. */
export function RecordBySport({ bySport }: { bySport: CreatorRecord['by_sport'] }) {
  const rows: SportRecord[] = Object.entries(bySport).filter(([, record]) => gradedCount(record) > 0)
  if (rows.length === 0) return null
  return (
    <DataTable
      caption="Record by sport"
      columns={bySportColumns}
      rows={rows}
      rowKey={([sport]) => sport}
      fields="figures"
    />
  )
}

/** The whole record: figures, then per-sport rows. */
export function CreatorRecordDetails({ record }: { record: CreatorRecord }) {
  return (
    <div className="flex flex-col gap-4">
      <RecordFigures record={record} />
      <RecordBySport bySport={record.by_sport} />
    </div>
  )
}
