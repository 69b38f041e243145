import type { CreatorAnalytics } from '@picks/contracts'
import { analyticsMessages, analyticsTimeframes, type AnalyticsTimeframe } from '@picks/contracts/client'
import * as Tabs from '@radix-ui/react-tabs'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { analyticsQueries } from '../api/index.ts'
import { analyticsCsv, downloadText } from './analytics-csv.ts'
import { EarningsFigure, FunnelFigure, SubscribersFigure } from './analytics-figures.tsx'
import { DeliveryResults, EarningsByPlan, PromoResults, RecordTables } from './analytics-tables.tsx'
import { hasNoSales, timeframeLabels } from './analytics-words.ts'
import { MetricCards } from './metric-cards.tsx'

function ExportButton({ analytics }: { analytics: CreatorAnalytics }) {
  return (
    <Button
      variant="secondary"
      onClick={() => {
        const { fileName, text } = analyticsCsv(analytics)
        downloadText(fileName, text, 'text/csv;charset=utf-8')
      }}
    >
      Download CSV
    </Button>
  )
}

/** A new creator, or a period with nothing sold: what to do to get a first sale. */
function NoSales() {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-6">
      <p className="font-semibold text-slate-900">No sales yet in this period</p>
      <p className="text-sm text-slate-700">
        Share your link, make sure a plan is on sale, and try a promo code or a free trial to bring in a first customer.
      </p>
      <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link to="/creator-promotions" className="font-semibold text-emerald-800 underline underline-offset-4">
          Create a promo code
        </Link>
        <a href="#your-plans" className="font-semibold text-emerald-800 underline underline-offset-4">
          Check your plans
        </a>
      </div>
    </div>
  )
}

function AnalyticsBody({ analytics }: { analytics: CreatorAnalytics }) {
  const isEmpty = hasNoSales(analytics.current)
  return (
    <div className="flex flex-col gap-5">
      {isEmpty ? (
        <NoSales />
      ) : (
        <>
          <MetricCards analytics={analytics} />
          <div className="flex justify-end">
            <ExportButton analytics={analytics} />
          </div>
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <EarningsFigure analytics={analytics} />
            <SubscribersFigure analytics={analytics} />
          </div>
          <EarningsByPlan byPlan={analytics.by_plan} />
        </>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <FunnelFigure funnel={analytics.funnel} />
        <div className="flex flex-col gap-4">
          <PromoResults promo={analytics.promo} />
          <DeliveryResults deliveries={analytics.deliveries} />
        </div>
      </div>
      <RecordTables record={analytics.record} />
    </div>
  )
}

/**
 * The creator's analytics on the dashboard (`GET /creator/analytics/{id}`): a timeframe switch
 * (Radix Tabs, arrow keys move between them), the period's figures against the period before,
 * charts with tables of the same numbers, the record and a CSV of the series. While the next
 * timeframe loads, the last one stays on screen, dimmed and marked busy.
 */
export function AnalyticsSection({ creatorId }: { creatorId: string }) {
  const [timeframe, setTimeframe] = useState<AnalyticsTimeframe>('30d')
  const analytics = useQuery({ ...analyticsQueries.figures(creatorId, timeframe), placeholderData: keepPreviousData })

  return (
    <Tabs.Root
      value={timeframe}
      onValueChange={(value) => {
        const chosen = analyticsTimeframes.find((option) => option === value)
        if (chosen) setTimeframe(chosen)
      }}
    >
      <Card
        title="Analytics"
        description="Sales, subscribers and your record over the period you choose."
        actions={
          // Five across on a phone (390 px), each a fifth of the row; side by side beside the title from sm up.
          <Tabs.List
            aria-label="Timeframe"
            className="grid w-full grid-cols-5 gap-1 rounded-lg bg-slate-100 p-1 sm:flex sm:w-auto"
          >
            {analyticsTimeframes.map((option) => (
              <Tabs.Trigger
                key={option}
                value={option}
                className="min-h-9 rounded-md px-1 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-900 sm:px-3 focus-visible:ring-2 focus-visible:ring-slate-900 focus-visible:outline-none data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
              >
                {timeframeLabels[option]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        }
      >
        <Tabs.Content value={timeframe} className="focus-visible:outline-none">
          {analytics.isPending && <Loading label="Loading your analytics…" className="h-24" count={3} stacked />}
          {analytics.isError && (
            <ReadFailed polite message={analyticsMessages.failed} onRetry={() => void analytics.refetch()} />
          )}
          {analytics.isSuccess && (
            <div aria-busy={analytics.isPlaceholderData} className={cx(analytics.isPlaceholderData && 'opacity-60')}>
              <AnalyticsBody analytics={analytics.data} />
            </div>
          )}
        </Tabs.Content>
      </Card>
    </Tabs.Root>
  )
}
