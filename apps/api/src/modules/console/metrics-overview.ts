import { MetricsOverview, type WindowedFigure } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import { queryRows, type Db } from '../../db/client.ts'
import { consoleSnapshots } from './daily-totals.table.ts'
import { allTimeTotals, dailyTotals, sumDays, type DailyMetric, type DayTotals } from './daily-totals.ts'
import { addDays, dayStart, utcDay } from './metrics-periods.ts'

/**
 * The overview's figures (spec §7 `GET /admin/metrics/overview`): counts and money over today, the
 * last 7 and 30 UTC days and all time. The day-based figures come from the daily totals (stored
 * settled days plus live recent ones); people and live subscriptions are counted at most a minute
 * before (`pointInTime`), pending and paid payouts straight off their small table.
 */

/** Months per billing interval: a weekly price is ×52/12 a month, a yearly one ÷12. */
const mrrFactor = sql.raw(`case interval when 'week' then 52.0 / 12 when 'year' then 1.0 / 12 else 1 end`)

export interface SubscriptionCounts {
  active: number
  trialing: number
  pastDue: number
  mrrCents: number
}

/**
 * Live subscriptions and their monthly recurring revenue. MRR counts active and past-due
 * subscriptions (a past-due one is still being collected, as Stripe counts it) and leaves trials
 * out (nothing is billed until the trial ends); each price is normalised to a month — weekly ×52/12,
 * yearly ÷12 — and rounded to the cent once, over the sum.
 */
export async function subscriptionCounts(db: Db): Promise<SubscriptionCounts> {
  const [row] = await queryRows<Record<'active' | 'trialing' | 'past_due' | 'mrr', string | number | null>>(
    db,
    sql`select count(*) filter (where status = 'active') as "active",
          count(*) filter (where status = 'trialing') as "trialing",
          count(*) filter (where status = 'past_due') as "past_due",
          round(coalesce(sum(price_cents * ${mrrFactor}) filter (where status in ('active', 'past_due')), 0)) as "mrr"
        from purchases
        where status in ('trialing', 'active', 'past_due') and kind = 'subscription'`,
  )
  return {
    active: Number(row?.active ?? 0) + Number(row?.past_due ?? 0),
    trialing: Number(row?.trialing ?? 0),
    pastDue: Number(row?.past_due ?? 0),
    mrrCents: Number(row?.mrr ?? 0),
  }
}

interface Windows {
  today: string
  week: string
  month: string
}

function windowsOf(now: Date): Windows {
  const today = utcDay(now)
  return { today, week: addDays(today, -6), month: addDays(today, -29) }
}

async function people(db: Db, w: Windows) {
  const rows = await queryRows<Record<'role' | 'total' | 'today' | 'week' | 'month', string | number>>(
    db,
    sql`select role, count(*) as "total",
          count(*) filter (where created_at >= ${dayStart(w.today)}::timestamptz) as "today",
          count(*) filter (where created_at >= ${dayStart(w.week)}::timestamptz) as "week",
          count(*) filter (where created_at >= ${dayStart(w.month)}::timestamptz) as "month"
        from users where role in ('customer', 'creator') group by role`,
  )
  const of = (role: 'customer' | 'creator') => {
    const row = rows.find((r) => r.role === role)
    const total = Number(row?.total ?? 0)
    return {
      total,
      new: {
        today: Number(row?.today ?? 0),
        last7Days: Number(row?.week ?? 0),
        last30Days: Number(row?.month ?? 0),
        allTime: total,
      },
    }
  }
  return { customers: of('customer'), creators: of('creator') }
}

async function payouts(db: Db, w: Windows): Promise<MetricsOverview['payouts']> {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select count(*) filter (where status = 'pending') as "pending_count",
          coalesce(sum(amount_cents) filter (where status = 'pending'), 0) as "pending_cents",
          count(*) filter (where status = 'paid' and updated_at >= ${dayStart(w.today)}::timestamptz) as "paid_today",
          count(*) filter (where status = 'paid' and updated_at >= ${dayStart(w.week)}::timestamptz) as "paid_week",
          count(*) filter (where status = 'paid' and updated_at >= ${dayStart(w.month)}::timestamptz) as "paid_month",
          count(*) filter (where status = 'paid') as "paid_all",
          coalesce(sum(amount_cents) filter (where status = 'paid' and updated_at >= ${dayStart(w.today)}::timestamptz), 0) as "cents_today",
          coalesce(sum(amount_cents) filter (where status = 'paid' and updated_at >= ${dayStart(w.week)}::timestamptz), 0) as "cents_week",
          coalesce(sum(amount_cents) filter (where status = 'paid' and updated_at >= ${dayStart(w.month)}::timestamptz), 0) as "cents_month",
          coalesce(sum(amount_cents) filter (where status = 'paid'), 0) as "cents_all"
        from payouts where status in ('pending', 'paid')`,
  )
  const n = (key: string) => Number(row?.[key] ?? 0)
  return {
    pendingCount: n('pending_count'),
    pendingCents: n('pending_cents'),
    paidCount: {
      today: n('paid_today'),
      last7Days: n('paid_week'),
      last30Days: n('paid_month'),
      allTime: n('paid_all'),
    },
    paidCents: {
      today: n('cents_today'),
      last7Days: n('cents_week'),
      last30Days: n('cents_month'),
      allTime: n('cents_all'),
    },
  }
}

/** How long the counted point-in-time figures are reused (decision 030). */
export const snapshotTtlMs = 60_000

const PointInTime = MetricsOverview.pick({ customers: true, creators: true, subscriptions: true })
type PointInTime = z.infer<typeof PointInTime>

/**
 * People by role and live subscriptions with MRR, as counted within the last minute: stored in
 * `console_snapshots` and counted again once older than `snapshotTtlMs` (or dated after `now`, a
 * clock moved back). Counting them scans every live subscription and every person, which at
 * 500,000 purchases costs more than the overview's whole budget; a minute's lag is fine on a dashboard.
 */
async function pointInTime(db: Db, w: Windows, now: Date): Promise<{ figures: PointInTime; countedAt: Date }> {
  const [stored] = await db.select().from(consoleSnapshots).where(eq(consoleSnapshots.key, 'overview'))
  const age = stored ? now.getTime() - stored.computedAt.getTime() : -1
  const parsed = stored ? PointInTime.safeParse(stored.figures) : null
  if (stored && parsed?.success && age >= 0 && age < snapshotTtlMs) {
    return { figures: parsed.data, countedAt: stored.computedAt }
  }
  const [who, subscriptions] = await Promise.all([people(db, w), subscriptionCounts(db)])
  const figures = { ...who, subscriptions }
  await db
    .insert(consoleSnapshots)
    .values({ key: 'overview', figures, computedAt: now })
    .onConflictDoUpdate({ target: consoleSnapshots.key, set: { figures, computedAt: now } })
  return { figures, countedAt: now }
}

/** The overview at `now`. */
export async function metricsOverview(db: Db, now: Date): Promise<MetricsOverview> {
  const w = windowsOf(now)
  const days = await dailyTotals(db, w.month, w.today, now)
  const allTime = await allTimeTotals(db, now)
  const [counted, money] = await Promise.all([pointInTime(db, w, now), payouts(db, w)])
  const inWindow = (from: string): DayTotals => sumDays([...days].filter(([day]) => day >= from).map(([, v]) => v))
  const sums = { today: inWindow(w.today), week: inWindow(w.week), month: inWindow(w.month) }
  const figure = (metric: DailyMetric): WindowedFigure => ({
    today: sums.today[metric],
    last7Days: sums.week[metric],
    last30Days: sums.month[metric],
    allTime: allTime[metric],
  })
  return {
    asOf: now.toISOString(),
    countedAt: counted.countedAt.toISOString(),
    timeZone: 'UTC',
    ...counted.figures,
    sales: {
      count: figure('sales_count'),
      grossCents: figure('gross_cents'),
      platformFeesCents: figure('fees_cents'),
      refundsCents: figure('refunds_cents'),
    },
    payouts: money,
    picks: { posted: figure('picks_posted'), graded: figure('picks_graded') },
    deliveries: { sent: figure('deliveries_sent'), failed: figure('deliveries_failed') },
  }
}
