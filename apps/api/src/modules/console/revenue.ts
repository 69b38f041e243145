import type { MetricsRangeQuery, AdminRevenuePeriod, RevenueReport } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { dailyTotals, sumDays, type DayTotals } from './daily-totals.ts'
import { addDays, resolveRange, utcDay, type Period } from './metrics-periods.ts'

/**
 * Revenue by UTC day, week (from Monday) or month (spec §7 `GET /admin/metrics/revenue`), from the
 * daily totals: gross sales (charges), the platform's fees net of those given back, refunds on the
 * day they were made, and net sales (gross less refunds). Every period is present, zeros included.
 */

function periodOf(period: Period, sums: DayTotals): AdminRevenuePeriod {
  return {
    start: period.start,
    end: period.end,
    grossCents: sums.gross_cents,
    platformFeesCents: sums.fees_cents,
    refundsCents: sums.refunds_cents,
    netCents: sums.gross_cents - sums.refunds_cents,
  }
}

/** Revenue of each period (in order), from day totals that cover them: one pass over the days. */
export function revenueOf(periods: readonly Period[], days: Map<string, DayTotals>): AdminRevenuePeriod[] {
  const sorted = [...days].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  let next = 0
  return periods.map((period) => {
    while (next < sorted.length && (sorted[next]?.[0] ?? '') < period.start) next++
    const inPeriod: DayTotals[] = []
    for (; next < sorted.length; next++) {
      const entry = sorted[next]
      if (!entry || entry[0] >= period.end) break
      inPeriod.push(entry[1])
    }
    return periodOf(period, sumDays(inPeriod))
  })
}

export async function revenueReport(db: Db, query: MetricsRangeQuery, now: Date): Promise<RevenueReport> {
  const range = resolveRange(query, utcDay(now))
  const days = await dailyTotals(db, range.from, range.to, now)
  const periods = revenueOf(range.periods, days)
  const totals = periodOf({ start: range.from, end: addDays(range.to, 1) }, sumDays(days.values()))
  return {
    timeZone: 'UTC',
    interval: range.interval,
    from: range.from,
    to: range.to,
    periods,
    totals: {
      grossCents: totals.grossCents,
      platformFeesCents: totals.platformFeesCents,
      refundsCents: totals.refundsCents,
      netCents: totals.netCents,
    },
  }
}
