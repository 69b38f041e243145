import { CreatorAnalytics } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { buy, sandboxShop } from '../../test/payments.ts'
import { request, type Person } from '../../test/people.ts'
import { subscriptionPlans } from '../creators/creators.table.ts'
import { purchases } from '../purchases/purchases.table.ts'

/**
 * The purchases' pass of the analytics skips what ended before the periods (decision 037): the
 * figures are the same, and a purchase without a plan still stands for a plan of its own.
 */

let t: TestApp
let clock = new Date('2026-01-10T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-01-10T12:00:00Z')
})

async function analytics(who: Person, query: string): Promise<CreatorAnalytics> {
  const res = await request(t, 'GET', `/creator/analytics/${who.id}${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorAnalytics.parse(res.json())
}

describe('GET /api/creator/analytics/{id}: purchases over before the periods', () => {
  it('lists a plan-less purchase over long ago by its kind, with nothing counted in a recent period', async () => {
    const { dana, pat, monthly, pass } = await sandboxShop(t)
    const passId = await buy(t, pat, pass)
    const subscriptionId = await buy(t, pat, monthly)
    // The pass's plan was deleted (its purchases keep their own copy of its terms, `set null`) and the
    // pass ended the next day; the subscription ended in February.
    await t.database.db.delete(subscriptionPlans).where(eq(subscriptionPlans.id, pass))
    await t.database.db
      .update(purchases)
      .set({ endedAt: sql`${purchases.createdAt} + interval '1 day'` })
      .where(eq(purchases.id, passId))
    await t.database.db
      .update(purchases)
      .set({
        status: 'canceled',
        canceledAt: new Date('2026-02-01T00:00:00Z'),
        endedAt: new Date('2026-02-10T12:00:00Z'),
      })
      .where(eq(purchases.id, subscriptionId))
    clock = new Date('2026-11-23T12:00:00Z')

    const recent = await analytics(dana, '?timeframe=7d')
    expect(recent.by_plan).toContainEqual({
      plan_id: null,
      plan_name: 'Day pass',
      kind: 'one_time',
      gross_sales_cents: 0,
      net_earnings_cents: 0,
      new_subscribers: 0,
      passes_sold: 0,
      active_subscribers: 0,
    })
    expect(recent.by_plan.find((p) => p.plan_id === monthly)).toMatchObject({
      new_subscribers: 0,
      active_subscribers: 0,
    })
    expect(recent.current).toMatchObject({ active_subscribers: 0, new_subscribers: 0, cancellations: 0, mrr_cents: 0 })
    expect(recent.previous).toMatchObject({ active_subscribers: 0, new_subscribers: 0, cancellations: 0 })

    const everything = await analytics(dana, '?timeframe=all')
    expect(everything.by_plan).toContainEqual(
      expect.objectContaining({ plan_id: null, kind: 'one_time', passes_sold: 1, gross_sales_cents: 999 }),
    )
    expect(everything.current).toMatchObject({
      new_subscribers: 1,
      cancellations: 1,
      active_subscribers: 0,
      passes_sold: 1,
    })
  })
})
