import { type SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useParams } from 'react-router'
import { LeaderboardTable } from '../../components/records/leaderboard-table.tsx'
import { PickList } from '../../components/records/pick-list.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { ResponsibleGamblingLine } from '../../components/records/responsible-gambling-line.tsx'
import { findSport, UnknownSport } from '../../components/ui/sport-param.tsx'
import { pickRecordQueries } from '../../components/records/pick-record-queries.ts'
import { pageTitle } from '../../lib/site.ts'
import { Scores } from './scores.tsx'
import { UpcomingGames } from './upcoming-games.tsx'

const topCreatorsShown = 5
const freePicksShown = 6

const link = 'font-semibold text-emerald-800 underline underline-offset-4'

function TopCreators({ sport, sportName }: { sport: SportSlug; sportName: string }) {
  const headingId = useId()
  const leaderboard = useQuery(pickRecordQueries.leaderboard({ sport, sortBy: 'net_units', limit: topCreatorsShown }))
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Top {sportName} creators
      </h2>
      {leaderboard.isPending && <Loading label="Loading the top creators…" count={2} stacked />}
      {leaderboard.isError && (
        <ReadFailed polite message="We couldn’t load the top creators." onRetry={() => void leaderboard.refetch()} />
      )}
      {leaderboard.isSuccess &&
        (leaderboard.data.entries.length === 0 ? (
          <p className="text-slate-700">
            No creator has {leaderboard.data.min_graded} graded {sportName} picks yet.
          </p>
        ) : (
          <LeaderboardTable entries={leaderboard.data.entries} caption={`Top ${sportName} creators by net units`} />
        ))}
      <p className="text-sm">
        <Link to={`/locker-room/${sport}`} className={link}>
          Full {sportName} leaderboard
        </Link>
      </p>
    </section>
  )
}

function RecentFreePicks({ sport, sportName }: { sport: SportSlug; sportName: string }) {
  const headingId = useId()
  const feed = useQuery(pickRecordQueries.feed({ sport, free: true, limit: freePicksShown }))
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Recent free picks
      </h2>
      {feed.isPending && <Loading label="Loading free picks…" count={2} stacked />}
      {feed.isError && (
        <ReadFailed polite message="We couldn’t load the free picks." onRetry={() => void feed.refetch()} />
      )}
      {feed.isSuccess && (
        <PickList picks={feed.data.picks} label="Recent free picks" emptyText={`No free ${sportName} picks yet.`} />
      )}
    </section>
  )
}

function SportHub({ sport, sportName }: { sport: SportSlug; sportName: string }) {
  const title = `${sportName} Sport Hub`
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle(title)}</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <p className="max-w-3xl text-slate-700">
          Upcoming {sportName} games with the best odds across the bookmakers, the scores, the creators winning in{' '}
          {sportName} and their latest free picks.
        </p>
        <p>
          <Link to={`/locker-room/${sport}`} className={link}>
            {sportName} Locker Room
          </Link>
        </p>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <UpcomingGames sport={sport} sportName={sportName} />
          <Scores sport={sport} sportName={sportName} />
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <TopCreators sport={sport} sportName={sportName} />
          <RecentFreePicks sport={sport} sportName={sportName} />
        </div>
      </div>

      <ResponsibleGamblingLine />
    </div>
  )
}

/** `/sport-hub/{sport}`: one sport's games, best odds, top creators and free picks (product-decisions.md). */
export function Component() {
  const { sport: param = '' } = useParams()
  const sport = findSport(param)
  if (!sport) return <UnknownSport param={param} linkTo={(slug) => `/sport-hub/${slug}`} />
  return <SportHub sport={sport.slug} sportName={sport.label} />
}
