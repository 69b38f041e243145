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

  it("bet each sport's own lines: football totals in the forties, hockey's around six, fights' rounds", async () => {
    const rows = await t.database.db
      .select({
        sport: picks.sport,
        betType: picks.betType,
        line: picks.line,
        selection: picks.selection,
        result: picks.result,
        overUnder: picks.overUnder,
        gameId: picks.gameId,
      })
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
    expect(fights.some((r) => r.betType === 'moneyline' && r.line === null)).toBe(true)
    expect(fights.every((r) => r.betType === 'moneyline' || r.betType === 'total')).toBe(true)
    const roundsTotals = fights.filter((r) => r.betType === 'total')
    expect(roundsTotals.length).toBeGreaterThan(0)
    expect(roundsTotals.every((r) => [1.5, 2.5, 4.5].includes(r.line!) && r.selection.endsWith(' rounds'))).toBe(true)
    // Graded from how long each fight lasted (a 1–0 score would lose every over).
    const lengths = new Map(
      (await t.app.odds.scores('mma_mixed_martial_arts', 3)).map((f) => [f.id, f.fightLengthSeconds ?? null]),
    )
    const graded = roundsTotals.filter((r) => r.result !== 'pending')
    expect(graded.length).toBeGreaterThan(0)
    for (const pick of graded) {
      const length = lengths.get(pick.gameId!)!
      const over = length >= pick.line! * 300
      expect(pick.result, `${pick.selection} after ${length} s`).toBe(
        over === (pick.overUnder === 'over') ? 'won' : 'lost',
      )
    }
    expect(graded.some((r) => r.overUnder === 'over' && r.result === 'won')).toBe(true)
    expect(rows.some((r) => r.selection.includes('200.5'))).toBe(false)
  })
})
