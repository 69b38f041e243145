import { mainMarkets, propMarkets } from '@picks/contracts'
import { fixtureBookmakers, sportFixtures, type SportFixture } from './fixture-data.ts'
import { fightEndOf } from './fixture-fights.ts'
import { clamp, drawTotal } from './fixture-lines.ts'
import { chances, marketFor, type FixtureGame } from './fixture-markets.ts'
import { chance, normal, poisson, seeded, shuffled } from './fixture-random.ts'
import {
  OddsProviderError,
  type EventOdds,
  type EventScore,
  type EventStatus,
  type OddsBookmaker,
  type OddsEvent,
  type OddsMarket,
  type OddsProvider,
  type OddsQuery,
  type OddsSportInfo,
} from './odds-provider.ts'

/**
 * The default odds provider: games, prices, player props and scores made up from shipped data
 * (fixture-data.ts), laid out around the provider's own clock so that every sport always has games
 * about to start, one under way and several finished. Everything is derived from a seed of sport,
 * day and slot: the same clock gives the same games, prices and scores, and a game keeps its id as
 * the clock moves (the demo and the browser tests move it with `advance` to finish games).
 */
export interface FixtureOddsProvider extends OddsProvider {
  readonly name: 'fixtures'
  /** Moves the provider's clock forward by `ms`. */
  advance(ms: number): void
  /** The provider's clock: the real one (or the one given) plus every `advance`. */
  clockNow(): Date
}

const minuteMs = 60_000
const hourMs = 60 * minuteMs
const dayMs = 24 * hourMs
/** A game starts every three hours in each sport, so one is always under way. */
const slotsPerDay = 8
const slotMs = dayMs / slotsPerDay
/** A game is live for this long after its start, then final. */
export const fixtureGameLengthMs = 3 * hourMs
/** How far ahead games are listed, and how far back finished ones are kept. */
const aheadMs = 4 * dayMs
const behindMs = 3 * dayMs

const idPattern = /^([a-z]+)-(\d{4})(\d{2})(\d{2})-(\d)$/

// ---------------------------------------------------------------------------------------------
// Games

function dayLabel(day: number): string {
  return new Date(day * dayMs).toISOString().slice(0, 10).replaceAll('-', '')
}

const ratingOf = (sport: SportFixture, team: string) =>
  (chance(`${sport.slug}|rating|${team}`) * 2 - 1) * sport.ratingScale

/** The sport's games of a UTC day: one per slot, and now and then one more, postponed. */
function gamesOfDay(sport: SportFixture, day: number): FixtureGame[] {
  const teams = shuffled(sport.teams, seeded(`${sport.slug}|${day}|pairs`))
  const games: FixtureGame[] = []
  for (let slot = 0; slot < slotsPerDay; slot++) games.push(gameAt(sport, day, slot, slot, teams))
  // About one day in three, an extra game (slot 8) is postponed, known ahead: it never reaches the
  // board. It comes on top of the regular slots, so a game is still under way at any time.
  if (chance(`${sport.slug}|${day}|postponed`) < 0.35) {
    const startSlot = Math.floor(chance(`${sport.slug}|${day}|postponed-slot`) * slotsPerDay)
    games.push({ ...gameAt(sport, day, slotsPerDay, startSlot, teams), postponed: true })
  }
  return games
}

function gameAt(sport: SportFixture, day: number, slot: number, startSlot: number, teams: string[]): FixtureGame {
  const id = `${sport.slug}-${dayLabel(day)}-${slot}`
  const homeTeam = teams[(2 * slot) % teams.length]!
  const awayTeam = teams[(2 * slot + 1) % teams.length]!
  const random = seeded(`${id}|line`)
  const edge =
    ratingOf(sport, homeTeam) - ratingOf(sport, awayTeam) + sport.homeAdvantage + normal(random) * sport.marginSd * 0.1
  const totalLine = drawTotal(sport, random)
  return {
    id,
    sport,
    commenceTime: new Date(day * dayMs + startSlot * slotMs + sport.offsetMinutes * minuteMs),
    homeTeam,
    awayTeam,
    edge,
    totalLine,
    postponed: false,
  }
}

function gameById(sport: SportFixture, id: string): FixtureGame | null {
  const match = idPattern.exec(id)
  if (!match || match[1] !== sport.slug) return null
  const time = Date.UTC(Number(match[2]), Number(match[3]) - 1, Number(match[4]))
  if (Number.isNaN(time)) return null
  return gamesOfDay(sport, time / dayMs).find((g) => g.id === id) ?? null
}

/** The sport's games starting from `from` to `to`, in start order. */
function gamesBetween(sport: SportFixture, from: number, to: number): FixtureGame[] {
  const games: FixtureGame[] = []
  for (let day = Math.floor(from / dayMs) - 1; day <= Math.floor(to / dayMs); day++) {
    for (const game of gamesOfDay(sport, day)) {
      const start = game.commenceTime.getTime()
      if (start >= from && start <= to) games.push(game)
    }
  }
  return games.sort((a, b) => a.commenceTime.getTime() - b.commenceTime.getTime())
}

function statusAt(game: FixtureGame, now: Date): EventStatus {
  if (game.postponed) return 'postponed'
  const start = game.commenceTime.getTime()
  if (now.getTime() < start) return 'upcoming'
  return now.getTime() < start + fixtureGameLengthMs ? 'live' : 'final'
}

const footballScores = [
  0, 3, 6, 7, 9, 10, 13, 14, 16, 17, 20, 21, 23, 24, 26, 27, 28, 30, 31, 34, 35, 37, 38, 41, 42, 45, 48, 49, 52, 55,
]
const nearestFootballScore = (points: number) =>
  footballScores.reduce((best, s) => (Math.abs(s - points) < Math.abs(best - points) ? s : best), 0)

/** The final score, the same every time for a game. */
function finalScore(game: FixtureGame): { home: number; away: number } {
  const { sport, edge, totalLine } = game
  const random = seeded(`${game.id}|score`)
  if (sport.scoring === 'fight') {
    return random() < chances(game).home ? { home: 1, away: 0 } : { home: 0, away: 1 }
  }
  let home: number
  let away: number
  if (sport.scoring === 'goals') {
    home = poisson(random, Math.max(0.2, totalLine / 2 + edge / 2))
    away = poisson(random, Math.max(0.2, totalLine / 2 - edge / 2))
  } else {
    const margin = edge + normal(random) * sport.marginSd
    const total = totalLine + normal(random) * (sport.total?.sd ?? 0)
    home = Math.max(0, Math.round((total + margin) / 2))
    away = Math.max(0, Math.round((total - margin) / 2))
    if (sport.scoring === 'football') {
      home = nearestFootballScore(home)
      away = nearestFootballScore(away)
    }
  }
  if (home === away && !sport.draws) {
    // Overtime, extra innings or a shootout settles it.
    const extra = sport.scoring === 'football' ? 3 : sport.scoring === 'basketball' ? 1 + Math.floor(random() * 6) : 1
    if (random() < chances(game).home) home += extra
    else away += extra
  }
  return { home, away }
}

function scoreAt(game: FixtureGame, now: Date): EventScore {
  const status = statusAt(game, now)
  const event = toEvent(game)
  if (status === 'final') {
    const score = finalScore(game)
    const fight = game.sport.scoring === 'fight' ? { fightLengthSeconds: fightEndOf(game.id).lengthSeconds } : {}
    return { ...event, status, homeScore: score.home, awayScore: score.away, ...fight }
  }
  if (status === 'live') {
    // The score so far: a share of the final one, as the clock runs.
    const share = (now.getTime() - game.commenceTime.getTime()) / fixtureGameLengthMs
    const score = game.sport.scoring === 'fight' ? { home: 0, away: 0 } : finalScore(game)
    return {
      ...event,
      status,
      homeScore: Math.floor(score.home * share),
      awayScore: Math.floor(score.away * share),
    }
  }
  return { ...event, status, homeScore: null, awayScore: null }
}

function toEvent(game: FixtureGame): OddsEvent {
  return {
    id: game.id,
    sportKey: game.sport.key,
    commenceTime: new Date(game.commenceTime),
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
  }
}

// ---------------------------------------------------------------------------------------------
// Prices (fixture-markets.ts)

function oddsOf(game: FixtureGame, query: OddsQuery, now: Date): EventOdds {
  const bookmakers: OddsBookmaker[] = []
  const markets = [...new Set(query.markets)]
  for (const book of fixtureBookmakers) {
    if (query.bookmakers && !query.bookmakers.includes(book.key)) continue
    const priced = markets.map((key) => marketFor(game, book, key)).filter((m): m is OddsMarket => m !== null)
    if (priced.length === 0) continue
    const secondsAgo = Math.floor(chance(`${game.id}|${book.key}|updated|${Math.floor(now.getTime() / 60_000)}`) * 240)
    bookmakers.push({
      key: book.key,
      title: book.title,
      lastUpdate: new Date(Math.floor(now.getTime() / 1000) * 1000 - secondsAgo * 1000),
      markets: priced,
    })
  }
  return { ...toEvent(game), bookmakers }
}

// ---------------------------------------------------------------------------------------------

const knownPropMarkets = new Set(Object.values(propMarkets).flat())

function checkMarkets(markets: readonly string[], allowProps: boolean): void {
  if (markets.length === 0) throw new OddsProviderError('No markets were asked for', 'invalid_request')
  for (const key of markets) {
    if ((mainMarkets as readonly string[]).includes(key)) continue
    if (knownPropMarkets.has(key)) {
      if (allowProps) continue
      throw new OddsProviderError(
        `Market ${key} is a player prop: ask for it one event at a time (event odds)`,
        'invalid_request',
      )
    }
    throw new OddsProviderError(`Unknown market: ${key}`, 'invalid_request')
  }
}

export function createFixtureOddsProvider(options: { now?: () => Date } = {}): FixtureOddsProvider {
  const realNow = options.now ?? (() => new Date())
  let advancedMs = 0
  const clockNow = () => new Date(realNow().getTime() + advancedMs)

  function sportOf(sportKey: string): SportFixture {
    const sport = sportFixtures.find((s) => s.key === sportKey)
    if (!sport) throw new OddsProviderError(`Unknown sport: ${sportKey}`, 'not_found')
    return sport
  }

  /** Games still to be played or under way, postponed ones aside: what the board lists. */
  function openGames(sport: SportFixture, now: Date): FixtureGame[] {
    return gamesBetween(sport, now.getTime() - fixtureGameLengthMs, now.getTime() + aheadMs).filter((g) => {
      const status = statusAt(g, now)
      return status === 'upcoming' || status === 'live'
    })
  }

  return {
    name: 'fixtures',

    advance(ms: number) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('The fixture clock only moves forward')
      advancedMs += ms
    },

    clockNow,

    async sports(): Promise<OddsSportInfo[]> {
      return sportFixtures.map((s) => ({ key: s.key, title: s.title, group: s.group, active: true }))
    },

    async events(sportKey: string): Promise<OddsEvent[]> {
      const sport = sportOf(sportKey)
      return openGames(sport, clockNow()).map(toEvent)
    },

    async odds(sportKey: string, query: OddsQuery): Promise<EventOdds[]> {
      const sport = sportOf(sportKey)
      checkMarkets(query.markets, false)
      const now = clockNow()
      return openGames(sport, now)
        .filter((g) => statusAt(g, now) === 'upcoming')
        .map((g) => oddsOf(g, query, now))
    },

    async eventOdds(sportKey: string, eventId: string, query: OddsQuery): Promise<EventOdds> {
      const sport = sportOf(sportKey)
      checkMarkets(query.markets, true)
      const now = clockNow()
      const game = gameById(sport, eventId)
      const start = game?.commenceTime.getTime() ?? 0
      const listed = game !== null && start <= now.getTime() + aheadMs
      const status = game ? statusAt(game, now) : null
      if (!game || !listed || (status !== 'upcoming' && status !== 'live')) {
        throw new OddsProviderError(`Event not found: ${eventId}`, 'not_found')
      }
      return oddsOf(game, query, now)
    },

    async scores(sportKey: string, daysFrom: number): Promise<EventScore[]> {
      const sport = sportOf(sportKey)
      const now = clockNow()
      const days = clamp(Math.round(daysFrom), 1, 3)
      const from = Math.max(now.getTime() - days * dayMs, now.getTime() - behindMs)
      return gamesBetween(sport, from, now.getTime() + aheadMs).map((g) => scoreAt(g, now))
    },
  }
}
