import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { americanToDecimal, mainMarkets, propMarkets } from '@picks/contracts'
import { createFixtureOddsProvider, type FixtureOddsProvider } from '../modules/odds/fixture-odds.ts'
import type { EventOdds, EventScore, OddsEvent } from '../modules/odds/odds-provider.ts'

/**
 * A stand-in for The Odds API v4 on 127.0.0.1, for the real adapter's tests. It answers the calls
 * the adapter makes in the API's JSON shapes (snake_case, 32-hex event ids, prices and points on
 * outcomes, scores as strings with `completed`), checks the key, charges quota the API's way
 * (markets × regions for odds, 1 or 2 for scores, nothing for sports and events) and reports it in
 * the `x-requests-*` headers, refuses what the API refuses with its error bodies
 * (`{ message, error_code, details_url }`), and records every request. Its games, prices and
 * scores come from the fixture provider's world, on the double's own clock.
 */

export interface RecordedOddsRequest {
  method: string
  /** The path without the query, e.g. `/v4/sports/basketball_nba/odds`. */
  path: string
  /** The decoded query, `apiKey` included. */
  query: Record<string, string>
  status: number
}

export interface OddsApiErrorBody {
  message: string
  error_code: string
  details_url?: string
}

/** A failure to answer instead of handling the next matching request(s). */
export type OddsApiFailure = { status: number; body?: OddsApiErrorBody | string } | 'disconnect'

export interface OddsApiDouble {
  /** Pass as the adapter's `baseUrl`. */
  baseUrl: string
  /** The only key it accepts. */
  apiKey: string
  /** Every request it answered, in order. */
  requests: RecordedOddsRequest[]
  /** The requests to a path (exact, or a pattern). */
  requestsTo(path: string | RegExp): RecordedOddsRequest[]
  /** Answers the next `times` requests whose path matches with `failure`. */
  failNext(path: string | RegExp, failure: OddsApiFailure, times?: number): void
  /** Sets the credits left; at 0 every paid call answers 401 OUT_OF_USAGE_CREDITS. */
  setRemainingCredits(credits: number): void
  usage(): { used: number; remaining: number }
  /** The world behind it: its clock moves with `world.advance`. */
  world: FixtureOddsProvider
  /** The API's id for a fixture game (a 32-hex string). */
  apiIdOf(fixtureId: string): string
  close(): Promise<void>
}

const detailsUrl = (code: string) =>
  `https://the-odds-api.com/liveapi/guides/v4/api-error-codes.html#${code.toLowerCase().replaceAll('_', '-')}`

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const sportDescriptions: Record<string, string> = {
  americanfootball_nfl: 'US Football',
  americanfootball_ncaaf: 'US College Football',
  basketball_nba: 'US Basketball',
  basketball_ncaab: 'US College Basketball',
  basketball_wnba: 'US Basketball',
  baseball_mlb: 'Major League Baseball',
  icehockey_nhl: 'US Ice Hockey',
  soccer_epl: 'Premier League - England',
  mma_mixed_martial_arts: 'Mixed Martial Arts',
}
const otherSports = [
  {
    key: 'golf_masters_tournament_winner',
    group: 'Golf',
    title: 'Masters Tournament Winner',
    description: 'Outright winner',
    active: true,
    has_outrights: true,
  },
  {
    key: 'tennis_atp_wimbledon',
    group: 'Tennis',
    title: 'ATP Wimbledon',
    description: "Men's Singles",
    active: false,
    has_outrights: false,
  },
]

const knownProps = new Set(Object.values(propMarkets).flat())
const isMain = (key: string) => (mainMarkets as readonly string[]).includes(key)
const isoSeconds = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z')
const apiIdOf = (fixtureId: string) => createHash('md5').update(fixtureId).digest('hex')

export async function startOddsApiDouble(options: { now?: () => Date } = {}): Promise<OddsApiDouble> {
  const apiKey = `odds_double_${randomBytes(12).toString('hex')}`
  const world = createFixtureOddsProvider(options.now ? { now: options.now } : {})
  const requests: RecordedOddsRequest[] = []
  const failures: { path: string | RegExp; failure: OddsApiFailure; times: number }[] = []
  let used = 0
  let remaining = 500

  const eventJson = (e: OddsEvent, sportTitle: string) => ({
    id: apiIdOf(e.id),
    sport_key: e.sportKey,
    sport_title: sportTitle,
    commence_time: isoSeconds(e.commenceTime),
    home_team: e.homeTeam,
    away_team: e.awayTeam,
  })

  const oddsJson = (e: EventOdds, sportTitle: string, format: string) => ({
    ...eventJson(e, sportTitle),
    bookmakers: e.bookmakers.map((b) => ({
      key: b.key,
      title: b.title,
      last_update: isoSeconds(b.lastUpdate),
      markets: b.markets.map((m) => ({
        key: m.key,
        last_update: isoSeconds(b.lastUpdate),
        outcomes: m.outcomes.map((o) => ({
          name: o.name,
          ...(o.description !== null ? { description: o.description } : {}),
          price: format === 'decimal' ? Math.round(americanToDecimal(o.price) * 100) / 100 : o.price,
          ...(o.point !== null ? { point: o.point } : {}),
        })),
      })),
    })),
  })

  const scoreJson = (e: EventScore, sportTitle: string) => ({
    ...eventJson(e, sportTitle),
    completed: e.status === 'final',
    scores:
      e.status === 'upcoming'
        ? null
        : [
            { name: e.homeTeam, score: String(e.homeScore) },
            { name: e.awayTeam, score: String(e.awayScore) },
          ],
    last_update: e.status === 'upcoming' ? null : isoSeconds(world.clockNow()),
  })

  async function sportTitleOf(sportKey: string): Promise<string> {
    const sport = (await world.sports()).find((s) => s.key === sportKey)
    if (!sport) throw new ApiError(404, 'UNKNOWN_SPORT', 'Unknown sport. Check the sport key in the /sports endpoint.')
    return sport.title
  }

  /** Which markets an odds call asks for, and what it costs. */
  function oddsCall(query: Record<string, string>, allowProps: boolean): { markets: string[]; regions: number } {
    const bookmakers = query.bookmakers?.split(',').filter(Boolean) ?? []
    const regions = query.regions?.split(',').filter(Boolean) ?? []
    if (regions.length === 0 && bookmakers.length === 0) {
      throw new ApiError(422, 'MISSING_REGION', 'Missing regions parameter. Specify at least one region, e.g. us')
    }
    if (query.oddsFormat && !['american', 'decimal'].includes(query.oddsFormat)) {
      throw new ApiError(422, 'INVALID_ODDS_FORMAT', 'Invalid oddsFormat. Use decimal or american')
    }
    const markets = [...new Set((query.markets ?? 'h2h').split(',').filter(Boolean))]
    const unsupported = markets.filter((m) => !isMain(m) && (!allowProps || !knownProps.has(m)))
    if (unsupported.length > 0) {
      const message = unsupported.every((m) => knownProps.has(m))
        ? `Markets not supported by this endpoint: ${unsupported.join(', ')}. Use the /events/{eventId}/odds endpoint for player props`
        : `Invalid markets: ${unsupported.join(', ')}`
      throw new ApiError(422, 'INVALID_MARKET', message)
    }
    // Bookmakers count as regions in tens.
    return { markets, regions: bookmakers.length > 0 ? Math.ceil(bookmakers.length / 10) : regions.length }
  }

  const oddsQuery = (markets: string[], query: Record<string, string>) => {
    const bookmakers = query.bookmakers?.split(',').filter(Boolean)
    return { markets, ...(bookmakers && bookmakers.length > 0 ? { bookmakers } : {}) }
  }

  async function fixtureIdOf(sportKey: string, apiId: string): Promise<string | null> {
    const open = await world.events(sportKey)
    const recent = await world.scores(sportKey, 3)
    return [...open, ...recent].find((e) => apiIdOf(e.id) === apiId)?.id ?? null
  }

  /** The answer to one request, or an ApiError; `cost` is charged when it succeeds. */
  async function answer(path: string, query: Record<string, string>): Promise<{ body: unknown; cost: number }> {
    if (path === '/v4/sports' || path === '/v4/sports/') {
      const ours = (await world.sports()).map((s) => ({
        key: s.key,
        group: s.group,
        title: s.title,
        description: sportDescriptions[s.key] ?? s.title,
        active: s.active,
        has_outrights: false,
      }))
      return { body: [...ours, ...otherSports], cost: 0 }
    }
    const match = /^\/v4\/sports\/([^/]+)\/(events|odds|scores|events\/([^/]+)\/odds)\/?$/.exec(path)
    if (!match) throw new ApiError(404, 'NOT_FOUND', 'Not found')
    const sportKey = decodeURIComponent(match[1]!)
    const title = await sportTitleOf(sportKey)
    const format = query.oddsFormat ?? 'decimal'

    if (match[2] === 'events') {
      return { body: (await world.events(sportKey)).map((e) => eventJson(e, title)), cost: 0 }
    }
    if (match[2] === 'odds') {
      const { markets, regions } = oddsCall(query, false)
      const events = await world.odds(sportKey, oddsQuery(markets, query))
      return { body: events.map((e) => oddsJson(e, title, format)), cost: markets.length * regions }
    }
    if (match[2] === 'scores') {
      const daysFrom = query.daysFrom
      if (daysFrom !== undefined && !/^[123]$/.test(daysFrom)) {
        throw new ApiError(422, 'INVALID_SCORES_DAYS_FROM', 'daysFrom must be an integer from 1 to 3')
      }
      const scores = await world.scores(sportKey, daysFrom ? Number(daysFrom) : 1)
      const listed = scores.filter((e) => e.status !== 'postponed' && (daysFrom || e.status !== 'final'))
      return { body: listed.map((e) => scoreJson(e, title)), cost: daysFrom ? 2 : 1 }
    }
    const { markets, regions } = oddsCall(query, true)
    const fixtureId = await fixtureIdOf(sportKey, decodeURIComponent(match[3]!))
    const notFound = () =>
      new ApiError(404, 'EVENT_NOT_FOUND', 'Event not found. The event may have expired or the event id is invalid.')
    if (!fixtureId) throw notFound()
    try {
      const event = await world.eventOdds(sportKey, fixtureId, oddsQuery(markets, query))
      const json = oddsJson(event, title, format)
      const marketsReturned = new Set(event.bookmakers.flatMap((b) => b.markets.map((m) => m.key))).size
      return { body: json, cost: marketsReturned * regions }
    } catch {
      throw notFound()
    }
  }

  function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
    res.end(typeof body === 'string' ? body : JSON.stringify(body))
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://double')
    const query = Object.fromEntries(url.searchParams)
    const record: RecordedOddsRequest = { method: req.method ?? 'GET', path: url.pathname, query, status: 0 }
    requests.push(record)
    const fail = (status: number, code: string, message: string) => {
      record.status = status
      send(res, status, { message, error_code: code, details_url: detailsUrl(code) })
    }

    const injected = failures.find((f) =>
      typeof f.path === 'string' ? f.path === url.pathname : f.path.test(url.pathname),
    )
    if (injected) {
      injected.times--
      if (injected.times <= 0) failures.splice(failures.indexOf(injected), 1)
      if (injected.failure === 'disconnect') {
        record.status = -1
        req.socket.destroy()
        return
      }
      record.status = injected.failure.status
      send(res, injected.failure.status, injected.failure.body ?? '')
      return
    }

    if (req.method !== 'GET') return fail(405, 'METHOD_NOT_ALLOWED', 'Only GET is supported')
    if (!query.apiKey) {
      return fail(401, 'MISSING_KEY', 'API key is missing. Get a key at https://the-odds-api.com')
    }
    if (query.apiKey !== apiKey) {
      return fail(401, 'INVALID_KEY', 'API key is not valid. Check the key or get one at https://the-odds-api.com')
    }
    try {
      const { body, cost } = await answer(url.pathname, query)
      if (cost > 0 && remaining < cost) {
        return fail(
          401,
          'OUT_OF_USAGE_CREDITS',
          'Usage quota has been reached. See usage plans at https://the-odds-api.com',
        )
      }
      used += cost
      remaining -= cost
      record.status = 200
      send(res, 200, body, {
        'x-requests-remaining': String(remaining),
        'x-requests-used': String(used),
        'x-requests-last': String(cost),
      })
    } catch (err) {
      if (err instanceof ApiError) return fail(err.status, err.code, err.message)
      return fail(500, 'INTERNAL_ERROR', 'Internal error')
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, { message: 'Internal error', error_code: 'INTERNAL_ERROR' })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    requestsTo: (path) => requests.filter((r) => (typeof path === 'string' ? r.path === path : path.test(r.path))),
    failNext(path, failure, times = 1) {
      failures.push({ path, failure, times })
    },
    setRemainingCredits(credits) {
      remaining = credits
    },
    usage: () => ({ used, remaining }),
    world,
    apiIdOf,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((err) => (err ? reject(err) : resolve()))
      }),
  }
}
