import { AdminDashboard, MetricsOverview } from '@picks/contracts'
import { and, asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, monthlyPlan, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { insertPick } from '../alerts/alerts-test-support.ts'
import { alertDeliveries } from '../alerts/alerts.table.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { payouts } from '../payouts/payouts.table.ts'
import { picks } from '../picks/picks.table.ts'
import { users } from '../users/users.table.ts'
import { liveDailyTotals, type DayTotals } from './daily-totals.ts'
import { consoleDailyTotals } from './daily-totals.table.ts'
import { addDays } from './metrics-periods.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

const at = (iso: string) => new Date(iso)

async function refund(purchaseId: string, amountCents: number): Promise<void> {
  const [charge] = await t.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
    .orderBy(asc(ledgerEntries.occurredAt))
    .limit(1)
  if (!charge) throw new Error(`no charge for ${purchaseId}`)
  // As the provider's refund event would book it: through the provider, which hands its event on.
  await t.app.billing.provider.refund({
    paymentRef: charge.ref,
    amountCents,
    idempotencyKey: `refund:${charge.ref}:${amountCents}`,
  })
}

async function delivery(status: 'queued' | 'sent' | 'delivered' | 'failed', when: string): Promise<void> {
  const moment = at(when)
  await t.database.db.insert(alertDeliveries).values({
    kind: 'test',
    channel: 'email',
    destination: 'someone@example.com',
    status,
    createdAt: moment,
    ...(status === 'sent' || status === 'delivered' ? { sentAt: moment } : {}),
    ...(status === 'failed' ? { failedAt: moment } : {}),
  })
}

async function pick(creatorId: string, posted: string, graded?: string): Promise<void> {
  const row = await insertPick(t.database.db, creatorId, { now: at(posted) })
  if (graded) {
    await t.database.db
      .update(picks)
      .set({ result: 'won', gradedAt: at(graded), gradedBy: 'auto' })
      .where(eq(picks.id, row.id))
  }
}

/**
 * Today is Monday 23 November 2026 (UTC). Dana sells three subscriptions: Lee's yearly $240.00 on
 * 1 October (before the 30 days), Pat's monthly $29.00 on 20 November ($10.00 refunded on the 22nd)
 * and Sam's weekly $7.00 this morning. The fee is 10%.
 */
async function world(): Promise<{ admin: Person; dana: Person }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const weekly = (await addPlan(t, dana, { name: 'Weekly', kind: 'subscription', interval: 'week', price_cents: 700 }))
    .id
  const yearly = (
    await addPlan(t, dana, { name: 'Yearly', kind: 'subscription', interval: 'year', price_cents: 24_000 })
  ).id
  const pat = await person(t, 'pat@example.com')
  const sam = await person(t, 'sam@example.com')
  const lee = await person(t, 'lee@example.com')
  const admin = await person(t, 'admin@example.com', 'admin')
  clock = at('2026-10-01T09:00:00Z')
  await buy(t, lee, yearly)
  clock = at('2026-11-20T10:00:00Z')
  const patPurchase = await buy(t, pat, monthly)
  clock = at('2026-11-22T15:00:00Z')
  await refund(patPurchase, 1000)
  clock = at('2026-11-23T09:00:00Z')
  await buy(t, sam, weekly)
  clock = at('2026-11-23T12:00:00Z')

  // Sign-up times the test chooses: Lee in October, Pat on the 20th, Sam and Dana today.
  const signedUp = async (who: Person, when: string) =>
    t.database.db
      .update(users)
      .set({ createdAt: at(when) })
      .where(eq(users.id, who.id))
  await signedUp(lee, '2026-10-01T08:00:00Z')
  await signedUp(pat, '2026-11-20T08:00:00Z')
  await signedUp(sam, '2026-11-23T08:00:00Z')
  await signedUp(dana, '2026-11-23T07:00:00Z')

  await pick(dana.id, '2026-10-10T12:00:00Z', '2026-10-11T04:00:00Z')
  await pick(dana.id, '2026-11-21T12:00:00Z', '2026-11-22T04:00:00Z')
  await pick(dana.id, '2026-11-23T10:00:00Z')

  await delivery('failed', '2026-10-05T12:00:00Z')
  await delivery('delivered', '2026-11-19T12:00:00Z')
  await delivery('sent', '2026-11-23T10:00:00Z')
  await delivery('failed', '2026-11-23T08:00:00Z')
  await delivery('queued', '2026-11-23T11:00:00Z')

  const payout = (status: 'pending' | 'paid' | 'failed', amountCents: number, when: string) =>
    t.database.db
      .insert(payouts)
      .values({ creatorId: dana.id, amountCents, status, createdAt: at(when), updatedAt: at(when) })
  await payout('paid', 3000, '2026-11-01T12:00:00Z')
  await payout('paid', 1500, '2026-11-23T06:00:00Z')
  await payout('pending', 5000, '2026-11-23T07:00:00Z')
  await payout('failed', 800, '2026-11-22T07:00:00Z')
  return { admin, dana }
}

async function overview(admin: Person): Promise<MetricsOverview> {
  const res = await request(t, 'GET', '/admin/metrics/overview', admin)
  expect(res.statusCode, res.body).toBe(200)
  return MetricsOverview.parse(res.json())
}

/** A stored row's figure as the live computation has it. */
function valueOf(live: Map<string, DayTotals>, row: { day: string; metric: string }): number | undefined {
  return Object.entries(live.get(row.day) ?? {}).find(([metric]) => metric === row.metric)?.[1]
}

const w = (today: number, last7Days: number, last30Days: number, allTime: number) => ({
  today,
  last7Days,
  last30Days,
  allTime,
})

describe('GET /api/admin/metrics/overview', () => {
  it('counts people, subscriptions, money, payouts, picks and deliveries over each window', async () => {
    const { admin } = await world()
    expect(await overview(admin)).toEqual({
      asOf: '2026-11-23T12:00:00.000Z',
      countedAt: '2026-11-23T12:00:00.000Z',
      timeZone: 'UTC',
      customers: { total: 3, new: w(1, 2, 2, 3) },
      creators: { total: 1, new: w(1, 1, 1, 1) },
      // MRR: 2900 + 700 × 52 / 12 (3033.33) + 24000 / 12 (2000) = 7933.33, rounded once.
      subscriptions: { active: 3, trialing: 0, pastDue: 0, mrrCents: 7933 },
      sales: {
        count: w(1, 2, 2, 3),
        grossCents: w(700, 3600, 3600, 27_600),
        // Fees: 70 today; 290 + 70 − 100 given back with the $10.00 refund; plus 2400 in October.
        platformFeesCents: w(70, 260, 260, 2660),
        refundsCents: w(0, 1000, 1000, 1000),
      },
      payouts: { pendingCount: 1, pendingCents: 5000, paidCount: w(1, 1, 2, 2), paidCents: w(1500, 1500, 4500, 4500) },
      picks: { posted: w(1, 2, 2, 3), graded: w(0, 1, 1, 2) },
      deliveries: { sent: w(1, 2, 2, 2), failed: w(1, 1, 1, 2) },
    })
  })

  it('reuses the counted people and subscriptions for a minute, then counts them again', async () => {
    const { admin } = await world()
    expect((await overview(admin)).customers.total).toBe(3)
    await person(t, 'kim@example.com')
    clock = at('2026-11-23T12:00:59Z')
    expect(await overview(admin)).toMatchObject({ countedAt: '2026-11-23T12:00:00.000Z', customers: { total: 3 } })
    clock = at('2026-11-23T12:01:00Z')
    expect(await overview(admin)).toMatchObject({ countedAt: '2026-11-23T12:01:00.000Z', customers: { total: 4 } })
  })

  it('answers zeros on an empty marketplace', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    const empty = await overview(admin)
    expect(empty.sales.grossCents).toEqual(w(0, 0, 0, 0))
    expect(empty.subscriptions).toEqual({ active: 0, trialing: 0, pastDue: 0, mrrCents: 0 })
    expect(await t.database.db.select().from(consoleDailyTotals)).toEqual([])
  })

  it('stores each settled day once, equal to the live computation of that day, and keeps today live', async () => {
    const { admin, dana } = await world()
    await overview(admin)
    const stored = await t.database.db.select().from(consoleDailyTotals)
    const days = [...new Set(stored.map((row) => row.day))].sort()
    // From the first activity (Lee's purchase on 1 October) to the last settled day: two days back stay live.
    expect(days[0]).toBe('2026-10-01')
    expect(days[days.length - 1]).toBe('2026-11-20')
    expect(days).toHaveLength(51)
    const live = await liveDailyTotals(t.database.db, '2026-10-01', '2026-11-21')
    for (const row of stored)
      expect([row.day, row.metric, row.value]).toEqual([row.day, row.metric, valueOf(live, row)])
    expect(stored.find((r) => r.day === '2026-11-20' && r.metric === 'gross_cents')?.value).toBe(2900)

    // New rows today change today's figures at once; the stored days stay as they were.
    await pick(dana.id, '2026-11-23T11:00:00Z', '2026-11-23T11:30:00Z')
    await delivery('sent', '2026-11-23T11:45:00Z')
    const after = await overview(admin)
    expect(after.picks).toEqual({ posted: w(2, 3, 3, 4), graded: w(1, 2, 2, 3) })
    expect(after.deliveries.sent).toEqual(w(2, 3, 3, 3))
    expect(await t.database.db.select().from(consoleDailyTotals)).toEqual(stored)

    // Three days on, the 21st to the 23rd are settled too, each equal to its live computation.
    clock = at('2026-11-26T12:00:00Z')
    const later = await overview(admin)
    expect(later.picks.posted).toEqual(w(0, 3, 3, 4))
    const settled = await t.database.db
      .select()
      .from(consoleDailyTotals)
      .where(sql`${consoleDailyTotals.day} >= '2026-11-21'`)
    const recent = await liveDailyTotals(t.database.db, '2026-11-21', addDays('2026-11-23', 1))
    expect(new Set(settled.map((row) => row.day))).toEqual(new Set(['2026-11-21', '2026-11-22', '2026-11-23']))
    for (const row of settled)
      expect([row.day, row.metric, row.value]).toEqual([row.day, row.metric, valueOf(recent, row)])
    expect(settled.find((r) => r.day === '2026-11-23' && r.metric === 'picks_posted')?.value).toBe(2)
  })
})

describe('GET /api/admin/dashboard', () => {
  it('answers the overview, 30 days of revenue by day and what needs attention', async () => {
    const { admin } = await world()
    const res = await request(t, 'GET', '/admin/dashboard', admin)
    expect(res.statusCode, res.body).toBe(200)
    const dashboard = AdminDashboard.parse(res.json())
    expect(dashboard.overview).toEqual(await overview(admin))
    expect(dashboard.revenueLast30Days).toHaveLength(30)
    expect(dashboard.revenueLast30Days[0]?.start).toBe('2026-10-25')
    expect(dashboard.revenueLast30Days.filter((d) => d.grossCents || d.refundsCents)).toEqual([
      {
        start: '2026-11-20',
        end: '2026-11-21',
        grossCents: 2900,
        platformFeesCents: 290,
        refundsCents: 0,
        netCents: 2900,
      },
      {
        start: '2026-11-22',
        end: '2026-11-23',
        grossCents: 0,
        platformFeesCents: -100,
        refundsCents: 1000,
        netCents: -1000,
      },
      {
        start: '2026-11-23',
        end: '2026-11-24',
        grossCents: 700,
        platformFeesCents: 70,
        refundsCents: 0,
        netCents: 700,
      },
    ])
    expect(dashboard.attention).toEqual({ failedDeliveries: 1, failedPayouts: 1, pastDueSubscriptions: 0 })
  })
})

describe('who may read the figures', () => {
  it('is for verified administrators only: 401 for a visitor, 403 for everyone else', async () => {
    const fan = await person(t, 'fan@example.com')
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const unverified = await person(t, 'new@example.com', 'unverifiedAdmin')
    for (const url of [
      '/admin/metrics/overview',
      '/admin/dashboard',
      '/admin/metrics/revenue',
      '/admin/subscriptions/overview',
      '/admin/system-status',
    ]) {
      expect((await request(t, 'GET', url, null)).statusCode, url).toBe(401)
      for (const who of [fan, dana, mod, unverified]) {
        expect((await request(t, 'GET', url, who)).statusCode, `${url} ${who.email}`).toBe(403)
      }
    }
  })
})
