import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { shareLinkSignups, shareLinkVisits, type ShareLinkEvents } from '../creators/creators.service.ts'
import { shareLinkFirstPurchases, startedPurchases as started } from '../purchases/purchases.service.ts'
import { creatorDailyFigures } from './analytics.table.ts'
import { addDays, dayMs, dayStartMs, firstLiveDay, rangesOf, utcDay, type Piece } from './analytics-periods.ts'

/**
 * A creator's figures by piece of time (decision 037): the ledger's charges, platform fees, refunds
 * and affiliates' commissions, and the purchases' starts, passes, cancellations, ends and trials,
 * keyed by the plan of the purchase they belong to; the pick alerts sent or failed keyed by
 * channel; the share link's visits, sign-ups and first purchases. Settled days are computed once and
 * stored (`creator_daily_figures`), the rest is computed live by the same query, so a stored day is
 * by construction the live computation. Each stored day also holds the levels at its end — the
 * live subscriptions and the MRR by plan — so a level at any instant is a stored one plus the
 * changes since, never a pass over every subscription.
 */

/** `commission`: affiliates' commissions out of the creator's share, less those returned (decision 038). */
const moneyMetrics = ['gross', 'fees', 'refunds', 'commission'] as const
export type MoneyMetric = (typeof moneyMetrics)[number]
/** The discount a promo code gave: for each charge of a purchase made with one, its list price less what was charged. */
const discountMetric = 'discount'
const deliveryMetrics = ['sent', 'failed'] as const
export type DeliveryMetric = (typeof deliveryMetrics)[number]
/**
 * What happened to the purchases, by plan: subscriptions started (`new`), passes sold, subscriptions
 * cancelled (set to end, or ended: the earlier of the two), ended, and started with a free trial.
 */
const flowMetrics = ['new', 'passes', 'cancellations', 'ended', 'trials'] as const
export type FlowMetric = (typeof flowMetrics)[number]
/** The share link's funnel (decision 036), key ''. */
const funnelMetrics = ['visits', 'signups', 'first'] as const
type FunnelMetric = (typeof funnelMetrics)[number]
type FigureMetric = MoneyMetric | DeliveryMetric | FlowMetric | FunnelMetric | typeof discountMetric

/**
 * Levels at the end of a stored day, by plan: `live` subscriptions, and `mrr` in 1/1200 of a cent
 * (a weekly price times 52 over 12, a yearly one over 12, a percentage off: whole numbers at that
 * scale, so sums are exact and rounded once).
 */
export interface Level {
  live: number
  mrr: number
}
/** The MRR's scale in the stored levels. */
export const mrrScale = 1200

interface FigureRow {
  metric: FigureMetric
  /**
   * `plan:<id>`, or the purchase's kind when it has no plan (money, flows); `code:<id>` of the
   * promo code (discount); the channel (deliveries); '' (funnel).
   */
  key: string
  value: number
}

const settledMarker = 'settled'
/** The level metrics stored at a day's end, in SQL. */
const levelMetricsSql = sql`'live', 'mrr'`

const figureMetrics: readonly string[] = [
  ...moneyMetrics,
  ...deliveryMetrics,
  ...flowMetrics,
  ...funnelMetrics,
  discountMetric,
]

function isMetric(name: string): name is FigureMetric {
  return figureMetrics.includes(name)
}

export function isMoneyMetric(metric: string): metric is MoneyMetric {
  return (moneyMetrics as readonly string[]).includes(metric)
}

export function isFlowMetric(metric: string): metric is FlowMetric {
  return (flowMetrics as readonly string[]).includes(metric)
}

/**
 * The cut points of `width_bucket` as one value: in a scalar subquery, so the array is parsed once
 * per statement rather than once per row (a 200-day settling batch spent seconds parsing it).
 */
function cutsOf(instants: readonly string[]): SQL {
  return sql`(select ${arrayLiteral(instants)}::timestamptz[])`
}

/** When a purchase's first paid period starts: after its free trial. */
export const paidFrom = sql.raw(`(created_at + trial_days * interval '1 day')`)

/** A purchase's plan key: `plan:` and the plan's id, or its kind when it has no plan. */
const planKey = sql.raw(`coalesce('plan:' || plan_id::text, kind)`)

/** A PostgreSQL array literal of values that need no quoting (ISO instants, days). */
function arrayLiteral(values: readonly string[]): string {
  return `{${values.join(',')}}`
}

function within(column: SQL, ranges: ReadonlyArray<[number, number]>): SQL {
  return sql.join(
    ranges.map(
      ([a, b]) =>
        sql`(${column} >= ${new Date(a).toISOString()}::timestamptz and ${column} < ${new Date(b).toISOString()}::timestamptz)`,
    ),
    sql` or `,
  )
}

/**
 * The figures of each piece `[bounds[i], bounds[i + 1])` that lies within `ranges`: a map from the
 * piece's index to its rows. Three statements side by side (money; the purchases' flows; the
 * funnel and the alerts), each source read through its index by creator and time. A charge counts
 * as gross sales, a platform fee (negative; positive when given back with a refund) as fees net of
 * those given back, a refund as refunds, an affiliate's commission (negative) as commission net of
 * those returned with refunds (`affiliate_commission_reversal`, positive), each keyed by the plan the
 * ledger row carries; a charge of a purchase made with a promo code also counts its discount (the
 * list price less the amount charged). A pick alert counts when it was sent (delivered ones
 * included) or when it failed.
 */
async function figuresByPiece(
  db: Db,
  creatorId: string,
  bounds: readonly number[],
  ranges: ReadonlyArray<[number, number]>,
): Promise<Map<number, FigureRow[]>> {
  const pieces = new Map<number, FigureRow[]>()
  if (!ranges.length) return pieces
  const cuts = cutsOf(bounds.map((b) => new Date(b).toISOString()))
  const outcome = sql`coalesce(d.failed_at, d.sent_at)`
  const cancelled = sql`coalesce(canceled_at, ended_at)`
  const funnelArm = (metric: FunnelMetric, events: ShareLinkEvents) =>
    sql`select width_bucket(${events.at}, ${cuts}) as "piece", ${metric} as "metric", '' as "key", count(*) as "value"
        from ${events} where ${within(sql`${events.at}`, ranges)} group by 1, 2, 3`
  type Row = { piece: number | string; metric: string; key: string; value: string | number }
  // Three statements, run side by side: each is planned quicker than their union would be.
  // The ledger's money by the plan its rows carry (a plan deleted since: the purchase's kind), and
  // the discount of each charge of a purchase made with a promo code: its list price less the charge.
  const money = sql`with l as materialized (
          select width_bucket(occurred_at, ${cuts}) as piece,
            case kind when 'charge' then 'gross' when 'platform_fee' then 'fees' when 'refund' then 'refunds'
              else 'commission' end as metric,
            plan_id, purchase_kind, sum(case when kind = 'charge' then amount_cents else -amount_cents end) as value
          from ledger_entries
          where creator_id = ${creatorId}
            and kind in ('charge', 'platform_fee', 'refund', 'affiliate_commission', 'affiliate_commission_reversal')
            and (${within(sql`occurred_at`, ranges)})
          group by 1, 2, 3, 4
        )
        select l.piece as "piece", l.metric as "metric",
          case when sp.id is not null then 'plan:' || sp.id::text else coalesce(l.purchase_kind, 'other') end as "key",
          sum(l.value) as "value"
        from l left join subscription_plans sp on sp.id = l.plan_id
        group by 1, 2, 3
        union all
        select width_bucket(e.occurred_at, ${cuts}), ${discountMetric}, 'code:' || p.promo_code_id::text,
          sum(p.price_cents - e.amount_cents)
        from ledger_entries e join purchases p on p.id = e.purchase_id
        where e.creator_id = ${creatorId} and e.kind = 'charge' and (${within(sql`e.occurred_at`, ranges)})
          and p.creator_id = ${creatorId} and p.promo_code_id is not null
        group by 1, 2, 3`
  const flows = sql`select width_bucket(created_at, ${cuts}) as "piece", f.metric as "metric", ${planKey} as "key", sum(f.n) as "value"
        from purchases
          cross join lateral (values
            ('new', case when kind = 'subscription' then 1 else 0 end),
            ('passes', case when kind = 'one_time' then 1 else 0 end),
            ('trials', case when kind = 'subscription' and trial_days > 0 then 1 else 0 end)) as f(metric, n)
        where creator_id = ${creatorId} and ${started} and (${within(sql`created_at`, ranges)})
        group by 1, 2, 3
        union all
        select width_bucket(${cancelled}, ${cuts}), 'cancellations', ${planKey}, count(*)
        from purchases
        where creator_id = ${creatorId} and kind = 'subscription' and ${started} and (${within(cancelled, ranges)})
        group by 1, 2, 3
        union all
        select width_bucket(ended_at, ${cuts}), 'ended', ${planKey}, count(*)
        from purchases
        where creator_id = ${creatorId} and kind = 'subscription' and ${started} and (${within(sql`ended_at`, ranges)})
        group by 1, 2, 3`
  const events = sql`${funnelArm('visits', shareLinkVisits(db, creatorId))}
        union all ${funnelArm('signups', shareLinkSignups(db, creatorId))}
        union all ${funnelArm('first', shareLinkFirstPurchases(db, creatorId))}
        union all
        select width_bucket(${outcome}, ${cuts}),
          case when d.status = 'failed' then 'failed' else 'sent' end, d.channel, count(*)
        from alert_deliveries d
        where d.creator_id = ${creatorId} and d.kind = 'pick' and ${outcome} is not null
          and d.status in ('sent', 'delivered', 'failed') and (${within(outcome, ranges)})
        group by 1, 2, 3`
  const results = await Promise.all([money, flows, events].map((statement) => queryRows<Row>(db, statement)))
  for (const row of results.flat()) {
    const piece = Number(row.piece) - 1
    const value = Number(row.value)
    if (!isMetric(row.metric) || piece < 0 || piece + 1 >= bounds.length || value === 0) continue
    const list = pieces.get(piece)
    const entry = { metric: row.metric, key: row.key, value }
    if (list) list.push(entry)
    else pieces.set(piece, [entry])
  }
  return pieces
}

/** A price per period, times this, is its month in 1/1200 cent (`mrrScale`): exact for weekly and yearly prices. */
const scaledMonthFactor = `case interval when 'week' then 5200 when 'year' then 100 else 1200 end`
const scaledMonth = sql.raw(`price_cents::bigint * ${scaledMonthFactor}`)

/** The month of the first paid periods, scaled the same: less a promo code's discount that recurs. */
const scaledFirst =
  sql.raw(`case when discount_kind is null or discount_duration = 'once' then price_cents::bigint * ${scaledMonthFactor}
  when discount_kind = 'percent' then price_cents::bigint * (100 - percent_off) * ${scaledMonthFactor} / 100
  else greatest(price_cents - coalesce(amount_off_cents, 0), 0)::bigint * ${scaledMonthFactor} end`)

/** The longest free trial a plan can give (the plans' check), so a trial ending in a range started at most this long before it. */
const longestTrialDays = 30

/**
 * The changes to each plan's levels in each piece `[bounds[i], bounds[i + 1])`: a subscription
 * counts as live from its start until it ends; its price counts in the MRR from its first paid
 * instant (after the trial) until it ends, discounted while a recurring promo code's discount lasts
 * (a first-payment-only discount does not recur) — so a level at `t` is every change before `t`.
 * The first bound may be `-infinity`. Reads only the subscriptions with a change in the range: those
 * started in it or up to a trial before, those ended in it, and the few with a repeating discount.
 */
async function levelChangesByPiece(
  db: Db,
  creatorId: string,
  bounds: readonly (number | '-infinity')[],
): Promise<Map<number, Map<string, Level>>> {
  const byPiece = new Map<number, Map<string, Level>>()
  const first = bounds[0]
  const last = bounds[bounds.length - 1]
  if (first === undefined || last === undefined || (first !== '-infinity' && last !== '-infinity' && first >= last)) {
    return byPiece
  }
  const text = (b: number | '-infinity') => (b === '-infinity' ? b : new Date(b).toISOString())
  const cuts = cutsOf(bounds.map(text))
  const lo = sql`${text(first)}::timestamptz`
  const hi = sql`${text(last)}::timestamptz`
  const rows = await queryRows<{ piece: number | string; key: string; live: string | number; mrr: string | number }>(
    db,
    sql`with s as materialized (
          select ${planKey} as key, created_at, ended_at as en, ${paidFrom} as pf,
            case when discount_kind is not null and discount_duration = 'repeating'
              then ${paidFrom} + coalesce(discount_months, 0) * interval '1 month' end as de,
            ${scaledMonth} as full_price, ${scaledFirst} as first_price
          from purchases
          where creator_id = ${creatorId} and kind = 'subscription' and ${started}
            and ((created_at >= ${lo} - ${longestTrialDays} * interval '1 day' and created_at < ${hi})
              or (ended_at >= ${lo} and ended_at < ${hi})
              or discount_duration = 'repeating')
        ), changes as (
          select key, created_at as at, 1 as live, 0::bigint as mrr from s
          union all select key, en, -1, 0 from s where en is not null
          union all select key, pf, 0, first_price from s where least(de, en) is null or pf < least(de, en)
          union all select key, least(de, en), 0, -first_price from s where pf < least(de, en)
          union all select key, de, 0, full_price from s where de is not null and (en is null or de < en)
          union all select key, en, 0, -full_price from s where de < en
        )
        select width_bucket(at, ${cuts}) as "piece", key as "key", sum(live) as "live", sum(mrr) as "mrr"
        from changes where at >= ${lo} and at < ${hi}
        group by 1, 2`,
  )
  for (const row of rows) {
    const piece = Number(row.piece) - 1
    const change = { live: Number(row.live), mrr: Number(row.mrr) }
    if (piece < 0 || piece + 1 >= bounds.length || (change.live === 0 && change.mrr === 0)) continue
    const keys = byPiece.get(piece) ?? new Map<string, Level>()
    keys.set(row.key, change)
    byPiece.set(piece, keys)
  }
  return byPiece
}

function addLevels(into: Map<string, Level>, more: ReadonlyMap<string, Level> | undefined): Map<string, Level> {
  for (const [key, level] of more ?? []) {
    const known = into.get(key) ?? { live: 0, mrr: 0 }
    into.set(key, { live: known.live + level.live, mrr: known.mrr + level.mrr })
  }
  return into
}

/** The levels stored at the end of `day`, by plan (none stored: all zero). */
async function storedLevels(db: Db, creatorId: string, day: string): Promise<Map<string, Level>> {
  const rows = await queryRows<{ metric: string; key: string; value: string | number }>(
    db,
    sql`select metric as "metric", key as "key", value as "value" from creator_daily_figures
        where creator_id = ${creatorId} and day = ${day}::date and metric in (${levelMetricsSql})`,
  )
  const levels = new Map<string, Level>()
  for (const row of rows) {
    const known = levels.get(row.key) ?? { live: 0, mrr: 0 }
    known[row.metric === 'live' ? 'live' : 'mrr'] += Number(row.value)
    levels.set(row.key, known)
  }
  return levels
}

/**
 * Each plan's levels at the instant `t` (`mrr` scaled by `mrrScale`): those stored at the end of the
 * day before `t`'s, or of the newest stored day when that is later than it, plus the changes since.
 * Every stored day from the creator's first activity on holds its levels, so with `newest` null
 * (nothing stored yet) every change before `t` is read.
 */
export async function levelsAt(
  db: Db,
  creatorId: string,
  t: number,
  newest: string | null,
): Promise<Map<string, Level>> {
  const dayBefore = addDays(utcDay(t), -1)
  const base = newest === null ? null : dayBefore <= newest ? dayBefore : newest
  const [stored, changes] = await Promise.all([
    base === null ? new Map<string, Level>() : storedLevels(db, creatorId, base),
    levelChangesByPiece(db, creatorId, [base === null ? '-infinity' : dayStartMs(base) + dayMs, t]),
  ])
  return addLevels(stored, changes.get(0))
}

const chunkDays = 200

/** The first days of the months whose last day is in `[from, until)`. */
function monthsEndingIn(from: string, until: string): string[] {
  const months: string[] = []
  for (let month = `${from.slice(0, 7)}-01`; ;) {
    const next = addDays(month, daysInMonth(month))
    const lastDay = addDays(next, -1)
    if (lastDay >= until) return months
    if (lastDay >= from) months.push(month)
    month = next
  }
}

/** The lock a creator's settling holds, and a late change to their sources takes (migration 0026). */
function settlingLock(creatorId: string): SQL {
  return sql`select pg_advisory_xact_lock(hashtextextended(${`creator_days:${creatorId}`}, 0))`
}

/**
 * Stores every settled day of the creator not stored yet — its figures and the levels at its end —
 * from the day after the newest stored one, or from the day of the creator's first activity, in
 * batches of `chunkDays`. Each batch is one transaction under the creator's settling lock and
 * starts from the newest day stored as it begins (a late change may have forgotten days since the
 * caller looked). Idempotent and safe to race. Returns the newest stored day after it.
 */
export async function settleCreatorDays(
  db: Db,
  creatorId: string,
  newest: string | null,
  firstActivity: Date | null,
  now: Date,
): Promise<string | null> {
  const until = firstLiveDay(now)
  const firstDay = firstActivity ? utcDay(firstActivity.getTime()) : null
  let known = newest
  for (;;) {
    const from = known ? addDays(known, 1) : firstDay
    if (!from || from >= until) return known
    known = await db.transaction(async (tx) => {
      await tx.execute(settlingLock(creatorId))
      const [row] = await queryRows<{ newest: string | null }>(
        tx,
        sql`select ${newestStoredDay(creatorId)} as "newest"`,
      )
      const stored = row?.newest ?? null
      const chunk = stored ? addDays(stored, 1) : firstDay
      if (!chunk || chunk >= until) return stored
      const last = addDays(chunk, chunkDays) < until ? addDays(chunk, chunkDays) : until
      await settleChunk(tx, creatorId, chunk, last, stored, now)
      return addDays(last, -1)
    })
  }
}

/** Stores the days `[chunk, last)` after the newest stored day `stored`, and the months they complete. */
async function settleChunk(db: Db, creatorId: string, chunk: string, last: string, stored: string | null, now: Date) {
  const bounds: number[] = []
  for (let at = dayStartMs(chunk); at <= dayStartMs(last); at += dayMs) bounds.push(at)
  const byPiece = await figuresByPiece(db, creatorId, bounds, [[dayStartMs(chunk), dayStartMs(last)]])
  const changes = await levelChangesByPiece(db, creatorId, bounds)
  const levels = await levelsAt(db, creatorId, dayStartMs(chunk), stored)
  const rows: (typeof creatorDailyFigures.$inferInsert)[] = []
  const row = (day: string, metric: string, key: string, value: number) =>
    rows.push({ creatorId, day, metric, key, value, computedAt: now })
  for (let piece = 0; piece + 1 < bounds.length; piece++) {
    const day = utcDay(bounds[piece] ?? 0)
    for (const f of byPiece.get(piece) ?? []) row(day, f.metric, f.key, f.value)
    addLevels(levels, changes.get(piece))
    for (const [key, level] of levels) {
      if (level.live !== 0) row(day, 'live', key, level.live)
      if (level.mrr !== 0) row(day, 'mrr', key, level.mrr)
    }
  }
  // The `settled` row vouches for the days stored with it.
  row(addDays(last, -1), settledMarker, '', 0)
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insert(creatorDailyFigures)
      .values(rows.slice(i, i + 1000))
      .onConflictDoNothing()
  }
  for (const month of monthsEndingIn(chunk, last)) {
    await db.execute(sql`insert into creator_monthly_figures (creator_id, month, metric, key, value)
      select creator_id, ${month}::date, metric, key, sum(value) from creator_daily_figures
      where creator_id = ${creatorId} and day >= ${month}::date and day < ${month}::date + interval '1 month'
        and metric not in (${settledMarker}, ${levelMetricsSql})
      group by creator_id, metric, key having sum(value) <> 0
      on conflict do nothing`)
  }
}

/** The newest day stored for the creator; null before any. */
export function newestStoredDay(creatorId: string): SQL {
  return sql`(select to_char(max(day), 'YYYY-MM-DD') from creator_daily_figures where creator_id = ${creatorId})`
}

function daysInMonth(month: string): number {
  const d = new Date(dayStartMs(month))
  return (Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - d.getTime()) / dayMs
}

/** The metrics the series sums by bucket: the money and the purchases' flows. */
const bucketMetricsSql = sql.raw([...moneyMetrics, ...flowMetrics].map((m) => `'${m}'`).join(', '))

/**
 * The stored figures of the pieces (days, or months starting at their `start`), summed two ways in
 * one pass: by window, metric and key (the periods' totals, `bucket` null), and by window, bucket and
 * metric over every key (the series, `key` null; only the money and flows, and only for buckets).
 * Summing the series by key as well would send one row per bucket, metric and plan: 2,100 rows for
 * five years by month, most of the statement's and the parser's time.
 */
function storedSums(
  db: Db,
  creatorId: string,
  table: 'creator_daily_figures' | 'creator_monthly_figures',
  column: 'day' | 'month',
  pieces: readonly Piece[],
): Promise<Array<{ win: string; bucket: string | null; metric: string; key: string | null; value: string | number }>> {
  if (!pieces.length) return Promise.resolve([])
  const t = sql.raw(table)
  const c = sql.raw(`f.${column}`)
  const days = arrayLiteral(pieces.map((p) => utcDay(p.start)))
  return queryRows(
    db,
    sql`select s.win as "win", s.bucket as "bucket", f.metric as "metric", f.key as "key", sum(f.value) as "value"
        from unnest(${days}::date[],
                    ${arrayLiteral(pieces.map((p) => p.window ?? ''))}::text[],
                    ${arrayLiteral(pieces.map((p) => p.bucket ?? '-'))}::text[]) as s(at, win, bucket)
        join ${t} f on f.creator_id = ${creatorId} and ${c} = s.at
        where f.metric not in (${settledMarker}, ${levelMetricsSql})
          -- The pieces' own days, so the primary key reads only them, not every day of their span.
          and ${c} = any((select ${days}::date[])::date[])
        group by grouping sets ((s.win, f.metric, f.key), (s.win, s.bucket, f.metric))
        having grouping(f.key) = 0 or (s.bucket <> '-' and f.metric in (${bucketMetricsSql}))`,
  )
}

/**
 * A figure of the pieces. A row computed from the sources carries both its `bucket` (null outside the
 * current period) and its `key`; a stored sum carries one of them: a period's total by key (`bucket`
 * null), or a bucket's total over every key (`key` null), which counts for the series only.
 */
export interface PieceFigure {
  window: 'current' | 'previous'
  bucket: string | null
  metric: FigureMetric
  key: string | null
  value: number
}

/**
 * The figures of the pieces (`PieceFigure`): stored days read from the table, the others computed
 * live. Call `settleCreatorDays` first.
 */
export async function figuresOfPieces(db: Db, creatorId: string, pieces: readonly Piece[]): Promise<PieceFigure[]> {
  const counted = pieces.filter((p) => p.window !== null)
  const stored = counted.filter((p) => p.stored)
  const live = counted.filter((p) => !p.stored)
  const out: PieceFigure[] = []
  // Whole months read from their sums when every day of one is a stored piece of the same window and bucket.
  const byMonth = new Map<string, Piece[]>()
  for (const p of stored) {
    const month = `${utcDay(p.start).slice(0, 7)}-01`
    const list = byMonth.get(month)
    if (list) list.push(p)
    else byMonth.set(month, [p])
  }
  const months: Piece[] = []
  const days: Piece[] = []
  for (const [month, list] of byMonth) {
    const whole =
      list.length === daysInMonth(month) &&
      list.every((p) => p.window === list[0]?.window && p.bucket === list[0]?.bucket)
    if (whole && list[0]) months.push({ ...list[0], start: dayStartMs(month) })
    else days.push(...list)
  }
  const storedRows = Promise.all([
    storedSums(db, creatorId, 'creator_daily_figures', 'day', days),
    storedSums(db, creatorId, 'creator_monthly_figures', 'month', months),
  ]).then(([a, b]) => [...a, ...b])
  const bounds = [...new Set(live.flatMap((p) => [p.start, p.end]))].sort((a, b) => a - b)
  const [fromStore, fromSources] = await Promise.all([
    storedRows,
    figuresByPiece(db, creatorId, bounds, rangesOf(live)),
  ])
  for (const row of fromStore) {
    if (!isMetric(row.metric) || (row.win !== 'current' && row.win !== 'previous')) continue
    out.push({
      window: row.win,
      bucket: row.bucket === '-' ? null : row.bucket,
      metric: row.metric,
      key: row.key,
      value: Number(row.value),
    })
  }
  const byStart = new Map(live.map((p) => [p.start, p]))
  for (const [index, rows] of fromSources) {
    const piece = byStart.get(bounds[index] ?? -1)
    if (!piece?.window || piece.end !== bounds[index + 1]) continue
    for (const row of rows) out.push({ ...row, window: piece.window, bucket: piece.bucket })
  }
  return out
}
