import {
  CreatorRecord,
  CreatorsPage,
  CreatorStats,
  LeaderboardAnswer,
  pickLimits,
  type GradedResult,
} from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { creator } from '../../test/payments.ts'
import { request, type Person } from '../../test/people.ts'
import { createFakeOdds, dayMs, hourMs, pickBody, postPick } from './picks-test-support.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const start = new Date('2026-11-23T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, odds: createFakeOdds(() => clock).provider })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date(start)
})

interface Planned {
  sport: 'nba' | 'nhl'
  /** Hours after the test's start. */
  startsInHours: number
  odds: number
  stake?: number
  result: GradedResult | 'pending'
}

/**
 * Posts games entered by hand, moves the clock past them and has the creator grade each: the
 * record then comes from these results alone.
 */
async function playOut(who: Person, plan: Planned[]): Promise<string[]> {
  clock = new Date(start)
  const ids: string[] = []
  for (const p of plan) {
    ids.push(
      await postPick(
        t,
        who,
        pickBody(
          {
            sport: p.sport,
            game_date: new Date(start.getTime() + p.startsInHours * hourMs).toISOString(),
            odds: p.odds,
          },
          { stake_units: p.stake ?? 1 },
        ),
      ),
    )
  }
  clock = new Date(start.getTime() + 12 * hourMs)
  for (const [i, p] of plan.entries()) {
    if (p.result === 'pending') continue
    const res = await request(t, 'POST', `/picks/${ids[i]}/grade`, who, { result: p.result })
    expect(res.statusCode, res.body).toBe(200)
  }
  return ids
}

async function recordOf(id: string): Promise<CreatorRecord> {
  const res = await request(t, 'GET', `/creators/${id}/record`, null)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorRecord.parse(res.json())
}

async function shopCardOf(username: string) {
  const res = await request(t, 'GET', '/creators/paginated?limit=50', null)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorsPage.parse(res.json()).creators.find((c) => c.username === username)
}

describe("a creator's record", () => {
  it('counts graded picks only, newest game first, overall and by sport, in the record, the stats and the shop', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const sam = await creator(t, 'sam@example.com', 'SamPicks')
    await playOut(dana, [
      { sport: 'nba', startsInHours: 1, odds: -110, result: 'won' },
      { sport: 'nba', startsInHours: 2, odds: -110, result: 'lost' },
      { sport: 'nhl', startsInHours: 3, odds: 120, result: 'won' },
      { sport: 'nba', startsInHours: 4, odds: -110, result: 'push' },
      { sport: 'nhl', startsInHours: 5, odds: -130, result: 'void' },
      { sport: 'nba', startsInHours: 6, odds: 150, stake: 2, result: 'won' },
      { sport: 'nba', startsInHours: 30, odds: -110, result: 'pending' },
    ])
    // A pick deleted before its game counts nowhere.
    const gone = await postPick(t, dana, pickBody({ game_date: new Date(clock.getTime() + dayMs).toISOString() }))
    expect((await request(t, 'DELETE', `/picks/${gone}`, dana)).statusCode).toBe(204)
    await playOut(sam, [{ sport: 'nba', startsInHours: 20, odds: -110, result: 'pending' }])

    const record = await recordOf(dana.id)
    expect(record).toEqual({
      wins: 3,
      losses: 1,
      pushes: 1,
      voids: 1,
      pending: 1,
      // 100/110 - 1 + 1.2 + 0 + 2 * 1.5
      net_units: 4.11,
      units_risked: 6,
      roi_pct: 68.5,
      win_pct: 75,
      streak: 'W2',
      last_10: ['W', 'P', 'W', 'L', 'W'],
      by_sport: {
        nba: {
          wins: 2,
          losses: 1,
          pushes: 1,
          voids: 0,
          pending: 1,
          net_units: 2.91,
          units_risked: 5,
          roi_pct: 58.2,
          win_pct: 66.7,
          streak: 'W1',
          last_10: ['W', 'P', 'L', 'W'],
        },
        nhl: {
          wins: 1,
          losses: 0,
          pushes: 0,
          voids: 1,
          pending: 0,
          net_units: 1.2,
          units_risked: 1,
          roi_pct: 120,
          win_pct: 100,
          streak: 'W1',
          last_10: ['W'],
        },
      },
    })

    const stats = await request(t, 'GET', `/creators/${dana.id}/stats`, null)
    expect(stats.statusCode, stats.body).toBe(200)
    expect(CreatorStats.parse(stats.json())).toMatchObject({ picks_count: 7, record })

    expect((await shopCardOf('SharpDana'))?.record).toEqual({ wins: 3, losses: 1, pushes: 1, net_units: 4.11 })
    expect((await shopCardOf('SamPicks'))?.record).toBeNull()
    const samStats = CreatorStats.parse((await request(t, 'GET', `/creators/${sam.id}/stats`, null)).json())
    expect(samStats).toMatchObject({
      picks_count: 1,
      record: { wins: 0, pending: 1, by_sport: { nba: { pending: 1 } } },
    })
  })

  it('is all zeros for a creator without picks, and 404 for someone who is not a creator', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect(await recordOf(dana.id)).toEqual({
      wins: 0,
      losses: 0,
      pushes: 0,
      voids: 0,
      pending: 0,
      net_units: 0,
      units_risked: 0,
      roi_pct: null,
      win_pct: null,
      streak: null,
      last_10: [],
      by_sport: {},
    })
    const stats = CreatorStats.parse((await request(t, 'GET', `/creators/${dana.id}/stats`, null)).json())
    expect(stats).toMatchObject({ picks_count: 0, record: { wins: 0, by_sport: {} } })
    expect((await request(t, 'GET', '/creators/7a0c9f2e-3b1d-4c5e-9f60-1a2b3c4d5e6f/record', null)).statusCode).toBe(
      404,
    )
  })
})

describe('GET /api/leaderboard', () => {
  const times = (n: number, p: Omit<Planned, 'startsInHours'>) => Array.from({ length: n }, () => p)
  const spaced = (list: Omit<Planned, 'startsInHours'>[]): Planned[] =>
    list.map((p, i) => ({ ...p, startsInHours: 1 + i * 0.5 }))

  async function board(query = ''): Promise<LeaderboardAnswer> {
    const res = await request(t, 'GET', `/leaderboard${query}`, null)
    expect(res.statusCode, res.body).toBe(200)
    return LeaderboardAnswer.parse(res.json())
  }

  it(`ranks creators with at least ${pickLimits.leaderboardMinGraded} graded picks by net units or ROI, overall or in one sport`, async () => {
    // Ann: NBA, 6-4 at -110 for 2 units each: +2.91 units on 20 risked (14.5%).
    const ann = await creator(t, 'ann@example.com', 'AnnHoops')
    await playOut(
      ann,
      spaced([
        ...times(6, { sport: 'nba', odds: -110, stake: 2, result: 'won' }),
        ...times(4, { sport: 'nba', odds: -110, stake: 2, result: 'lost' }),
      ]),
    )
    // Ben: NHL, 3-7 at +300 for 1 unit: +2 units on 10 risked (20%).
    const ben = await creator(t, 'ben@example.com', 'BenIce')
    await playOut(
      ben,
      spaced([
        ...times(3, { sport: 'nhl', odds: 300, result: 'won' }),
        ...times(7, { sport: 'nhl', odds: 300, result: 'lost' }),
      ]),
    )
    // Cal: 9 wins and a void: not enough graded picks yet.
    const cal = await creator(t, 'cal@example.com', 'CalLocks')
    await playOut(
      cal,
      spaced([...times(9, { sport: 'nba', odds: 200, result: 'won' }), { sport: 'nba', odds: 200, result: 'void' }]),
    )

    const byNet = await board()
    expect(byNet).toMatchObject({ sport: null, min_graded: pickLimits.leaderboardMinGraded })
    expect(byNet.entries.map((e) => [e.rank, e.creator.username, e.record.net_units, e.record.roi_pct])).toEqual([
      [1, 'AnnHoops', 2.91, 14.5],
      [2, 'BenIce', 2, 20],
    ])
    expect(byNet.entries.some((e) => e.creator.id === cal.id)).toBe(false)
    expect(byNet.entries[0]?.record).toMatchObject({ wins: 6, losses: 4, win_pct: 60, streak: 'L4' })
    expect(byNet.entries[0]?.creator).toMatchObject({ id: ann.id, name: 'Pat Bettor' })

    const byRoi = await board('?sortBy=roi')
    expect(byRoi.entries.map((e) => e.creator.username)).toEqual(['BenIce', 'AnnHoops'])
    expect((await board('?sortBy=roi&limit=1')).entries.map((e) => e.creator.username)).toEqual(['BenIce'])

    const nhl = await board('?sport=nhl')
    expect(nhl.sport).toBe('nhl')
    expect(nhl.entries.map((e) => e.creator.id)).toEqual([ben.id])
    expect((await board('?sport=nba')).entries.map((e) => e.creator.id)).toEqual([ann.id])
    expect((await board('?sport=mlb')).entries).toEqual([])
  })
})
