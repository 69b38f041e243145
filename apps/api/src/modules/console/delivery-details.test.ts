import { AdminDeliveryDetails } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { sendDueAlerts } from '../alerts/alert-delivery.ts'
import { fanOutPick } from '../alerts/alert-fanout.ts'
import { insertPick } from '../alerts/alerts-test-support.ts'
import { expectVerifiedAdminOnly, fieldsOf, getJson, personalReads, seedAlerts } from './lists-test-support.ts'

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
  expect(await fanOutPick(t.app.alerts.deps, world.pickId)).toMatchObject({ queued: 3 })
  expect(await sendDueAlerts(t.app.alerts.deps, world.alpha)).toMatchObject({ sent: 3, failed: 0 })
})

async function details(purchaseId: string, query = '') {
  return AdminDeliveryDetails.parse(await getJson(t, `/admin/purchases/${purchaseId}/delivery-details${query}`, boss))
}

describe('GET /admin/purchases/{id}/delivery-details', () => {
  it('lists the picks posted while the purchase gave access, each with its deliveries to the buyer by channel', async () => {
    const answer = await details(world.purchase.benAlpha)
    expect(answer.purchase).toEqual({
      id: world.purchase.benAlpha,
      status: 'active',
      plan: 'VIP',
      customer: { id: world.ben, name: 'Ben', email: 'b•••@example.com', phone: '•••4567' },
      creator: { id: world.alpha, username: 'alpha', name: 'Alpha Picks' },
      accessFrom: world.daysAgo(2).toISOString(),
      accessUntil: null,
    })
    // The pick from 5 days ago came before the purchase.
    expect(answer.picks.map((p) => p.id)).toEqual([world.pickId])
    const [pick] = answer.picks
    expect(pick).toMatchObject({ isPremium: true, summary: expect.stringContaining('Boston Celtics') })
    expect(pick?.deliveries.map((d) => [d.channel, d.status, d.destination, d.attempts])).toEqual([
      ['email', 'sent', 'b•••@example.com', 1],
      ['sms', 'sent', '•••4567', 1],
    ])
    expect(pick?.deliveries.every((d) => d.sentAt === clock.toISOString() && d.failedAt === null)).toBe(true)
    expect(answer.personal).toBe(false)
  })

  it('stops at the end of a purchase that no longer gives access, and shows none for a checkout never paid', async () => {
    await insertPick(t.database.db, world.bravo, { now: world.daysAgo(35) })
    await insertPick(t.database.db, world.bravo, { now: world.daysAgo(20) })
    const ended = await details(world.purchase.annBravo)
    expect(ended.purchase).toMatchObject({
      status: 'expired',
      accessFrom: world.daysAgo(40).toISOString(),
      accessUntil: world.daysAgo(33).toISOString(),
    })
    expect(ended.picks.map((p) => [p.createdAt, p.deliveries])).toEqual([[world.daysAgo(35).toISOString(), []]])
    const unpaid = await details(world.purchase.catAlpha)
    expect(unpaid.purchase).toMatchObject({ status: 'pending', accessFrom: null, accessUntil: null })
    expect(unpaid.picks).toEqual([])
  })

  it('shows addresses in full only with includePersonal, and audits that read', async () => {
    const answer = await details(world.purchase.benAlpha, '?includePersonal=true')
    expect(answer.personal).toBe(true)
    expect(answer.purchase.customer.email).toBe('ben@example.com')
    expect(answer.picks[0]?.deliveries.map((d) => d.destination)).toEqual(['ben@example.com', '+15551234567'])
    const reads = await personalReads(t.database.db, 'purchase_delivery_details')
    expect(reads.map((r) => r.after)).toEqual([{ includePersonal: true, purchaseId: world.purchase.benAlpha }])
  })

  it('answers an unknown purchase with a 404 and a bad id or flag with a 400 naming the field', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000'
    expect((await request(t, 'GET', `/admin/purchases/${unknown}/delivery-details`, boss)).statusCode).toBe(404)
    expect(fieldsOf(await request(t, 'GET', '/admin/purchases/x/delivery-details', boss))).toEqual(['params.id'])
    const flag = `/admin/purchases/${world.purchase.benAlpha}/delivery-details?includePersonal=1`
    expect(fieldsOf(await request(t, 'GET', flag, boss))).toEqual(['query.includePersonal'])
    expect(await personalReads(t.database.db, 'purchase_delivery_details')).toEqual([])
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, `/admin/purchases/${world.purchase.benAlpha}/delivery-details`)
  })
})
