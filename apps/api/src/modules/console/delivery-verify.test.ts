import { AdminDeliveryStatusPage, AdminDeliveryVerification } from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { alertDeliveries, alertFanouts } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { sendDueAlerts } from '../alerts/alert-delivery.ts'
import { fanOutPick } from '../alerts/alert-fanout.ts'
import { insertPick } from '../alerts/alerts-test-support.ts'
import { expectVerifiedAdminOnly, fieldsOf, getJson, personalReads, seedAlerts } from './lists-test-support.ts'

let t: TestApp
let clock = new Date('2026-11-22T12:00:00Z')

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
  clock = new Date('2026-11-22T12:00:00Z')
  boss = await person(t, 'boss@example.com', 'admin')
  world = await seedAlerts(t.database.db, clock)
  expect(await fanOutPick(t.app.alerts.deps, world.pickId)).toMatchObject({ queued: 3 })
  expect(await sendDueAlerts(t.app.alerts.deps, world.alpha)).toMatchObject({ sent: 3, failed: 0 })
})

async function verify(id: string, query = '') {
  return AdminDeliveryVerification.parse(await getJson(t, `/admin/delivery/verify/${id}${query}`, boss))
}

describe('GET /admin/delivery/verify/{id}', () => {
  it('finds exactly one delivery per channel for every entitled, reachable recipient of a pick', async () => {
    const check = await verify(world.pickId)
    expect(check).toMatchObject({
      subject: 'pick',
      id: world.pickId,
      checkedAt: clock.toISOString(),
      ok: true,
      counts: { missing: 0, duplicated: 0, failed: 0 },
      missing: [],
      duplicated: [],
      failed: [],
      personal: false,
    })
    // Dan paid but never verified his e-mail; Cat never paid: neither is expected.
    expect(check.picks).toEqual([
      {
        pickId: world.pickId,
        fanout: { status: 'done', startedAt: clock.toISOString(), finishedAt: clock.toISOString() },
        expected: { email: 2, sms: 1 },
        found: { email: 2, sms: 1 },
      },
    ])
  })

  it('names a recipient whose delivery row is gone as missing, and a failed delivery as failed', async () => {
    await t.database.db
      .delete(alertDeliveries)
      .where(and(eq(alertDeliveries.recipientId, world.ben), eq(alertDeliveries.channel, 'sms')))
    await t.database.db
      .update(alertDeliveries)
      .set({ status: 'failed', error: 'Mailbox unavailable', failedAt: clock })
      .where(eq(alertDeliveries.recipientId, world.ann))
    const check = await verify(world.pickId)
    expect(check).toMatchObject({ ok: false, counts: { missing: 1, duplicated: 0, failed: 1 } })
    expect(check.missing).toEqual([
      {
        pickId: world.pickId,
        recipient: { id: world.ben, name: 'Ben', email: 'b•••@example.com', phone: '•••4567' },
        channel: 'sms',
      },
    ])
    expect(check.failed).toEqual([
      {
        pickId: world.pickId,
        recipient: { id: world.ann, name: 'Ann', email: 'a•••@example.com', phone: null },
        channel: 'email',
        deliveryId: expect.any(String),
        error: 'Mailbox unavailable',
        failedAt: clock.toISOString(),
      },
    ])
    expect(check.picks[0]).toMatchObject({ expected: { email: 2, sms: 1 }, found: { email: 2, sms: 0 } })
  })

  it('checks a purchase: its buyer, over every pick the purchase entitled them to', async () => {
    const check = await verify(world.purchase.benAlpha)
    expect(check).toMatchObject({ subject: 'purchase', id: world.purchase.benAlpha, ok: true })
    expect(check.picks.map((p) => [p.pickId, p.expected, p.found])).toEqual([
      [world.pickId, { email: 1, sms: 1 }, { email: 1, sms: 1 }],
    ])
    await t.database.db.delete(alertDeliveries).where(eq(alertDeliveries.recipientId, world.ben))
    const broken = await verify(world.purchase.benAlpha)
    expect(broken.missing.map((m) => [m.recipient.name, m.channel])).toEqual([
      ['Ben', 'email'],
      ['Ben', 'sms'],
    ])
  })

  it('shows recipients in full only with includePersonal, and audits that read', async () => {
    await t.database.db.delete(alertDeliveries).where(eq(alertDeliveries.recipientId, world.ann))
    const check = await verify(world.pickId, '?includePersonal=true')
    expect(check.personal).toBe(true)
    expect(check.missing.map((m) => m.recipient.email)).toEqual(['ann@example.com'])
    const reads = await personalReads(t.database.db, 'delivery_verification')
    expect(reads.map((r) => r.after)).toEqual([{ includePersonal: true, subject: 'pick', id: world.pickId }])
  })

  it('answers an id that is no pick or purchase with a 404, and a malformed one with a 400', async () => {
    const res = await request(t, 'GET', '/admin/delivery/verify/00000000-0000-4000-8000-000000000000', boss)
    expect(res.statusCode).toBe(404)
    expect(fieldsOf(await request(t, 'GET', '/admin/delivery/verify/nope', boss))).toEqual(['params.id'])
    expect(await personalReads(t.database.db, 'delivery_verification')).toEqual([])
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, `/admin/delivery/verify/${world.pickId}`)
  })
})

describe('GET /admin/delivery/status', () => {
  async function status(query = '') {
    return AdminDeliveryStatusPage.parse(await getJson(t, `/admin/delivery/status${query}`, boss))
  }

  it('lists the newest 50 fan-outs with their deliveries by channel and status', async () => {
    clock = new Date('2026-11-22T13:00:00Z')
    const later = await insertPick(t.database.db, world.alpha, { now: clock })
    await fanOutPick(t.app.alerts.deps, later.id)
    const page = await status()
    expect(page).toMatchObject({ total: 2, page: 1, limit: 50, hasMore: false, personal: false })
    expect(page.items.map((row) => row.pickId)).toEqual([later.id, world.pickId])
    expect(page.items[1]).toEqual({
      pickId: world.pickId,
      creator: { id: world.alpha, username: 'alpha', name: 'Alpha Picks' },
      status: 'done',
      queued: 3,
      startedAt: '2026-11-22T12:00:00.000Z',
      finishedAt: '2026-11-22T12:00:00.000Z',
      counts: {
        email: { queued: 0, sending: 0, sent: 2, delivered: 0, failed: 0 },
        sms: { queued: 0, sending: 0, sent: 1, delivered: 0, failed: 0 },
      },
      total: 3,
    })
    expect(page.items[0]?.counts.email.queued).toBe(2)
    expect((await status('?sortOrder=asc')).items.map((row) => row.pickId)).toEqual([world.pickId, later.id])
    const first = await status('?limit=1')
    expect(first).toMatchObject({ total: 2, limit: 1, hasMore: true })
    await t.database.db.update(alertFanouts).set({ status: 'running' }).where(eq(alertFanouts.pickId, later.id))
    expect((await status('?status=running')).items.map((row) => row.pickId)).toEqual([later.id])
    expect((await status('?status=done')).items.map((row) => row.pickId)).toEqual([world.pickId])
    expect((await status('?search=alpha')).total).toBe(2)
    expect((await status('?search=bravo')).total).toBe(0)
  })

  it('answers a bad sort, order, status or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sortBy=pick', 'query.sortBy'],
      ['?sortOrder=latest', 'query.sortOrder'],
      ['?status=stuck', 'query.status'],
      ['?limit=0', 'query.limit'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/delivery/status${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/delivery/status')
  })
})
