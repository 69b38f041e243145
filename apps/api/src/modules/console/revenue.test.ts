import { ErrorBody, RevenueReport } from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'

let t: TestApp
let clock = new Date('2026-12-02T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-12-02T12:00:00Z')
})

const pass = { name: 'Day pass', kind: 'one_time', access_days: 1, price_cents: 1000 }

/**
 * Today is Wednesday 2 December 2026. Three $10.00 passes (10% fee) bought on each side of the
 * boundaries: Sunday 29 November 23:59:59, Monday 30 November 00:00:00 (a new week) and
 * 1 December 00:00:00 (a new month); the first is refunded $5.00 on 1 December at 10:00.
 */
async function boundaries(): Promise<Person> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const plan = (await addPlan(t, dana, pass)).id
  const buyers = [
    await person(t, 'pat@example.com'),
    await person(t, 'sam@example.com'),
    await person(t, 'lee@example.com'),
  ]
  const bought: string[] = []
  for (const [i, when] of ['2026-11-29T23:59:59Z', '2026-11-30T00:00:00Z', '2026-12-01T00:00:00Z'].entries()) {
    clock = new Date(when)
    const buyer = buyers[i]
    if (!buyer) throw new Error('three buyers')
    bought.push(await buy(t, buyer, plan))
  }
  clock = new Date('2026-12-01T10:00:00Z')
  const [charge] = await t.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, bought[0] ?? ''), eq(ledgerEntries.kind, 'charge')))
  if (!charge) throw new Error('no charge')
  await t.app.billing.provider.refund({ paymentRef: charge.ref, amountCents: 500, idempotencyKey: 'refund:first' })
  clock = new Date('2026-12-02T12:00:00Z')
  return person(t, 'admin@example.com', 'admin')
}

async function revenue(admin: Person, query: string): Promise<RevenueReport> {
  const res = await request(t, 'GET', `/admin/metrics/revenue${query}`, admin)
  expect(res.statusCode, res.body).toBe(200)
  return RevenueReport.parse(res.json())
}

const period = (start: string, end: string, gross: number, fees: number, refunds: number) => ({
  start,
  end,
  grossCents: gross,
  platformFeesCents: fees,
  refundsCents: refunds,
  netCents: gross - refunds,
})

describe('GET /api/admin/metrics/revenue', () => {
  it('buckets by UTC day on each side of midnight, empty days with zeros', async () => {
    const admin = await boundaries()
    expect(await revenue(admin, '?interval=day&from=2026-11-28&to=2026-12-02')).toEqual({
      timeZone: 'UTC',
      interval: 'day',
      from: '2026-11-28',
      to: '2026-12-02',
      periods: [
        period('2026-11-28', '2026-11-29', 0, 0, 0),
        period('2026-11-29', '2026-11-30', 1000, 100, 0),
        period('2026-11-30', '2026-12-01', 1000, 100, 0),
        // The refund gives back its share of the fee: 100 − 50.
        period('2026-12-01', '2026-12-02', 1000, 50, 500),
        period('2026-12-02', '2026-12-03', 0, 0, 0),
      ],
      totals: { grossCents: 3000, platformFeesCents: 250, refundsCents: 500, netCents: 2500 },
    })
  })

  it('buckets by week from Monday, covering whole weeks', async () => {
    const admin = await boundaries()
    const report = await revenue(admin, '?interval=week&from=2026-11-29&to=2026-12-02')
    expect(report).toMatchObject({ from: '2026-11-23', to: '2026-12-06' })
    expect(report.periods).toEqual([
      period('2026-11-23', '2026-11-30', 1000, 100, 0),
      period('2026-11-30', '2026-12-07', 2000, 150, 500),
    ])
  })

  it('buckets by calendar month, covering whole months', async () => {
    const admin = await boundaries()
    const report = await revenue(admin, '?interval=month&from=2026-10-15&to=2026-12-02')
    expect(report).toMatchObject({ from: '2026-10-01', to: '2026-12-31' })
    expect(report.periods).toEqual([
      period('2026-10-01', '2026-11-01', 0, 0, 0),
      period('2026-11-01', '2026-12-01', 2000, 200, 0),
      period('2026-12-01', '2027-01-01', 1000, 50, 500),
    ])
  })

  it('by default answers the last 30 days by day, today included', async () => {
    const admin = await boundaries()
    const report = await revenue(admin, '')
    expect(report).toMatchObject({ interval: 'day', from: '2026-11-03', to: '2026-12-02' })
    expect(report.periods).toHaveLength(30)
    expect(report.totals).toEqual({ grossCents: 3000, platformFeesCents: 250, refundsCents: 500, netCents: 2500 })
    expect(report.periods.filter((p) => p.grossCents === 0 && p.refundsCents === 0)).toHaveLength(27)
  })

  it('answers the same figures whether the days are stored or still live', async () => {
    const admin = await boundaries()
    const now = await revenue(admin, '?from=2026-11-28&to=2026-12-02')
    // A week on, every one of those days is stored.
    clock = new Date('2026-12-09T12:00:00Z')
    expect((await revenue(admin, '?from=2026-11-28&to=2026-12-02')).periods).toEqual(now.periods)
  })

  it('answers a bad interval, date or range with a 400 naming the field', async () => {
    const admin = await person(t, 'admin@example.com', 'admin')
    for (const [query, field] of [
      ['?interval=hour', 'query.interval'],
      ['?from=yesterday', 'query.from'],
      ['?to=2026-13-01', 'query.to'],
      ['?from=2026-12-02&to=2026-12-01', 'query.from'],
      ['?interval=day&from=2024-01-01&to=2026-12-01', 'query.from'],
    ] as const) {
      const res = await request(t, 'GET', `/admin/metrics/revenue${query}`, admin)
      expect(res.statusCode, query).toBe(400)
      expect(
        ErrorBody.parse(res.json()).error.details?.map((d) => d.field),
        query,
      ).toEqual([field])
    }
    // The same two years by week are fine.
    expect((await revenue(admin, '?interval=week&from=2024-01-01&to=2026-12-01')).periods).toHaveLength(153)
  })
})
