import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOddsApiDouble, type OddsApiDouble } from '../../test/odds-double.ts'
import {
  createFixtureOddsProvider,
  createOddsProvider,
  findGame,
  fixtureControls,
  marketPrice,
  oddsClock,
  type EventOdds,
  type OddsLog,
} from './odds.service.ts'

const hourMs = 60 * 60 * 1000
const quietLog: OddsLog = { info: () => {}, warn: () => {} }
const at = (iso: string) => () => new Date(iso)

describe('choosing the odds provider', () => {
  let double: OddsApiDouble
  beforeAll(async () => {
    double = await startOddsApiDouble()
  })
  afterAll(async () => {
    await double?.close()
  })

  it('uses the shipped fixtures when no key is configured', async () => {
    const provider = createOddsProvider({ oddsApiKey: null }, quietLog, { now: at('2026-01-10T20:10:00Z') })
    expect(provider.name).toBe('fixtures')
    expect(fixtureControls(provider)).not.toBeNull()
    expect(oddsClock(provider).toISOString()).toBe('2026-01-10T20:10:00.000Z')
    fixtureControls(provider)!.advance(hourMs)
    expect(oddsClock(provider).toISOString()).toBe('2026-01-10T21:10:00.000Z')
  })

  it('uses The Odds API with the configured key', async () => {
    const provider = createOddsProvider({ oddsApiKey: double.apiKey }, quietLog, { baseUrl: double.baseUrl })
    expect(provider.name).toBe('the-odds-api')
    expect(fixtureControls(provider)).toBeNull()
    expect((await provider.sports()).length).toBeGreaterThan(0)
    expect(double.requestsTo('/v4/sports').at(-1)?.query.apiKey).toBe(double.apiKey)
  })
})

describe('finding a game', () => {
  it('finds an upcoming game, then the same game live and final as the clock moves', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-01-10T20:10:00Z') })
    const [event] = await provider.odds('americanfootball_nfl', { markets: ['h2h'] })
    expect(await findGame(provider, 'nfl', event!.id)).toMatchObject({
      id: event!.id,
      status: 'upcoming',
      homeScore: null,
    })

    provider.advance(event!.commenceTime.getTime() - provider.clockNow().getTime() + hourMs)
    const live = await findGame(provider, 'nfl', event!.id)
    expect(live?.status).toBe('live')
    expect(live?.homeScore).toEqual(expect.any(Number))

    provider.advance(3 * hourMs)
    const final = await findGame(provider, 'nfl', event!.id)
    expect(final).toMatchObject({ status: 'final', homeTeam: event!.homeTeam, awayTeam: event!.awayTeam })
    expect(final!.homeScore).not.toBe(final!.awayScore)
  })

  it('finds a postponed game, and nothing for an unknown id or another sport', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-01-10T20:10:00Z') })
    const postponed = (await provider.scores('basketball_nba', 3)).find((s) => s.status === 'postponed')
    expect(postponed).toBeDefined()
    expect((await findGame(provider, 'nba', postponed!.id))?.status).toBe('postponed')
    expect(await findGame(provider, 'nba', 'nba-20200101-1')).toBeNull()
    expect(await findGame(provider, 'nhl', postponed!.id)).toBeNull()
  })

  it('finds games through The Odds API too', async () => {
    const double = await startOddsApiDouble()
    try {
      const provider = createOddsProvider({ oddsApiKey: double.apiKey }, quietLog, { baseUrl: double.baseUrl })
      const [upcoming] = (await provider.events('icehockey_nhl')).filter((e) => e.commenceTime.getTime() > Date.now())
      expect((await findGame(provider, 'nhl', upcoming!.id))?.status).toBe('upcoming')
      const [final] = (await provider.scores('icehockey_nhl', 3)).filter((s) => s.status === 'final')
      expect(await findGame(provider, 'nhl', final!.id)).toMatchObject({ status: 'final', homeScore: final!.homeScore })
    } finally {
      await double.close()
    }
  })
})

describe('the market price of a selection', () => {
  const event: EventOdds = {
    id: 'nba-20260110-7',
    sportKey: 'basketball_nba',
    commenceTime: new Date('2026-01-10T22:00:00Z'),
    homeTeam: 'Houston Rockets',
    awayTeam: 'Washington Wizards',
    bookmakers: [
      {
        key: 'draftkings',
        title: 'DraftKings',
        lastUpdate: new Date('2026-01-10T20:00:00Z'),
        markets: [
          {
            key: 'h2h',
            outcomes: [
              { name: 'Houston Rockets', price: 340, point: null, description: null },
              { name: 'Washington Wizards', price: -450, point: null, description: null },
            ],
          },
          {
            key: 'spreads',
            outcomes: [
              { name: 'Houston Rockets', price: -110, point: 10, description: null },
              { name: 'Washington Wizards', price: -105, point: -10, description: null },
            ],
          },
          {
            key: 'player_points',
            outcomes: [
              { name: 'Over', price: -115, point: 24.5, description: 'Nolan Whitaker' },
              { name: 'Under', price: -105, point: 24.5, description: 'Nolan Whitaker' },
              { name: 'Over', price: -110, point: 15.5, description: 'Shane Calloway' },
            ],
          },
        ],
      },
      {
        key: 'fanduel',
        title: 'FanDuel',
        lastUpdate: new Date('2026-01-10T20:00:00Z'),
        markets: [
          {
            key: 'h2h',
            outcomes: [
              { name: 'Houston Rockets', price: 356, point: null, description: null },
              { name: 'Washington Wizards', price: -470, point: null, description: null },
            ],
          },
          {
            key: 'spreads',
            outcomes: [
              { name: 'Houston Rockets', price: -112, point: 9.5, description: null },
              { name: 'Washington Wizards', price: -108, point: -9.5, description: null },
            ],
          },
        ],
      },
    ],
  }

  it("gives the named bookmaker's price, by key or by title", () => {
    expect(marketPrice(event, 'h2h', 'Houston Rockets', null, null, 'draftkings')).toBe(340)
    expect(marketPrice(event, 'moneyline', 'houston rockets', null, null, 'FanDuel')).toBe(356)
  })

  it('gives the best price among the bookmakers without one, or when the named one does not price it', () => {
    expect(marketPrice(event, 'h2h', 'Washington Wizards')).toBe(-450)
    expect(marketPrice(event, 'h2h', 'Houston Rockets', null, null, 'betmgm')).toBe(356)
  })

  it('matches the line on spreads and the player on props', () => {
    expect(marketPrice(event, 'spreads', 'Washington Wizards', -10)).toBe(-105)
    expect(marketPrice(event, 'spread', 'Washington Wizards -9.5', -9.5)).toBe(-108)
    expect(marketPrice(event, 'spreads', 'Washington Wizards', -11)).toBeNull()
    expect(marketPrice(event, 'player_points', 'over', 24.5, 'Nolan Whitaker')).toBe(-115)
    expect(marketPrice(event, 'player_points', 'Under', 24.5, 'nolan whitaker', 'draftkings')).toBe(-105)
    expect(marketPrice(event, 'player_points', 'Under', 15.5, 'Shane Calloway')).toBeNull()
    expect(marketPrice(event, 'totals', 'Over', 221)).toBeNull()
  })
})
