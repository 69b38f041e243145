import { AdminPurchasesPage } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { expectVerifiedAdminOnly, fieldsOf, getJson, personalReads, seedMarket } from './lists-test-support.ts'

let t: TestApp
const clock = new Date('2026-11-22T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})

let boss: Person
let market: Awaited<ReturnType<typeof seedMarket>>

beforeEach(async () => {
  await t.database.reset()
  boss = await person(t, 'boss@example.com', 'admin')
  market = await seedMarket(t.database.db, clock)
})

async function purchases(query = '') {
  return AdminPurchasesPage.parse(await getJson(t, `/admin/purchases${query}`, boss))
}
const plans = (page: AdminPurchasesPage) => page.items.map((row) => row.plan)

describe('GET /admin/purchases', () => {
  it('lists every purchase newest first with its buyer (masked) and creator', async () => {
    const page = await purchases()
    expect(plans(page)).toEqual(['Day pass', 'VIP', 'Monthly', 'Weekly'])
    expect(page).toMatchObject({ total: 4, page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.items[1]).toEqual({
      id: market.purchase.benAlpha,
      createdAt: market.daysAgo(2).toISOString(),
      status: 'active',
      kind: 'subscription',
      plan: 'VIP',
      amountCents: 4900,
      currency: 'usd',
      customer: { id: market.ben, name: 'Ben', email: 'b•••@example.com', phone: '•••4567' },
      creator: { id: market.alpha, username: 'alpha', name: 'Alpha Picks' },
      currentPeriodEnd: new Date(market.daysAgo(2).getTime() + 30 * 86_400_000).toISOString(),
      autoRenewal: true,
    })
    expect(await personalReads(t.database.db, 'purchases')).toEqual([])
  })

  it('sorts by time and by amount, both ways, and pages', async () => {
    expect(plans(await purchases('?sortOrder=asc'))).toEqual(['Weekly', 'Monthly', 'VIP', 'Day pass'])
    expect(plans(await purchases('?sortBy=amount'))).toEqual(['VIP', 'Monthly', 'Day pass', 'Weekly'])
    expect(plans(await purchases('?sortBy=amount&sortOrder=asc'))).toEqual(['Weekly', 'Day pass', 'Monthly', 'VIP'])
    const second = await purchases('?limit=3&page=2')
    expect(plans(second)).toEqual(['Weekly'])
    expect(second).toMatchObject({ total: 4, hasMore: false })
    expect((await purchases('?limit=3')).hasMore).toBe(true)
  })

  it('filters by status, by customer, by creator and by any text', async () => {
    expect(plans(await purchases('?status=expired'))).toEqual(['Weekly'])
    expect(plans(await purchases('?status=pending'))).toEqual(['Day pass'])
    expect(plans(await purchases('?searchCustomer=ann'))).toEqual(['Monthly', 'Weekly'])
    expect(plans(await purchases('?searchCustomer=ben%40example'))).toEqual(['VIP'])
    expect(plans(await purchases('?searchCreator=bravo'))).toEqual(['Weekly'])
    expect(plans(await purchases('?searchCreator=Alpha%20Picks&searchCustomer=ann'))).toEqual(['Monthly'])
    expect(plans(await purchases('?search=vip'))).toEqual(['VIP'])
    expect(plans(await purchases('?search=bets'))).toEqual(['Weekly'])
    expect(plans(await purchases('?search=cat'))).toEqual(['Day pass'])
  })

  it('shows buyers in full only with includePersonal, and audits that read', async () => {
    const page = await purchases('?includePersonal=true&searchCustomer=ben')
    expect(page.personal).toBe(true)
    expect(page.items.map((row) => row.customer.email)).toEqual(['ben@example.com'])
    const reads = await personalReads(t.database.db, 'purchases')
    expect(reads.map((r) => r.after)).toEqual([
      { page: 1, limit: 20, sortBy: 'created_at', sortOrder: 'desc', searchCustomer: 'ben', includePersonal: true },
    ])
  })

  it('answers a bad sort, order, status or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sortBy=price', 'query.sortBy'],
      ['?sortOrder=newest', 'query.sortOrder'],
      ['?status=paid', 'query.status'],
      ['?limit=1000', 'query.limit'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/purchases${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/purchases')
  })
})
