/**
 * The odds provider, in neutral terms (no vendor type crosses this file). Two implementations,
 * chosen in app.ts: The Odds API v4 when `ODDS_API_KEY` is set, else shipped fixtures shifted to
 * today. Both answer in the shapes below and pass one contract suite. Odds are American.
 */

export type OddsProviderName = 'the-odds-api' | 'fixtures'

export interface OddsSportInfo {
  /** The provider's key, e.g. `basketball_nba`. */
  key: string
  title: string
  group: string
  active: boolean
}

export type EventStatus = 'upcoming' | 'live' | 'final' | 'postponed' | 'cancelled'

export interface OddsEvent {
  id: string
  sportKey: string
  commenceTime: Date
  homeTeam: string
  awayTeam: string
}

export interface OddsOutcome {
  /** A team, "Over", "Under" or "Draw". */
  name: string
  /** American odds. */
  price: number
  /** Spread, total or prop line; null for moneylines. */
  point: number | null
  /** The player of a prop. */
  description: string | null
}

export interface OddsMarket {
  /** `h2h`, `spreads`, `totals` or a prop market (`player_points`). */
  key: string
  outcomes: OddsOutcome[]
}

export interface OddsBookmaker {
  key: string
  title: string
  lastUpdate: Date
  markets: OddsMarket[]
}

export interface EventOdds extends OddsEvent {
  bookmakers: OddsBookmaker[]
}

export interface EventScore extends OddsEvent {
  status: EventStatus
  homeScore: number | null
  awayScore: number | null
  /**
   * A finished fight's length in seconds of fighting (round 3 at 2:31 of five-minute rounds: 751),
   * which grades its rounds total; absent or null when the provider does not say (or not a fight).
   */
  fightLengthSeconds?: number | null
}

export interface OddsQuery {
  /** Market keys, e.g. `['h2h', 'spreads', 'totals']`. */
  markets: readonly string[]
  /** Bookmaker keys to keep; all when absent. */
  bookmakers?: readonly string[]
}

export interface OddsProvider {
  readonly name: OddsProviderName
  sports(): Promise<OddsSportInfo[]>
  /** Upcoming and live events of a sport. */
  events(sportKey: string): Promise<OddsEvent[]>
  /** The board: upcoming events of a sport with the bookmakers' prices for `markets`. */
  odds(sportKey: string, query: OddsQuery): Promise<EventOdds[]>
  /** One event's prices, including player-prop markets. Throws `OddsProviderError('not_found')` for an unknown event. */
  eventOdds(sportKey: string, eventId: string, query: OddsQuery): Promise<EventOdds>
  /** Scores of events that started up to `daysFrom` days ago (1 to 3), live and final, and of upcoming ones. */
  scores(sportKey: string, daysFrom: number): Promise<EventScore[]>
}

export type OddsErrorReason =
  /** 401: a bad key or no credits left. */
  | 'unauthorized'
  /** 422: the request was refused (an unknown market or sport). */
  | 'invalid_request'
  /** 429: too many requests. */
  | 'rate_limited'
  | 'not_found'
  | 'unavailable'

/** A provider call that failed, with the reason in our terms and the provider's own message. */
export class OddsProviderError extends Error {
  constructor(
    message: string,
    readonly reason: OddsErrorReason,
  ) {
    super(message)
    this.name = 'OddsProviderError'
  }
}
