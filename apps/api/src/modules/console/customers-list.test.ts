import { AdminCustomersPage } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { purchases } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import {
  dayMs,
  expectVerifiedAdminOnly,
  fieldsOf,
  getJson,
  personalReads,
  seedCreator,
  seedCustomer,
  seedPurchase,
} from './lists-test-support.ts'

let t: TestApp
const clock = new Date('2026-11-22T12:00:00Z')
const daysAgo = (n: number) => new Date(clock.getTime() - n * dayMs)

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})

let boss: Person
let ids: { ann: string; ben: string; cat: string; annAlpha: string }

beforeEach(async () => {
  await t.database.reset()
  const db = t.database.db
  boss = await person(t, 'boss@example.com', 'admin')
  const alpha = await seedCreator(db, { username: 'alpha' })
  const bravo = await seedCreator(db, { username: 'bravo' })
  const ann = await seedCustomer(db, { email: 'ann@example.com', name: 'Ann', createdAt: daysAgo(10) })
  const ben = await seedCustomer(db, {
    email: 'ben@example.com',
    name: 'Ben',
    phone: '+15551234567',
    createdAt: daysAgo(5),
  })
  const cat = await seedCustomer(db, { email: 'cat@example.com', name: 'Cat', createdAt: daysAgo(1) })
  const annAlpha = await seedPurchase(db, { userId: ann, creatorId: alpha, priceCents: 2900, createdAt: daysAgo(3) })
  await seedPurchase(db, {
    userId: ann,
    creatorId: bravo,
    priceCents: 1000,
    status: 'expired',
    createdAt: daysAgo(40),
    refundCents: 500,
  })
  await seedPurchase(db, { userId: ben, creatorId: alpha, priceCents: 4900, createdAt: daysAgo(2) })
  // A checkout never paid is not a purchase made.
  await seedPurchase(db, { userId: cat, creatorId: alpha, status: 'pending', createdAt: daysAgo(1) })
  ids = { ann, ben, cat, annAlpha }
})

async function customers(query = '') {
  return AdminCustomersPage.parse(await getJson(t, `/admin/customers${query}`, boss))
}
const names = (page: AdminCustomersPage) => page.items.map((row) => row.name)

describe('GET /admin/customers', () => {
  it('lists customers (no creators or staff) biggest spenders first, masked, with live subscriptions and last purchase', async () => {
    const page = await customers()
    expect(names(page)).toEqual(['Ben', 'Ann', 'Cat'])
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.items).toEqual([
      {
        id: ids.ben,
        name: 'Ben',
        email: 'b•••@example.com',
        phone: '•••4567',
        createdAt: daysAgo(5).toISOString(),
        totalSpentCents: 4900,
        activeSubscriptions: 1,
        lastPurchaseAt: daysAgo(2).toISOString(),
      },
      {
        id: ids.ann,
        name: 'Ann',
        email: 'a•••@example.com',
        phone: null,
        createdAt: daysAgo(10).toISOString(),
        totalSpentCents: 3400,
        activeSubscriptions: 1,
        lastPurchaseAt: daysAgo(3).toISOString(),
      },
      {
        id: ids.cat,
        name: 'Cat',
        email: 'c•••@example.com',
        phone: null,
        createdAt: daysAgo(1).toISOString(),
        totalSpentCents: 0,
        activeSubscriptions: 0,
        lastPurchaseAt: null,
      },
    ])
    expect(await personalReads(t.database.db, 'customers')).toEqual([])
  })

  it('sorts by each key, both ways', async () => {
    expect(names(await customers('?sortOrder=asc'))).toEqual(['Cat', 'Ann', 'Ben'])
    expect(names(await customers('?sortBy=created_at'))).toEqual(['Cat', 'Ben', 'Ann'])
    expect(names(await customers('?sortBy=created_at&sortOrder=asc'))).toEqual(['Ann', 'Ben', 'Cat'])
    expect(names(await customers('?sortBy=name&sortOrder=asc'))).toEqual(['Ann', 'Ben', 'Cat'])
    expect(names(await customers('?sortBy=last_purchase'))).toEqual(['Ben', 'Ann', 'Cat'])
    expect(names(await customers('?sortBy=last_purchase&sortOrder=asc'))).toEqual(['Ann', 'Ben', 'Cat'])
    expect(names(await customers('?sortBy=active_subscriptions')).at(-1)).toBe('Cat')
    expect(names(await customers('?sortBy=active_subscriptions&sortOrder=asc')).at(0)).toBe('Cat')
  })

  it('searches names and e-mails, filters by whether they hold a live purchase, and pages', async () => {
    expect(names(await customers('?search=ben%40'))).toEqual(['Ben'])
    expect(names(await customers('?search=CAT'))).toEqual(['Cat'])
    expect(names(await customers('?status=subscribed'))).toEqual(['Ben', 'Ann'])
    expect(names(await customers('?status=not_subscribed'))).toEqual(['Cat'])
    const second = await customers('?limit=1&page=2')
    expect(names(second)).toEqual(['Ann'])
    expect(second).toMatchObject({ total: 3, page: 2, limit: 1, hasMore: true })
    expect((await customers('?limit=1&page=3')).hasMore).toBe(false)
  })

  it('keeps the figures as purchases change: an ended subscription is no longer live', async () => {
    await t.database.db.update(purchases).set({ status: 'expired' }).where(eq(purchases.id, ids.annAlpha))
    expect(names(await customers('?status=not_subscribed'))).toEqual(['Ann', 'Cat'])
    const ann = (await customers('?search=ann')).items[0]
    expect(ann).toMatchObject({ activeSubscriptions: 0, totalSpentCents: 3400 })
  })

  it('shows e-mails and phones in full only with includePersonal, and audits that read', async () => {
    const page = await customers('?includePersonal=true&search=ben')
    expect(page.personal).toBe(true)
    expect(page.items.map((row) => [row.email, row.phone])).toEqual([['ben@example.com', '+15551234567']])
    const reads = await personalReads(t.database.db, 'customers')
    expect(reads.map((r) => [r.actorId, r.requestId !== null, r.after])).toEqual([
      [
        boss.id,
        true,
        { page: 1, limit: 20, sortBy: 'total_spent', sortOrder: 'desc', search: 'ben', includePersonal: true },
      ],
    ])
  })

  it('answers a bad sort, order, status or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sortBy=spent', 'query.sortBy'],
      ['?sortOrder=down', 'query.sortOrder'],
      ['?status=vip', 'query.status'],
      ['?limit=abc', 'query.limit'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/customers${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/customers')
  })
})
