import { AdminSubscribersPage } from '@picks/contracts'
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

async function subscribers(creatorId: string, query = '') {
  return AdminSubscribersPage.parse(await getJson(t, `/admin/creators/${creatorId}/subscribers${query}`, boss))
}
const buyers = (page: AdminSubscribersPage) => page.items.map((row) => row.buyer.name)

describe('GET /admin/creators/{id}/subscribers', () => {
  it("lists the creator's buyers newest first, masked, with plan, status, renewal and what each paid", async () => {
    const page = await subscribers(market.alpha)
    expect(page.creator).toEqual({ id: market.alpha, username: 'alpha', name: 'Alpha Picks' })
    expect(buyers(page)).toEqual(['Ben', 'Ann'])
    expect(page).toMatchObject({ total: 2, page: 1, limit: 20, hasMore: false, personal: false })
    const renews = new Date(market.daysAgo(3).getTime() + 30 * 86_400_000).toISOString()
    expect(page.items[1]).toEqual({
      purchaseId: market.purchase.annAlpha,
      buyer: { id: market.ann, name: 'Ann', email: 'a•••@example.com', phone: null },
      plan: 'Monthly',
      kind: 'subscription',
      status: 'active',
      since: market.daysAgo(3).toISOString(),
      renewsAt: renews,
      endsAt: null,
      totalPaidCents: 2000,
    })
    const ended = await subscribers(market.bravo)
    expect(
      ended.items.map(({ status, renewsAt, endsAt, totalPaidCents }) => ({ status, renewsAt, endsAt, totalPaidCents })),
    ).toEqual([{ status: 'expired', renewsAt: null, endsAt: market.daysAgo(33).toISOString(), totalPaidCents: 1000 }])
  })

  it('sorts by since, what was paid and the end, filters by status and text, and pages', async () => {
    expect(buyers(await subscribers(market.alpha, '?sortOrder=asc'))).toEqual(['Ann', 'Ben'])
    expect(buyers(await subscribers(market.alpha, '?sortBy=total_paid'))).toEqual(['Ben', 'Ann'])
    expect(buyers(await subscribers(market.alpha, '?sortBy=total_paid&sortOrder=asc'))).toEqual(['Ann', 'Ben'])
    expect(buyers(await subscribers(market.alpha, '?sortBy=ends'))).toEqual(['Ben', 'Ann'])
    expect(buyers(await subscribers(market.alpha, '?status=pending'))).toEqual(['Cat'])
    expect(buyers(await subscribers(market.alpha, '?status=active&search=ann'))).toEqual(['Ann'])
    const first = await subscribers(market.alpha, '?limit=1')
    expect(first).toMatchObject({ total: 2, hasMore: true })
  })

  it('shows buyers in full only with includePersonal, and audits that read', async () => {
    const page = await subscribers(market.alpha, '?includePersonal=true&search=ben')
    expect(page.items.map((row) => [row.buyer.email, row.buyer.phone])).toEqual([['ben@example.com', '+15551234567']])
    const reads = await personalReads(t.database.db, 'creator_subscribers')
    expect(reads.map((r) => r.after)).toEqual([
      {
        page: 1,
        limit: 20,
        sortBy: 'since',
        sortOrder: 'desc',
        search: 'ben',
        includePersonal: true,
        creatorId: market.alpha,
      },
    ])
  })

  it('answers an unknown creator with a 404, and a bad id, sort or status with a 400 naming the field', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', market.ann]) {
      expect((await request(t, 'GET', `/admin/creators/${id}/subscribers`, boss)).statusCode).toBe(404)
    }
    expect(fieldsOf(await request(t, 'GET', '/admin/creators/abc/subscribers', boss))).toEqual(['params.id'])
    const base = `/admin/creators/${market.alpha}/subscribers`
    expect(fieldsOf(await request(t, 'GET', `${base}?sortBy=name`, boss))).toEqual(['query.sortBy'])
    expect(fieldsOf(await request(t, 'GET', `${base}?status=live`, boss))).toEqual(['query.status'])
    expect(fieldsOf(await request(t, 'GET', `${base}?sortOrder=1`, boss))).toEqual(['query.sortOrder'])
    expect(await personalReads(t.database.db, 'creator_subscribers')).toEqual([])
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, `/admin/creators/${market.alpha}/subscribers`)
  })
})
