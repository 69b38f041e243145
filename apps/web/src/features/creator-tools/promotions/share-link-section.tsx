import type { ShareLinkResults } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { Card } from '../../../components/ui/card.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import {
  creatorDashboardQueries,
  promotionQueries,
  shareLinkFailed,
  shareLinkResultsFailed,
  shareLinkResultDays,
} from '../api/index.ts'
import { funnelSteps } from '../analytics/funnel-steps.ts'
import { bucketLabel, formatCount } from '../creator-words.ts'
import { CopyLinkField } from '../../../components/ui/copy-link-field.tsx'

const rateFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 })

type Counts = ShareLinkResults['totals']
type Day = ShareLinkResults['days'][number]

/** "12.5% of visits", or nothing to divide by. */
function ofVisits(count: number, visits: number): string {
  return visits === 0 ? 'no visits yet' : `${rateFormat.format(count / visits)} of visits`
}

/** Visits → sign-ups → first purchases (the analytics' steps), each after the first with its share of the visits. */
function Funnel({ totals }: { totals: Counts }) {
  return (
    <dl aria-label={`Last ${shareLinkResultDays} days`} className="grid grid-cols-3 gap-2">
      {funnelSteps(totals).map((step, index) => (
        <div key={step.label} className="rounded-lg bg-slate-50 p-3">
          <dt className="text-xs text-slate-600">{step.label}</dt>
          <dd className="text-xl font-semibold text-slate-900">{formatCount(step.count)}</dd>
          {index > 0 && <dd className="text-xs text-slate-700">{ofVisits(step.count, totals.visits)}</dd>}
        </div>
      ))}
    </dl>
  )
}

const dayColumns: DataColumn<Day>[] = [
  { header: 'Day', isRowHeader: true, cell: (day) => bucketLabel(day.date, 'day') },
  { header: 'Visits', align: 'end', cell: (day) => formatCount(day.visits) },
  { header: 'Sign-ups', align: 'end', cell: (day) => formatCount(day.signups) },
  { header: 'First purchases', align: 'end', cell: (day) => formatCount(day.first_purchases) },
]

function Results({ results }: { results: ShareLinkResults }) {
  // Newest first, and only the days something happened: thirty rows of zeros say nothing.
  const activeDays = results.days
    .filter((day) => day.visits + day.signups + day.first_purchases > 0)
    .sort((a, b) => b.date.localeCompare(a.date))
  const { all_time: allTime } = results
  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-semibold text-slate-900">Last {shareLinkResultDays} days</h3>
      <Funnel totals={results.totals} />
      <p className="text-sm text-slate-700">
        All time: {formatCount(allTime.visits)} visits, {formatCount(allTime.signups)} sign-ups,{' '}
        {formatCount(allTime.first_purchases)} first purchases.
      </p>
      {activeDays.length === 0 ? (
        <p className="text-sm text-slate-700">No visits through your link in the last {shareLinkResultDays} days.</p>
      ) : (
        <DataTable
          caption={`Your link’s results by day, last ${shareLinkResultDays} days`}
          columns={dayColumns}
          rows={activeDays}
          rowKey={(day) => day.date}
          fields="figures"
        />
      )}
      <p className="text-xs text-slate-600">
        A sign-up or a first purchase counts for your link when it comes within {results.attribution_days} days of a
        visit through it; the latest visit counts. Days are UTC; days with nothing are left out.
      </p>
    </div>
  )
}

/** The share link to copy, and what it brought: visits, sign-ups and first purchases. */
export function ShareLinkSection({ creatorId }: { creatorId: string }) {
  const link = useQuery(creatorDashboardQueries.shareLink(creatorId))
  const results = useQuery(promotionQueries.shareLinkResults(creatorId))
  return (
    <Card title="Your share link" description="It opens your purchase page; what comes through it counts for you.">
      {link.isPending && <Loading label="Loading your share link…" className="h-11" />}
      {link.isError && <ReadFailed message={shareLinkFailed} onRetry={() => void link.refetch()} />}
      {link.isSuccess && <CopyLinkField url={link.data.url} />}
      {results.isPending && <Loading label="Loading your link’s results…" className="h-24" />}
      {results.isError && <ReadFailed message={shareLinkResultsFailed} onRetry={() => void results.refetch()} />}
      {results.isSuccess && <Results results={results.data} />}
    </Card>
  )
}
