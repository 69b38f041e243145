import type { AdminDashboard, WindowedFigure } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { cx } from '../../../components/ui/cx.ts'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { consoleQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'

// Recharts is large: it loads with this section only, after its figures.
const RevenueChart = lazy(() => import('./revenue-chart.tsx').then((module) => ({ default: module.RevenueChart })))

const windows = [
  { key: 'today', label: 'Today' },
  { key: 'last7Days', label: '7 days' },
  { key: 'last30Days', label: '30 days' },
  { key: 'allTime', label: 'All time' },
] as const satisfies readonly { key: keyof WindowedFigure; label: string }[]

type Window = (typeof windows)[number]['key']
type Period = AdminDashboard['revenueLast30Days'][number]

const dollars = (cents: number) => formatCents(cents, 'usd')
const count = (n: number) => n.toLocaleString('en-US')

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">
        {value}
        {note && <span className="block text-xs font-normal text-slate-600">{note}</span>}
      </dd>
    </div>
  )
}

/** The window switch: which period the windowed figures cover. */
function WindowSwitch({ value, onChange }: { value: Window; onChange: (window: Window) => void }) {
  return (
    <div role="group" aria-label="Period" className="inline-flex rounded-lg border border-slate-300 bg-white p-1">
      {windows.map((window) => (
        <button
          key={window.key}
          type="button"
          aria-pressed={value === window.key}
          onClick={() => onChange(window.key)}
          className={cx(
            'min-h-9 rounded-md px-3 text-sm font-medium',
            value === window.key ? 'bg-slate-900 text-white' : 'text-slate-800 hover:bg-slate-100',
          )}
        >
          {window.label}
        </button>
      ))}
    </div>
  )
}

const revenueColumns: DataColumn<Period>[] = [
  { header: 'Day', isRowHeader: true, cell: (period) => period.start },
  { header: 'Gross', align: 'end', cell: (period) => dollars(period.grossCents) },
  { header: 'Fees', align: 'end', cell: (period) => dollars(period.platformFeesCents) },
  { header: 'Refunds', align: 'end', cell: (period) => dollars(period.refundsCents) },
  { header: 'Net', align: 'end', className: 'font-medium', cell: (period) => dollars(period.netCents) },
]

/** Overview (`GET /admin/dashboard`): the marketplace's figures over a chosen period, what needs attention, revenue by day. */
export function OverviewSection() {
  const dashboard = useQuery(consoleQueries.dashboard())
  const [window, setWindow] = useState<Window>('last30Days')

  if (dashboard.isPending) return <Loading label="Loading the overview…" className="h-20" count={3} stacked />
  if (dashboard.isError) {
    return (
      <ReadFailed
        message="Failed to fetch the overview"
        detail={adminFailure(dashboard.error)}
        onRetry={() => void dashboard.refetch()}
      />
    )
  }
  const { overview, attention, revenueLast30Days } = dashboard.data
  const shown = windows.find((entry) => entry.key === window)?.label ?? ''
  const attentionItems = [
    [attention.failedDeliveries, 'failed deliveries in the last 7 days'],
    [attention.failedPayouts, 'failed payouts'],
    [attention.pastDueSubscriptions, 'past-due subscriptions'],
  ] as const

  return (
    <div className="flex flex-col gap-6">
      <div className="rounded-lg border border-amber-200 bg-amber-50 p-3">
        <h3 className="text-sm font-semibold text-amber-950">Needs attention</h3>
        <ul className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm text-amber-950">
          {attentionItems.map(([count, words]) => (
            <li key={words}>
              <span className="font-semibold tabular-nums">{count}</span> {words}
            </li>
          ))}
        </ul>
      </div>

      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">Right now</h3>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label="Customers" value={count(overview.customers.total)} />
          <Figure label="Creators" value={count(overview.creators.total)} />
          <Figure
            label="Active subscriptions"
            value={count(overview.subscriptions.active)}
            note={`${overview.subscriptions.trialing} trialing, ${overview.subscriptions.pastDue} past due`}
          />
          <Figure label="MRR" value={dollars(overview.subscriptions.mrrCents)} />
          <Figure
            label="Payouts pending"
            value={dollars(overview.payouts.pendingCents)}
            note={`${overview.payouts.pendingCount} payouts`}
          />
        </dl>
      </div>

      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 className="text-base font-semibold text-slate-900">Over a period: {shown}</h3>
          <WindowSwitch value={window} onChange={setWindow} />
        </div>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure
            label="Gross sales"
            value={dollars(overview.sales.grossCents[window])}
            note={`${count(overview.sales.count[window])} charges`}
          />
          <Figure label="Platform fees" value={dollars(overview.sales.platformFeesCents[window])} />
          <Figure label="Refunds" value={dollars(overview.sales.refundsCents[window])} />
          <Figure
            label="Payouts paid"
            value={dollars(overview.payouts.paidCents[window])}
            note={`${overview.payouts.paidCount[window]} payouts`}
          />
          <Figure label="New customers" value={count(overview.customers.new[window])} />
          <Figure label="New creators" value={count(overview.creators.new[window])} />
          <Figure
            label="Picks posted"
            value={count(overview.picks.posted[window])}
            note={`${count(overview.picks.graded[window])} graded`}
          />
          <Figure
            label="Deliveries sent"
            value={count(overview.deliveries.sent[window])}
            note={`${count(overview.deliveries.failed[window])} failed`}
          />
        </dl>
        <p className="text-xs text-slate-600">
          Days are UTC days. People and subscriptions counted {whenText(overview.countedAt)}.
        </p>
      </div>

      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-900">Revenue, last 30 days</h3>
        <div aria-hidden="true" className="h-48">
          <Suspense fallback={<Loading label="Drawing the chart…" className="h-48" />}>
            <RevenueChart periods={revenueLast30Days} />
          </Suspense>
        </div>
        <details>
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Revenue by day, as a table</summary>
          <div className="mt-2">
            <DataTable
              caption="Revenue by day"
              columns={revenueColumns}
              rows={revenueLast30Days}
              rowKey={(period) => period.start}
              isFramed
              fields="figures"
            />
          </div>
        </details>
      </div>
    </div>
  )
}
