import { setImmediate } from 'node:timers/promises'
import { pickLimits, sports, totalUnitOf, type BetType } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { listCreators } from '../creators/creators.service.ts'
import { typicalLines, type EventOdds, type EventScore, type OddsProvider } from '../odds/odds.service.ts'
import type { Grader } from './grading.ts'
import { picks } from './picks.table.ts'

/**
 * Demo picks for a first start in development: each demo creator gets picks on their sport's
 * finished games (posted two hours before each game, then graded by the normal grader from the
 * provider's final scores, so records and the leaderboard are real sums) and a couple on upcoming
 * games, one of them premium. Deterministic: the same creators and odds give the same picks.
 */

const hourMs = 60 * 60 * 1000
const reasons = [
  'Rest edge and a short line: the market has not caught up with the injury news.',
  'Pace-up spot against a tired defence on the second night of a back-to-back.',
  'Home side has covered in most recent meetings, and the number moved the wrong way.',
  'Totals model has this two points off the market; weather and officials both lean the same way.',
  'Sharp money came in early on the other side, then reversed: following the late move.',
]

type DemoBet = Pick<
  typeof picks.$inferInsert,
  'betType' | 'selection' | 'odds' | 'line' | 'overUnder' | 'bookmaker' | 'marketOdds'
>

/**
 * The `n`th demo bet on a game, from the first bookmaker's prices when there is a board, else (a
 * finished game) at the sport's typical lines. A sport without spreads (MMA) gets none; a fight's
 * total counts rounds ("Over 2.5 rounds").
 */
function demoBet(
  game: { id: string; sportKey: string; homeTeam: string; awayTeam: string },
  n: number,
  board: EventOdds | null,
): DemoBet {
  const sport = sports.find((s) => s.oddsKey === game.sportKey)?.slug ?? ''
  const unit = totalUnitOf(sport) === 'rounds' ? ' rounds' : ''
  const typical = typicalLines(game.sportKey, game.id)
  const kinds: BetType[] = ['moneyline']
  if (typical.homeSpread !== null) kinds.push('spread')
  if (typical.total !== null) kinds.push('total')
  const betType = kinds[n % kinds.length] ?? 'moneyline'
  const book = board?.bookmakers[0]
  const market = book?.markets.find(
    (m) => m.key === { moneyline: 'h2h', spread: 'spreads', total: 'totals', player_prop: '' }[betType],
  )
  const pickHome = n % 2 === 0
  if (betType === 'total') {
    // Over and under in turn among the totals (by `n` alone, a sport of two bet types would always take the under).
    const over = Math.floor(n / kinds.length) % 2 === 0
    const side = over ? 'Over' : 'Under'
    const outcome = market?.outcomes.find((o) => o.name === side)
    const line = outcome?.point ?? typical.total
    return {
      betType,
      selection: `${side} ${line}${unit}`,
      odds: outcome?.price ?? -110,
      line,
      overUnder: over ? 'over' : 'under',
      bookmaker: book?.title ?? 'DraftKings',
      marketOdds: outcome?.price ?? null,
    }
  }
  const team = pickHome ? game.homeTeam : game.awayTeam
  const outcome = market?.outcomes.find((o) => o.name === team)
  const typicalSpread = typical.homeSpread === null ? null : pickHome ? typical.homeSpread : -typical.homeSpread
  return {
    betType,
    selection: team,
    odds: outcome?.price ?? (betType === 'spread' ? -110 : pickHome ? -120 : 110),
    line: betType === 'spread' ? (outcome?.point ?? typicalSpread) : null,
    overUnder: null,
    bookmaker: book?.title ?? 'DraftKings',
    marketOdds: outcome?.price ?? null,
  }
}

/**
 * Posts the demo picks, then grades them. With `signal`, grading stops once it is aborted (a
 * shutdown): the picks are posted either way, and those left pending wait for the grading job.
 */
export async function seedDemoPicks(deps: {
  db: Db
  odds: OddsProvider
  now: () => Date
  grader: Grader
  signal?: AbortSignal
}): Promise<number> {
  const creators = await listCreators(deps, 100)
  const finishedBySport = new Map<string, EventScore[]>()
  const boardBySport = new Map<string, EventOdds[]>()
  const rows: (typeof picks.$inferInsert)[] = []
  const now = deps.now()
  for (const [index, creator] of creators.entries()) {
    const sport = sports.find((s) => s.slug === creator.specialty_sport)
    if (!sport) continue
    if (!finishedBySport.has(sport.slug)) {
      const scores = await deps.odds.scores(sport.oddsKey, 3).catch(() => [])
      finishedBySport.set(
        sport.slug,
        scores.filter((s) => s.status === 'final'),
      )
      const board = await deps.odds.odds(sport.oddsKey, { markets: ['h2h', 'spreads', 'totals'] }).catch(() => [])
      boardBySport.set(sport.slug, board)
    }
    const finished = finishedBySport.get(sport.slug) ?? []
    const upcoming = boardBySport.get(sport.slug) ?? []
    // Between 6 and 14 graded picks, so some creators rank on the leaderboard and some do not yet.
    const gradedCount = Math.min(finished.length, 6 + ((index * 5) % 9))
    const games = [
      ...finished.slice(index % 3, (index % 3) + gradedCount).map((g) => ({ game: g, board: null })),
      ...upcoming.slice(index % 2, (index % 2) + 2).map((g) => ({ game: g, board: g })),
    ]
    for (const [n, { game, board }] of games.entries()) {
      const bet = demoBet(game, index + n, board)
      const postedAt = new Date(Math.min(game.commenceTime.getTime() - 2 * hourMs, now.getTime()))
      rows.push({
        creatorId: creator.id,
        sport: sport.slug,
        gameId: game.id,
        homeTeam: game.homeTeam,
        awayTeam: game.awayTeam,
        gameDate: game.commenceTime,
        ...bet,
        reasoning: reasons[(index + n) % reasons.length] ?? reasons[0] ?? '',
        isPremium: board !== null && n % 2 === 1,
        stakeUnits: 1 + ((index + n) % 3) * 0.5,
        apiVersion: pickLimits.apiVersion,
        formType: pickLimits.formType,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
    }
  }
  if (!rows.length) return 0
  // In small inserts, each after a turn of the event loop: this runs while the server answers
  // requests (start.ts), and the embedded database holds the loop for the whole of each statement.
  for (let start = 0; start < rows.length; start += 50) {
    await setImmediate()
    await deps.db.insert(picks).values(rows.slice(start, start + 50))
  }
  await deps.grader.gradeDue(deps.signal ? { signal: deps.signal } : {})
  return rows.length
}
