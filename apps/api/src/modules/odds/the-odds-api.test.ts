import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startOddsApiDouble, type OddsApiDouble } from '../../test/odds-double.ts'
import { describeOddsProviderContract } from './odds-contract.ts'
import { OddsProviderError, type OddsProvider } from './odds-provider.ts'
import { createTheOddsApiProvider, type OddsLog, type TheOddsApiOptions } from './the-odds-api.ts'

describeOddsProviderContract('The Odds API, against a local double of its v4 API', async () => {
  const double = await startOddsApiDouble()
  return {
    provider: createTheOddsApiProvider({ apiKey: double.apiKey, baseUrl: double.baseUrl }),
    close: () => double.close(),
  }
})

/** A log that keeps what it is told. */
function recordingLog(): OddsLog & { entries: { level: string; obj: object; msg: string }[] } {
  const entries: { level: string; obj: object; msg: string }[] = []
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
  }
}

async function failureOf(call: Promise<unknown>): Promise<OddsProviderError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(OddsProviderError)
  return error as OddsProviderError
}

const nba = 'basketball_nba'
const board = { markets: ['h2h', 'spreads', 'totals'] }

describe('The Odds API adapter', () => {
  let double: OddsApiDouble
  let clock: number
  let log: ReturnType<typeof recordingLog>

  function adapter(options: Partial<TheOddsApiOptions> = {}): OddsProvider {
    return createTheOddsApiProvider({
      apiKey: double.apiKey,
      baseUrl: double.baseUrl,
      log,
      now: () => new Date(clock),
      ...options,
    })
  }

  beforeAll(async () => {
    double = await startOddsApiDouble()
  })
  afterAll(async () => {
    await double?.close()
  })
  beforeEach(() => {
    clock = Date.now()
    log = recordingLog()
    double.setRemainingCredits(500)
  })

  it('asks for American odds from US bookmakers, with the markets and bookmakers wanted', async () => {
    const before = double.requests.length
    await adapter().odds(nba, { markets: ['h2h', 'totals'], bookmakers: ['draftkings', 'fanduel'] })
    const [sent] = double.requests.slice(before)
    expect(sent).toMatchObject({ path: '/v4/sports/basketball_nba/odds', status: 200 })
    expect(sent!.query).toEqual({
      apiKey: double.apiKey,
      regions: 'us',
      markets: 'h2h,totals',
      oddsFormat: 'american',
      dateFormat: 'iso',
      bookmakers: 'draftkings,fanduel',
    })
  })

  it('maps scores: strings to numbers, completed to final, started to live, the rest upcoming', async () => {
    const scores = await adapter().scores(nba, 3)
    const byStatus = (status: string) => scores.filter((s) => s.status === status)
    expect(byStatus('final').length).toBeGreaterThan(0)
    expect(byStatus('live').length).toBeGreaterThan(0)
    expect(byStatus('upcoming').length).toBeGreaterThan(0)
    // The same games as the world behind the double, score for score.
    const world = await double.world.scores(nba, 3)
    for (const game of byStatus('final')) {
      const same = world.find((w) => double.apiIdOf(w.id) === game.id)
      expect(same).toMatchObject({ homeScore: game.homeScore, awayScore: game.awayScore, homeTeam: game.homeTeam })
    }
    for (const game of byStatus('live')) expect(game.commenceTime.getTime()).toBeLessThanOrEqual(clock)
    expect(double.requestsTo('/v4/sports/basketball_nba/scores').at(-1)?.query.daysFrom).toBe('3')
  })

  it('logs the quota headers of every answer, never the key', async () => {
    await adapter().odds(nba, board)
    const usage = log.entries.find((e) => e.level === 'info')
    expect(usage?.obj).toMatchObject({
      path: '/v4/sports/basketball_nba/odds',
      status: 200,
      requestsRemaining: double.usage().remaining,
      requestsUsed: double.usage().used,
      requestsLast: 3,
    })
    await failureOf(adapter({ apiKey: `${double.apiKey}-wrong` }).sports())
    expect(log.entries.some((e) => e.level === 'warn')).toBe(true)
    expect(JSON.stringify(log.entries)).not.toContain(double.apiKey)
  })

  describe('caching, so the quota lasts', () => {
    it('asks once for two identical calls within the TTL, again after it', async () => {
      const provider = adapter()
      const path = '/v4/sports/icehockey_nhl/odds'
      const before = double.requestsTo(path).length
      const first = await provider.odds('icehockey_nhl', board)
      const second = await provider.odds('icehockey_nhl', board)
      expect(second).toEqual(first)
      expect(double.requestsTo(path).length - before).toBe(1)

      clock += 61_000
      await provider.odds('icehockey_nhl', board)
      expect(double.requestsTo(path).length - before).toBe(2)
    })

    it('shares one request among concurrent identical calls', async () => {
      const provider = adapter()
      const path = '/v4/sports/baseball_mlb/scores'
      const before = double.requestsTo(path).length
      await Promise.all([provider.scores('baseball_mlb', 2), provider.scores('baseball_mlb', 2)])
      expect(double.requestsTo(path).length - before).toBe(1)
    })

    it('asks again for different markets, and keeps the sports list for an hour', async () => {
      const provider = adapter()
      const oddsPath = '/v4/sports/basketball_wnba/odds'
      const before = double.requestsTo(oddsPath).length
      await provider.odds('basketball_wnba', { markets: ['h2h'] })
      await provider.odds('basketball_wnba', { markets: ['spreads'] })
      expect(double.requestsTo(oddsPath).length - before).toBe(2)

      const sportsBefore = double.requestsTo('/v4/sports').length
      await provider.sports()
      clock += 59 * 60_000
      await provider.sports()
      expect(double.requestsTo('/v4/sports').length - sportsBefore).toBe(1)
    })

    it('does not keep failures', async () => {
      const provider = adapter()
      const path = '/v4/sports/americanfootball_ncaaf/events'
      double.failNext(path, { status: 503, body: 'upstream down' })
      await failureOf(provider.events('americanfootball_ncaaf'))
      expect((await provider.events('americanfootball_ncaaf')).length).toBeGreaterThan(0)
    })
  })

  describe('errors, mapped with clear messages', () => {
    it("401 out of credits: unauthorized, saying so with the API's message", async () => {
      double.setRemainingCredits(0)
      const error = await failureOf(adapter().odds(nba, board))
      expect(error.reason).toBe('unauthorized')
      expect(error.message).toBe(
        'The Odds API key is out of credits: Usage quota has been reached. See usage plans at https://the-odds-api.com',
      )
    })

    it('401 for a bad key: unauthorized, naming the key as the problem', async () => {
      const error = await failureOf(adapter({ apiKey: 'not-a-real-key' }).events(nba))
      expect(error.reason).toBe('unauthorized')
      expect(error.message).toMatch(/refused the key.*API key is not valid/)
    })

    it('422 for a refused request: invalid_request with the reason', async () => {
      const error = await failureOf(adapter().odds(nba, { markets: ['player_points'] }))
      expect(error.reason).toBe('invalid_request')
      expect(error.message).toContain('Markets not supported by this endpoint: player_points')
    })

    it('429: rate_limited', async () => {
      double.failNext('/v4/sports/basketball_nba/odds', {
        status: 429,
        body: { message: 'Requests are being sent too frequently', error_code: 'EXCEEDED_FREQ_LIMIT' },
      })
      const error = await failureOf(adapter().odds(nba, { markets: ['h2h'], bookmakers: ['betmgm'] }))
      expect(error.reason).toBe('rate_limited')
      expect(error.message).toBe('The Odds API is limiting our request rate: Requests are being sent too frequently')
    })

    it('404 for an unknown event or sport: not_found', async () => {
      const event = await failureOf(adapter().eventOdds(nba, 'a'.repeat(32), { markets: ['h2h'] }))
      expect(event.reason).toBe('not_found')
      expect(event.message).toContain('Event not found')
      expect((await failureOf(adapter().events('curling_world'))).reason).toBe('not_found')
    })

    it('5xx, a dropped connection or nobody listening: unavailable', async () => {
      double.failNext('/v4/sports/soccer_epl/events', { status: 502, body: '<html>Bad gateway</html>' })
      expect((await failureOf(adapter().events('soccer_epl'))).reason).toBe('unavailable')
      double.failNext('/v4/sports/soccer_epl/events', 'disconnect')
      expect((await failureOf(adapter().events('soccer_epl'))).reason).toBe('unavailable')
      const nobody = await failureOf(adapter({ baseUrl: 'http://127.0.0.1:9' }).events('soccer_epl'))
      expect(nobody.reason).toBe('unavailable')
      expect(nobody.message).toBe('The Odds API could not be reached (unreachable)')
    })

    it('an answer in an unexpected shape: unavailable', async () => {
      double.failNext('/v4/sports/soccer_epl/scores', { status: 200, body: '{"not":"a list"}' })
      expect((await failureOf(adapter().scores('soccer_epl', 1))).reason).toBe('unavailable')
    })

    it('never puts the key in an error message, even when the API repeats it', async () => {
      double.failNext(/\/odds$/, {
        status: 401,
        body: { message: `API key ${double.apiKey} is not valid`, error_code: 'INVALID_KEY' },
      })
      const error = await failureOf(adapter().odds('mma_mixed_martial_arts', { markets: ['h2h'] }))
      expect(error.message).not.toContain(double.apiKey)
      expect(error.message).toContain('[redacted]')
      expect(JSON.stringify(log.entries)).not.toContain(double.apiKey)
    })
  })
})
