import { propMarkets, sports } from '@picks/contracts'
import { describe, expect, it } from 'vitest'
import { createFixtureOddsProvider } from './fixture-odds.ts'
import { typicalLines } from './fixture-lines.ts'
import { describeOddsProviderContract } from './odds-contract.ts'
import { OddsProviderError } from './odds-provider.ts'

const hourMs = 60 * 60 * 1000
const dayMs = 24 * hourMs
const at = (iso: string) => () => new Date(iso)

describeOddsProviderContract('fixtures', async () => ({
  provider: createFixtureOddsProvider(),
  close: async () => {},
}))

describe('fixture odds provider', () => {
  it('gives the same games, prices and scores for the same clock', async () => {
    const first = createFixtureOddsProvider({ now: at('2025-11-20T18:45:00Z') })
    const second = createFixtureOddsProvider({ now: at('2025-11-20T18:45:00Z') })
    for (const sport of sports) {
      const markets = { markets: ['h2h', 'spreads', 'totals'] }
      expect(await first.odds(sport.oddsKey, markets)).toEqual(await second.odds(sport.oddsKey, markets))
      expect(await first.scores(sport.oddsKey, 3)).toEqual(await second.scores(sport.oddsKey, 3))
    }
  })

  it('always has upcoming, live and recently finished games in every sport, whatever the time', async () => {
    // Every 53 minutes over five days, so every slot and minute offset comes round.
    const start = new Date('2026-02-09T03:17:00Z').getTime()
    for (let now = start; now < start + 5 * dayMs; now += 53 * 60_000) {
      const provider = createFixtureOddsProvider({ now: () => new Date(now) })
      for (const sport of sports) {
        const scores = await provider.scores(sport.oddsKey, 3)
        const at = `${sport.slug} at ${new Date(now).toISOString()}`
        const count = (status: string) => scores.filter((s) => s.status === status).length
        expect(count('upcoming'), `upcoming ${at}`).toBeGreaterThanOrEqual(5)
        expect(count('live'), `live ${at}`).toBeGreaterThanOrEqual(1)
        expect(count('final'), `final ${at}`).toBeGreaterThanOrEqual(5)
        const upcoming = scores.filter((s) => s.status === 'upcoming').map((s) => s.commenceTime.getTime())
        // Some within the next hours, some days out; nothing finished more than three days ago.
        expect(
          upcoming.some((t) => t < now + 6 * hourMs),
          `soon ${at}`,
        ).toBe(true)
        expect(
          upcoming.some((t) => t > now + 2 * dayMs),
          `later ${at}`,
        ).toBe(true)
        for (const game of scores) expect(game.commenceTime.getTime()).toBeGreaterThanOrEqual(now - 3 * dayMs)
      }
    }
  })

  it('keeps a game and its id as the clock moves: upcoming, then live, then final with a score', async () => {
    const provider = createFixtureOddsProvider({ now: at('2025-11-20T18:45:00Z') })
    const [game] = await provider.odds('basketball_nba', { markets: ['h2h'] })
    expect(game).toBeDefined()
    const statusOf = async () => (await provider.scores('basketball_nba', 1)).find((s) => s.id === game!.id)

    expect((await statusOf())?.status).toBe('upcoming')
    provider.advance(game!.commenceTime.getTime() - provider.clockNow().getTime() + 60_000)
    const live = await statusOf()
    expect(live?.status).toBe('live')
    expect((await provider.events('basketball_nba')).map((e) => e.id)).toContain(game!.id)
    expect((await provider.odds('basketball_nba', { markets: ['h2h'] })).map((e) => e.id)).not.toContain(game!.id)

    provider.advance(3 * hourMs)
    const final = await statusOf()
    expect(final).toMatchObject({ id: game!.id, status: 'final', homeTeam: game!.homeTeam, awayTeam: game!.awayTeam })
    expect(final!.homeScore).not.toBe(final!.awayScore)
    expect(Number.isInteger(final!.homeScore)).toBe(true)

    // The same final score from a fresh provider at the same moment.
    const again = createFixtureOddsProvider({ now: () => provider.clockNow() })
    expect((await again.scores('basketball_nba', 1)).find((s) => s.id === game!.id)).toEqual(final)
  })

  it('refuses event odds for a game that is over', async () => {
    const provider = createFixtureOddsProvider({ now: at('2025-11-20T18:45:00Z') })
    const [final] = (await provider.scores('icehockey_nhl', 2)).filter((s) => s.status === 'final')
    const failure = await provider.eventOdds('icehockey_nhl', final!.id, { markets: ['h2h'] }).catch((e) => e)
    expect(failure).toBeInstanceOf(OddsProviderError)
    expect(failure.reason).toBe('not_found')
  })

  it('only moves its clock forward', () => {
    const provider = createFixtureOddsProvider({ now: at('2025-11-20T18:45:00Z') })
    provider.advance(2 * hourMs)
    expect(provider.clockNow().toISOString()).toBe('2025-11-20T20:45:00.000Z')
    expect(() => provider.advance(-1)).toThrow(RangeError)
  })

  // The lines a sportsbook would hang, written here apart from the fixture table they check: totals
  // from `total[0]` to `total[1]` (fights: rounds), the favourite giving at most `spread` (run and
  // puck lines: 1.5).
  const realistic: Record<string, { total: [number, number] | null; spread: number | null }> = {
    nfl: { total: [40, 50], spread: 14 },
    ncaaf: { total: [44, 66], spread: 28 },
    nba: { total: [210, 240], spread: 16 },
    ncaab: { total: [130, 155], spread: 22 },
    wnba: { total: [150, 175], spread: 14 },
    mlb: { total: [7, 10], spread: 1.5 },
    nhl: { total: [5.5, 6.5], spread: 1.5 },
    soccer: { total: [2.5, 3.5], spread: 2 },
    mma: { total: [1.5, 4.5], spread: null },
  }

  it("prices a fight's moneyline as books do: no favourite beyond -1200, no underdog beyond +1000", async () => {
    const start = new Date('2026-03-02T01:00:00Z').getTime()
    const prices: number[] = []
    for (let now = start; now < start + 4 * dayMs; now += 11 * hourMs) {
      const provider = createFixtureOddsProvider({ now: () => new Date(now) })
      for (const fight of await provider.odds('mma_mixed_martial_arts', { markets: ['h2h'] })) {
        for (const market of fight.bookmakers.flatMap((b) => b.markets))
          prices.push(...market.outcomes.map((o) => o.price))
      }
    }
    expect(prices.length).toBeGreaterThan(100)
    expect(Math.min(...prices)).toBeGreaterThanOrEqual(-1200)
    expect(Math.max(...prices)).toBeLessThanOrEqual(1000)
  })

  it("keeps every game's total and spread in its sport's realistic range, on the board and in the demo's lines", async () => {
    const start = new Date('2026-03-02T01:00:00Z').getTime()
    for (const sport of sports) {
      const range = realistic[sport.slug]!
      const totals = new Set<number>()
      for (let now = start; now < start + 4 * dayMs; now += 11 * hourMs) {
        const provider = createFixtureOddsProvider({ now: () => new Date(now) })
        const board = await provider.odds(sport.oddsKey, { markets: ['h2h', 'spreads', 'totals'] })
        expect(board.length).toBeGreaterThan(0)
        for (const game of board) {
          for (const market of game.bookmakers.flatMap((b) => b.markets)) {
            const points = market.outcomes.map((o) => o.point)
            if (market.key === 'totals') {
              expect(range.total, `${sport.slug} offers no totals`).not.toBeNull()
              for (const point of points) {
                expect(point, `${sport.slug} total`).toBeGreaterThanOrEqual(range.total![0])
                expect(point, `${sport.slug} total`).toBeLessThanOrEqual(range.total![1])
                totals.add(point!)
              }
            }
            if (market.key === 'spreads') {
              expect(range.spread, `${sport.slug} offers no spreads`).not.toBeNull()
              for (const point of points) {
                expect(Math.abs(point!), `${sport.slug} spread`).toBeGreaterThan(0)
                expect(Math.abs(point!), `${sport.slug} spread`).toBeLessThanOrEqual(range.spread!)
              }
            }
          }
        }
        for (const finished of (await provider.scores(sport.oddsKey, 3)).filter((g) => g.status === 'final')) {
          const lines = typicalLines(sport.oddsKey, finished.id)
          expect(lines).toEqual(typicalLines(sport.oddsKey, finished.id))
          if (range.total) {
            expect(lines.total).toBeGreaterThanOrEqual(range.total[0])
            expect(lines.total).toBeLessThanOrEqual(range.total[1])
          } else expect(lines.total).toBeNull()
          if (range.spread) {
            expect(Math.abs(lines.homeSpread!)).toBeGreaterThan(0)
            expect(Math.abs(lines.homeSpread!)).toBeLessThanOrEqual(range.spread)
          } else expect(lines.homeSpread).toBeNull()
        }
      }
      // Not one number for every game.
      if (range.total) expect(totals.size, sport.slug).toBeGreaterThan(1)
    }
  })

  it('prices each game at six or more bookmakers, each a little differently', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-01-01T00:00:00Z') })
    const board = await provider.odds('americanfootball_nfl', { markets: ['h2h', 'spreads', 'totals'] })
    const books = new Set(board.flatMap((g) => g.bookmakers.map((b) => b.key)))
    expect(books.size).toBeGreaterThanOrEqual(6)
    for (const key of ['draftkings', 'fanduel', 'betmgm', 'caesars', 'pointsbetus', 'betrivers']) {
      expect(books).toContain(key)
    }
    const differing = board.filter((game) => {
      const homePrices = game.bookmakers.map(
        (b) => b.markets.find((m) => m.key === 'h2h')?.outcomes.find((o) => o.name === game.homeTeam)?.price,
      )
      return new Set(homePrices).size > 1
    })
    expect(differing.length).toBeGreaterThan(board.length / 2)
  })

  it('offers each sport its player props, as Over/Under lines or Yes prices per player', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-01-01T00:00:00Z') })
    for (const sport of sports) {
      const markets = propMarkets[sport.slug] ?? []
      if (markets.length === 0) continue
      const [event] = await provider.events(sport.oddsKey)
      const odds = await provider.eventOdds(sport.oddsKey, event!.id, { markets: [...markets] })
      for (const key of markets) {
        const outcomes = odds.bookmakers
          .flatMap((b) => b.markets.filter((m) => m.key === key))
          .flatMap((m) => m.outcomes)
        expect(outcomes.length, `${sport.slug} ${key}`).toBeGreaterThan(0)
        for (const outcome of outcomes) {
          expect(outcome.description).toMatch(/^\S+ \S+$/)
          if (outcome.name === 'Yes') expect(outcome.point).toBeNull()
          else expect(outcome.point! % 1).toBe(0.5)
        }
      }
    }
  })

  it('refuses props on the board, as The Odds API does, and unknown markets anywhere', async () => {
    const provider = createFixtureOddsProvider()
    await expect(provider.odds('basketball_nba', { markets: ['player_points'] })).rejects.toMatchObject({
      reason: 'invalid_request',
    })
    const [event] = await provider.events('basketball_nba')
    await expect(provider.eventOdds('basketball_nba', event!.id, { markets: ['corners'] })).rejects.toMatchObject({
      reason: 'invalid_request',
    })
    await expect(provider.events('curling_world')).rejects.toMatchObject({ reason: 'not_found' })
  })

  it('scores each sport like that sport', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-02-09T03:17:00Z') })
    const finals = async (key: string) => (await provider.scores(key, 3)).filter((s) => s.status === 'final')
    for (const game of await finals('basketball_nba')) {
      expect(game.homeScore! + game.awayScore!).toBeGreaterThan(150)
      expect(game.homeScore).not.toBe(game.awayScore)
    }
    for (const game of await finals('mma_mixed_martial_arts')) {
      expect([game.homeScore, game.awayScore].sort()).toEqual([0, 1])
    }
    for (const game of await finals('soccer_epl')) expect(game.homeScore! + game.awayScore!).toBeLessThan(12)
    const soccerMonth = createFixtureOddsProvider({ now: at('2026-03-01T00:00:00Z') })
    const draws = []
    for (let day = 0; day < 30; day += 3) {
      soccerMonth.advance(3 * dayMs)
      const games = (await soccerMonth.scores('soccer_epl', 3)).filter((s) => s.status === 'final')
      draws.push(...games.filter((g) => g.homeScore === g.awayScore))
    }
    expect(draws.length).toBeGreaterThan(0)
  })

  it('now and then postpones a game, which never reaches the board and shows as postponed', async () => {
    const provider = createFixtureOddsProvider({ now: at('2026-03-01T00:00:00Z') })
    const postponed = []
    for (let day = 0; day < 30; day += 3) {
      provider.advance(3 * dayMs)
      for (const sport of sports) {
        const scores = await provider.scores(sport.oddsKey, 3)
        const events = new Set((await provider.events(sport.oddsKey)).map((e) => e.id))
        for (const game of scores.filter((s) => s.status === 'postponed')) {
          expect(events.has(game.id)).toBe(false)
          expect(game.homeScore).toBeNull()
          postponed.push(game)
        }
      }
    }
    expect(postponed.length).toBeGreaterThan(0)
  })
})
