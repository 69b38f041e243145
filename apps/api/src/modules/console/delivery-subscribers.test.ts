import { AdminChannelSubscribersPage } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { creatorAlertPreferences } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import {
  expectVerifiedAdminOnly,
  fieldsOf,
  getJson,
  personalReads,
  seedAlerts,
  seedCustomer,
} from './lists-test-support.ts'

let t: TestApp
const clock = new Date('2026-11-22T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})

let boss: Person
let world: Awaited<ReturnType<typeof seedAlerts>>

beforeEach(async () => {
  await t.database.reset()
  boss = await person(t, 'boss@example.com', 'admin')
  world = await seedAlerts(t.database.db, clock)
  // Eve follows bravo for free picks without paying.
  const eve = await seedCustomer(t.database.db, { email: 'eve@example.com', name: 'Eve' })
  await t.database.db
    .insert(creatorAlertPreferences)
    .values({ userId: eve, creatorId: world.bravo, followedAt: world.daysAgo(4) })
})

async function subscribers(channel: 'email' | 'sms', query = '') {
  return AdminChannelSubscribersPage.parse(await getJson(t, `/admin/${channel}-subscribers${query}`, boss))
}
const names = (page: AdminChannelSubscribersPage) => page.items.map((row) => row.person.name)

describe('GET /admin/email-subscribers and /admin/sms-subscribers', () => {
  it('lists each person entitled to or following a creator, newest first, masked, with whether the channel reaches them', async () => {
    const page = await subscribers('email')
    expect(names(page)).toEqual(['Dan', 'Ben', 'Ann', 'Eve'])
    expect(page).toMatchObject({ total: 4, page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.items[1]).toEqual({
      person: { id: world.ben, name: 'Ben', email: 'b•••@example.com', phone: '•••4567' },
      creator: { id: world.alpha, username: 'alpha', name: 'Alpha Picks' },
      access: 'subscriber',
      since: world.daysAgo(2).toISOString(),
      status: 'receiving',
    })
    expect(page.items[3]).toMatchObject({ access: 'follower', creator: { username: 'bravo' }, status: 'receiving' })
    // Dan never verified his e-mail.
    expect(page.items[0]?.status).toBe('not_receiving')
  })

  it('filters by status, person and creator, sorts by name or since, and pages', async () => {
    expect(names(await subscribers('email', '?status=receiving'))).toEqual(['Ben', 'Ann', 'Eve'])
    expect(names(await subscribers('email', '?status=not_receiving'))).toEqual(['Dan'])
    expect(names(await subscribers('sms', '?status=receiving'))).toEqual(['Ben'])
    expect(names(await subscribers('sms', '?status=not_receiving'))).toEqual(['Dan', 'Ann', 'Eve'])
    expect(names(await subscribers('email', '?searchCreator=bravo'))).toEqual(['Eve'])
    expect(names(await subscribers('email', '?search=ann%40'))).toEqual(['Ann'])
    expect(names(await subscribers('sms', '?sortBy=name&sortOrder=asc'))).toEqual(['Ann', 'Ben', 'Dan', 'Eve'])
    expect(names(await subscribers('sms', '?sortOrder=asc'))).toEqual(['Eve', 'Ann', 'Ben', 'Dan'])
    expect(await subscribers('email', '?limit=3')).toMatchObject({ total: 4, hasMore: true })
  })

  it('shows people in full only with includePersonal, and audits that read', async () => {
    const page = await subscribers('sms', '?includePersonal=true&status=receiving')
    expect(page.items.map((row) => row.person.phone)).toEqual(['+15551234567'])
    expect(await personalReads(t.database.db, 'sms_subscribers')).toHaveLength(1)
    expect(await personalReads(t.database.db, 'email_subscribers')).toEqual([])
  })

  it('answers a bad status or sort with a 400 naming the field', async () => {
    expect(fieldsOf(await request(t, 'GET', '/admin/sms-subscribers?status=on', boss))).toEqual(['query.status'])
    expect(fieldsOf(await request(t, 'GET', '/admin/email-subscribers?sortBy=creator', boss))).toEqual(['query.sortBy'])
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/sms-subscribers')
    await expectVerifiedAdminOnly(t, '/admin/email-subscribers')
  })
})
