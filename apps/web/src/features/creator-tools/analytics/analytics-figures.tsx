import type { CreatorAnalytics } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { lazy, Suspense, useId, useState, type ReactNode } from 'react'
import { cx } from '../../../components/ui/cx.ts'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { loadChunk } from '../../../lib/lazy-route.ts'
import { bucketLabel, formatCount } from '../creator-words.ts'
import { formatRate } from './analytics-words.ts'
import { funnelSteps, type FunnelStep } from './funnel-steps.ts'

// Recharts loads with the first chart, after the dashboard: one chunk for the three drawings.
const loadCharts = () => loadChunk(() => import('./analytics-charts.tsx'))
const EarningsChart = lazy(async () => ({ default: (await loadCharts()).EarningsChart }))
const SubscribersChart = lazy(async () => ({ default: (await loadCharts()).SubscribersChart }))
const FunnelChart = lazy(async () => ({ default: (await loadCharts()).FunnelChart }))

/**
 * A chart with its title, an accessible name that sums it up, and a table of the same numbers:
 * visually hidden (screen readers and tests read it) until "Show as table" shows it.
 */
function ChartFigure<Row>({
  title,
  summary,
  chartClassName = 'h-56',
  chart,
  columns,
  rows,
  rowKey,
}: {
  /** The figure's heading, and the name of its table. */
  title: string
  summary: string
  chartClassName?: string
  chart: ReactNode
  columns: DataColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string
}) {
  const titleId = useId()
  const [isTableShown, setTableShown] = useState(false)
  return (
    <figure aria-labelledby={titleId} className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold text-slate-900">
          {title}
        </h3>
        <button
          type="button"
          aria-pressed={isTableShown}
          onClick={() => setTableShown((shown) => !shown)}
          className="min-h-9 rounded-md px-2 text-sm font-medium text-emerald-800 underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none"
        >
          Show as table
        </button>
      </div>
      <Suspense fallback={<Skeleton className={cx(chartClassName, 'w-full')} />}>
        <div role="img" aria-label={summary} className={cx(chartClassName, 'w-full')}>
          {chart}
        </div>
      </Suspense>
      <div className={cx(!isTableShown && 'sr-only')}>
        <DataTable caption={title} columns={columns} rows={rows} rowKey={rowKey} fields="figures" />
      </div>
    </figure>
  )
}

type Point = CreatorAnalytics['series'][number]
type Bucket = CreatorAnalytics['bucket']

const periodColumn = (bucket: Bucket): DataColumn<Point> => ({
  header: bucket === 'day' ? 'Day' : bucket === 'week' ? 'Week' : 'Month',
  isRowHeader: true,
  cell: (point) => bucketLabel(point.start, bucket),
})

const sum = (
  series: Point[],
  key: 'net_earnings_cents' | 'gross_sales_cents' | 'new_subscribers' | 'cancelled_subscribers',
) => series.reduce((total, point) => total + point[key], 0)

export function EarningsFigure({ analytics }: { analytics: CreatorAnalytics }) {
  const { series, bucket } = analytics
  const columns: DataColumn<Point>[] = [
    periodColumn(bucket),
    { header: 'Net earnings', align: 'end', cell: (point) => formatCents(point.net_earnings_cents) },
    { header: 'Gross sales', align: 'end', cell: (point) => formatCents(point.gross_sales_cents) },
  ]
  return (
    <ChartFigure
      title="Earnings over time"
      summary={`Net earnings by ${bucket}: ${formatCents(sum(series, 'net_earnings_cents'))} in all, from ${formatCents(sum(series, 'gross_sales_cents'))} of gross sales`}
      chart={<EarningsChart series={series} bucket={bucket} />}
      columns={columns}
      rows={series}
      rowKey={(p) => p.start}
    />
  )
}

export function SubscribersFigure({ analytics }: { analytics: CreatorAnalytics }) {
  const { series, bucket } = analytics
  const columns: DataColumn<Point>[] = [
    periodColumn(bucket),
    { header: 'New', align: 'end', cell: (point) => formatCount(point.new_subscribers) },
    { header: 'Cancelled', align: 'end', cell: (point) => formatCount(point.cancelled_subscribers) },
    { header: 'Active', align: 'end', cell: (point) => formatCount(point.active_subscribers) },
  ]
  const active = series.at(-1)?.active_subscribers ?? 0
  return (
    <ChartFigure
      title="Subscribers over time"
      summary={`Subscribers by ${bucket}: ${formatCount(sum(series, 'new_subscribers'))} new, ${formatCount(sum(series, 'cancelled_subscribers'))} cancelled, ${formatCount(active)} active at the end`}
      chart={<SubscribersChart series={series} bucket={bucket} />}
      columns={columns}
      rows={series}
      rowKey={(p) => p.start}
    />
  )
}

const funnelColumns: DataColumn<FunnelStep>[] = [
  { header: 'Step', isRowHeader: true, cell: (step) => step.label },
  { header: 'People', align: 'end', cell: (step) => formatCount(step.count) },
  { header: 'Of the step before', align: 'end', cell: (step) => formatRate(step.rate) },
]

export function FunnelFigure({ funnel }: { funnel: CreatorAnalytics['funnel'] }) {
  const steps = funnelSteps(funnel)
  return (
    <ChartFigure
      title="Share link funnel"
      summary={`Share link: ${steps.map((step) => `${formatCount(step.count)} ${step.label.toLowerCase()}`).join(', ')}`}
      chartClassName="h-38"
      chart={<FunnelChart funnel={funnel} />}
      columns={funnelColumns}
      rows={steps}
      rowKey={(s) => s.label}
    />
  )
}
