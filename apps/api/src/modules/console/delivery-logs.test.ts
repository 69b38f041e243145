import { AdminEmailLogsPage, AdminMessageDetail, AdminSmsLogsPage } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { alertDeliveries } from '../../db/schema.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { sendDueAlerts } from '../alerts/alert-delivery.ts'
import { fanOutPick } from '../alerts/alert-fanout.ts'
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
  await fanOutPick(t.app.alerts.deps, world.pickId)
  await sendDueAlerts(t.app.alerts.deps, world.alpha)
})

async function emails(query = '') {
  return AdminEmailLogsPage.parse(await getJson(t, `/admin/email-logs${query}`, boss))
}
async function texts(query = '') {
  return AdminSmsLogsPage.parse(await getJson(t, `/admin/sms-logs${query}`, boss))
}
async function detail(path: string) {
  return AdminMessageDetail.parse(await getJson(t, path, boss))
}
const to = (page: { deliveries: { destination: string }[] }) => page.deliveries.map((d) => d.destination).sort()

describe('GET /admin/email-logs', () => {
  it('shows alert deliveries and the outbox, newest first, with addresses masked', async () => {
    const page = await emails()
    expect(to(page)).toEqual(['a•••@example.com', 'b•••@example.com'])
    expect(page.deliveries.every((d) => d.status === 'sent' && d.kind === 'pick')).toBe(true)
    expect(
      page.outbox
        .filter((m) => m.kind === 'pick')
        .map((m) => m.to)
        .sort(),
    ).toEqual(['a•••@example.com', 'b•••@example.com'])
    expect(page.outbox.some((m) => m.to.includes('boss'))).toBe(false)
    expect(page).toMatchObject({ page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.total.deliveries).toBe(2)
    expect(page.total.outbox).toBe(page.outbox.length)
    expect(await personalReads(t.database.db, 'email_logs')).toEqual([])
  })

  it('filters by status, e-mail type and text, sorts both ways and pages', async () => {
    await t.database.db
      .update(alertDeliveries)
      .set({ status: 'failed', error: 'Mailbox unavailable', failedAt: clock })
      .where(eq(alertDeliveries.recipientId, world.ann))
    const failed = await emails('?status=failed')
    expect(to(failed)).toEqual(['a•••@example.com'])
    expect(failed.outbox).toEqual([])
    const codes = await emails('?emailType=verification')
    expect(codes.deliveries).toEqual([])
    expect(codes.outbox.length).toBeGreaterThan(0)
    expect(codes.outbox.every((m) => m.kind === 'verification')).toBe(true)
    const alerts = await emails('?emailType=pick_alert')
    expect(alerts.deliveries).toHaveLength(2)
    expect(alerts.outbox.map((m) => m.kind)).toEqual(['pick', 'pick'])
    expect((await emails('?emailType=receipt')).outbox).toEqual([])
    expect(to(await emails('?search=ann%40'))).toEqual(['a•••@example.com'])
    expect(to(await emails('?search=Ben'))).toEqual(['b•••@example.com'])
    const newest = (await emails()).outbox.map((m) => m.id)
    expect((await emails('?sortOrder=asc')).outbox.map((m) => m.id)).toEqual([...newest].reverse())
    const first = await emails('?limit=1')
    expect(first).toMatchObject({ limit: 1, hasMore: true })
    expect(first.deliveries).toHaveLength(1)
  })

  it('shows addresses in full only with includePersonal, and audits that read', async () => {
    const page = await emails('?includePersonal=true&emailType=pick_alert')
    expect(to(page)).toEqual(['ann@example.com', 'ben@example.com'])
    expect(page.personal).toBe(true)
    const reads = await personalReads(t.database.db, 'email_logs')
    expect(reads.map((r) => r.after)).toEqual([
      { page: 1, limit: 20, sortBy: 'created_at', sortOrder: 'desc', includePersonal: true, emailType: 'pick_alert' },
    ])
  })

  it('answers a bad type, status, sort or limit with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?emailType=spam', 'query.emailType'],
      ['?status=lost', 'query.status'],
      ['?sortBy=to', 'query.sortBy'],
      ['?sortOrder=z', 'query.sortOrder'],
      ['?limit=101', 'query.limit'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/email-logs${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/email-logs')
  })
})

describe('GET /admin/email-logs/{id}', () => {
  it('shows a pick e-mail as sent, from its outbox copy, with its statuses; headers only with includePersonal', async () => {
    const [delivery] = (await emails('?search=ann%40')).deliveries
    const message = await detail(`/admin/email-logs/${delivery!.id}`)
    expect(message).toMatchObject({
      id: delivery!.id,
      source: 'delivery',
      kind: 'pick',
      type: 'pick_alert',
      status: 'sent',
      to: 'a•••@example.com',
      recipient: { id: world.ann, name: 'Ann' },
      pickId: world.pickId,
      headers: null,
      personal: false,
      history: [
        { status: 'queued', at: delivery!.createdAt },
        { status: 'sent', at: clock.toISOString() },
      ],
    })
    expect(message.body).toContain('Boston Celtics')
    expect(message.html).toContain('<')
    const full = await detail(`/admin/email-logs/${delivery!.id}?includePersonal=true`)
    expect(full).toMatchObject({ to: 'ann@example.com', personal: true })
    expect(full.headers?.['Message-ID']).toBe(full.providerId)
    expect(await personalReads(t.database.db, 'email_log_message')).toHaveLength(1)
  })

  it('shows an outbox e-mail, and answers an unknown id (or a text) with a 404', async () => {
    const [code] = (await emails('?emailType=verification&search=boss')).outbox
    const message = await detail(`/admin/email-logs/${code!.id}`)
    expect(message).toMatchObject({
      source: 'outbox',
      kind: 'verification',
      type: 'verification',
      to: 'b•••@example.com',
    })
    expect(message.body).toBeTruthy()
    const [text] = (await texts()).deliveries
    for (const id of ['00000000-0000-4000-8000-000000000000', text!.id]) {
      expect((await request(t, 'GET', `/admin/email-logs/${id}`, boss)).statusCode).toBe(404)
    }
    expect(fieldsOf(await request(t, 'GET', '/admin/email-logs/12', boss))).toEqual(['params.id'])
    expect(await personalReads(t.database.db, 'email_log_message')).toEqual([])
  })

  it('is for verified administrators only', async () => {
    const [delivery] = (await emails()).deliveries
    await expectVerifiedAdminOnly(t, `/admin/email-logs/${delivery!.id}`)
  })
})

describe('GET /admin/sms-logs and /admin/sms-logs/{id}', () => {
  it('shows texts masked to their last 4 digits, filtered by type, and one text in full', async () => {
    const page = await texts()
    expect(to(page)).toEqual(['•••4567'])
    expect(page.outbox.map((m) => [m.kind, m.to])).toEqual([['alert_pick', '•••4567']])
    expect((await texts('?smsType=reply')).deliveries).toEqual([])
    expect((await texts('?smsType=pick_alert')).total).toEqual({ deliveries: 1, outbox: 1 })
    expect((await texts('?status=queued')).outbox).toEqual([])
    expect(fieldsOf(await request(t, 'GET', '/admin/sms-logs?smsType=promo', boss))).toEqual(['query.smsType'])
    const message = await detail(`/admin/sms-logs/${page.deliveries[0]!.id}`)
    expect(message).toMatchObject({ source: 'delivery', type: 'pick_alert', to: '•••4567', status: 'sent' })
    expect(message.body).toMatch(/^Alpha Picks: /)
    const full = await detail(`/admin/sms-logs/${page.outbox[0]!.id}?includePersonal=true`)
    expect(full).toMatchObject({ source: 'outbox', to: '+15551234567', body: message.body })
    expect(await personalReads(t.database.db, 'sms_log_message')).toHaveLength(1)
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/sms-logs')
  })
})
