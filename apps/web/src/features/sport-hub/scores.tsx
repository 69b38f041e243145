import type { Game } from '@picks/contracts'
import type { SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { formatGameTime, matchupText } from '../../components/picks/pick-terms.ts'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { cx } from '../../components/ui/cx.ts'
import { sportHubQueries } from './api.ts'

const scoresShown = 12

const statusLook: Partial<Record<Game['status'], { label: string; tone: string }>> = {
  live: { label: 'Live', tone: 'bg-red-100 text-red-900 ring-red-300' },
  final: { label: 'Final', tone: 'bg-slate-100 text-slate-800 ring-slate-300' },
  postponed: { label: 'Postponed', tone: 'bg-amber-100 text-amber-950 ring-amber-300' },
  cancelled: { label: 'Cancelled', tone: 'bg-amber-100 text-amber-950 ring-amber-300' },
}

/** Live games first, then the most recent ones; upcoming games are on the odds board instead. */
function scoreboard(games: Game[]): Game[] {
  return games
    .filter((game) => game.status !== 'upcoming')
    .sort((a, b) => {
      if ((a.status === 'live') !== (b.status === 'live')) return a.status === 'live' ? -1 : 1
      return b.commence_time.localeCompare(a.commence_time)
    })
    .slice(0, scoresShown)
}

function TeamLine({ team, score, winner }: { team: string; score: number | null; winner: boolean }) {
  return (
    <div className={cx('flex justify-between gap-3', winner ? 'font-bold text-slate-900' : 'text-slate-800')}>
      <span className="truncate">{team}</span>
      <span className="tabular-nums">{score ?? '–'}</span>
    </div>
  )
}

function ScoreCard({ game }: { game: Game }) {
  const look = statusLook[game.status]
  const decided = game.status === 'final' && game.home_score !== null && game.away_score !== null
  return (
    <article
      aria-label={matchupText(game)}
      className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-3 text-sm"
    >
      <div className="flex items-center justify-between gap-2">
        {look && (
          <span className={cx('rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset', look.tone)}>
            {look.label}
          </span>
        )}
        <time dateTime={game.commence_time} className="text-xs text-slate-600">
          {formatGameTime(game.commence_time)}
        </time>
      </div>
      <TeamLine
        team={game.away_team}
        score={game.away_score}
        winner={decided && (game.away_score ?? 0) > (game.home_score ?? 0)}
      />
      <TeamLine
        team={game.home_team}
        score={game.home_score}
        winner={decided && (game.home_score ?? 0) > (game.away_score ?? 0)}
      />
    </article>
  )
}

/** Live and final scores of the sport. */
export function Scores({ sport, sportName }: { sport: SportSlug; sportName: string }) {
  const headingId = useId()
  const games = useQuery(sportHubQueries.games(sport))
  const shown = games.isSuccess ? scoreboard(games.data.games) : []
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        Scores
      </h2>
      {games.isPending && <Loading label="Loading scores…" count={2} stacked />}
      {games.isError && (
        <ReadFailed polite message="We couldn’t load the scores." onRetry={() => void games.refetch()} />
      )}
      {games.isSuccess &&
        (shown.length === 0 ? (
          <p className="text-slate-700">No live or finished {sportName} games right now.</p>
        ) : (
          <ul aria-label={`${sportName} scores`} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {shown.map((game) => (
              <li key={game.id}>
                <ScoreCard game={game} />
              </li>
            ))}
          </ul>
        ))}
    </section>
  )
}
