import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { deliveryDailyCounts, firstDeliveryDay } from '../alerts/alerts.service.ts'
import { firstLedgerDay, ledgerDailySums } from '../ledger/ledger.service.ts'
import { firstPickDay, pickDailyCounts } from '../picks/picks.service.ts'
import { consoleDailyTotals } from './daily-totals.table.ts'
import { addDays, dayStart, daysBetween, utcDay } from './metrics-periods.ts'

/**
 * Day-by-day figures of the marketplace (decision 030): money from the ledger, picks posted and
 * graded, alert deliveries sent and failed, each read through its own module's figures. A day that has been over for `settleDays` is settled:
 * computed once and stored in `console_daily_totals`; newer days are computed live from indexed
 * ranges. Both go through `liveDailyTotals`, so a stored day is the live computation of that day.
 */

export const dailyMetrics = [
  'sales_count',
  'gross_cents',
  'fees_cents',
  'refunds_cents',
  'picks_posted',
  'picks_graded',
  'deliveries_sent',
  'deliveries_failed',
] as const
export type DailyMetric = (typeof dailyMetrics)[number]
export type DayTotals = Record<DailyMetric, number>

/**
 * How many whole days after its end a day is stored. Provider events come late (a webhook retried
 * for hours, a refund dated by the provider), so the last two days stay live and a late row still
 * counts; a row dated more than two days back after its day was stored is not seen (decision 030).
 */
export const settleDays = 2

export function zeroTotals(): DayTotals {
  return {
    sales_count: 0,
    gross_cents: 0,
    fees_cents: 0,
    refunds_cents: 0,
    picks_posted: 0,
    picks_graded: 0,
    deliveries_sent: 0,
    deliveries_failed: 0,
  }
}

/** The first day not yet settled at `now`: days before it are stored, it and later ones are live. */
export function firstLiveDay(now: Date): string {
  return addDays(utcDay(now), -settleDays)
}

/** Every day from `from` up to `to` (exclusive), computed from the source modules, every day present. */
export async function liveDailyTotals(db: Db, from: string, to: string): Promise<Map<string, DayTotals>> {
  const totals = new Map<string, DayTotals>()
  for (let day = from; day < to; day = addDays(day, 1)) totals.set(day, zeroTotals())
  if (from >= to) return totals
  const start = dayStart(from)
  const end = dayStart(to)
  const [money, posted, delivered] = await Promise.all([
    ledgerDailySums(db, start, end),
    pickDailyCounts(db, start, end),
    deliveryDailyCounts(db, start, end),
  ])
  const on = (day: string) => totals.get(day) ?? zeroTotals()
  for (const row of money) {
    Object.assign(on(row.day), {
      sales_count: row.salesCount,
      gross_cents: row.grossCents,
      fees_cents: row.feesCents,
      refunds_cents: row.refundsCents,
    })
  }
  for (const row of posted) Object.assign(on(row.day), { picks_posted: row.posted, picks_graded: row.graded })
  for (const row of delivered) Object.assign(on(row.day), { deliveries_sent: row.sent, deliveries_failed: row.failed })
  return totals
}

/** The first day any source has a row on; null on an empty marketplace. */
async function firstActivityDay(db: Db): Promise<string | null> {
  const days = await Promise.all([firstLedgerDay(db), firstPickDay(db), firstDeliveryDay(db)])
  const known = days.filter((day): day is string => day !== null).sort()
  return known[0] ?? null
}

const insertChunkDays = 200

/**
 * Stores every settled day not stored yet: after the newest stored day, or from the first day with
 * any activity on a fresh table. Idempotent and safe to race: a day stored twice keeps the first.
 * Returns how many days it stored.
 */
export async function settleMissingDays(db: Db, now: Date): Promise<number> {
  const until = firstLiveDay(now)
  // As text: node-postgres would turn a bare `date` into a local-time Date.
  const [newest] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(max(day), 'YYYY-MM-DD') as "day" from console_daily_totals`,
  )
  const from = newest?.day ? addDays(newest.day, 1) : await firstActivityDay(db)
  if (!from || from >= until) return 0
  let stored = 0
  for (let chunk = from; chunk < until; chunk = addDays(chunk, insertChunkDays)) {
    const chunkEnd = daysBetween(chunk, until) > insertChunkDays ? addDays(chunk, insertChunkDays) : until
    const totals = await liveDailyTotals(db, chunk, chunkEnd)
    const rows = [...totals].flatMap(([day, values]) =>
      dailyMetrics.map((metric) => ({ day, metric, value: values[metric], computedAt: now })),
    )
    if (rows.length) await db.insert(consoleDailyTotals).values(rows).onConflictDoNothing()
    stored += totals.size
  }
  return stored
}

/**
 * The figures of every day from `from` to `to` (both included): stored days read from the table,
 * unsettled ones computed live. Days with nothing are present with zeros. Settles any day missing.
 */
export async function dailyTotals(db: Db, from: string, to: string, now: Date): Promise<Map<string, DayTotals>> {
  await settleMissingDays(db, now)
  const live = firstLiveDay(now)
  const totals = new Map<string, DayTotals>()
  for (let day = from; day <= to; day = addDays(day, 1)) totals.set(day, zeroTotals())
  const storedTo = to < live ? to : addDays(live, -1)
  if (from <= storedTo) {
    const rows = await queryRows<{ day: string; metric: string; value: string | number }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as "day", metric, value from console_daily_totals
          where day >= ${from}::date and day <= ${storedTo}::date`,
    )
    for (const row of rows) {
      const dayTotals = totals.get(row.day)
      if (dayTotals && isMetric(row.metric)) dayTotals[row.metric] = Number(row.value)
    }
  }
  const liveFrom = from > live ? from : live
  if (liveFrom <= to) {
    for (const [day, values] of await liveDailyTotals(db, liveFrom, addDays(to, 1))) totals.set(day, values)
  }
  return totals
}

/** Every metric summed over all time up to today: the stored days' sums plus the live days'. */
export async function allTimeTotals(db: Db, now: Date): Promise<DayTotals> {
  await settleMissingDays(db, now)
  const live = firstLiveDay(now)
  const sums = zeroTotals()
  const rows = await queryRows<{ metric: string; value: string | number }>(
    db,
    sql`select metric, sum(value) as "value" from console_daily_totals where day < ${live}::date group by metric`,
  )
  for (const row of rows) if (isMetric(row.metric)) sums[row.metric] = Number(row.value)
  const liveDays = await liveDailyTotals(db, live, addDays(utcDay(now), 1))
  for (const values of liveDays.values()) for (const metric of dailyMetrics) sums[metric] += values[metric]
  return sums
}

function isMetric(name: string): name is DailyMetric {
  return (dailyMetrics as readonly string[]).includes(name)
}

/** Sums of per-day figures. */
export function sumDays(days: Iterable<DayTotals>): DayTotals {
  const sums = zeroTotals()
  for (const values of days) for (const metric of dailyMetrics) sums[metric] += values[metric]
  return sums
}
