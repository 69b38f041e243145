import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { consoleDailyTotals } from './daily-totals.table.ts'
import { addDays, dayStart, daysBetween, utcDay } from './metrics-periods.ts'

/**
 * Day-by-day figures of the marketplace (decision 030): money from the ledger, picks posted and
 * graded, alert deliveries sent and failed. A day that has been over for `settleDays` is settled:
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

type Row = { day: string } & Partial<Record<DailyMetric, string | number | null>>

/** Every day from `from` up to `to` (exclusive), computed from the source tables, every day present. */
export async function liveDailyTotals(db: Db, from: string, to: string): Promise<Map<string, DayTotals>> {
  const totals = new Map<string, DayTotals>()
  for (let day = from; day < to; day = addDays(day, 1)) totals.set(day, zeroTotals())
  if (from >= to) return totals
  const start = dayStart(from)
  const end = dayStart(to)
  const day = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`)
  const sources = await Promise.all([
    queryRows<Row>(
      db,
      sql`select ${day('occurred_at')} as "day",
            count(*) filter (where kind = 'charge') as "sales_count",
            coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "gross_cents",
            coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "fees_cents",
            coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refunds_cents"
          from ledger_entries
          where occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz
            and kind in ('charge', 'platform_fee', 'refund')
          group by 1`,
    ),
    queryRows<Row>(
      db,
      sql`select ${day('created_at')} as "day", count(*) as "picks_posted" from picks
          where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1`,
    ),
    queryRows<Row>(
      db,
      sql`select ${day('graded_at')} as "day", count(*) as "picks_graded" from picks
          where graded_at >= ${start}::timestamptz and graded_at < ${end}::timestamptz group by 1`,
    ),
    queryRows<Row>(
      db,
      sql`select ${day('sent_at')} as "day", count(*) as "deliveries_sent" from alert_deliveries
          where sent_at >= ${start}::timestamptz and sent_at < ${end}::timestamptz group by 1`,
    ),
    queryRows<Row>(
      db,
      sql`select ${day('failed_at')} as "day", count(*) as "deliveries_failed" from alert_deliveries
          where failed_at >= ${start}::timestamptz and failed_at < ${end}::timestamptz group by 1`,
    ),
  ])
  for (const row of sources.flat()) {
    const dayTotals = totals.get(row.day)
    if (!dayTotals) continue
    for (const metric of dailyMetrics) {
      const value = row[metric]
      if (value !== undefined && value !== null) dayTotals[metric] = Number(value)
    }
  }
  return totals
}

/** The first day any source has a row on; null on an empty marketplace. */
async function firstActivityDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ first: string | null }>(
    db,
    sql`select to_char(least(
          (select min(occurred_at) from ledger_entries),
          (select min(created_at) from picks),
          (select min(graded_at) from picks),
          (select min(sent_at) from alert_deliveries),
          (select min(failed_at) from alert_deliveries)) at time zone 'UTC', 'YYYY-MM-DD') as "first"`,
  )
  return row?.first ?? null
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
