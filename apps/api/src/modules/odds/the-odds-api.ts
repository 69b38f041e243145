import { z } from 'zod'
import {
  OddsProviderError,
  type EventOdds,
  type EventScore,
  type EventStatus,
  type OddsErrorReason,
  type OddsEvent,
  type OddsProvider,
  type OddsQuery,
  type OddsSportInfo,
} from './odds-provider.ts'

/** Where the adapter reports quota use and failures (Fastify's logger fits). */
export interface OddsLog {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

type CacheKind = 'sports' | 'events' | 'odds' | 'eventOdds' | 'scores'

export interface TheOddsApiOptions {
  apiKey: string
  /** Default https://api.the-odds-api.com; tests point it at the local double. */
  baseUrl?: string
  fetch?: typeof fetch
  /** How long an answer is reused, per kind of call (sports 1 h; the others 60 s). */
  cacheTtlMs?: Partial<Record<CacheKind, number>>
  /** Cached answers kept at most (the oldest go first). */
  cacheMaxEntries?: number
  timeoutMs?: number
  log?: OddsLog
  now?: () => Date
}

const defaultTtlMs: Record<CacheKind, number> = {
  sports: 60 * 60_000,
  events: 60_000,
  odds: 60_000,
  eventOdds: 60_000,
  scores: 60_000,
}

// The Odds API v4's JSON, as much of it as we read.
const ApiSport = z.object({ key: z.string(), group: z.string(), title: z.string(), active: z.boolean() })
const ApiEvent = z.object({
  id: z.string(),
  sport_key: z.string(),
  commence_time: z.iso.datetime({ offset: true }),
  home_team: z.string(),
  away_team: z.string(),
})
const ApiOutcome = z.object({
  name: z.string(),
  price: z.number(),
  point: z.number().optional(),
  description: z.string().optional(),
})
const ApiBookmaker = z.object({
  key: z.string(),
  title: z.string(),
  last_update: z.iso.datetime({ offset: true }),
  markets: z.array(z.object({ key: z.string(), outcomes: z.array(ApiOutcome) })),
})
const ApiEventOdds = ApiEvent.extend({ bookmakers: z.array(ApiBookmaker) })
const ApiScore = ApiEvent.extend({
  completed: z.boolean(),
  scores: z.array(z.object({ name: z.string(), score: z.union([z.string(), z.number()]) })).nullish(),
})
const ApiErrorBody = z.object({ message: z.string().optional(), error_code: z.string().optional() })

type ApiEvent = z.infer<typeof ApiEvent>

/**
 * The Odds API v4 (https://the-odds-api.com/liveapi/guides/v4/) as an OddsProvider. Every answer
 * is cached in memory for a short while per URL, and concurrent identical calls share one request,
 * because each call spends the account's quota. The key travels in the query string (the API's
 * only way), so no URL is ever logged or put in an error: only paths, and messages with the key
 * scrubbed out.
 */
export function createTheOddsApiProvider(options: TheOddsApiOptions): OddsProvider & { clockNow(): Date } {
  const baseUrl = (options.baseUrl ?? 'https://api.the-odds-api.com').replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const now = options.now ?? (() => new Date())
  const ttlMs = { ...defaultTtlMs, ...options.cacheTtlMs }
  const maxEntries = options.cacheMaxEntries ?? 500
  const timeoutMs = options.timeoutMs ?? 10_000
  const log = options.log
  const cache = new Map<string, { expiresAt: number; value: unknown }>()
  const inFlight = new Map<string, Promise<unknown>>()

  const scrub = (text: string) => (options.apiKey ? text.split(options.apiKey).join('[redacted]') : text)

  function failure(status: number, body: unknown, path: string): OddsProviderError {
    const parsed = ApiErrorBody.safeParse(body)
    const theirs = scrub(parsed.success ? (parsed.data.message ?? '') : '').trim()
    const code = parsed.success ? (parsed.data.error_code ?? '') : ''
    const said = theirs ? `: ${theirs}` : ''
    let reason: OddsErrorReason
    let message: string
    if (status === 401) {
      reason = 'unauthorized'
      const outOfCredits = code === 'OUT_OF_USAGE_CREDITS' || /quota|credit/i.test(theirs)
      message = outOfCredits
        ? `The Odds API key is out of credits${said}`
        : `The Odds API refused the key (a bad or deactivated key)${said}`
    } else if (status === 422) {
      reason = 'invalid_request'
      message = `The Odds API refused the request${said}`
    } else if (status === 429) {
      reason = 'rate_limited'
      message = `The Odds API is limiting our request rate${said}`
    } else if (status === 404) {
      reason = 'not_found'
      message = `The Odds API has no such ${path.includes('/events/') ? 'event' : 'sport'}${said}`
    } else {
      reason = 'unavailable'
      message = `The Odds API answered ${status}${said}`
    }
    return new OddsProviderError(message, reason)
  }

  function logUsage(path: string, response: Response): void {
    const header = (name: string) => {
      const value = response.headers.get(name)
      return value === null || value === '' ? null : Number(value)
    }
    log?.info(
      {
        path,
        status: response.status,
        requestsRemaining: header('x-requests-remaining'),
        requestsUsed: header('x-requests-used'),
        requestsLast: header('x-requests-last'),
      },
      'The Odds API quota',
    )
  }

  async function request(path: string, query: Record<string, string>): Promise<unknown> {
    const url = `${baseUrl}${path}?${new URLSearchParams({ ...query, apiKey: options.apiKey })}`
    let response: Response
    try {
      response = await doFetch(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) })
    } catch (err) {
      const why = err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable'
      log?.warn({ path, why }, 'The Odds API request failed')
      throw new OddsProviderError(`The Odds API could not be reached (${why})`, 'unavailable')
    }
    logUsage(path, response)
    let body: unknown = null
    try {
      body = await response.json()
    } catch {
      if (response.ok)
        throw new OddsProviderError('The Odds API answered with something other than JSON', 'unavailable')
    }
    if (!response.ok) {
      const error = failure(response.status, body, path)
      log?.warn({ path, status: response.status, reason: error.reason, message: error.message }, 'The Odds API refused')
      throw error
    }
    return body
  }

  /** One cached, single-flight GET; the cache key is the URL without the key. */
  async function get<T>(kind: CacheKind, path: string, query: Record<string, string>, schema: z.ZodType<T>) {
    const cacheKey = `${path}?${new URLSearchParams(query)}`
    const cached = cache.get(cacheKey)
    if (cached && cached.expiresAt > now().getTime()) return cached.value as T
    if (cached) cache.delete(cacheKey)
    const pending = inFlight.get(cacheKey)
    if (pending) return (await pending) as T
    const call = (async () => {
      const body = await request(path, query)
      const parsed = schema.safeParse(body)
      if (!parsed.success) {
        log?.warn({ path, issues: parsed.error.issues.slice(0, 5) }, 'The Odds API answered in an unexpected shape')
        throw new OddsProviderError('The Odds API answered in an unexpected shape', 'unavailable')
      }
      cache.set(cacheKey, { expiresAt: now().getTime() + ttlMs[kind], value: parsed.data })
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value!)
      return parsed.data
    })()
    inFlight.set(cacheKey, call)
    try {
      return await call
    } finally {
      inFlight.delete(cacheKey)
    }
  }

  const sportPath = (sportKey: string) => `/v4/sports/${encodeURIComponent(sportKey)}`

  const toEvent = (e: ApiEvent): OddsEvent => ({
    id: e.id,
    sportKey: e.sport_key,
    commenceTime: new Date(e.commence_time),
    homeTeam: e.home_team,
    awayTeam: e.away_team,
  })

  const toEventOdds = (e: z.infer<typeof ApiEventOdds>): EventOdds => ({
    ...toEvent(e),
    bookmakers: e.bookmakers.map((b) => ({
      key: b.key,
      title: b.title,
      lastUpdate: new Date(b.last_update),
      markets: b.markets.map((m) => ({
        key: m.key,
        outcomes: m.outcomes.map((o) => ({
          name: o.name,
          price: Math.round(o.price),
          point: o.point ?? null,
          description: o.description ?? null,
        })),
      })),
    })),
  })

  function toScore(e: z.infer<typeof ApiScore>, at: Date): EventScore {
    const event = toEvent(e)
    const scoreOf = (team: string) => {
      const entry = e.scores?.find((s) => s.name === team)
      const value = entry === undefined ? NaN : Number(entry.score)
      return Number.isFinite(value) ? value : null
    }
    const status: EventStatus = e.completed ? 'final' : event.commenceTime <= at ? 'live' : 'upcoming'
    return { ...event, status, homeScore: scoreOf(e.home_team), awayScore: scoreOf(e.away_team) }
  }

  function oddsParams(query: OddsQuery): Record<string, string> {
    return {
      regions: 'us',
      markets: [...new Set(query.markets)].join(','),
      oddsFormat: 'american',
      dateFormat: 'iso',
      ...(query.bookmakers && query.bookmakers.length > 0 ? { bookmakers: query.bookmakers.join(',') } : {}),
    }
  }

  return {
    name: 'the-odds-api',

    clockNow: now,

    async sports(): Promise<OddsSportInfo[]> {
      const sports = await get('sports', '/v4/sports', {}, z.array(ApiSport))
      return sports.map((s) => ({ key: s.key, title: s.title, group: s.group, active: s.active }))
    },

    async events(sportKey: string): Promise<OddsEvent[]> {
      const events = await get('events', `${sportPath(sportKey)}/events`, { dateFormat: 'iso' }, z.array(ApiEvent))
      return events.map(toEvent)
    },

    async odds(sportKey: string, query: OddsQuery): Promise<EventOdds[]> {
      const events = await get('odds', `${sportPath(sportKey)}/odds`, oddsParams(query), z.array(ApiEventOdds))
      return events.map(toEventOdds)
    },

    async eventOdds(sportKey: string, eventId: string, query: OddsQuery): Promise<EventOdds> {
      const path = `${sportPath(sportKey)}/events/${encodeURIComponent(eventId)}/odds`
      return toEventOdds(await get('eventOdds', path, oddsParams(query), ApiEventOdds))
    },

    async scores(sportKey: string, daysFrom: number): Promise<EventScore[]> {
      const days = String(Math.min(3, Math.max(1, Math.round(daysFrom))))
      const query = { daysFrom: days, dateFormat: 'iso' }
      const events = await get('scores', `${sportPath(sportKey)}/scores`, query, z.array(ApiScore))
      const at = now()
      return events.map((e) => toScore(e, at))
    },
  }
}
