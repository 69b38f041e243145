import { sports } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OddsProviderError, type EventOdds, type OddsMarket, type OddsProvider } from './odds-provider.ts'

/**
 * The behaviour every OddsProvider must show, whichever service is behind it: the shapes the
 * routes and the picks module rely on. Run against the fixtures and against The Odds API adapter
 * through its local double.
 */
export interface OddsContractHarness {
  provider: OddsProvider
  close(): Promise<void>
}

const nba = 'basketball_nba'
const epl = 'soccer_epl'
const nfl = 'americanfootball_nfl'
const mma = 'mma_mixed_martial_arts'
const mainMarkets = ['h2h', 'spreads', 'totals']
const hourMs = 60 * 60 * 1000

function expectAmericanPrice(price: number): void {
  expect(Number.isInteger(price), `${price} is a whole number`).toBe(true)
  expect(Math.abs(price), `${price} is American odds`).toBeGreaterThanOrEqual(100)
}

function marketOf(game: EventOdds, key: string): OddsMarket[] {
  return game.bookmakers.flatMap((b) => b.markets.filter((m) => m.key === key))
}

export function describeOddsProviderContract(name: string, setup: () => Promise<OddsContractHarness>): void {
  describe(`OddsProvider contract: ${name}`, () => {
    let harness: OddsContractHarness
    let provider: OddsProvider

    beforeAll(async () => {
      harness = await setup()
      provider = harness.provider
    })
    afterAll(async () => {
      await harness?.close()
    })

    it('lists every sport the marketplace offers', async () => {
      const keys = (await provider.sports()).map((s) => s.key)
      for (const sport of sports) expect(keys).toContain(sport.oddsKey)
      for (const sport of await provider.sports()) {
        expect(sport.title).not.toBe('')
        expect(sport.group).not.toBe('')
      }
    })

    it('lists upcoming and live events with their start times and two teams', async () => {
      const events = await provider.events(nba)
      expect(events.length).toBeGreaterThan(0)
      const now = Date.now()
      for (const event of events) {
        expect(event.id).toMatch(/^[A-Za-z0-9_-]{1,100}$/)
        expect(event.sportKey).toBe(nba)
        expect(Number.isNaN(event.commenceTime.getTime())).toBe(false)
        // Listed events have not been over for long: at most a game's length ago.
        expect(event.commenceTime.getTime()).toBeGreaterThan(now - 6 * hourMs)
        expect(event.homeTeam).not.toBe('')
        expect(event.awayTeam).not.toBe('')
        expect(event.homeTeam).not.toBe(event.awayTeam)
      }
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length)
    })

    it('gives the board: moneylines, spreads and totals from several bookmakers in American odds', async () => {
      const board = await provider.odds(nba, { markets: mainMarkets })
      expect(board.length).toBeGreaterThan(0)
      const bookmakerKeys = new Set(board.flatMap((g) => g.bookmakers.map((b) => b.key)))
      expect(bookmakerKeys.size).toBeGreaterThanOrEqual(3)
      for (const game of board) {
        expect(game.bookmakers.length).toBeGreaterThan(0)
        for (const bookmaker of game.bookmakers) {
          expect(bookmaker.title).not.toBe('')
          expect(Number.isNaN(bookmaker.lastUpdate.getTime())).toBe(false)
          for (const market of bookmaker.markets) expect(mainMarkets).toContain(market.key)
        }
        for (const h2h of marketOf(game, 'h2h')) {
          expect(h2h.outcomes.map((o) => o.name).sort()).toEqual([game.awayTeam, game.homeTeam].sort())
          for (const outcome of h2h.outcomes) {
            expectAmericanPrice(outcome.price)
            expect(outcome.point).toBeNull()
          }
        }
        for (const spreads of marketOf(game, 'spreads')) {
          expect(spreads.outcomes).toHaveLength(2)
          const [first, second] = spreads.outcomes
          expect(first!.point).not.toBeNull()
          expect(first!.point).toBe(-second!.point!)
          for (const outcome of spreads.outcomes) {
            expectAmericanPrice(outcome.price)
            expect([game.homeTeam, game.awayTeam]).toContain(outcome.name)
          }
        }
        for (const totals of marketOf(game, 'totals')) {
          expect(totals.outcomes.map((o) => o.name).sort()).toEqual(['Over', 'Under'])
          const [over, under] = totals.outcomes
          expect(over!.point).toBeGreaterThan(0)
          expect(over!.point).toBe(under!.point)
          for (const outcome of totals.outcomes) expectAmericanPrice(outcome.price)
        }
      }
      for (const key of mainMarkets) {
        expect(
          board.some((g) => marketOf(g, key).length > 0),
          `some game has ${key}`,
        ).toBe(true)
      }
    })

    it('keeps only the bookmakers asked for', async () => {
      const board = await provider.odds(nba, { markets: ['h2h'], bookmakers: ['draftkings', 'fanduel'] })
      const keys = new Set(board.flatMap((g) => g.bookmakers.map((b) => b.key)))
      expect(keys.size).toBeGreaterThan(0)
      for (const key of keys) expect(['draftkings', 'fanduel']).toContain(key)
    })

    it('prices a soccer draw', async () => {
      const board = await provider.odds(epl, { markets: ['h2h'] })
      const h2h = board.flatMap((g) => marketOf(g, 'h2h'))
      expect(h2h.length).toBeGreaterThan(0)
      for (const market of h2h) {
        expect(market.outcomes).toHaveLength(3)
        expect(market.outcomes.map((o) => o.name)).toContain('Draw')
      }
    })

    it("gives one event's player props as Over/Under with the player and the line", async () => {
      const [event] = await provider.odds(nba, { markets: ['h2h'] })
      expect(event).toBeDefined()
      const odds = await provider.eventOdds(nba, event!.id, { markets: ['player_points'] })
      expect(odds.id).toBe(event!.id)
      expect(odds.homeTeam).toBe(event!.homeTeam)
      const props = marketOf(odds, 'player_points')
      expect(props.length).toBeGreaterThan(0)
      for (const market of props) {
        expect(market.outcomes.length).toBeGreaterThanOrEqual(2)
        for (const outcome of market.outcomes) {
          expect(['Over', 'Under']).toContain(outcome.name)
          expect(outcome.description).toEqual(expect.any(String))
          expect(outcome.description).not.toBe('')
          expect(outcome.point).toEqual(expect.any(Number))
          expectAmericanPrice(outcome.price)
        }
        const players = new Set(market.outcomes.map((o) => o.description))
        for (const player of players) {
          const sides = market.outcomes.filter((o) => o.description === player).map((o) => o.name)
          expect(sides.sort()).toEqual(['Over', 'Under'])
        }
      }
    })

    it('gives main markets and props together for one event', async () => {
      const [event] = await provider.events(nfl)
      expect(event).toBeDefined()
      const odds = await provider.eventOdds(nfl, event!.id, { markets: ['h2h', 'player_pass_yds'] })
      expect(marketOf(odds, 'h2h').length).toBeGreaterThan(0)
      expect(marketOf(odds, 'player_pass_yds').length).toBeGreaterThan(0)
    })

    it('gives scores: finished games with whole-number scores, upcoming ones without', async () => {
      const scores = await provider.scores(nba, 3)
      const finals = scores.filter((s) => s.status === 'final')
      expect(finals.length).toBeGreaterThan(0)
      for (const game of finals) {
        expect(Number.isInteger(game.homeScore)).toBe(true)
        expect(Number.isInteger(game.awayScore)).toBe(true)
        expect(game.homeScore).toBeGreaterThanOrEqual(0)
        expect(game.commenceTime.getTime()).toBeLessThan(Date.now())
        expect(game.commenceTime.getTime()).toBeGreaterThan(Date.now() - 3 * 24 * hourMs - hourMs)
      }
      for (const game of scores.filter((s) => s.status === 'upcoming')) {
        expect(game.homeScore).toBeNull()
        expect(game.awayScore).toBeNull()
      }
    })

    it("gives a finished fight's length, when it gives one, in whole seconds of at most five rounds", async () => {
      const fights = (await provider.scores(mma, 3)).filter((s) => s.status === 'final')
      expect(fights.length).toBeGreaterThan(0)
      for (const fight of fights) {
        const length = fight.fightLengthSeconds ?? null
        if (length === null) continue
        expect(Number.isInteger(length), `${fight.id} lasted ${length} s`).toBe(true)
        expect(length).toBeGreaterThan(0)
        expect(length).toBeLessThanOrEqual(5 * 5 * 60)
      }
      for (const game of await provider.scores(nba, 3)) expect(game.fightLengthSeconds ?? null).toBeNull()
    })

    it('answers not_found for an unknown event', async () => {
      const failure = await provider.eventOdds(nba, 'no-such-event', { markets: ['h2h'] }).catch((e: unknown) => e)
      expect(failure).toBeInstanceOf(OddsProviderError)
      expect((failure as OddsProviderError).reason).toBe('not_found')
    })
  })
}
