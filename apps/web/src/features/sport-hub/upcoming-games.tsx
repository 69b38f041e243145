import type { GameOdds } from '@picks/contracts'
import { betTypesOf, formatOdds, pickMessages, type SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { formatGameTime, formatSpread, matchupText, totalLineText } from '../../components/picks/pick-terms.ts'
import { Loading } from '../../components/ui/read-states.tsx'
import { Button } from '../../components/ui/button.tsx'
import { DataTable, type DataColumn } from '../../components/ui/data-table.tsx'
import { sportHubQueries } from './api.ts'
import { bestPrices, type BestPrice, type MainMarket } from './best-prices.ts'

const markets: { market: MainMarket; label: string }[] = [
  { market: 'h2h', label: 'Moneyline' },
  { market: 'spreads', label: 'Spread' },
  { market: 'totals', label: 'Total' },
]

/** "-3.5" for a spread, "Over 221.5" for a total ("Over 2.5 rounds" for a fight), none for a moneyline. */
function lineText(market: MainMarket, best: BestPrice, sport: SportSlug): string | null {
  if (best.point === null || market === 'h2h') return null
  return market === 'spreads' ? formatSpread(best.point) : `${best.side} ${totalLineText(best.point, sport)}`
}

function Price({ market, best, sport }: { market: MainMarket; best: BestPrice | undefined; sport: SportSlug }) {
  if (!best) {
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">Not offered</span>
      </>
    )
  }
  const line = lineText(market, best, sport)
  return (
    <>
      <span className="font-semibold text-slate-900 tabular-nums">
        {line && <>{line} </>}
        {formatOdds(best.price)}
      </span>
      <span className="block text-xs text-slate-600">{best.bookmaker.title}</span>
    </>
  )
}

/** One side of a game: its name and its best price in each market. */
type SideRow = { side: string; prices: Record<MainMarket, BestPrice | undefined> }

/** The columns a sport's games have: a fight has no spread (`betTypesOf`), so no empty Spread column. */
function sideColumns(sport: SportSlug): DataColumn<SideRow>[] {
  const offered = betTypesOf(sport)
  return [
    { header: 'Side', isRowHeader: true, isHeaderHidden: true, cell: (row) => row.side },
    ...markets
      .filter(({ market }) => market !== 'spreads' || offered.includes('spread'))
      .map(({ market, label }): DataColumn<SideRow> => ({
        header: label,
        cell: (row) => <Price market={market} best={row.prices[market]} sport={sport} />,
        className: (row) => (row.prices[market] ? undefined : 'text-slate-500'),
      })),
  ]
}

/**
 * One game's best prices as a sportsbook lays them out: a row per team (away first), the over on the
 * away row and the under on the home row, a draw row when the moneyline has three ways.
 */
function GameOddsCard({ game, sport }: { game: GameOdds; sport: SportSlug }) {
  const headingId = useId()
  const best = bestPrices(game)
  const draw = best.h2h.find((price) => price.side !== game.home_team && price.side !== game.away_team)
  const sides = [
    { side: game.away_team, total: 'Over' },
    { side: game.home_team, total: 'Under' },
    ...(draw ? [{ side: draw.side, total: null }] : []),
  ]
  const rows: SideRow[] = sides.map(({ side, total }) => ({
    side,
    prices: {
      h2h: best.h2h.find((price) => price.side === side),
      spreads: best.spreads.find((price) => price.side === side),
      totals: best.totals.find((price) => price.side === total),
    },
  }))
  const offered = best.h2h.length + best.spreads.length + best.totals.length > 0

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {matchupText(game)}
        </h3>
        <time dateTime={game.commence_time} className="text-sm text-slate-700">
          {formatGameTime(game.commence_time)}
        </time>
      </div>
      {offered ? (
        <DataTable
          caption={`Best odds: ${matchupText(game)}`}
          columns={sideColumns(sport)}
          rows={rows}
          rowKey={(row) => row.side}
        />
      ) : (
        <p className="text-sm text-slate-700">No odds posted for this game yet.</p>
      )}
    </article>
  )
}

/**
 * Games shown before "Show all": a fight card or a full slate lists dozens of games, and a phone
 * would scroll through all of them to reach the creators and the free picks below.
 */
export const gamesShownFirst = 8

/** The sport's upcoming games with the best price per side across bookmakers, soonest first. */
export function UpcomingGames({ sport, sportName }: { sport: SportSlug; sportName: string }) {
  const headingId = useId()
  const odds = useQuery(sportHubQueries.odds(sport))
  const [showAll, setShowAll] = useState(false)
  const games = odds.data?.games ?? []
  const shown = showAll ? games : games.slice(0, gamesShownFirst)
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          Upcoming games
        </h2>
        <p className="text-sm text-slate-700">The best price on each side across the bookmakers, and who has it.</p>
      </div>
      {odds.isPending && <Loading label="Loading game odds…" count={3} stacked />}
      {odds.isError && (
        <div role="alert" className="flex flex-col items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-red-900">{pickMessages.gameOddsFailed}</p>
          <Button variant="secondary" onClick={() => void odds.refetch()}>
            Try again
          </Button>
        </div>
      )}
      {odds.isSuccess &&
        (games.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">
            No upcoming {sportName} games on the board right now.
          </p>
        ) : (
          <>
            <ul aria-label={`Upcoming ${sportName} games`} className="flex flex-col gap-3">
              {shown.map((game) => (
                <li key={game.id}>
                  <GameOddsCard game={game} sport={sport} />
                </li>
              ))}
            </ul>
            {shown.length < games.length && (
              <Button variant="secondary" className="self-start" onClick={() => setShowAll(true)}>
                Show all {games.length} games
              </Button>
            )}
          </>
        ))}
    </section>
  )
}
