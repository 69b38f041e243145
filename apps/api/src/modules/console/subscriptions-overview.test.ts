import { ErrorBody, SubscriptionsOverview } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'

let t: TestApp
let clock = new Date('2026-11-02T12:00:00Z')
const dayMs = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-02T12:00:00Z')
})

async function later(days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await t.app.billing.runDue(clock)
}

/**
 * From Monday 2 November 2026: Pat subscribes monthly and Sam starts a 7-day trial; on the 3rd Lee
 * starts a trial with a card that fails at renewal; on the 4th Kim subscribes and on the 5th cancels
 * at once. On the 10th the trials end: Sam's is paid for, Lee's payment fails (past due). Today is
 * Monday 16 November.
 */
async function world(): Promise<Person> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const trial = (await addPlan(t, dana, { ...monthlyPlan, name: 'Trial monthly', trial_days: 7 })).id
  await request(t, 'PUT', `/subscription-pricing/${trial}`, dana, { active: true })
  const [pat, sam, lee, kim] = [
    await person(t, 'pat@example.com'),
    await person(t, 'sam@example.com'),
    await person(t, 'lee@example.com'),
    await person(t, 'kim@example.com'),
  ]
  await buy(t, pat, monthly)
  await buy(t, sam, trial)
  clock = new Date('2026-11-03T12:00:00Z')
  await buy(t, lee, trial, 'renewalsFail')
  clock = new Date('2026-11-04T12:00:00Z')
  const kims = await buy(t, kim, monthly)
  clock = new Date('2026-11-05T12:00:00Z')
  const cancelled = await request(t, 'DELETE', `/purchases/${kims}?cancelImmediately=true`, kim)
  expect(cancelled.statusCode, cancelled.body).toBe(200)
  clock = new Date('2026-11-10T13:00:00Z')
  await later(0)
  clock = new Date('2026-11-16T12:00:00Z')
  return person(t, 'admin@example.com', 'admin')
}

async function overview(admin: Person, query: string): Promise<SubscriptionsOverview> {
  const res = await request(t, 'GET', `/admin/subscriptions/overview${query}`, admin)
  expect(res.statusCode, res.body).toBe(200)
  return SubscriptionsOverview.parse(res.json())
}

describe('GET /api/admin/subscriptions/overview', () => {
  it('counts by status, started and ended per week with churn, and the trials converted', async () => {
    const admin = await world()
    expect(await overview(admin, '?interval=week&from=2026-11-02&to=2026-11-15')).toEqual({
      asOf: '2026-11-16T12:00:00.000Z',
      countedAt: '2026-11-16T12:00:00.000Z',
      timeZone: 'UTC',
      interval: 'week',
      from: '2026-11-02',
      to: '2026-11-15',
      byStatus: { pending: 0, incomplete: 0, trialing: 0, active: 2, past_due: 1, canceled: 1, expired: 0 },
      periods: [
        { start: '2026-11-02', end: '2026-11-09', new: 4, cancelled: 1, activeAtStart: 0, churnRate: null },
        { start: '2026-11-09', end: '2026-11-16', new: 0, cancelled: 0, activeAtStart: 3, churnRate: 0 },
      ],
      // Sam's and Lee's trials ended (9th and 10th); only Sam's was paid for.
      trialConversion: { trialsEnded: 2, converted: 1, rate: 0.5 },
    })
  })

  it('by day: churn of the day Kim left is one of the three live at its start', async () => {
    const admin = await world()
    const report = await overview(admin, '?from=2026-11-04&to=2026-11-06')
    expect(report.periods).toEqual([
      { start: '2026-11-04', end: '2026-11-05', new: 1, cancelled: 0, activeAtStart: 3, churnRate: 0 },
      { start: '2026-11-05', end: '2026-11-06', new: 0, cancelled: 1, activeAtStart: 4, churnRate: 0.25 },
      { start: '2026-11-06', end: '2026-11-07', new: 0, cancelled: 0, activeAtStart: 3, churnRate: 0 },
    ])
    // No trial ended in those three days.
    expect(report.trialConversion).toEqual({ trialsEnded: 0, converted: 0, rate: null })
  })

  it('by default: the last 30 days by day, empty days with zeros', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    clock = new Date('2026-11-16T12:00:00Z')
    const report = await overview(admin, '')
    expect(report).toMatchObject({ interval: 'day', from: '2026-10-18', to: '2026-11-16' })
    expect(report.periods).toHaveLength(30)
    expect(report.periods.every((p) => p.new === 0 && p.cancelled === 0 && p.churnRate === null)).toBe(true)
  })

  it('answers a bad interval or range with a 400 naming the field', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    for (const [query, field] of [
      ['?interval=quarter', 'query.interval'],
      ['?from=2026-11-10&to=2026-11-01', 'query.from'],
      ['?to=11/01/2026', 'query.to'],
    ] as const) {
      const res = await request(t, 'GET', `/admin/subscriptions/overview${query}`, admin)
      expect(res.statusCode, query).toBe(400)
      expect(
        ErrorBody.parse(res.json()).error.details?.map((d) => d.field),
        query,
      ).toEqual([field])
    }
  })
})
