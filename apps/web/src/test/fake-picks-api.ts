import type {
  BookmakerRankingsAnswer,
  ClientRecord,
  GameOdds,
  OddsBoardAnswer,
  Pick,
  PicksAnswer,
  SportsAnswer,
} from '@picks/contracts'
import { fallbackBookmakerRankings, pickMessages, sports, type PickResult } from '@picks/contracts/client'
import { clientsAnswer } from './fake-clients-api.ts'
import { apiError, creatorUserId, json } from './fake-creator-api.ts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the picks, games and odds endpoints the pick pages read and write (the odds
 * board, bookmaker rankings, player props, the sports list, the public and subscribed feeds, and
 * `POST /picks`), installed at the fetch boundary. Feeds filter and page like the server; a teaser
 * carries what the server leaves in a locked pick and nothing more.
 */

export type PicksCall = FakeCall

type Reply = Response | Promise<Response> | undefined

export const feedUserId = '00000000-0000-4000-8000-0000000000b1'
export const secondCreatorId = '00000000-0000-4000-8000-0000000000c2'

/** Hours from now, as the API's timestamps. */
export function hoursFromNow(hours: number): string {
  return new Date(Date.now() + hours * 3_600_000).toISOString()
}

let pickNumber = 0

/** A free moneyline pick in full, as an entitled viewer gets it. */
export function aPick(overrides: Partial<Pick> = {}): Pick {
  pickNumber += 1
  const gameDate = overrides.game_date ?? hoursFromNow(30)
  const base: Pick = {
    id: `00000000-0000-4000-b000-${String(pickNumber).padStart(12, '0')}`,
    user_id: creatorUserId,
    client_id: null,
    creator: { id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines', profile_picture: '🏀' },
    sport: 'nba',
    game_id: 'nba-lal-bos',
    game_date: gameDate,
    home_team: 'Los Angeles Lakers',
    away_team: 'Boston Celtics',
    bet_type: 'moneyline',
    is_premium: false,
    locked: false,
    pick: 'Los Angeles Lakers',
    odds: 150,
    line: null,
    bookmaker: 'DraftKings',
    player: null,
    stat: null,
    overUnder: null,
    reasoning: 'Home court and a rested starting five.',
    stake_units: 1,
    market_odds: 150,
    pick_details: null,
    result: 'pending',
    graded_at: null,
    final_score: null,
    is_closed: false,
    api_version: '2.0',
    form_type: 'optimized',
    created_at: hoursFromNow(-2),
    updated_at: hoursFromNow(-2),
  }
  return { ...base, ...overrides }
}

/** What the server sends a viewer who may not see a premium pick: the teaser fields only. */
export function teaserOf(pick: Pick): Pick {
  return {
    ...pick,
    is_premium: true,
    locked: true,
    pick: null,
    odds: null,
    line: null,
    bookmaker: null,
    player: null,
    stat: null,
    overUnder: null,
    reasoning: null,
    stake_units: null,
    market_odds: null,
    pick_details: null,
  }
}

export function aGradedPick(result: Exclude<PickResult, 'pending'>, overrides: Partial<Pick> = {}): Pick {
  return aPick({
    result,
    game_date: hoursFromNow(-20),
    graded_at: hoursFromNow(-16),
    final_score: { home: 110, away: 102 },
    is_closed: true,
    ...overrides,
  })
}

const books = [
  { key: 'fanduel', title: 'FanDuel' },
  { key: 'draftkings', title: 'DraftKings' },
  { key: 'betmgm', title: 'BetMGM' },
]

/** An upcoming NBA game on the board with three books' moneyline, spread and total. */
export function aBoardGame(overrides: Partial<GameOdds> = {}): GameOdds {
  const home = overrides.home_team ?? 'Los Angeles Lakers'
  const away = overrides.away_team ?? 'Boston Celtics'
  const prices = [
    { h2h: [150, -170], spread: [-110, -110], total: [-108, -112] },
    { h2h: [145, -165], spread: [-105, -115], total: [-110, -110] },
    { h2h: [155, -180], spread: [-112, -108], total: [-115, -105] },
  ]
  return {
    id: 'nba-lal-bos',
    sport: 'nba',
    sport_key: 'basketball_nba',
    commence_time: hoursFromNow(30),
    home_team: home,
    away_team: away,
    status: 'upcoming',
    home_score: null,
    away_score: null,
    bookmakers: books.map((book, index) => {
      const p = prices[index]!
      return {
        ...book,
        last_update: hoursFromNow(-0.1),
        markets: [
          {
            key: 'h2h',
            outcomes: [
              { name: home, price: p.h2h[0]!, point: null, description: null },
              { name: away, price: p.h2h[1]!, point: null, description: null },
            ],
          },
          {
            key: 'spreads',
            outcomes: [
              { name: home, price: p.spread[0]!, point: 4.5, description: null },
              { name: away, price: p.spread[1]!, point: -4.5, description: null },
            ],
          },
          {
            key: 'totals',
            outcomes: [
              { name: 'Over', price: p.total[0]!, point: 221.5, description: null },
              { name: 'Under', price: p.total[1]!, point: 221.5, description: null },
            ],
          },
        ],
      }
    }),
    ...overrides,
  }
}

/** The same game with two books' player points and rebounds props. */
export function aPropsGame(game: GameOdds = aBoardGame()): GameOdds {
  const outcomes = (player: string, point: number, over: number, under: number) => [
    { name: 'Over', price: over, point, description: player },
    { name: 'Under', price: under, point, description: player },
  ]
  return {
    ...game,
    bookmakers: [
      {
        key: 'fanduel',
        title: 'FanDuel',
        last_update: hoursFromNow(-0.1),
        markets: [
          {
            key: 'player_points',
            outcomes: [...outcomes('LeBron James', 25.5, -115, -105), ...outcomes('Jayson Tatum', 27.5, -110, -110)],
          },
          { key: 'player_rebounds', outcomes: outcomes('LeBron James', 7.5, 100, -120) },
        ],
      },
      {
        key: 'draftkings',
        title: 'DraftKings',
        last_update: hoursFromNow(-0.1),
        markets: [{ key: 'player_points', outcomes: outcomes('LeBron James', 26.5, 105, -125) }],
      },
    ],
  }
}

export interface FakePicksState {
  /** The board per sport; a sport without an entry has no games. */
  boards: Record<string, GameOdds[]>
  /** Player props per event id. */
  props: Record<string, GameOdds>
  rankings: BookmakerRankingsAnswer['bookmakers']
  /** The public feed, newest first. */
  feed: Pick[]
  /** The signed-in user's subscribed feed, newest first. */
  subscribed: Pick[]
  /** Picks posted through `POST /picks`. */
  posted: Pick[]
  /** The creator's client list (`GET /clients`); a posted `client_id` must name one of them. */
  clients: ClientRecord[]
}

function page(list: Pick[], search: URLSearchParams): PicksAnswer {
  const sport = search.get('sport')
  const creatorId = search.get('creatorId')
  const status = search.get('status')
  const limit = Number(search.get('limit') ?? 30)
  const offset = Number(search.get('offset') ?? 0)
  const matching = list.filter(
    (pick) =>
      (!sport || pick.sport === sport) &&
      (!creatorId || pick.creator.id === creatorId) &&
      (!status || (status === 'pending') === (pick.result === 'pending')),
  )
  return { picks: matching.slice(offset, offset + limit), total: matching.length, limit, offset }
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {}
}

function posted(body: Record<string, unknown>): Pick {
  const details = record(JSON.parse(String(body.pick_details)))
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const number = (value: unknown) => (typeof value === 'number' ? value : null)
  const overUnder = body.overUnder === 'over' || body.overUnder === 'under' ? body.overUnder : null
  const sport = sports.find((s) => s.slug === details.sport)?.slug ?? 'nba'
  return aPick({
    sport,
    game_id: text(body.game_id),
    game_date: String(details.game_date),
    home_team: String(details.home_team),
    away_team: String(details.away_team),
    bet_type:
      details.bet_type === 'spread' || details.bet_type === 'total' || details.bet_type === 'player_prop'
        ? details.bet_type
        : 'moneyline',
    is_premium: body.is_premium === true,
    pick: String(details.pick),
    odds: number(details.odds),
    line: number(body.line),
    bookmaker: text(body.bookmaker),
    player: text(body.player),
    stat: text(body.stat),
    overUnder,
    reasoning: String(details.reasoning),
    stake_units: number(body.stake_units),
    market_odds: null,
    pick_details: String(body.pick_details),
    created_at: new Date().toISOString(),
  })
}

/**
 * Installs the fake. `override` may answer a call itself (an error, a hang); returning undefined
 * lets the fake answer. Returns the calls made and the live state.
 */
export function servePicksApi(
  initial: Partial<FakePicksState> = {},
  override?: (call: PicksCall) => Reply,
): { calls: PicksCall[]; state: FakePicksState } {
  const state: FakePicksState = {
    boards: initial.boards ?? {},
    props: initial.props ?? {},
    rankings: initial.rankings ?? fallbackBookmakerRankings.map((book) => ({ ...book })),
    feed: initial.feed ?? [],
    subscribed: initial.subscribed ?? [],
    posted: initial.posted ?? [],
    clients: initial.clients ?? [],
  }
  const calls: PicksCall[] = []

  function answer(call: PicksCall): Response {
    const { method, path, search } = call
    let match: RegExpExecArray | null

    if (method === 'GET' && path === '/api/odds-api/sports') {
      const answer: SportsAnswer = {
        sports: sports.map((s) => ({ slug: s.slug, key: s.oddsKey, title: s.label, group: s.label, active: true })),
      }
      return json(answer)
    }
    if (method === 'GET' && path === '/api/bookmaker-rankings') return json({ bookmakers: state.rankings })
    if (method === 'GET' && (match = /^\/api\/odds\/event\/([^/]+)\/([^/]+)\/player-props$/.exec(path))) {
      const game = state.props[match[2]!]
      return game ? json({ game }) : apiError(404, 'NOT_FOUND', 'Game not found')
    }
    if (method === 'GET' && (match = /^\/api\/odds\/([^/]+)\/all$/.exec(path))) {
      const sport = sports.find((s) => s.slug === match?.[1])?.slug
      if (!sport) return apiError(400, 'VALIDATION_FAILED', 'Unknown sport')
      const answer: OddsBoardAnswer = { sport, games: state.boards[sport] ?? [] }
      return json(answer)
    }
    if (method === 'GET' && path === '/api/picks') return json(page(state.feed, search))
    if (method === 'GET' && /^\/api\/picks\/subscribed\/[^/]+$/.test(path)) return json(page(state.subscribed, search))
    const clients = clientsAnswer(state, call)
    if (clients) return clients
    if (method === 'POST' && path === '/api/picks') {
      const clientId = record(call.body).client_id
      if (clientId !== undefined && !state.clients.some((client) => client.id === clientId)) {
        return apiError(400, 'VALIDATION_FAILED', pickMessages.clientUnknown, {
          details: [{ field: 'body.client_id', message: pickMessages.clientUnknown }],
        })
      }
      const pick = { ...posted(record(call.body)), client_id: typeof clientId === 'string' ? clientId : null }
      state.posted.push(pick)
      return json({ pick }, 201)
    }
    return apiError(404, 'NOT_FOUND', `Route ${method} ${path} not found`)
  }

  stubFetch(calls, answer, override)
  return { calls, state }
}

export { apiError, callsTo, json } from './fake-creator-api.ts'
