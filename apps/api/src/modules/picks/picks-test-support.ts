import type { CreatePickBody, ErrorBody } from '@picks/contracts'
import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, monthlyPlan, onboard } from '../../test/payments.ts'
import { request, type Person } from '../../test/people.ts'
import {
  OddsProviderError,
  type EventOdds,
  type EventScore,
  type OddsBookmaker,
  type OddsProvider,
} from '../odds/odds.service.ts'

/**
 * For the picks tests: an odds provider whose games start, finish or are called off when the
 * test says, and short-hands for posting picks.
 */

export const hourMs = 60 * 60 * 1000
export const dayMs = 24 * hourMs

export interface FakeGame extends EventScore {
  bookmakers: OddsBookmaker[]
}

export interface FakeOdds {
  provider: OddsProvider
  add(game: Omit<FakeGame, 'status' | 'homeScore' | 'awayScore' | 'bookmakers'> & Partial<FakeGame>): FakeGame
  set(id: string, change: Partial<Pick<FakeGame, 'status' | 'homeScore' | 'awayScore' | 'commenceTime'>>): void
  /** How often `scores` was asked, per sport key. */
  scoreCalls: Map<string, number>
  /** When true, every call fails as an unavailable provider would. */
  down: boolean
  /** Moves the provider's own clock ahead of the app's (as the fixture provider's `advance`). */
  advance(ms: number): void
  /** Forgets every game and count, and puts the clock back. */
  reset(): void
}

/** An NBA board at one bookmaker: moneyline, spread, total and a points prop. */
export function nbaBook(home: string, away: string, key = 'draftkings', title = 'DraftKings'): OddsBookmaker {
  return {
    key,
    title,
    lastUpdate: new Date('2026-11-23T11:00:00Z'),
    markets: [
      {
        key: 'h2h',
        outcomes: [
          { name: home, price: -150, point: null, description: null },
          { name: away, price: 130, point: null, description: null },
        ],
      },
      {
        key: 'spreads',
        outcomes: [
          { name: home, price: -110, point: -5.5, description: null },
          { name: away, price: -110, point: 5.5, description: null },
        ],
      },
      {
        key: 'totals',
        outcomes: [
          { name: 'Over', price: -105, point: 220.5, description: null },
          { name: 'Under', price: -115, point: 220.5, description: null },
        ],
      },
      {
        key: 'player_points',
        outcomes: [
          { name: 'Over', price: -120, point: 27.5, description: 'Jayson Tatum' },
          { name: 'Under', price: -102, point: 27.5, description: 'Jayson Tatum' },
        ],
      },
    ],
  }
}

export function createFakeOdds(clock: () => Date): FakeOdds {
  const games = new Map<string, FakeGame>()
  const scoreCalls = new Map<string, number>()
  let aheadMs = 0
  const fake: FakeOdds = {
    scoreCalls,
    down: false,
    advance(ms) {
      aheadMs += ms
    },
    reset() {
      games.clear()
      scoreCalls.clear()
      fake.down = false
      aheadMs = 0
    },
    add(game) {
      const full: FakeGame = { status: 'upcoming', homeScore: null, awayScore: null, bookmakers: [], ...game }
      games.set(full.id, full)
      return full
    },
    set(id, change) {
      const game = games.get(id)
      if (!game) throw new Error(`no fake game ${id}`)
      games.set(id, { ...game, ...change })
    },
    provider: {
      name: 'the-odds-api',
      async sports() {
        return []
      },
      async events(sportKey) {
        failIfDown()
        return [...games.values()]
          .filter((g) => g.sportKey === sportKey && (g.status === 'upcoming' || g.status === 'live'))
          .map(({ id, sportKey: key, commenceTime, homeTeam, awayTeam }) => ({
            id,
            sportKey: key,
            commenceTime,
            homeTeam,
            awayTeam,
          }))
      },
      async odds(sportKey, query) {
        failIfDown()
        return [...games.values()]
          .filter((g) => g.sportKey === sportKey && g.status === 'upcoming')
          .map((g) => oddsOf(g, query.markets))
      },
      async eventOdds(sportKey, eventId, query) {
        failIfDown()
        const game = games.get(eventId)
        if (!game || game.sportKey !== sportKey) throw new OddsProviderError('Event not found', 'not_found')
        return oddsOf(game, query.markets)
      },
      async scores(sportKey) {
        failIfDown()
        scoreCalls.set(sportKey, (scoreCalls.get(sportKey) ?? 0) + 1)
        return [...games.values()].filter((g) => g.sportKey === sportKey).map(({ bookmakers: _, ...score }) => score)
      },
      ...{ clockNow: () => new Date(clock().getTime() + aheadMs) },
    },
  }
  function failIfDown() {
    if (fake.down) throw new OddsProviderError('The provider is down', 'unavailable')
  }
  return fake
}

function oddsOf(game: FakeGame, markets: readonly string[]): EventOdds {
  return {
    id: game.id,
    sportKey: game.sportKey,
    commenceTime: game.commenceTime,
    homeTeam: game.homeTeam,
    awayTeam: game.awayTeam,
    bookmakers: game.bookmakers.map((b) => ({ ...b, markets: b.markets.filter((m) => markets.includes(m.key)) })),
  }
}

export const celtics = 'Boston Celtics'
export const knicks = 'New York Knicks'

/** A body for POST /picks: `details` go into the pick_details JSON text, the rest beside it. */
export function pickBody(
  details: Record<string, unknown> = {},
  extra: Partial<Record<keyof CreatePickBody, unknown>> = {},
): Record<string, unknown> {
  return {
    pick_details: JSON.stringify({
      sport: 'nba',
      game_date: '2026-11-23T20:00:00.000Z',
      home_team: celtics,
      away_team: knicks,
      bet_type: 'moneyline',
      pick: celtics,
      odds: -150,
      reasoning: 'Boston is rested and Knicks are on a back-to-back.',
      result: 'pending',
      ...details,
    }),
    api_version: '2.0',
    form_type: 'optimized',
    ...extra,
  }
}

export function errorOf(res: LightMyRequestResponse): ErrorBody['error'] {
  return (JSON.parse(res.body) as ErrorBody).error
}

/** Posts a pick and expects it made; the pick's id. */
export async function postPick(t: TestApp, who: Person, body: Record<string, unknown>): Promise<string> {
  const res = await request(t, 'POST', '/picks', who, body)
  expect(res.statusCode, res.body).toBe(201)
  return (res.json() as { pick: { id: string } }).pick.id
}

/** A creator who sells a monthly plan. */
export async function sellingCreator(
  t: TestApp,
  email: string,
  username: string,
): Promise<{ who: Person; planId: string }> {
  const who = await creator(t, email, username)
  await onboard(t, who)
  const plan = await addPlan(t, who, monthlyPlan)
  return { who, planId: plan.id }
}

export { buy }
