import { AdminCreatorsPage } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { insertPick } from '../alerts/alerts-test-support.ts'
import {
  dayMs,
  expectVerifiedAdminOnly,
  fieldsOf,
  getJson,
  personalReads,
  seedCreator,
  seedCustomer,
  seedPurchase,
  seedRecord,
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
let ids: { alpha: string; bravo: string; charlie: string }

beforeEach(async () => {
  await t.database.reset()
  const db = t.database.db
  boss = await person(t, 'boss@example.com', 'admin')
  ids = {
    alpha: await seedCreator(db, { username: 'alpha', name: 'Alpha Picks', createdAt: daysAgo(3), payout: 'active' }),
    bravo: await seedCreator(db, { username: 'bravo', name: 'Bravo Bets', createdAt: daysAgo(2), payout: 'pending' }),
    charlie: await seedCreator(db, { username: 'charlie', name: 'Charlie Locks', createdAt: daysAgo(1) }),
  }
  const ann = await seedCustomer(db, { email: 'ann@example.com', name: 'Ann' })
  const ben = await seedCustomer(db, { email: 'ben@example.com', name: 'Ben' })
  await seedPurchase(db, { userId: ann, creatorId: ids.alpha, priceCents: 2900, createdAt: daysAgo(2) })
  await seedPurchase(db, { userId: ben, creatorId: ids.alpha, priceCents: 4900, createdAt: daysAgo(1) })
  await seedPurchase(db, {
    userId: ann,
    creatorId: ids.bravo,
    priceCents: 1000,
    status: 'expired',
    createdAt: daysAgo(40),
  })
  await seedRecord(db, ids.alpha, { wins: 5, losses: 2, netUnits: 3.1, roiPct: 12.5 })
  await seedRecord(db, ids.bravo, { wins: 1, losses: 4, pushes: 1, netUnits: -3, roiPct: -20 })
  await insertPick(db, ids.alpha, { now: daysAgo(1) })
  await insertPick(db, ids.alpha, { now: daysAgo(5) })
})

async function creators(query = '', path = '/admin/creators') {
  return AdminCreatorsPage.parse(await getJson(t, `${path}${query}`, boss))
}
const names = (page: AdminCreatorsPage) => page.items.map((row) => row.username)

describe('GET /admin/creators', () => {
  it('lists creators newest first with sales, fees, subscribers, record, last pick and payout account, e-mails masked', async () => {
    const page = await creators()
    expect(names(page)).toEqual(['charlie', 'bravo', 'alpha'])
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.items[2]).toEqual({
      id: ids.alpha,
      username: 'alpha',
      name: 'Alpha Picks',
      email: 'a•••@test.example',
      createdAt: daysAgo(3).toISOString(),
      salesCents: 7800,
      feesCents: 780,
      activeSubscribers: 2,
      record: { picks: 7, wins: 5, losses: 2, pushes: 0, netUnits: 3.1, roiPct: 12.5 },
      lastPickAt: daysAgo(1).toISOString(),
      payoutAccount: 'active',
    })
    expect(page.items[1]).toMatchObject({
      salesCents: 1000,
      feesCents: 100,
      activeSubscribers: 0,
      payoutAccount: 'pending',
    })
    expect(page.items[0]).toMatchObject({
      salesCents: 0,
      activeSubscribers: 0,
      record: { picks: 0, wins: 0, losses: 0, pushes: 0, netUnits: 0, roiPct: null },
      lastPickAt: null,
      payoutAccount: 'none',
    })
    expect(await personalReads(t.database.db, 'creators')).toEqual([])
  })

  it('sorts by each key, both ways', async () => {
    expect(names(await creators('?sortOrder=asc'))).toEqual(['alpha', 'bravo', 'charlie'])
    expect(names(await creators('?sortBy=name&sortOrder=asc'))).toEqual(['alpha', 'bravo', 'charlie'])
    expect(names(await creators('?sortBy=name'))).toEqual(['charlie', 'bravo', 'alpha'])
    expect(names(await creators('?sortBy=sales'))).toEqual(['alpha', 'bravo', 'charlie'])
    expect(names(await creators('?sortBy=sales&sortOrder=asc'))).toEqual(['charlie', 'bravo', 'alpha'])
    expect(names(await creators('?sortBy=subscribers')).at(0)).toBe('alpha')
    expect(names(await creators('?sortBy=subscribers&sortOrder=asc')).at(-1)).toBe('alpha')
    expect(names(await creators('?sortBy=net_units'))).toEqual(['alpha', 'charlie', 'bravo'])
    expect(names(await creators('?sortBy=net_units&sortOrder=asc'))).toEqual(['bravo', 'charlie', 'alpha'])
    // A creator with no decided pick has no ROI: last either way.
    expect(names(await creators('?sortBy=roi'))).toEqual(['alpha', 'bravo', 'charlie'])
    expect(names(await creators('?sortBy=roi&sortOrder=asc'))).toEqual(['bravo', 'alpha', 'charlie'])
  })

  it('searches names, usernames and e-mails, and filters by payout account state', async () => {
    expect(names(await creators('?search=BETS'))).toEqual(['bravo'])
    expect(names(await creators('?search=charl'))).toEqual(['charlie'])
    expect(names(await creators('?search=alpha%40test'))).toEqual(['alpha'])
    expect(names(await creators('?search=nobody'))).toEqual([])
    expect(names(await creators('?status=active'))).toEqual(['alpha'])
    expect(names(await creators('?status=pending'))).toEqual(['bravo'])
    expect(names(await creators('?status=none'))).toEqual(['charlie'])
    expect(names(await creators('?status=onboarding'))).toEqual([])
  })

  it('pages', async () => {
    const first = await creators('?limit=2')
    expect(names(first)).toEqual(['charlie', 'bravo'])
    expect(first).toMatchObject({ total: 3, page: 1, limit: 2, hasMore: true })
    const second = await creators('?limit=2&page=2')
    expect(names(second)).toEqual(['alpha'])
    expect(second).toMatchObject({ total: 3, page: 2, hasMore: false })
  })

  it('shows e-mails in full only with includePersonal, and writes that read to the audit log', async () => {
    const page = await creators('?includePersonal=true&search=alpha')
    expect(page.personal).toBe(true)
    expect(page.items.map((row) => row.email)).toEqual(['alpha@test.example'])
    const reads = await personalReads(t.database.db, 'creators')
    expect(reads.map((r) => [r.actorId, r.after])).toEqual([
      [
        boss.id,
        { page: 1, limit: 20, sortBy: 'created_at', sortOrder: 'desc', search: 'alpha', includePersonal: true },
      ],
    ])
  })

  it('answers a bad sort, order, status or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sortBy=email', 'query.sortBy'],
      ['?sortOrder=up', 'query.sortOrder'],
      ['?status=frozen', 'query.status'],
      ['?limit=0', 'query.limit'],
      ['?limit=101', 'query.limit'],
      ['?page=0', 'query.page'],
      ['?includePersonal=yes', 'query.includePersonal'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/creators${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/creators')
  })
})

describe('GET /admin/creators/performance', () => {
  const path = '/admin/creators/performance'

  it('ranks the top 20 by net units unless asked, by ROI, sales or subscribers', async () => {
    const page = await creators('', path)
    expect(names(page)).toEqual(['alpha', 'charlie', 'bravo'])
    expect(page).toMatchObject({ limit: 20, total: 3 })
    expect(names(await creators('?limit=1', path))).toEqual(['alpha'])
    expect(names(await creators('?sortBy=roi', path))).toEqual(['alpha', 'bravo', 'charlie'])
    expect(names(await creators('?sortBy=sales&sortOrder=asc', path))).toEqual(['charlie', 'bravo', 'alpha'])
    expect(names(await creators('?sortBy=subscribers', path)).at(0)).toBe('alpha')
    expect(names(await creators('?status=pending', path))).toEqual(['bravo'])
  })

  it('audits includePersonal, and refuses other sort keys and limits with a 400 naming the field', async () => {
    await creators('?includePersonal=true', path)
    expect(await personalReads(t.database.db, 'creator_performance')).toHaveLength(1)
    expect(fieldsOf(await request(t, 'GET', `${path}?sortBy=created_at`, boss))).toEqual(['query.sortBy'])
    expect(fieldsOf(await request(t, 'GET', `${path}?limit=500`, boss))).toEqual(['query.limit'])
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, path)
  })
})
