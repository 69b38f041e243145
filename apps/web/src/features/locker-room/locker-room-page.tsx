import { sportLabel, sports, type SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { PickList } from '../../components/records/pick-list.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { ResponsibleGamblingLine } from '../../components/records/responsible-gambling-line.tsx'
import { findSport, UnknownSport } from '../../components/ui/sport-param.tsx'
import { pickRecordQueries, type PickFeedRequest } from '../../components/records/pick-record-queries.ts'
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts'
import { pageTitle } from '../../lib/site.ts'
import { LeaderboardSection } from './leaderboard-section.tsx'
import { SportFilter } from './sport-filter.tsx'

const feedSize = 20

function PicksFeed({
  title,
  description,
  request,
  emptyText,
}: {
  title: string
  description: string
  request: PickFeedRequest
  emptyText: string
}) {
  const headingId = useId()
  const feed = useQuery(pickRecordQueries.feed(request))
  const { shown, arriving } = useDrawnInBackground(feed.data)
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="text-sm text-slate-700">{description}</p>
      </div>
      {(feed.isPending || arriving) && <Loading label={`Loading ${title.toLowerCase()}…`} count={3} stacked />}
      {feed.isError && (
        <ReadFailed polite message={`We couldn’t load ${title.toLowerCase()}.`} onRetry={() => void feed.refetch()} />
      )}
      {feed.isSuccess && shown && <PickList picks={shown.picks} label={title} emptyText={emptyText} />}
    </section>
  )
}

/** Every sport's hub, so that each is two clicks from anywhere (the sidebar's Locker Room, then here). */
function SportHubLinks() {
  return (
    <nav aria-label="Sport hubs" className="flex flex-wrap items-center gap-x-3">
      <p className="text-slate-700">Sport hubs, with upcoming games and the best odds:</p>
      <ul className="flex flex-wrap gap-x-3">
        {sports.map((s) => (
          <li key={s.slug}>
            <Link
              to={`/sport-hub/${s.slug}`}
              className="inline-flex min-h-11 items-center font-semibold text-emerald-800 underline underline-offset-4"
            >
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

function LockerRoom({ sport }: { sport: SportSlug | null }) {
  const label = sport ? sportLabel(sport) : null
  const title = label ? `${label} Locker Room` : 'Locker Room'
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle(title)}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="max-w-3xl text-slate-700">
          Free picks and graded results from every creator, and who is winning. Every pick is timestamped by the server
          and graded from final scores, so no record here can be curated.
        </p>
        {sport && label ? (
          <p>
            <Link to={`/sport-hub/${sport}`} className="font-semibold text-emerald-800 underline underline-offset-4">
              {label} Sport Hub: upcoming games and the best odds
            </Link>
          </p>
        ) : (
          <SportHubLinks />
        )}
      </header>

      <SportFilter current={sport} />

      <LeaderboardSection sport={sport} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PicksFeed
          title="Free picks"
          description="Posted free by creators, in full."
          request={{ sport, free: true, limit: feedSize }}
          emptyText={label ? `No free ${label} picks yet.` : 'No free picks yet.'}
        />
        <PicksFeed
          title="Recently graded"
          description="Results as they come in. Premium picks show their result, not their selection."
          request={{ sport, status: 'graded', limit: feedSize }}
          emptyText={label ? `No graded ${label} picks yet.` : 'No graded picks yet.'}
        />
      </div>

      <ResponsibleGamblingLine />
    </div>
  )
}

/** `/locker-room` and `/locker-room/{sport}`: the public, free side of the marketplace (product-decisions.md). */
export function Component() {
  const { sport: param } = useParams()
  if (param === undefined) return <LockerRoom sport={null} />
  const sport = findSport(param)
  if (!sport) return <UnknownSport param={param} linkTo={(slug) => `/locker-room/${slug}`} />
  return <LockerRoom sport={sport.slug} />
}
