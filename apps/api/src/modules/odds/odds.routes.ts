import {
  BookmakerRankingsAnswer,
  EventIdParams,
  EventOddsQuery,
  fallbackBookmakerRankings,
  GameOddsAnswer,
  GamesAnswer,
  GamesParams,
  mainMarkets,
  OddsBoardAnswer,
  OddsBoardParams,
  pickMessages,
  PlayerPropsParams,
  PlayerPropsQuery,
  propMarkets,
  sportLabel,
  sports,
  SportsAnswer,
  type Game,
  type SportSlug,
} from '@picks/contracts'
import type { FastifyBaseLogger, FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'
import { OddsProviderError, type EventOdds, type OddsProvider } from './odds-provider.ts'
import { oddsClock, openStatus, sportKeyOf, toGame, toGameOdds } from './odds.service.ts'

const oddsCacheControl = 'public, max-age=30'
const retryAfterSeconds = 60

/**
 * A provider failure as the client sees it: an unknown event is 404; the provider's rate limit
 * passes through as 429 with Retry-After; anything else (a bad key, no credits, a refused request,
 * the provider down) is 503 with reason ODDS_UNAVAILABLE and the spec §8 message for the call.
 */
function providerFailure(error: unknown, reply: FastifyReply, log: FastifyBaseLogger, message: string): Error {
  if (!(error instanceof OddsProviderError)) return error instanceof Error ? error : new Error(String(error))
  if (error.reason === 'not_found') return new AppError('NOT_FOUND', 'Game not found', { reason: 'GAME_NOT_FOUND' })
  log.warn({ reason: error.reason, providerMessage: error.message }, 'the odds provider failed')
  if (error.reason === 'rate_limited') {
    reply.header('retry-after', String(retryAfterSeconds))
    return new AppError('RATE_LIMITED', message, { reason: 'ODDS_RATE_LIMITED' })
  }
  return new AppError('SERVICE_UNAVAILABLE', message, { reason: 'ODDS_UNAVAILABLE' })
}

/** A list call: a sport the provider does not know (out of season at The Odds API) has no games. */
async function listOrEmpty<T>(call: () => Promise<T[]>): Promise<T[]> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof OddsProviderError && error.reason === 'not_found') return []
    throw error
  }
}

const byStart = (a: Game, b: Game) => a.commence_time.localeCompare(b.commence_time)

/**
 * Games, odds boards, one game's odds and player props, the provider's sports, and the bookmaker
 * rankings. All public. Sports are our slugs in URLs, mapped to the provider's keys.
 */
export const oddsRoutes: FastifyPluginAsyncZod<{ odds: OddsProvider }> = async (app, { odds }) => {
  /** Markets priced per bookmaker on the latest board of each sport and market, for the rankings. */
  const boardsSeen = new Map<string, Map<string, { title: string; priced: number }>>()

  function noteBoard(boardKey: string, games: EventOdds[]): void {
    const tally = new Map<string, { title: string; priced: number }>()
    for (const game of games) {
      for (const book of game.bookmakers) {
        const entry = tally.get(book.key) ?? { title: book.title, priced: 0 }
        entry.priced += book.markets.length
        tally.set(book.key, entry)
      }
    }
    boardsSeen.set(boardKey, tally)
  }

  /**
   * The sport of an upcoming or live event, for `GET /events/{id}/odds` asked without one: the
   * event lists of all our sports, asked together (free at The Odds API, and cached by its adapter).
   * Null when no list has it. A list that fails counts only when no other list has the event: then
   * the failure is thrown, since the event may be on it.
   */
  async function sportOfEvent(eventId: string): Promise<SportSlug | null> {
    const lists = await Promise.allSettled(
      sports.map(async ({ slug, oddsKey }) => ({ slug, events: await listOrEmpty(() => odds.events(oddsKey)) })),
    )
    for (const list of lists) {
      if (list.status === 'fulfilled' && list.value.events.some((event) => event.id === eventId)) return list.value.slug
    }
    const failed = lists.find((list) => list.status === 'rejected')
    if (failed) throw failed.reason
    return null
  }

  async function gamesOf(sport: SportSlug, x: 'upcoming' | 'live' | 'final' | 'all'): Promise<Game[]> {
    const sportKey = sportKeyOf(sport)
    const now = oddsClock(odds)
    const listed = async () =>
      (await listOrEmpty(() => odds.events(sportKey)))
        .map((e) => toGame(sport, { ...e, status: openStatus(e, now), homeScore: null, awayScore: null }))
        .filter((g) => g.status === 'upcoming')
    const scored = async (daysFrom: number) =>
      (await listOrEmpty(() => odds.scores(sportKey, daysFrom))).map((e) => toGame(sport, e))

    if (x === 'upcoming') return (await listed()).sort(byStart)
    if (x === 'live') return (await scored(3)).filter((g) => g.status === 'live').sort(byStart)
    if (x === 'final') return (await scored(3)).filter((g) => g.status === 'final').sort((a, b) => byStart(b, a))
    const all = await scored(3)
    const known = new Set(all.map((g) => g.id))
    return [...all, ...(await listed()).filter((g) => !known.has(g.id))].sort(byStart)
  }

  app.get(
    '/games/:sport/:x',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary: "A sport's games: upcoming, live, final (last three days) or all",
        params: GamesParams,
        response: { 200: GamesAnswer },
      },
    },
    async (request, reply) => {
      const { sport, x } = request.params
      try {
        const games = await gamesOf(sport, x)
        reply.header('cache-control', oddsCacheControl)
        return { sport, games }
      } catch (error) {
        throw providerFailure(error, reply, request.log, pickMessages.gameOddsFailed)
      }
    },
  )

  app.get(
    '/odds/:a/:b',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary: "The odds board: a sport's upcoming games with one main market, or all three",
        params: OddsBoardParams,
        response: { 200: OddsBoardAnswer },
      },
    },
    async (request, reply) => {
      const { a: sport, b: market } = request.params
      const markets = market === 'all' ? [...mainMarkets] : [market]
      try {
        const now = oddsClock(odds)
        const board = (await listOrEmpty(() => odds.odds(sportKeyOf(sport), { markets })))
          .filter((e) => e.commenceTime.getTime() > now.getTime())
          .sort((a, b) => a.commenceTime.getTime() - b.commenceTime.getTime())
        noteBoard(`${sport}|${market}`, board)
        reply.header('cache-control', oddsCacheControl)
        return { sport, games: board.map((e) => toGameOdds(sport, e, 'upcoming')) }
      } catch (error) {
        throw providerFailure(error, reply, request.log, pickMessages.gameOddsFailed)
      }
    },
  )

  app.get(
    '/events/:id/odds',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary:
          "One game's moneyline, spread and total at every bookmaker; the sport is found from the event lists unless given",
        params: EventIdParams,
        querystring: EventOddsQuery,
        response: { 200: GameOddsAnswer },
      },
    },
    async (request, reply) => {
      try {
        const sport = request.query.sport ?? (await sportOfEvent(request.params.id))
        if (!sport) throw new AppError('NOT_FOUND', 'Game not found', { reason: 'GAME_NOT_FOUND' })
        const game = await odds.eventOdds(sportKeyOf(sport), request.params.id, { markets: [...mainMarkets] })
        reply.header('cache-control', oddsCacheControl)
        return { game: toGameOdds(sport, game, openStatus(game, oddsClock(odds))) }
      } catch (error) {
        throw providerFailure(error, reply, request.log, pickMessages.gameOddsFailed)
      }
    },
  )

  app.get(
    '/odds/event/:a/:b/player-props',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary: "One game's player props (the sport's prop markets, or those named in `markets`)",
        params: PlayerPropsParams,
        querystring: PlayerPropsQuery,
        response: { 200: GameOddsAnswer },
      },
    },
    async (request, reply) => {
      const { a: sport, b: eventId } = request.params
      const offered = propMarkets[sport] ?? []
      const asked = request.query.markets ? [...new Set(request.query.markets.split(','))] : [...offered]
      const unknown = asked.filter((m) => !offered.includes(m))
      if (unknown.length > 0) {
        const message =
          offered.length > 0
            ? `Unknown player prop market for ${sportLabel(sport)}: ${unknown.join(', ')} (offered: ${offered.join(', ')})`
            : `${sportLabel(sport)} has no player prop markets`
        throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'query.markets', message }] })
      }
      const sportKey = sportKeyOf(sport)
      try {
        const now = oddsClock(odds)
        if (asked.length === 0) {
          // A sport without props (MMA): the game alone, from the free event list.
          const event = (await odds.events(sportKey)).find((e) => e.id === eventId)
          if (!event) throw new OddsProviderError(`Event not found: ${eventId}`, 'not_found')
          reply.header('cache-control', oddsCacheControl)
          return { game: toGameOdds(sport, { ...event, bookmakers: [] }, openStatus(event, now)) }
        }
        const game = await odds.eventOdds(sportKey, eventId, { markets: asked })
        const bookmakers = game.bookmakers
          .map((b) => ({ ...b, markets: b.markets.filter((m) => asked.includes(m.key)) }))
          .filter((b) => b.markets.length > 0)
        reply.header('cache-control', oddsCacheControl)
        return { game: toGameOdds(sport, { ...game, bookmakers }, openStatus(game, now)) }
      } catch (error) {
        throw providerFailure(error, reply, request.log, pickMessages.playerPropsFailed)
      }
    },
  )

  app.get(
    '/odds-api/sports',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary: 'The sports the odds provider offers, among ours',
        response: { 200: SportsAnswer },
      },
    },
    async (request, reply) => {
      try {
        const offered = await odds.sports()
        const answer = sports.flatMap((ours) => {
          const theirs = offered.find((s) => s.key === ours.oddsKey)
          return theirs
            ? [{ slug: ours.slug, key: theirs.key, title: theirs.title, group: theirs.group, active: theirs.active }]
            : []
        })
        reply.header('cache-control', 'public, max-age=300')
        return { sports: answer }
      } catch (error) {
        throw providerFailure(error, reply, request.log, pickMessages.sportsFailed)
      }
    },
  )

  app.get(
    '/bookmaker-rankings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['odds'],
        summary: 'Bookmakers ranked by how many markets they price on the boards; six fixed ones until a board is seen',
        response: { 200: BookmakerRankingsAnswer },
      },
    },
    async () => {
      const totals = new Map<string, { title: string; priced: number }>()
      for (const tally of boardsSeen.values()) {
        for (const [key, { title, priced }] of tally) {
          const entry = totals.get(key) ?? { title, priced: 0 }
          entry.priced += priced
          totals.set(key, entry)
        }
      }
      const ranked = [...totals.entries()]
        .filter(([, entry]) => entry.priced > 0)
        .sort(
          ([keyA, a], [keyB, b]) => b.priced - a.priced || a.title.localeCompare(b.title) || keyA.localeCompare(keyB),
        )
        .map(([key, { title }], index) => ({ key, title, rank: index + 1 }))
      return { bookmakers: ranked.length > 0 ? ranked : fallbackBookmakerRankings.map((b) => ({ ...b })) }
    },
  )
}
