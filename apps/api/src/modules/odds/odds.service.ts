import { sports, type Game, type GameOdds, type SportSlug } from '@picks/contracts'
import { createFixtureOddsProvider, type FixtureOddsProvider } from './fixture-odds.ts'
import type { EventOdds, EventScore, EventStatus, OddsEvent, OddsProvider } from './odds-provider.ts'
import { createTheOddsApiProvider, type OddsLog } from './the-odds-api.ts'

/**
 * The odds module's one door for the rest of the API: the neutral provider interface, its two
 * implementations and the choice between them, and what the picks module needs of a game (its
 * status and score, the market's price for a selection).
 */
export {
  OddsProviderError,
  type EventOdds,
  type EventScore,
  type EventStatus,
  type OddsBookmaker,
  type OddsErrorReason,
  type OddsEvent,
  type OddsMarket,
  type OddsOutcome,
  type OddsProvider,
  type OddsProviderName,
  type OddsQuery,
  type OddsSportInfo,
} from './odds-provider.ts'
export { createFixtureOddsProvider, type FixtureOddsProvider } from './fixture-odds.ts'
export { typicalLines, type TypicalLines } from './fixture-lines.ts'
export { createTheOddsApiProvider, type OddsLog, type TheOddsApiOptions } from './the-odds-api.ts'

/** The Odds API when a key is configured, else the shipped fixtures (the default). */
export function createOddsProvider(
  config: { oddsApiKey: string | null },
  log: OddsLog,
  options: { now?: () => Date; fetch?: typeof fetch; baseUrl?: string } = {},
): OddsProvider {
  if (config.oddsApiKey) {
    log.info({ provider: 'the-odds-api' }, 'odds from The Odds API')
    return createTheOddsApiProvider({ apiKey: config.oddsApiKey, log, ...options })
  }
  log.info({ provider: 'fixtures' }, 'odds from the shipped fixtures (no ODDS_API_KEY)')
  return createFixtureOddsProvider(options.now ? { now: options.now } : {})
}

/** The fixture provider's controls (its clock), or null for a real provider. */
export function fixtureControls(provider: OddsProvider): FixtureOddsProvider | null {
  return provider.name === 'fixtures' && 'advance' in provider ? (provider as FixtureOddsProvider) : null
}

/**
 * The provider's "now": the fixture clock (which the demo moves forward) or the adapter's clock.
 * Whether a game has started is judged by this, so that it agrees with the games' statuses.
 */
export function oddsClock(provider: OddsProvider): Date {
  const withClock = provider as OddsProvider & { clockNow?: () => Date }
  return typeof withClock.clockNow === 'function' ? withClock.clockNow() : new Date()
}

export function sportKeyOf(slug: SportSlug): string {
  return sports.find((s) => s.slug === slug)!.oddsKey
}

export function sportSlugOf(key: string): SportSlug | null {
  return sports.find((s) => s.oddsKey === key)?.slug ?? null
}

/** The status a listed event has at `now`: listed events are upcoming or under way. */
export function openStatus(event: OddsEvent, now: Date): EventStatus {
  return event.commenceTime.getTime() <= now.getTime() ? 'live' : 'upcoming'
}

/** A game in the API's shape (contracts `Game`). */
export function toGame(sport: SportSlug, event: EventScore): Game {
  return {
    id: event.id,
    sport,
    sport_key: event.sportKey,
    commence_time: event.commenceTime.toISOString(),
    home_team: event.homeTeam,
    away_team: event.awayTeam,
    status: event.status,
    home_score: event.homeScore,
    away_score: event.awayScore,
  }
}

/** A game with its prices in the API's shape (contracts `GameOdds`); no scores. */
export function toGameOdds(sport: SportSlug, odds: EventOdds, status: EventStatus): GameOdds {
  return {
    ...toGame(sport, { ...odds, status, homeScore: null, awayScore: null }),
    bookmakers: odds.bookmakers.map((b) => ({
      key: b.key,
      title: b.title,
      last_update: b.lastUpdate.toISOString(),
      markets: b.markets.map((m) => ({
        key: m.key,
        outcomes: m.outcomes.map((o) => ({ name: o.name, price: o.price, point: o.point, description: o.description })),
      })),
    })),
  }
}

/**
 * One game of a sport with its status and score, or null when the provider does not know it
 * (never listed, or finished more than three days ago). Listed games come from the event list
 * (free at The Odds API); finished and postponed ones from the scores.
 */
export async function findGame(
  provider: OddsProvider,
  sportSlug: SportSlug,
  eventId: string,
): Promise<EventScore | null> {
  const sportKey = sportKeyOf(sportSlug)
  const listed = (await provider.events(sportKey)).find((e) => e.id === eventId)
  if (listed && listed.commenceTime.getTime() > oddsClock(provider).getTime()) {
    return { ...listed, status: 'upcoming', homeScore: null, awayScore: null }
  }
  const scored = (await provider.scores(sportKey, 3)).find((e) => e.id === eventId)
  if (scored) return scored
  return listed ? { ...listed, status: 'live', homeScore: null, awayScore: null } : null
}

const marketOfBetType: Record<string, string> = { moneyline: 'h2h', spread: 'spreads', total: 'totals' }
const normalised = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ')

/**
 * The provider's price for a selection when a pick is posted (the pick's `market_odds`): the
 * named bookmaker's (by key or title) when it prices the selection, else the best price among the
 * bookmakers that do; null when none does.
 *
 * `market` is a market key (`h2h`, `spreads`, `totals`, `player_points`) or a bet type
 * (`moneyline`, `spread`, `total`). `selection` is the outcome's name: a team, "Draw", "Over",
 * "Under" or "Yes" (any case; a selection that starts with the name and a space, such as
 * "Boston Celtics -5.5", matches too). `point` must match the line when given, `player` the
 * prop's player.
 */
export function marketPrice(
  odds: EventOdds,
  market: string,
  selection: string,
  point?: number | null,
  player?: string | null,
  bookmaker?: string | null,
): number | null {
  const key = marketOfBetType[market] ?? market
  const wanted = normalised(selection)
  const pricesBy = new Map<string, number>()
  for (const book of odds.bookmakers) {
    const outcome = book.markets
      .find((m) => m.key === key)
      ?.outcomes.find((o) => {
        const name = normalised(o.name)
        if (wanted !== name && !wanted.startsWith(`${name} `)) return false
        if (point !== undefined && point !== null && o.point !== point) return false
        if (player && normalised(o.description ?? '') !== normalised(player)) return false
        return true
      })
    if (outcome) pricesBy.set(book.key, outcome.price)
    if (outcome && bookmaker && [book.key, book.title].some((b) => normalised(b) === normalised(bookmaker))) {
      return outcome.price
    }
  }
  if (pricesBy.size === 0) return null
  // The best price for the bettor: the highest American odds.
  return Math.max(...pricesBy.values())
}
