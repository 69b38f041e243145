import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { creatorDailyFigures } from './analytics.table.ts'
import { addDays, dayMs, dayStartMs, firstLiveDay, rangesOf, utcDay, type Piece } from './analytics-periods.ts'

/**
 * A creator's money and pick alerts by piece of time (decision 037): the ledger's charges, platform
 * fees, refunds and affiliates' commissions keyed by the plan of the purchase they belong to, and
 * the pick alerts sent or failed keyed by channel. Settled days are computed once and stored (`creator_daily_figures`), the
 * rest is computed live by the same query, so a stored day is by construction the live computation.
 */

/** `commission`: affiliates' commissions out of the creator's share, less those returned (decision 038). */
export const moneyMetrics = ['gross', 'fees', 'refunds', 'commission'] as const
export type MoneyMetric = (typeof moneyMetrics)[number]
/** The discount a promo code gave: for each charge of a purchase made with one, its list price less what was charged. */
export const discountMetric = 'discount'
export const deliveryMetrics = ['sent', 'failed'] as const
export type DeliveryMetric = (typeof deliveryMetrics)[number]
export type FigureMetric = MoneyMetric | DeliveryMetric | typeof discountMetric

export interface FigureRow {
  metric: FigureMetric
  /**
   * `plan:<id>`, or the purchase's kind when it has no plan (money); `code:<id>` of the promo code
   * (discount); the channel (deliveries).
   */
  key: string
  value: number
}

const settledMarker = 'settled'

function isMetric(name: string): name is FigureMetric {
  return (
    (moneyMetrics as readonly string[]).includes(name) ||
    (deliveryMetrics as readonly string[]).includes(name) ||
    name === discountMetric
  )
}

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
 * piece's index to its rows. One statement, each source read through its index by creator and time.
 * A charge counts as gross sales, a platform fee (negative; positive when given back with a refund)
 * as fees net of those given back, a refund as refunds, an affiliate's commission (negative) as
 * commission net of those returned with refunds (`affiliate_commission_reversal`, positive), and a
 * charge made with a promo code's discount as that discount (its list price less the amount charged); a pick alert counts when it was sent
 * (delivered ones included) or when it failed. The ledger's rows are read once and summed by
 * purchase first (with their count, for the discount); the purchases they belong to are then looked
 * up by primary key, so a few live days cost a lookup per purchase that moved money rather than a
 * pass over every purchase of the creator.
 */
export async function figuresByPiece(
  db: Db,
  creatorId: string,
  bounds: readonly number[],
  ranges: ReadonlyArray<[number, number]>,
): Promise<Map<number, FigureRow[]>> {
  const pieces = new Map<number, FigureRow[]>()
  if (!ranges.length) return pieces
  const thresholds = arrayLiteral(bounds.map((b) => new Date(b).toISOString()))
  const outcome = sql`coalesce(d.failed_at, d.sent_at)`
  const rows = await queryRows<{ piece: number | string; metric: string; key: string; value: string | number }>(
    db,
    sql`with l as materialized (
          select width_bucket(occurred_at, ${thresholds}::timestamptz[]) as piece,
            case kind when 'charge' then 'gross' when 'platform_fee' then 'fees' when 'refund' then 'refunds'
              else 'commission' end as metric,
            purchase_id, sum(case when kind = 'charge' then amount_cents else -amount_cents end) as value, count(*) as n
          from ledger_entries
          where creator_id = ${creatorId}
            and kind in ('charge', 'platform_fee', 'refund', 'affiliate_commission', 'affiliate_commission_reversal')
            and (${within(sql`occurred_at`, ranges)})
          group by 1, 2, 3
        ), p as (
          select id, coalesce('plan:' || plan_id::text, kind) as key, promo_code_id, price_cents from purchases
          where creator_id = ${creatorId} and id = any(array(select distinct purchase_id from l where purchase_id is not null))
        )
        select l.piece as "piece", l.metric as "metric", coalesce(p.key, 'other') as "key", sum(l.value) as "value"
        from l left join p on p.id = l.purchase_id
        group by 1, 2, 3
        union all
        select l.piece, ${discountMetric}, 'code:' || p.promo_code_id::text, sum(l.n * p.price_cents - l.value)
        from l join p on p.id = l.purchase_id
        where l.metric = 'gross' and p.promo_code_id is not null
        group by 1, 2, 3
        union all
        select width_bucket(${outcome}, ${thresholds}::timestamptz[]),
          case when d.status = 'failed' then 'failed' else 'sent' end, d.channel, count(*)
        from alert_deliveries d
        where d.creator_id = ${creatorId} and d.kind = 'pick' and ${outcome} is not null
          and d.status in ('sent', 'delivered', 'failed') and (${within(outcome, ranges)})
        group by 1, 2, 3`,
  )
  for (const row of rows) {
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

const chunkDays = 200

/**
 * Stores every settled day of the creator not stored yet: after the newest stored day (`newest`),
 * or from the day of the creator's first activity. Idempotent and safe to race (a day stored twice
 * keeps the first). Returns how many days it stored.
 */
export async function settleCreatorDays(
  db: Db,
  creatorId: string,
  newest: string | null,
  firstActivity: Date | null,
  now: Date,
): Promise<number> {
  const until = firstLiveDay(now)
  const from = newest ? addDays(newest, 1) : firstActivity ? utcDay(firstActivity.getTime()) : null
  if (!from || from >= until) return 0
  let stored = 0
  for (let chunk = from; chunk < until; chunk = addDays(chunk, chunkDays)) {
    const last = addDays(chunk, chunkDays) < until ? addDays(chunk, chunkDays) : until
    const bounds: number[] = []
    for (let at = dayStartMs(chunk); at <= dayStartMs(last); at += dayMs) bounds.push(at)
    const byPiece = await figuresByPiece(db, creatorId, bounds, [[dayStartMs(chunk), dayStartMs(last)]])
    const rows: (typeof creatorDailyFigures.$inferInsert)[] = []
    for (const [piece, figures] of byPiece) {
      const day = utcDay(bounds[piece] ?? 0)
      for (const f of figures)
        rows.push({ creatorId, day, metric: f.metric, key: f.key, value: f.value, computedAt: now })
    }
    rows.push({ creatorId, day: addDays(last, -1), metric: settledMarker, key: '', value: 0, computedAt: now })
    // One transaction per batch: the `settled` row is stored with the days it vouches for, or none is.
    await db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += 1000) {
        await tx
          .insert(creatorDailyFigures)
          .values(rows.slice(i, i + 1000))
          .onConflictDoNothing()
      }
    })
    stored += bounds.length - 1
  }
  return stored
}

/** The newest day stored for the creator; null before any. */
export function newestStoredDay(creatorId: string): SQL {
  return sql`(select to_char(max(day), 'YYYY-MM-DD') from creator_daily_figures where creator_id = ${creatorId})`
}

/**
 * The figures of the pieces, summed by (window, bucket, metric, key): stored days read from the
 * table, the others computed live. Call `settleCreatorDays` first.
 */
export async function figuresOfPieces(
  db: Db,
  creatorId: string,
  pieces: readonly Piece[],
): Promise<Array<FigureRow & { window: 'current' | 'previous'; bucket: string | null }>> {
  const counted = pieces.filter((p) => p.window !== null)
  const stored = counted.filter((p) => p.stored)
  const live = counted.filter((p) => !p.stored)
  const out: Array<FigureRow & { window: 'current' | 'previous'; bucket: string | null }> = []
  const storedRows = stored.length
    ? queryRows<{ win: string; bucket: string; metric: string; key: string; value: string | number }>(
        db,
        sql`select s.win as "win", s.bucket as "bucket", f.metric as "metric", f.key as "key", sum(f.value) as "value"
            from unnest(${arrayLiteral(stored.map((p) => utcDay(p.start)))}::date[],
                        ${arrayLiteral(stored.map((p) => p.window ?? ''))}::text[],
                        ${arrayLiteral(stored.map((p) => p.bucket ?? '-'))}::text[]) as s(day, win, bucket)
            join creator_daily_figures f on f.creator_id = ${creatorId} and f.day = s.day
            where f.metric <> ${settledMarker}
              -- The days' span, so the primary key reads only it rather than every stored day.
              and f.day >= ${utcDay(Math.min(...stored.map((p) => p.start)))}::date
              and f.day <= ${utcDay(Math.max(...stored.map((p) => p.start)))}::date
            group by 1, 2, 3, 4`,
      )
    : Promise.resolve([])
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
