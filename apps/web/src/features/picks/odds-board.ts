import type { GameOdds } from '@picks/contracts'
import { marketLabels, type BetType } from '@picks/contracts/client'

/** Reading the odds board: bookmakers in ranking order, the prices a creator can pick, the best of each. */

export interface BookRank {
  key: string
  title: string
  rank: number
}

type Bookmaker = GameOdds['bookmakers'][number]

/** Ranked bookmakers first (1, 2, …), then the rest by name. */
export function rankBookmakers(books: readonly Bookmaker[], rankings: readonly BookRank[]): Bookmaker[] {
  const rankOf = (key: string) => rankings.find((r) => r.key === key)?.rank ?? Number.POSITIVE_INFINITY
  return [...books].sort((a, b) => rankOf(a.key) - rankOf(b.key) || a.title.localeCompare(b.title))
}

export const mainMarketOf: Partial<Record<BetType, string>> = {
  moneyline: 'h2h',
  spread: 'spreads',
  total: 'totals',
}

/** One bookmaker's price for one side: choosing it fills selection, bookmaker, line and odds. */
export interface PriceChoice {
  id: string
  bookmaker: string
  /** The team (or "Draw"), or `over` / `under`. */
  side: string
  line: number | null
  odds: number
  player: string | null
  stat: string | null
  /** The best price for this side across bookmakers. */
  best: boolean
}

export interface SideGroup {
  side: string
  choices: PriceChoice[]
}

function overUnderOf(name: string): 'over' | 'under' | null {
  const word = name.trim().toLowerCase()
  if (word === 'over' || word === 'yes') return 'over'
  if (word === 'under' || word === 'no') return 'under'
  return null
}

function grouped(choices: PriceChoice[]): SideGroup[] {
  const groups: SideGroup[] = []
  for (const choice of choices) {
    const group = groups.find((g) => g.side === choice.side)
    if (group) group.choices.push(choice)
    else groups.push({ side: choice.side, choices: [choice] })
  }
  for (const group of groups) {
    for (const choice of group.choices) {
      // Prices compare only at the same line, and a price is the best only where another bookmaker pays less.
      const prices = group.choices.filter((c) => c.line === choice.line).map((c) => c.odds)
      choice.best = choice.odds === Math.max(...prices) && Math.min(...prices) < choice.odds
    }
  }
  return groups
}

/** The prices of a moneyline, spread or total, grouped by side, bookmakers in ranking order. */
export function mainMarketSides(game: GameOdds, betType: BetType, rankings: readonly BookRank[]): SideGroup[] {
  const market = mainMarketOf[betType]
  if (!market) return []
  const choices: PriceChoice[] = []
  for (const book of rankBookmakers(game.bookmakers, rankings)) {
    for (const outcome of book.markets.find((m) => m.key === market)?.outcomes ?? []) {
      const side = betType === 'total' ? overUnderOf(outcome.name) : outcome.name
      if (!side) continue
      choices.push({
        id: `${book.key}|${market}|${side}|${outcome.point ?? ''}`,
        bookmaker: book.title,
        side,
        line: betType === 'moneyline' ? null : outcome.point,
        odds: outcome.price,
        player: null,
        stat: null,
        best: false,
      })
    }
  }
  // Sides in the order of the matchup: away, home, then anything else (a draw).
  const order = betType === 'total' ? ['over', 'under'] : [game.away_team, game.home_team]
  const place = (side: string) => (order.includes(side) ? order.indexOf(side) : order.length)
  return grouped(choices).sort((a, b) => place(a.side) - place(b.side))
}

/** Each team's best moneyline across bookmakers, for the game list. */
export function bestMoneylines(game: GameOdds): { team: string; odds: number }[] {
  const best = new Map<string, number>()
  for (const book of game.bookmakers) {
    for (const outcome of book.markets.find((m) => m.key === 'h2h')?.outcomes ?? []) {
      best.set(outcome.name, Math.max(best.get(outcome.name) ?? Number.NEGATIVE_INFINITY, outcome.price))
    }
  }
  const order = [game.away_team, game.home_team, ...best.keys()]
  return [...new Set(order)].filter((team) => best.has(team)).map((team) => ({ team, odds: best.get(team)! }))
}

/** Players with a prop in `game`, by name. */
export function propPlayers(game: GameOdds): string[] {
  const players = new Set<string>()
  for (const book of game.bookmakers) {
    for (const market of book.markets) {
      for (const outcome of market.outcomes) if (outcome.description) players.add(outcome.description)
    }
  }
  return [...players].sort((a, b) => a.localeCompare(b))
}

const mainMarketKeys = new Set(['h2h', 'spreads', 'totals'])
const knownProps = Object.keys(marketLabels).filter((key) => !mainMarketKeys.has(key))

/** The names of the prop stats we know, for typing a prop by hand. */
export const propStatSuggestions = [...new Set(knownProps.map((key) => marketLabels[key]!))]

/** The prop markets offered for `player`, known stats first in their usual order. */
export function propStats(game: GameOdds, player: string): string[] {
  const offered = new Set<string>()
  for (const book of game.bookmakers) {
    for (const market of book.markets) {
      if (market.outcomes.some((o) => o.description === player)) offered.add(market.key)
    }
  }
  return [...offered].sort((a, b) => {
    const ia = knownProps.indexOf(a)
    const ib = knownProps.indexOf(b)
    return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib) || a.localeCompare(b)
  })
}

/**
 * The over and under prices of one player's stat, bookmakers in ranking order. A yes/no prop
 * (anytime scorer) reads as over/under 0.5, which grades the same way.
 */
export function propSides(game: GameOdds, player: string, stat: string, rankings: readonly BookRank[]): SideGroup[] {
  const choices: PriceChoice[] = []
  for (const book of rankBookmakers(game.bookmakers, rankings)) {
    for (const outcome of book.markets.find((m) => m.key === stat)?.outcomes ?? []) {
      const side = overUnderOf(outcome.name)
      if (outcome.description !== player || !side) continue
      const line = outcome.point ?? 0.5
      choices.push({
        id: `${book.key}|${stat}|${player}|${side}|${line}`,
        bookmaker: book.title,
        side,
        line,
        odds: outcome.price,
        player,
        stat,
        best: false,
      })
    }
  }
  const groups = grouped(choices)
  return ['over', 'under'].flatMap((side) => groups.filter((g) => g.side === side))
}
