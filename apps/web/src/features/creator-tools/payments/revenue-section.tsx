import type { RevenueAnswer } from '@picks/contracts'
import { formatCents, paymentMessages, revenuePeriods, type RevenuePeriod } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { cx } from '../../../components/ui/cx.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { loadChunk } from '../../../lib/lazy-route.ts'
import { bucketLabel } from '../creator-words.ts'
import { periodLabels } from './payout-words.ts'
import { payoutQueries } from '../api/index.ts'

const RevenueBars = lazy(async () => ({ default: (await loadChunk(() => import('./revenue-bars.tsx'))).RevenueBars }))

function periodPhrase(period: RevenuePeriod): string {
  return period === 'all' ? 'all time' : `the last ${periodLabels[period]}`
}

/**
 * Net revenue per bucket as a bar chart (Recharts, in its own chunk), with a visually hidden
 * table of the same numbers for screen readers and the period's totals below.
 */
export function RevenueChart({ revenue }: { revenue: RevenueAnswer }) {
  const money = (cents: number) => formatCents(cents, revenue.currency)
  const { points, totals, bucket } = revenue
  const per = bucket === 'day' ? 'day' : 'month'

  const highest = Math.max(0, ...points.map((point) => point.net_cents))

  return (
    <div className="flex flex-col gap-3">
      {points.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-700">
          No sales in {periodPhrase(revenue.period)}.
        </p>
      ) : (
        <figure className="flex flex-col gap-1">
          <Suspense fallback={<Skeleton className="h-40 w-full" />}>
            <div
              role="img"
              aria-label={`Net revenue per ${per}, ${periodPhrase(revenue.period)}: ${money(totals.net_cents)} in total`}
              className="h-40 w-full rounded-lg bg-slate-50"
            >
              <RevenueBars revenue={revenue} />
            </div>
          </Suspense>
          <figcaption aria-hidden="true" className="flex justify-between text-xs text-slate-600">
            <span>{bucketLabel(points[0]?.date ?? '', bucket)}</span>
            <span>Highest: {money(highest)}</span>
            <span>{bucketLabel(points.at(-1)?.date ?? '', bucket)}</span>
          </figcaption>
          <table className="sr-only">
            <caption>Revenue per {per}</caption>
            <thead>
              <tr>
                <th scope="col">{bucket === 'day' ? 'Day' : 'Month'}</th>
                <th scope="col">Gross</th>
                <th scope="col">Fees</th>
                <th scope="col">Refunds</th>
                <th scope="col">Net</th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{bucketLabel(point.date, bucket)}</th>
                  <td>{money(point.gross_cents)}</td>
                  <td>{money(point.fees_cents)}</td>
                  <td>{money(point.refunds_cents)}</td>
                  <td>{money(point.net_cents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </figure>
      )}
      <dl aria-label="Revenue totals" className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        {(
          [
            ['Gross', totals.gross_cents],
            ['Fees', totals.fees_cents],
            ['Refunds', totals.refunds_cents],
            ['Net', totals.net_cents],
          ] as const
        ).map(([label, cents]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-2">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-semibold text-slate-900">{money(cents)}</dd>
          </div>
        ))}
      </dl>
    </div>
  )
}

/** Revenue by period (`GET /creators/stripe-revenue/{id}?period`), 30 days unless the creator picks another. */
export function RevenueSection({ creatorId }: { creatorId: string }) {
  const [period, setPeriod] = useState<RevenuePeriod>('30d')
  const revenue = useQuery({ ...payoutQueries.revenue(creatorId, period), placeholderData: keepPreviousData })

  return (
    <Card
      look="flat"
      title="Revenue"
      actions={
        <div role="group" aria-label="Period" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {revenuePeriods.map((option) => (
            <button
              key={option}
              type="button"
              aria-pressed={period === option}
              onClick={() => setPeriod(option)}
              className={cx(
                'min-h-9 rounded-md px-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none',
                period === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
              )}
            >
              {periodLabels[option]}
            </button>
          ))}
        </div>
      }
    >
      {revenue.isPending && <Loading label="Loading your revenue…" className="h-40" />}
      {revenue.isError && (
        <ReadFailed message={paymentMessages.providerRevenueFailed} onRetry={() => void revenue.refetch()} />
      )}
      {revenue.isSuccess && (
        <div aria-busy={revenue.isPlaceholderData} className={cx(revenue.isPlaceholderData && 'opacity-60')}>
          <RevenueChart revenue={revenue.data} />
        </div>
      )}
    </Card>
  )
}
