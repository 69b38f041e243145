import { CreatorAnalytics } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { sandboxShop } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { purchases } from '../purchases/purchases.table.ts'

/**
 * The live subscriptions and the MRR at an instant are the levels stored at a settled day's end plus
 * the changes since (decision 037). Checked against the definitions themselves, computed here over
 * the purchases: a subscription is live from its start until it ends; its price counts in the MRR
 * from the end of its trial, less a promo code's discount while it lasts (once: never recurs;
 * repeating: for its months; forever), a week's price times 52 over 12, a year's over 12.
 */

let t: TestApp
const now = new Date('2026-06-15T12:00:00Z')
const dayMs = 86_400_000

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => now })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

interface Sub {
  interval: 'week' | 'month' | 'year'
  priceCents: number
  trialDays: number
  /** Days before now it started; it ends `lastsDays` later, when that is before now, or never. */
  startedDaysAgo: number
  startHour: number
  lastsDays: number | null
  discount: null | {
    kind: 'percent' | 'amount'
    off: number
    duration: 'once' | 'repeating' | 'forever'
    months: number
  }
}

const subscription: fc.Arbitrary<Sub> = fc.record({
  interval: fc.constantFrom('week', 'month', 'year'),
  priceCents: fc.integer({ min: 100, max: 99_999 }),
  trialDays: fc.constantFrom(0, 0, 7, 30),
  startedDaysAgo: fc.integer({ min: 0, max: 400 }),
  startHour: fc.integer({ min: 0, max: 23 }),
  lastsDays: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
  discount: fc.option(
    fc.record({
      kind: fc.constantFrom('percent', 'amount'),
      off: fc.integer({ min: 1, max: 100 }),
      duration: fc.constantFrom('once', 'repeating', 'forever'),
      months: fc.integer({ min: 1, max: 12 }),
    }),
    { nil: null },
  ),
})

const weekly: Sub = {
  interval: 'week',
  priceCents: 100,
  trialDays: 0,
  startedDaysAgo: 0,
  startHour: 0,
  lastsDays: null,
  discount: null,
}

function startOf(sub: Sub): Date {
  return new Date(Date.UTC(2026, 5, 15) - sub.startedDaysAgo * dayMs + sub.startHour * 3_600_000)
}

function endOf(sub: Sub): Date | null {
  if (sub.lastsDays === null) return null
  const end = startOf(sub).getTime() + sub.lastsDays * dayMs + 1_800_000
  return end < now.getTime() ? new Date(end) : null
}

function addMonths(at: Date, months: number): Date {
  const d = new Date(at)
  d.setUTCMonth(d.getUTCMonth() + months)
  return d
}

/** The live count and MRR at `at`, straight from the definitions. */
function expected(subs: readonly Sub[], at: number): { live: number; mrr: number } {
  let live = 0
  let mrr = 0
  for (const sub of subs) {
    const start = startOf(sub).getTime()
    const end = endOf(sub)?.getTime() ?? Infinity
    if (!(start < at && end >= at)) continue
    live++
    const paidFrom = start + sub.trialDays * dayMs
    if (paidFrom >= at) continue
    // A month in 1/1200 cent, exact (a sum of fractions of a cent can sit on a half).
    const factor = sub.interval === 'week' ? 5200 : sub.interval === 'year' ? 100 : 1200
    const d = sub.discount
    const discounted =
      d !== null &&
      (d.duration === 'forever' ||
        (d.duration === 'repeating' && at < addMonths(new Date(paidFrom), d.months).getTime()))
    mrr += !discounted
      ? sub.priceCents * factor
      : d.kind === 'percent'
        ? (sub.priceCents * (100 - d.off) * factor) / 100
        : Math.max(sub.priceCents - d.off * 100, 0) * factor
  }
  return { live, mrr: Math.round(mrr / 1200) }
}

async function analytics(who: Person, timeframe: string): Promise<CreatorAnalytics> {
  const res = await request(t, 'GET', `/creator/analytics/${who.id}?timeframe=${timeframe}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorAnalytics.parse(res.json())
}

describe('GET /api/creator/analytics/{id}: live subscriptions and MRR from stored levels and changes', () => {
  it('equal the definitions at the end of each period and of the one before, for any mix of subscriptions', async () => {
    const { dana, monthly } = await sandboxShop(t)
    const buyer = await person(t, 'buyer@example.com')
    await fc.assert(
      fc.asyncProperty(fc.array(subscription, { minLength: 1, maxLength: 8 }), async (subs) => {
        // Each case on its own: the last case's purchases gone, and its stored days with them.
        await t.database.db.delete(purchases).where(eq(purchases.creatorId, dana.id))
        await t.database.db.insert(purchases).values(
          subs.map((sub) => {
            const d = sub.discount
            return {
              userId: buyer.id,
              creatorId: dana.id,
              planId: monthly,
              planName: 'Monthly',
              kind: 'subscription' as const,
              interval: sub.interval,
              priceCents: sub.priceCents,
              trialDays: sub.trialDays,
              feeBps: 1000,
              status: endOf(sub) ? ('canceled' as const) : ('active' as const),
              provider: 'sandbox' as const,
              endedAt: endOf(sub),
              canceledAt: endOf(sub),
              discountKind: d?.kind ?? null,
              percentOff: d?.kind === 'percent' ? d.off : null,
              amountOffCents: d?.kind === 'amount' ? d.off * 100 : null,
              discountDuration: d?.duration ?? null,
              discountMonths: d?.duration === 'repeating' ? d.months : null,
              createdAt: startOf(sub),
              updatedAt: startOf(sub),
            }
          }),
        )
        for (const [timeframe, days] of [
          ['7d', 7],
          ['90d', 90],
          ['1y', 365],
        ] as const) {
          const report = await analytics(dana, timeframe)
          const end = expected(subs, now.getTime() + 1)
          const from = expected(subs, now.getTime() - days * dayMs)
          expect(report.current, timeframe).toMatchObject({ mrr_cents: end.mrr, active_subscribers: end.live })
          expect(report.previous, timeframe).toMatchObject({ mrr_cents: from.mrr, active_subscribers: from.live })
          expect(report.by_plan.find((p) => p.plan_id === monthly)?.active_subscribers, timeframe).toBe(end.live)
        }
      }),
      {
        numRuns: 12,
        // Two cases earlier runs found. A month of 57,206 a year and of 100 a week is 5,200.5 cents,
        // and halves round up. A repeating discount that ended months before the range, on a purchase
        // with no promo code (a code removed from the database sets it null), was missed and its
        // discount counted on.
        examples: [
          [[{ ...weekly, interval: 'year', priceCents: 57_206 }, weekly]],
          [
            [
              {
                ...weekly,
                startedDaysAgo: 174,
                discount: { kind: 'percent', off: 1, duration: 'repeating', months: 1 },
              },
              { ...weekly, startedDaysAgo: 343 },
              weekly,
            ],
          ],
        ],
      },
    )
  }, 120_000)
})
