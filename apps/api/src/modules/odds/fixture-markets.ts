import { mainMarkets, pickLimits } from '@picks/contracts'
import { lastNames, type BookmakerFixture, type PropFixture, type SportFixture } from './fixture-data.ts'
import { overChanceOf, roundsLineOf } from './fixture-fights.ts'
import { bookSpread, bookTotal, clamp } from './fixture-lines.ts'
import { seeded, type Random } from './fixture-random.ts'
import type { OddsMarket, OddsOutcome } from './odds-provider.ts'

/**
 * The fixture provider's prices: each bookmaker's moneyline, spread, total and player props for a
 * game, from the game's chances and lines, shaded by the book's margin and a lean of its own.
 */

/** A game as the fixtures make it, before any bookmaker prices it. */
export interface FixtureGame {
  id: string
  sport: SportFixture
  commenceTime: Date
  homeTeam: string
  awayTeam: string
  /** The expected home margin, in the sport's points (goals, runs; a rating gap for fights). */
  edge: number
  /** The game's total line before bookmakers shade it. */
  totalLine: number
  postponed: boolean
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x))

/** American odds for an implied chance, rounded to the bookmaker's step; never between -100 and +100. */
function americanFromChance(chanceOf: number, roundTo = 5): number {
  const p = clamp(chanceOf, 0.01, 0.99)
  const raw = p >= 0.5 ? (-100 * p) / (1 - p) : (100 * (1 - p)) / p
  let price = Math.round(raw / roundTo) * roundTo
  if (price > -100 && price < 100) price = p >= 0.5 ? -100 : 100
  return clamp(price, -pickLimits.maxOddsAbs, pickLimits.maxOddsAbs)
}

/** The two sides' chances of winning (and of a draw where the sport has them). */
export function chances(game: FixtureGame): { home: number; away: number; draw: number } {
  const { sport, edge } = game
  if (sport.draws) {
    const draw = clamp(0.28 - 0.06 * Math.abs(edge), 0.16, 0.3)
    const homeShare = logistic((1.7 * edge) / sport.marginSd)
    return { home: (1 - draw) * homeShare, away: (1 - draw) * (1 - homeShare), draw }
  }
  const home = logistic((1.7 * edge) / sport.marginSd)
  return { home, away: 1 - home, draw: 0 }
}

/** A bookmaker's price for a side it makes `fair` likely, shaded by its margin and a small lean of its own. */
function bookPrice(book: BookmakerFixture, fair: number, lean: number, sides = 2): number {
  return americanFromChance(fair + book.vig / sides + lean, book.roundTo)
}

function h2hMarket(game: FixtureGame, book: BookmakerFixture, random: Random): OddsMarket {
  const p = chances(game)
  const lean = (random() - 0.5) * 0.03
  const outcomes: OddsOutcome[] = [
    { name: game.homeTeam, price: bookPrice(book, p.home, lean), point: null, description: null },
    { name: game.awayTeam, price: bookPrice(book, p.away, -lean), point: null, description: null },
  ]
  if (game.sport.draws) {
    const drawLean = (random() - 0.5) * 0.02
    outcomes.push({ name: 'Draw', price: bookPrice(book, p.draw, drawLean, 3), point: null, description: null })
  }
  return { key: 'h2h', outcomes }
}

function spreadsMarket(game: FixtureGame, book: BookmakerFixture, random: Random): OddsMarket | null {
  const { sport, edge } = game
  const lean = (random() - 0.5) * 0.04
  if (sport.spreadStyle === 'one_and_a_half') {
    const p = chances(game)
    const homeFavoured = edge >= 0
    const favouriteCovers = clamp((homeFavoured ? p.home : p.away) - 0.2, 0.2, 0.8)
    const homeCovers = homeFavoured ? favouriteCovers : 1 - favouriteCovers
    return {
      key: 'spreads',
      outcomes: [
        {
          name: game.homeTeam,
          price: bookPrice(book, homeCovers, lean),
          point: homeFavoured ? -1.5 : 1.5,
          description: null,
        },
        {
          name: game.awayTeam,
          price: bookPrice(book, 1 - homeCovers, -lean),
          point: homeFavoured ? 1.5 : -1.5,
          description: null,
        },
      ],
    }
  }
  if (sport.spreadStyle !== 'points') return null
  // Some books hang the line half a point off the others.
  const shade = random() < 0.25 ? (random() < 0.5 ? -0.5 : 0.5) : 0
  const line = bookSpread(sport, edge, shade)
  return {
    key: 'spreads',
    outcomes: [
      { name: game.homeTeam, price: bookPrice(book, 0.5, lean), point: -line, description: null },
      { name: game.awayTeam, price: bookPrice(book, 0.5, -lean), point: line, description: null },
    ],
  }
}

function totalsMarket(game: FixtureGame, book: BookmakerFixture, random: Random): OddsMarket | null {
  const lean = (random() - 0.5) * 0.04
  if (game.sport.scoring === 'fight') {
    // Rounds, not points: every book hangs the fight's one line, priced by how likely it goes long.
    const line = roundsLineOf(game.id)
    const over = overChanceOf(game.id)
    return {
      key: 'totals',
      outcomes: [
        { name: 'Over', price: bookPrice(book, over, lean), point: line, description: null },
        { name: 'Under', price: bookPrice(book, 1 - over, -lean), point: line, description: null },
      ],
    }
  }
  const shade = random() < 0.2 ? (random() < 0.5 ? -0.5 : 0.5) : 0
  const line = bookTotal(game.sport, game.totalLine, shade)
  if (line === null) return null
  return {
    key: 'totals',
    outcomes: [
      { name: 'Over', price: bookPrice(book, 0.5, lean), point: line, description: null },
      { name: 'Under', price: bookPrice(book, 0.5, -lean), point: line, description: null },
    ],
  }
}

function playerName(sport: SportFixture, team: string, place: number): string {
  const random = seeded(`${sport.slug}|player|${team}|${place}`)
  const first = sport.firstNames[Math.floor(random() * sport.firstNames.length)]!
  const last = lastNames[(Math.floor(random() * lastNames.length) + place * 7) % lastNames.length]!
  return `${first} ${last}`
}

function propMarket(
  game: FixtureGame,
  book: BookmakerFixture,
  key: string,
  prop: PropFixture,
  random: Random,
): OddsMarket {
  const outcomes: OddsOutcome[] = []
  for (const team of [game.homeTeam, game.awayTeam]) {
    for (const place of prop.roster) {
      const player = playerName(game.sport, team, place)
      const base = seeded(`${game.id}|${key}|${player}`)()
      if (prop.kind === 'yes') {
        // Earlier roster places are the likelier scorers.
        const likely = prop.max - ((prop.max - prop.min) * (place + base)) / 4
        const price = bookPrice(book, likely, (random() - 0.5) * 0.03, 2)
        outcomes.push({ name: 'Yes', price, point: null, description: player })
        continue
      }
      const steps = Math.round(prop.max - prop.min)
      let line = prop.min + Math.floor(base * (steps + 1))
      if (random() < 0.15) line = Math.max(0.5, line + (random() < 0.5 ? -1 : 1))
      const lean = (random() - 0.5) * 0.05
      outcomes.push({ name: 'Over', price: bookPrice(book, 0.5, lean), point: line, description: player })
      outcomes.push({ name: 'Under', price: bookPrice(book, 0.5, -lean), point: line, description: player })
    }
  }
  return { key, outcomes }
}

/** One bookmaker's market `key` on `game`: null when the book (or the sport) does not offer it. */
export function marketFor(game: FixtureGame, book: BookmakerFixture, key: string): OddsMarket | null {
  const random = seeded(`${game.id}|${book.key}|${key}`)
  const isMain = (mainMarkets as readonly string[]).includes(key)
  if (isMain && !game.sport.mainMarkets.includes(key as (typeof mainMarkets)[number])) return null
  // The biggest books price everything; the others skip some games and most props.
  const coverage = isMain ? book.coverage : book.coverage === 1 ? 1 : book.coverage - 0.25
  if (random() >= coverage) return null
  if (key === 'h2h') return h2hMarket(game, book, random)
  if (key === 'spreads') return spreadsMarket(game, book, random)
  if (key === 'totals') return totalsMarket(game, book, random)
  const prop = game.sport.props[key]
  return prop ? propMarket(game, book, key, prop, random) : null
}
