import { LeaderboardAnswer, PicksAnswer } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../seed/demo-data.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedDemoPicks } from './picks.service.ts'
import { picks } from './picks.table.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})

describe('demo picks', () => {
  let posted = 0
  beforeAll(async () => {
    await seedDemoData(t.database.db)
    posted = await seedDemoPicks({
      db: t.database.db,
      odds: t.app.odds,
      now: () => new Date(),
      grader: t.app.grader,
    })
  })

  it('give every demo creator graded picks from real final scores, and a leaderboard to show', async () => {
    expect(posted).toBeGreaterThan(300)

    const graded = PicksAnswer.parse((await t.app.inject('/api/picks?status=graded&limit=100')).json())
    expect(graded.total).toBeGreaterThan(200)
    expect(graded.picks.every((p) => p.result !== 'pending' && p.final_score !== null)).toBe(true)

    const pending = PicksAnswer.parse((await t.app.inject('/api/picks?status=pending&limit=100')).json())
    expect(pending.total).toBeGreaterThan(0)
    // Premium picks on upcoming games reach an anonymous visitor as teasers only.
    const premium = pending.picks.filter((p) => p.is_premium)
    expect(premium.length).toBeGreaterThan(0)
    expect(premium.every((p) => p.locked && p.pick === null && p.reasoning === null && p.odds === null)).toBe(true)

    const board = LeaderboardAnswer.parse((await t.app.inject('/api/leaderboard')).json())
    expect(board.entries.length).toBeGreaterThan(5)
    expect(board.entries.every((e) => e.record.wins + e.record.losses + e.record.pushes >= 10)).toBe(true)
  })

  it("bet each sport's own lines: football totals in the forties, hockey's around six, fights on the winner only", async () => {
    const rows = await t.database.db
      .select({ sport: picks.sport, betType: picks.betType, line: picks.line, selection: picks.selection })
      .from(picks)
    const totals = (sport: string) => rows.filter((r) => r.sport === sport && r.betType === 'total').map((r) => r.line!)
    const spreads = (sport: string) =>
      rows.filter((r) => r.sport === sport && r.betType === 'spread').map((r) => Math.abs(r.line!))
    const within = (lines: number[], min: number, max: number) => lines.every((l) => l >= min && l <= max)
    expect(totals('nfl').length).toBeGreaterThan(0)
    expect(within(totals('nfl'), 40, 50)).toBe(true)
    expect(within(spreads('nfl'), 0.5, 14)).toBe(true)
    expect(within(totals('nba'), 210, 240)).toBe(true)
    expect(within(totals('wnba'), 150, 175)).toBe(true)
    expect(within(totals('nhl'), 5.5, 6.5)).toBe(true)
    expect(spreads('nhl').every((l) => l === 1.5)).toBe(true)
    expect(within(totals('mlb'), 7, 10)).toBe(true)
    expect(within(totals('soccer'), 2.5, 3.5)).toBe(true)
    const fights = rows.filter((r) => r.sport === 'mma')
    expect(fights.length).toBeGreaterThan(0)
    expect(fights.every((r) => r.betType === 'moneyline' && r.line === null)).toBe(true)
    expect(rows.some((r) => r.selection.includes('200.5'))).toBe(false)
  })
})
