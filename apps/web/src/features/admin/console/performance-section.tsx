import type { AdminPerformance, VitalSummary } from '@picks/contracts'
import { performanceMetrics, type PerformanceMetric } from '@picks/contracts/client'
import * as Tabs from '@radix-ui/react-tabs'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { cx } from '../../../components/ui/cx.ts'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { reportQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'
import {
  counted,
  metricColumns,
  metricNames,
  performanceWindows,
  ratingLabels,
  ratingTones,
  thresholdRows,
  vitalValue,
  type PerformanceWindow,
} from './report-words.ts'

/** One route's summaries, by metric (a metric nobody measured there is missing). */
interface RouteVitals {
  route: string
  vitals: Partial<Record<PerformanceMetric, { last24h: VitalSummary; last7d: VitalSummary }>>
}

/** The server's rows (one per route and metric) as one row per route, in the server's order. */
function byRoute(rows: AdminPerformance['rows']): RouteVitals[] {
  const routes = new Map<string, RouteVitals>()
  for (const row of rows) {
    const entry = routes.get(row.route) ?? { route: row.route, vitals: {} }
    entry.vitals[row.metric] = { last24h: row.last24h, last7d: row.last7d }
    routes.set(row.route, entry)
  }
  return [...routes.values()]
}

/** A metric over the window: its p75 in its unit, its rating in words, and how many samples made it. */
function VitalCell({ metric, summary }: { metric: PerformanceMetric; summary: VitalSummary | undefined }) {
  if (!summary || summary.p75 === null || summary.samples === 0) {
    return <span className="text-slate-600">No samples</span>
  }
  return (
    <>
      <span className="font-medium text-slate-900 tabular-nums">{vitalValue(metric, summary.p75)}</span>
      {summary.rating && (
        <span className={cx('block text-xs font-medium', ratingTones[summary.rating])}>
          {ratingLabels[summary.rating]}
        </span>
      )}
      <span className="block text-xs text-slate-600">{counted(summary.samples, 'sample', 'samples')}</span>
    </>
  )
}

function windowColumns(shown: PerformanceWindow): DataColumn<RouteVitals>[] {
  return [
    { header: 'Route', isRowHeader: true, className: 'break-all', cell: (row) => row.route },
    ...performanceMetrics.map((metric): DataColumn<RouteVitals> => ({
      header: metricColumns[metric],
      cell: (row) => <VitalCell metric={metric} summary={row.vitals[metric]?.[shown]} />,
    })),
  ]
}

const thresholdColumns: DataColumn<(typeof thresholdRows)[number]>[] = [
  {
    header: 'Metric',
    isRowHeader: true,
    cell: (row) => (
      <>
        {row.metric}
        <span className="block text-xs font-normal text-slate-600">{metricNames[row.metric]}</span>
      </>
    ),
  },
  { header: 'Good', cell: (row) => row.good },
  { header: 'Poor', cell: (row) => row.poor },
]

/** The routes measured in the window (a route measured only in the other one is left out of it). */
function measuredIn(routes: RouteVitals[], shown: PerformanceWindow): RouteVitals[] {
  return routes.filter((route) => Object.values(route.vitals).some((vitals) => vitals[shown].samples > 0))
}

/**
 * Performance (`GET /admin/performance`): how fast pages are in people's browsers. Per route, the
 * 75th percentile of each Web Vital and of the app's route changes, with its sample count and its
 * rating against the thresholds the page states, over the last 24 hours or the last 7 days (tabs,
 * so a phone shows one window's table at a time, each route a card). A route measured only in the
 * other window is left out of this one's table.
 */
export function PerformanceSection() {
  const performance = useQuery(reportQueries.performance())
  const [shown, setShown] = useState<PerformanceWindow>('last24h')
  const thresholdsId = useId()

  if (performance.isPending)
    return <Loading label="Loading the performance figures…" className="h-24" count={3} stacked />
  if (performance.isError) {
    return (
      <ReadFailed
        message="Failed to fetch the performance figures"
        detail={adminFailure(performance.error)}
        onRetry={() => void performance.refetch()}
      />
    )
  }
  const routes = byRoute(performance.data.rows)
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        Measured in people&apos;s browsers. Each figure is the 75th percentile: three visits in four were at least this
        fast. Worked out {whenText(performance.data.generatedAt)}.
      </p>
      {routes.length === 0 ? (
        <p className="text-slate-700">No browser has reported a measurement yet.</p>
      ) : (
        <Tabs.Root
          value={shown}
          onValueChange={(value) => {
            const chosen = performanceWindows.find((option) => option.value === value)
            if (chosen) setShown(chosen.value)
          }}
          className="flex flex-col gap-3"
        >
          <Tabs.List
            aria-label="Window"
            className="grid w-full grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1 sm:flex sm:w-auto sm:self-start"
          >
            {performanceWindows.map((option) => (
              <Tabs.Trigger
                key={option.value}
                value={option.value}
                className="min-h-9 rounded-md px-3 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {option.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {performanceWindows.map((option) => {
            const measured = measuredIn(routes, option.value)
            return (
              <Tabs.Content key={option.value} value={option.value} className="focus-visible:outline-none">
                {measured.length > 0 ? (
                  <DataTable
                    caption={`Performance over the ${option.label.toLowerCase()}`}
                    columns={windowColumns(option.value)}
                    rows={measured}
                    rowKey={(row) => row.route}
                    isFramed
                  />
                ) : (
                  <p className="text-slate-700">No measurement in the {option.label.toLowerCase()}.</p>
                )}
              </Tabs.Content>
            )
          })}
        </Tabs.Root>
      )}
      <section aria-labelledby={thresholdsId} className="flex flex-col gap-2">
        <h3 id={thresholdsId} className="text-base font-semibold text-slate-900">
          Thresholds
        </h3>
        <p className="text-sm text-slate-700">
          A figure at or under Good is good, over Poor is poor, and in between needs improvement. Route changes are the
          app&apos;s own timing, from the moment a navigation starts to the new page&apos;s first paint, and have no
          threshold.
        </p>
        <DataTable
          caption="Thresholds"
          columns={thresholdColumns}
          rows={thresholdRows}
          rowKey={(row) => row.metric}
          isFramed
        />
      </section>
    </div>
  )
}
