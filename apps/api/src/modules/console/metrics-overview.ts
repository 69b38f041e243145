import { MetricsOverview, type WindowedFigure } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { payoutFigures } from '../payouts/payouts.service.ts'
import { liveSubscriptions } from '../purchases/purchases.service.ts'
import { peopleByRole, type RoleFigures } from '../users/users.service.ts'
import { allTimeTotals, dailyTotals, sumDays, type DailyMetric, type DayTotals } from './daily-totals.ts'
import { addDays, dayStart, utcDay } from './metrics-periods.ts'
import { snapshot } from './snapshots.ts'

/**
 * The overview's figures (spec §7 `GET /admin/metrics/overview`): counts and money over today, the
 * last 7 and 30 UTC days and all time. The day-based figures come from the daily totals (stored
 * settled days plus live recent ones); people and live subscriptions are counted at most a minute
 * before (`pointInTime`), pending and paid payouts straight off their small table.
 */

interface Windows {
  today: string
  week: string
  month: string
}

function windowsOf(now: Date): Windows {
  const today = utcDay(now)
  return { today, week: addDays(today, -6), month: addDays(today, -29) }
}

const windowStarts = (w: Windows) => [dayStart(w.today), dayStart(w.week), dayStart(w.month)]

async function people(db: Db, w: Windows): Promise<Pick<MetricsOverview, 'customers' | 'creators'>> {
  const byRole = await peopleByRole(db, windowStarts(w))
  const of = ({ total, since: [today = 0, week = 0, month = 0] }: RoleFigures) => ({
    total,
    new: { today, last7Days: week, last30Days: month, allTime: total },
  })
  return { customers: of(byRole.customer), creators: of(byRole.creator) }
}

async function payouts(db: Db, w: Windows): Promise<MetricsOverview['payouts']> {
  const figures = await payoutFigures(db, windowStarts(w))
  const [today, week, month] = figures.paidSince
  return {
    pendingCount: figures.pendingCount,
    pendingCents: figures.pendingCents,
    paidCount: {
      today: today?.count ?? 0,
      last7Days: week?.count ?? 0,
      last30Days: month?.count ?? 0,
      allTime: figures.paidEver.count,
    },
    paidCents: {
      today: today?.cents ?? 0,
      last7Days: week?.cents ?? 0,
      last30Days: month?.cents ?? 0,
      allTime: figures.paidEver.cents,
    },
  }
}

const PointInTime = MetricsOverview.pick({ customers: true, creators: true, subscriptions: true })

/**
 * People by role and live subscriptions with MRR, as counted within the last minute (`snapshot`):
 * counting them scans every live subscription and every person, which at 500,000 purchases costs
 * more than the overview's whole budget.
 */
async function pointInTime(db: Db, w: Windows, now: Date) {
  return snapshot(db, 'overview', PointInTime, now, async () => {
    const [who, subscriptions] = await Promise.all([people(db, w), liveSubscriptions(db)])
    return { ...who, subscriptions }
  })
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
