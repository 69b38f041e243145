import {
  BookmakerRankingsAnswer,
  fallbackBookmakerRankings,
  GameOddsAnswer,
  GamesAnswer,
  OddsBoardAnswer,
  pickMessages,
  sports,
  SportsAnswer,
  type ErrorBody,
} from '@picks/contracts'
import Fastify, { type FastifyInstance } from 'fastify'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import { afterEach, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../http/error-handler.ts'
import { createFixtureOddsProvider, type FixtureOddsProvider } from './fixture-odds.ts'
import { OddsProviderError, type OddsErrorReason, type OddsProvider } from './odds-provider.ts'
import { oddsRoutes } from './odds.routes.ts'

const hourMs = 60 * 60 * 1000

/** The odds routes alone, as app.ts mounts them under /api, with the fixtures at a fixed moment. */
async function oddsApp(odds: OddsProvider): Promise<FastifyInstance> {
  const app = Fastify({ logger: false })
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  registerErrorHandling(app)
  await app.register(oddsRoutes, { prefix: '/api', odds })
  await app.ready()
  return app
}

function fixtures(): FixtureOddsProvider {
  return createFixtureOddsProvider({ now: () => new Date('2026-01-10T20:10:00Z') })
}

/** A provider whose every call fails with `reason`, saying something we must not pass on. */
function failingProvider(reason: OddsErrorReason): OddsProvider {
  const fail = async (): Promise<never> => {
    throw new OddsProviderError('The Odds API key is out of credits: Usage quota has been reached', reason)
  }
  return { name: 'the-odds-api', sports: fail, events: fail, odds: fail, eventOdds: fail, scores: fail }
}

let app: FastifyInstance | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

async function get(path: string) {
  const response = await app!.inject({ method: 'GET', url: `/api${path}` })
  return { status: response.statusCode, headers: response.headers, body: response.json() as unknown }
}

describe('games', () => {
  it("lists a sport's upcoming games, soonest first, with a short public cache", async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const { status, headers, body } = await get('/games/nba/upcoming')
    expect(status).toBe(200)
    expect(headers['cache-control']).toBe('public, max-age=30')
    const { sport, games } = GamesAnswer.parse(body)
    expect(sport).toBe('nba')
    expect(games.length).toBeGreaterThan(5)
    const starts = games.map((g) => Date.parse(g.commence_time))
    expect(starts).toEqual([...starts].sort((a, b) => a - b))
    for (const game of games) {
      expect(game).toMatchObject({ sport: 'nba', sport_key: 'basketball_nba', status: 'upcoming', home_score: null })
      expect(Date.parse(game.commence_time)).toBeGreaterThan(odds.clockNow().getTime())
    }
  })

  it('lists live games with the score so far, and finished games latest first with final scores', async () => {
    app = await oddsApp(fixtures())
    const live = GamesAnswer.parse((await get('/games/nhl/live')).body).games
    expect(live.length).toBeGreaterThan(0)
    for (const game of live) {
      expect(game.status).toBe('live')
      expect(game.home_score).toEqual(expect.any(Number))
    }
    const finals = GamesAnswer.parse((await get('/games/nhl/final')).body).games
    expect(finals.length).toBeGreaterThan(5)
    for (const game of finals) {
      expect(game.status).toBe('final')
      expect(game.home_score).not.toBe(game.away_score)
    }
    const starts = finals.map((g) => Date.parse(g.commence_time))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
  })

  it('lists all games of the last three days and the coming ones', async () => {
    app = await oddsApp(fixtures())
    const { games } = GamesAnswer.parse((await get('/games/mlb/all')).body)
    const statuses = new Set(games.map((g) => g.status))
    for (const status of ['upcoming', 'live', 'final']) expect(statuses).toContain(status)
    expect(new Set(games.map((g) => g.id)).size).toBe(games.length)
  })

  it('follows the fixture clock: an upcoming game is final once the clock has moved past it', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [next] = GamesAnswer.parse((await get('/games/nfl/upcoming')).body).games
    odds.advance(Date.parse(next!.commence_time) - odds.clockNow().getTime() + 4 * hourMs)
    const finals = GamesAnswer.parse((await get('/games/nfl/final')).body).games
    const finished = finals.find((g) => g.id === next!.id)
    expect(finished).toMatchObject({ status: 'final', home_team: next!.home_team, away_team: next!.away_team })
    expect(finished!.home_score).toEqual(expect.any(Number))
  })

  it('refuses an unknown sport or listing', async () => {
    app = await oddsApp(fixtures())
    expect((await get('/games/cricket/upcoming')).status).toBe(400)
    const { status, body } = await get('/games/nba/tomorrow')
    expect(status).toBe(400)
    expect((body as ErrorBody).error.details?.[0]?.field).toBe('params.x')
  })
})

describe('odds board', () => {
  it('gives every upcoming game with the three main markets at several bookmakers', async () => {
    app = await oddsApp(fixtures())
    const { status, headers, body } = await get('/odds/nba/all')
    expect(status).toBe(200)
    expect(headers['cache-control']).toBe('public, max-age=30')
    const { sport, games } = OddsBoardAnswer.parse(body)
    expect(sport).toBe('nba')
    expect(games.length).toBeGreaterThan(5)
    for (const game of games) {
      expect(game.status).toBe('upcoming')
      expect(game.bookmakers.length).toBeGreaterThanOrEqual(3)
    }
    const keys = new Set(games.flatMap((g) => g.bookmakers.flatMap((b) => b.markets.map((m) => m.key))))
    expect([...keys].sort()).toEqual(['h2h', 'spreads', 'totals'])
    const spread = games[0]!.bookmakers.flatMap((b) => b.markets).find((m) => m.key === 'spreads')
    expect(spread!.outcomes[0]!.point).toBe(-spread!.outcomes[1]!.point!)
  })

  it('gives one market when asked, with a Draw in soccer moneylines', async () => {
    app = await oddsApp(fixtures())
    const totals = OddsBoardAnswer.parse((await get('/odds/nfl/totals')).body).games
    for (const market of totals.flatMap((g) => g.bookmakers.flatMap((b) => b.markets))) {
      expect(market.key).toBe('totals')
    }
    const soccer = OddsBoardAnswer.parse((await get('/odds/soccer/h2h')).body).games
    const h2h = soccer[0]!.bookmakers[0]!.markets[0]!
    expect(h2h.outcomes.map((o) => o.name)).toContain('Draw')
  })

  it('refuses a market that is not a main one', async () => {
    app = await oddsApp(fixtures())
    const { status, body } = await get('/odds/nba/player_points')
    expect(status).toBe(400)
    expect((body as ErrorBody).error.details?.[0]?.field).toBe('params.b')
  })
})

describe("one game's odds", () => {
  it('gives its main markets at every bookmaker', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [event] = await odds.events('basketball_ncaab')
    const { status, body } = await get(`/events/${event!.id}/odds?sport=ncaab`)
    expect(status).toBe(200)
    const { game } = GameOddsAnswer.parse(body)
    expect(game).toMatchObject({ id: event!.id, sport: 'ncaab', home_team: event!.homeTeam })
    const keys = new Set(game.bookmakers.flatMap((b) => b.markets.map((m) => m.key)))
    expect([...keys].sort()).toEqual(['h2h', 'spreads', 'totals'])
  })

  it('finds the sport itself when none is given (spec §7 sends the id alone)', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    for (const { slug, oddsKey } of [sports[3]!, sports[8]!]) {
      const [event] = await odds.events(oddsKey)
      const { status, body } = await get(`/events/${event!.id}/odds`)
      expect(status, slug).toBe(200)
      expect(GameOddsAnswer.parse(body).game).toMatchObject({ id: event!.id, sport: slug, home_team: event!.homeTeam })
    }
  })

  it('finds the sport when another sport’s list fails, and fails only when no list has the game', async () => {
    const odds = fixtures()
    const nbaDown: OddsProvider = {
      ...odds,
      events: async (sportKey) => {
        if (sportKey === 'basketball_nba') throw new OddsProviderError('down', 'unavailable')
        return odds.events(sportKey)
      },
    }
    app = await oddsApp(nbaDown)
    const [event] = await odds.events('icehockey_nhl')
    expect((await get(`/events/${event!.id}/odds`)).status).toBe(200)
    const unknown = await get('/events/nba-20200101-1/odds')
    expect(unknown.status).toBe(503)
    expect((unknown.body as ErrorBody).error).toMatchObject({
      reason: 'ODDS_UNAVAILABLE',
      message: pickMessages.gameOddsFailed,
    })
  })

  it('answers 404 for a game the provider does not list, with or without a sport, and 400 for a bad sport or id', async () => {
    app = await oddsApp(fixtures())
    for (const path of ['/events/nba-20200101-1/odds?sport=nba', '/events/nba-20200101-1/odds']) {
      const missing = await get(path)
      expect(missing.status, path).toBe(404)
      expect((missing.body as ErrorBody).error).toMatchObject({ code: 'NOT_FOUND', message: 'Game not found' })
    }
    const badSport = await get('/events/nba-20200101-1/odds?sport=curling')
    expect(badSport.status).toBe(400)
    expect((badSport.body as ErrorBody).error.details?.[0]?.field).toBe('query.sport')
    expect((await get('/events/not%20an%20id/odds?sport=nba')).status).toBe(400)
    expect((await get('/events/not%20an%20id/odds')).status).toBe(400)
  })
})

describe('player props', () => {
  it("gives the sport's prop markets only: Over/Under per player with the line", async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [event] = await odds.events('basketball_nba')
    const { status, headers, body } = await get(`/odds/event/nba/${event!.id}/player-props`)
    expect(status).toBe(200)
    expect(headers['cache-control']).toBe('public, max-age=30')
    const { game } = GameOddsAnswer.parse(body)
    const keys = new Set(game.bookmakers.flatMap((b) => b.markets.map((m) => m.key)))
    expect([...keys].sort()).toEqual(['player_assists', 'player_points', 'player_rebounds', 'player_threes'])
    const points = game.bookmakers[0]!.markets.find((m) => m.key === 'player_points')!
    expect(points.outcomes[0]).toMatchObject({
      name: 'Over',
      description: expect.any(String),
      point: expect.any(Number),
    })
  })

  it('gives only the markets named in `markets`', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [event] = await odds.events('baseball_mlb')
    const { body } = await get(`/odds/event/mlb/${event!.id}/player-props?markets=pitcher_strikeouts`)
    const keys = new Set(GameOddsAnswer.parse(body).game.bookmakers.flatMap((b) => b.markets.map((m) => m.key)))
    expect([...keys]).toEqual(['pitcher_strikeouts'])
  })

  it('refuses markets the sport does not offer, naming query.markets', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [event] = await odds.events('baseball_mlb')
    const { status, body } = await get(`/odds/event/mlb/${event!.id}/player-props?markets=player_points,batter_hits`)
    expect(status).toBe(400)
    const { error } = body as ErrorBody
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details).toEqual([{ field: 'query.markets', message: expect.stringContaining('player_points') }])
  })

  it('gives a fight without props, and 404 for an unknown fight', async () => {
    const odds = fixtures()
    app = await oddsApp(odds)
    const [fight] = await odds.events('mma_mixed_martial_arts')
    const { status, body } = await get(`/odds/event/mma/${fight!.id}/player-props`)
    expect(status).toBe(200)
    expect(GameOddsAnswer.parse(body).game).toMatchObject({ id: fight!.id, bookmakers: [] })
    expect((await get('/odds/event/mma/mma-20200101-1/player-props')).status).toBe(404)
  })
})

describe('sports and bookmaker rankings', () => {
  it("lists the provider's sports among ours, by our slugs", async () => {
    app = await oddsApp(fixtures())
    const { status, body } = await get('/odds-api/sports')
    expect(status).toBe(200)
    const answer = SportsAnswer.parse(body)
    expect(answer.sports.map((s) => s.slug)).toEqual(sports.map((s) => s.slug))
    expect(answer.sports.find((s) => s.slug === 'soccer')).toMatchObject({ key: 'soccer_epl', title: 'EPL' })
  })

  it('ranks the six fallback bookmakers until a board has been seen', async () => {
    app = await oddsApp(fixtures())
    const { status, body } = await get('/bookmaker-rankings')
    expect(status).toBe(200)
    expect(BookmakerRankingsAnswer.parse(body).bookmakers).toEqual(fallbackBookmakerRankings)
  })

  it('then ranks the bookmakers by how many markets they price on the boards', async () => {
    app = await oddsApp(fixtures())
    const boards = [
      OddsBoardAnswer.parse((await get('/odds/nba/all')).body),
      OddsBoardAnswer.parse((await get('/odds/nfl/all')).body),
    ]
    const priced = new Map<string, number>()
    for (const book of boards.flatMap((b) => b.games.flatMap((g) => g.bookmakers))) {
      priced.set(book.key, (priced.get(book.key) ?? 0) + book.markets.length)
    }
    const { bookmakers } = BookmakerRankingsAnswer.parse((await get('/bookmaker-rankings')).body)
    expect(bookmakers.map((b) => b.rank)).toEqual(bookmakers.map((_, i) => i + 1))
    expect(bookmakers).toHaveLength(priced.size)
    const counts = bookmakers.map((b) => priced.get(b.key)!)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(bookmakers[0]).toMatchObject({ key: 'draftkings', title: 'DraftKings', rank: 1 })
  })
})

describe('when the odds provider fails', () => {
  it.each([
    ['/odds-api/sports', pickMessages.sportsFailed],
    ['/odds/nba/all', pickMessages.gameOddsFailed],
    ['/games/nba/upcoming', pickMessages.gameOddsFailed],
    ['/events/abc123/odds?sport=nba', pickMessages.gameOddsFailed],
    ['/events/abc123/odds', pickMessages.gameOddsFailed],
    ['/odds/event/nba/abc123/player-props', pickMessages.playerPropsFailed],
  ])('GET %s answers 503 "%s" and keeps the provider\'s words to itself', async (path, message) => {
    app = await oddsApp(failingProvider('unauthorized'))
    const { status, body } = await get(path)
    expect(status).toBe(503)
    expect((body as ErrorBody).error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      reason: 'ODDS_UNAVAILABLE',
      message,
    })
    expect(JSON.stringify(body)).not.toContain('credits')
  })

  it("passes the provider's rate limit on as 429 with Retry-After", async () => {
    app = await oddsApp(failingProvider('rate_limited'))
    const { status, headers, body } = await get('/odds/nba/h2h')
    expect(status).toBe(429)
    expect(headers['retry-after']).toBe('60')
    expect((body as ErrorBody).error).toMatchObject({ code: 'RATE_LIMITED', message: pickMessages.gameOddsFailed })
  })

  it('still ranks the fallback bookmakers', async () => {
    app = await oddsApp(failingProvider('unavailable'))
    await get('/odds/nba/all')
    expect(BookmakerRankingsAnswer.parse((await get('/bookmaker-rankings')).body).bookmakers).toEqual(
      fallbackBookmakerRankings,
    )
  })
})
