import type { AdminDashboard } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { payoutFigures } from '../payouts/payouts.service.ts'
import { dailyTotals } from './daily-totals.ts'
import { metricsOverview } from './metrics-overview.ts'
import { addDays, periodsCovering, utcDay } from './metrics-periods.ts'
import { revenueOf } from './revenue.ts'

/**
 * The operator's first screen in one call (spec §7 `GET /admin/dashboard`): the overview, revenue
 * by day over the last 30 UTC days, and the counts that need someone's attention.
 */
export async function adminDashboard(db: Db, now: Date): Promise<AdminDashboard> {
  const overview = await metricsOverview(db, now)
  const today = utcDay(now)
  const from = addDays(today, -29)
  const days = await dailyTotals(db, from, today, now)
  const { failedCount } = await payoutFigures(db, [])
  return {
    overview,
    revenueLast30Days: revenueOf(periodsCovering(from, today, 'day'), days),
    attention: {
      failedDeliveries: overview.deliveries.failed.last7Days,
      failedPayouts: failedCount,
      pastDueSubscriptions: overview.subscriptions.pastDue,
    },
  }
}
