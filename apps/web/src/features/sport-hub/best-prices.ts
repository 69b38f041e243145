import type { GameOdds } from '@picks/contracts'
import { profitPerUnit } from '@picks/contracts/client'

export type MainMarket = 'h2h' | 'spreads' | 'totals'

/** The best price on one side of a market across every bookmaker, and the book that has it. */
export interface BestPrice {
  /** A team, "Draw", "Over" or "Under". */
  side: string
  /** American odds. */
  price: number
  /** The spread or total; null for a moneyline. */
  point: number | null
  bookmaker: { key: string; title: string }
}

export type BestPrices = Record<MainMarket, BestPrice[]>

/**
 * How good a line is for the bettor on `side`, higher is better: more points on a spread, a lower
 * total for the over and a higher one for the under. Moneylines have no line.
 */
function lineValue(market: MainMarket, side: string, point: number | null): number {
  if (point === null || market === 'h2h') return 0
  if (market === 'totals') return side.toLowerCase() === 'under' ? point : -point
  return point
}

type Quote = { price: number; point: number | null }

/** True when `a` beats `b` for the bettor: the better line first, then the better price at it. */
function beats(market: MainMarket, side: string, a: Quote, b: Quote): boolean {
  const lineEdge = lineValue(market, side, a.point) - lineValue(market, side, b.point)
  if (lineEdge !== 0) return lineEdge > 0
  return profitPerUnit(a.price) > profitPerUnit(b.price)
}

/** Away team, home team, then anything else (a draw); over before under. */
function sideOrder(game: Pick<GameOdds, 'home_team' | 'away_team'>, side: string): number {
  const order = [game.away_team, game.home_team, 'Over', 'Under']
  const index = order.indexOf(side)
  return index === -1 ? order.length : index
}

/**
 * The best available price per side of the moneyline, spread and total across `game`'s bookmakers.
 * A spread or total is judged by its line first (half a point is worth more than a few cents of
 * price), then by its price; ties keep the book listed first.
 */
export function bestPrices(game: GameOdds): BestPrices {
  const best: Record<MainMarket, Map<string, BestPrice>> = { h2h: new Map(), spreads: new Map(), totals: new Map() }
  for (const book of game.bookmakers) {
    for (const market of book.markets) {
      if (market.key !== 'h2h' && market.key !== 'spreads' && market.key !== 'totals') continue
      const key: MainMarket = market.key
      const sides = best[key]
      for (const outcome of market.outcomes) {
        const current = sides.get(outcome.name)
        if (current && !beats(key, outcome.name, outcome, current)) continue
        sides.set(outcome.name, {
          side: outcome.name,
          price: outcome.price,
          point: key === 'h2h' ? null : outcome.point,
          bookmaker: { key: book.key, title: book.title },
        })
      }
    }
  }
  const ordered = (sides: Map<string, BestPrice>) =>
    [...sides.values()].sort((a, b) => sideOrder(game, a.side) - sideOrder(game, b.side))
  return { h2h: ordered(best.h2h), spreads: ordered(best.spreads), totals: ordered(best.totals) }
}
