import { LeaderboardAnswer, PicksAnswer } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoData } from '../../seed/demo-data.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { seedDemoPicks } from './picks.service.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})

describe('demo picks', () => {
  it('give every demo creator graded picks from real final scores, and a leaderboard to show', async () => {
    await seedDemoData(t.database.db)
    const posted = await seedDemoPicks({
      db: t.database.db,
      odds: t.app.odds,
      now: () => new Date(),
      grader: t.app.grader,
    })
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
})
