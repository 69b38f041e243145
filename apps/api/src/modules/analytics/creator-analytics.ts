import {
  computeRecord,
  type AnalyticsFigures,
  type AnalyticsTimeframe,
  type CreatorAnalytics,
  type PickResult,
} from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { purchaseCharged } from '../ledger/ledger.service.ts'
import { mrrFactor, startedPurchases as started } from '../purchases/purchases.service.ts'
import { bucketOf, bucketsCovering, piecesOf, windowsOf, type AnalyticsWindows } from './analytics-periods.ts'
import {
  figuresOfPieces,
  moneyMetrics,
  newestStoredDay,
  settleCreatorDays,
  type DeliveryMetric,
  type MoneyMetric,
} from './creator-daily-figures.ts'
import { shareLinkFunnel } from './share-link-results.ts'

/**
 * A creator's analytics (spec §7 `GET /creator/analytics/{id}?timeframe`, decision 037): every
 * figure computed from the ledger, the purchases, the picks and the deliveries, for the timeframe
 * and the period of the same length before it.
 */

const iso = (ms: number) => new Date(ms).toISOString()
const at = (ms: number) => sql`${iso(ms)}::timestamptz`

/** When the first paid period starts: after the free trial. */
const paidFrom = sql.raw(`(created_at + trial_days * interval '1 day')`)

/** A subscription live at the instant `t`: started before it and not ended by it. */
function liveAt(t: number): SQL {
  return sql`kind = 'subscription' and created_at < ${at(t)} and (ended_at is null or ended_at >= ${at(t)})`
}

/**
 * The price a live subscription pays at `t`, before turning it into a month: its list price less a
 * promo code's discount that still applies then — one lasting forever, or for some months and not
 * yet over. A first-payment-only discount does not recur, so it is not in the MRR.
 */
function priceAt(t: number): SQL {
  return sql`case when discount_kind is null or discount_duration = 'once' then price_cents
    when discount_duration = 'repeating' and ${at(t)} >= ${paidFrom} + coalesce(discount_months, 0) * interval '1 month' then price_cents
    when discount_kind = 'percent' then price_cents * (100 - percent_off) / 100.0
    else greatest(price_cents - coalesce(amount_off_cents, 0), 0) end`
}

const windowColumns = [
  'new',
  'passes',
  'cancellations',
  'ended',
  'live_start',
  'live_end',
  'mrr',
  'trials',
  'trials_ended',
  'converted',
] as const
type WindowColumn = (typeof windowColumns)[number]

/**
 * The purchases' flows in the window `[a, b)`, as columns named with `prefix`: what started, was
 * cancelled or ended in it, and its trials.
 */
function eventFigures(prefix: 'c' | 'p', a: number, b: number, now: number): SQL {
  const inWindow = (column: string) => sql`${sql.raw(column)} >= ${at(a)} and ${sql.raw(column)} < ${at(b)}`
  const trial = sql`kind = 'subscription' and trial_days > 0 and ${inWindow('created_at')}`
  const name = (column: WindowColumn) => sql.raw(`"${prefix}_${column}"`)
  return sql.join(
    [
      sql`count(*) filter (where kind = 'subscription' and ${inWindow('created_at')}) as ${name('new')}`,
      sql`count(*) filter (where kind = 'one_time' and ${inWindow('created_at')}) as ${name('passes')}`,
      sql`count(*) filter (where kind = 'subscription' and ${inWindow('coalesce(canceled_at, ended_at)')}) as ${name('cancellations')}`,
      sql`count(*) filter (where kind = 'subscription' and ${inWindow('ended_at')}) as ${name('ended')}`,
      sql`count(*) filter (where ${trial}) as ${name('trials')}`,
      sql`count(*) filter (where ${trial} and ${paidFrom} <= ${at(now)}) as ${name('trials_ended')}`,
      sql`count(*) filter (where ${trial} and ${purchaseCharged(sql.raw('purchases.id'))}) as ${name('converted')}`,
    ],
    sql`, `,
  )
}

/**
 * The subscriptions live at the window's start and the MRR at its end, as columns named with
 * `prefix`; the live count at its end too for the current window (the previous window ends where
 * the current one starts, so its `live_end` is the current `live_start`).
 */
function liveFigures(prefix: 'c' | 'p', a: number, b: number): SQL {
  const name = (column: WindowColumn) => sql.raw(`"${prefix}_${column}"`)
  return sql.join(
    [
      sql`count(*) filter (where ${liveAt(a)}) as ${name('live_start')}`,
      ...(prefix === 'c' ? [sql`count(*) filter (where ${liveAt(b)}) as ${name('live_end')}`] : []),
      sql`coalesce(sum(${priceAt(b)} * ${mrrFactor}) filter (where ${liveAt(b)} and ${paidFrom} < ${at(b)}), 0) as ${name('mrr')}`,
    ],
    sql`, `,
  )
}

interface PlanRow {
  plan_key: string
  plan_id: string | null
  plan_name: string
  kind: 'subscription' | 'one_time'
  [column: string]: string | number | null
}

type PurchaseWindow = Record<WindowColumn, number>

function windowOf(rows: readonly PlanRow[], prefix: 'c' | 'p'): PurchaseWindow {
  const sums = Object.fromEntries(windowColumns.map((c) => [c, 0])) as PurchaseWindow
  for (const row of rows) for (const c of windowColumns) sums[c] += Number(row[`${prefix}_${c}`] ?? 0)
  sums.mrr = Math.round(sums.mrr)
  return sums
}

const planColumns = sql`coalesce('plan:' || plan_id::text, kind) as "plan_key", plan_id, max(plan_name) as "plan_name",
  max(kind) as "kind"`

/**
 * The purchases' figures of both windows, by plan: two passes over the creator's purchases, run
 * side by side, each over only the purchases it can count. The flows need something that happened
 * at or after the earliest window's start `lo` (a start, a cancellation, an end: a few range scans
 * for the short timeframes); the live counts and the MRR need the subscriptions started before the
 * end and not ended before `lo`. What ended before `lo` — most of a long-running creator's churn
 * and passes — is read by neither, except a purchase without a plan: its kind stands for a plan of
 * its own in `by_plan`, listed (with zeros, and its name) even when nothing of it counts, as the
 * creator's own plans are, so the live pass reads every such purchase. With no previous period
 * (`all`) both would read everything, so one pass computes both.
 */
async function purchaseFigures(db: Db, creatorId: string, w: AnalyticsWindows, now: number): Promise<PlanRow[]> {
  if (w.previousFrom === null) {
    // `all`: both passes would read the whole history, so one does.
    return queryRows<PlanRow>(
      db,
      sql`select ${planColumns}, ${eventFigures('c', w.from, w.end, now)}, ${liveFigures('c', w.from, w.end)}
        from purchases where creator_id = ${creatorId} and ${started}
        group by 1, 2`,
    )
  }
  const lo = w.previousFrom
  const windows: Array<['c' | 'p', number, number]> = [
    ['c', w.from, w.end],
    ['p', w.previousFrom, w.from],
  ]
  const [events, live] = await Promise.all([
    queryRows<PlanRow>(
      db,
      sql`select ${planColumns}, ${sql.join(
        windows.map(([prefix, a, b]) => eventFigures(prefix, a, b, now)),
        sql`, `,
      )}
        from purchases
        where creator_id = ${creatorId} and ${started}
          and (created_at >= ${at(lo)} or coalesce(canceled_at, ended_at) >= ${at(lo)} or ended_at >= ${at(lo)})
        group by 1, 2`,
    ),
    queryRows<PlanRow>(
      db,
      sql`select ${planColumns}, ${sql.join(
        windows.map(([prefix, a, b]) => liveFigures(prefix, a, b)),
        sql`, `,
      )}
        from purchases
        where creator_id = ${creatorId} and ${started}
          and ((kind = 'subscription' and created_at < ${at(w.end)} and (ended_at is null or ended_at >= ${at(lo)}))
            or plan_id is null)
        group by 1, 2`,
    ),
  ])
  const rows = new Map<string, PlanRow>()
  // The live pass first: it holds every plan-less purchase, so its name for them is the whole one.
  for (const row of [...live, ...events]) rows.set(row.plan_key, { ...row, ...rows.get(row.plan_key) })
  for (const row of rows.values()) row.p_live_end = row.c_live_start ?? 0
  return [...rows.values()]
}

/**
 * Subscriptions started, cancelled (set to end or ended) and ended by bucket of the current period:
 * three range scans of the creator's purchases, each on its own index.
 */
async function purchaseSeries(
  db: Db,
  creatorId: string,
  w: AnalyticsWindows,
  bucket: string,
): Promise<Map<string, { started: number; cancelled: number; ended: number }>> {
  const arm = (column: string, counted: 'started' | 'cancelled' | 'ended') => {
    const c = sql.raw(column)
    const n = (name: typeof counted) => (name === counted ? sql`count(*)` : sql`0`)
    return sql`select to_char(date_trunc(${bucket}, ${c} at time zone 'UTC'), 'YYYY-MM-DD') as "bucket",
        ${n('started')} as "started", ${n('cancelled')} as "cancelled", ${n('ended')} as "ended"
      from purchases
      where creator_id = ${creatorId} and kind = 'subscription' and ${started}
        and ${c} >= ${at(w.from)} and ${c} < ${at(w.end)}
      group by 1`
  }
  const rows = await queryRows<{
    bucket: string
    started: string | number
    cancelled: string | number
    ended: string | number
  }>(
    db,
    sql`select bucket, sum(started) as "started", sum(cancelled) as "cancelled", sum(ended) as "ended" from (
          ${arm('created_at', 'started')}
          union all ${arm('coalesce(canceled_at, ended_at)', 'cancelled')}
          union all ${arm('ended_at', 'ended')}
        ) as e group by bucket`,
  )
  return new Map(
    rows.map((r) => [r.bucket, { started: Number(r.started), cancelled: Number(r.cancelled), ended: Number(r.ended) }]),
  )
}

/**
 * Promo codes in the period: redemptions (completed purchases made with a code in the period) by
 * code; the discount they gave comes with the money (`discount` by code, from the ledger).
 */
async function promoRedemptions(
  db: Db,
  creatorId: string,
  w: AnalyticsWindows,
): Promise<Map<string, { code: string; redemptions: number }>> {
  const rows = await queryRows<{ id: string; code: string; redemptions: string | number }>(
    db,
    sql`select promo_code_id as "id", max(promo_code) as "code",
          count(*) filter (where created_at >= ${at(w.from)} and created_at < ${at(w.end)}) as "redemptions"
        from purchases
        where creator_id = ${creatorId} and promo_code_id is not null and ${started}
        group by promo_code_id`,
  )
  return new Map(rows.map((r) => [`code:${r.id}`, { code: r.code, redemptions: Number(r.redemptions) }]))
}

function promoOf(
  redemptions: Map<string, { code: string; redemptions: number }>,
  discounts: Map<string, number>,
): CreatorAnalytics['promo'] {
  const byCode = [...redemptions]
    .map(([key, r]) => ({ code: r.code, redemptions: r.redemptions, discount_cents: discounts.get(key) ?? 0 }))
    .filter((r) => r.redemptions > 0 || r.discount_cents !== 0)
    .sort(
      (a, b) => b.redemptions - a.redemptions || b.discount_cents - a.discount_cents || a.code.localeCompare(b.code),
    )
  return {
    redemptions: byCode.reduce((s, r) => s + r.redemptions, 0),
    discount_cents: byCode.reduce((s, r) => s + r.discount_cents, 0),
    by_code: byCode,
  }
}

type RecordRow = CreatorAnalytics['record']['overall']
interface GradedGroup {
  sport: string
  bet_type: string
  result: PickResult
  odds: number
  stake_units: number
  n: string | number
}

function recordRow(groups: readonly GradedGroup[]): RecordRow {
  // The record's own computation, over the picks the groups stand for.
  const picks = groups.flatMap((g) =>
    Array.from({ length: Number(g.n) }, () => ({ result: g.result, odds: g.odds, stakeUnits: g.stake_units })),
  )
  const r = computeRecord(picks)
  return {
    wins: r.wins,
    losses: r.losses,
    pushes: r.pushes,
    net_units: r.net_units,
    units_risked: r.units_risked,
    roi_pct: r.roi_pct,
    picks: picks.length,
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const row of rows) {
    const k = key(row)
    const list = groups.get(k)
    if (list) list.push(row)
    else groups.set(k, [row])
  }
  return groups
}

/** The record of the picks graded in the period (deleted ones aside), overall, by sport and by bet type. */
async function record(db: Db, creatorId: string, w: AnalyticsWindows): Promise<CreatorAnalytics['record']> {
  const groups = await queryRows<GradedGroup>(
    db,
    sql`select sport, bet_type, result, odds, stake_units, count(*) as "n" from picks
        where creator_id = ${creatorId} and deleted_at is null and graded_at is not null
          and graded_at >= ${at(w.from)} and graded_at < ${at(w.end)}
        group by 1, 2, 3, 4, 5`,
  )
  const bySport = [...groupBy(groups, (g) => g.sport)].map(([sport, list]) => ({ sport, ...recordRow(list) }))
  const byBetType = [...groupBy(groups, (g) => g.bet_type)].map(([betType, list]) => ({
    bet_type: betType,
    ...recordRow(list),
  }))
  const busiest = (a: { picks: number }, b: { picks: number }) => b.picks - a.picks
  return {
    overall: recordRow(groups),
    by_sport: bySport.sort((a, b) => busiest(a, b) || a.sport.localeCompare(b.sport)),
    by_bet_type: byBetType.sort((a, b) => busiest(a, b) || a.bet_type.localeCompare(b.bet_type)),
  }
}

interface Money {
  gross: number
  fees: number
  refunds: number
  commission: number
}
const noMoney = (): Money => ({ gross: 0, fees: 0, refunds: 0, commission: 0 })
const net = (m: Money) => m.gross - m.fees - m.refunds - m.commission

function figuresOf(money: Money, p: PurchaseWindow): AnalyticsFigures {
  const churnBase = p.live_start + p.new
  return {
    gross_sales_cents: money.gross,
    platform_fees_cents: money.fees,
    net_earnings_cents: net(money),
    refunds_cents: money.refunds,
    affiliate_commission_cents: money.commission,
    mrr_cents: p.mrr,
    active_subscribers: p.live_end,
    new_subscribers: p.new,
    cancellations: p.cancellations,
    churn_rate: churnBase > 0 ? p.ended / churnBase : null,
    trial_starts: p.trials,
    trial_conversions: p.converted,
    trial_conversion_rate: p.trials_ended > 0 ? p.converted / p.trials_ended : null,
    passes_sold: p.passes,
  }
}

/** Whether the creator exists, when their first sale or pick was, and their newest stored day. */
async function creatorStart(
  db: Db,
  creatorId: string,
): Promise<{ exists: boolean; first: Date | null; newest: string | null }> {
  const [row] = await queryRows<{ exists: boolean; first: Date | string | null; newest: string | null }>(
    db,
    sql`select exists (select 1 from creator_profiles where user_id = ${creatorId}) as "exists",
          least((select min(created_at) from purchases where creator_id = ${creatorId} and ${started}),
                (select min(created_at) from picks where creator_id = ${creatorId} and deleted_at is null)) as "first",
          ${newestStoredDay(creatorId)} as "newest"`,
  )
  return {
    exists: Boolean(row?.exists),
    first: row?.first ? new Date(row.first) : null,
    newest: row?.newest ?? null,
  }
}

export async function creatorAnalytics(
  db: Db,
  creatorId: string,
  timeframe: AnalyticsTimeframe,
  now: Date,
): Promise<CreatorAnalytics> {
  const start = await creatorStart(db, creatorId)
  if (!start.exists) throw new AppError('NOT_FOUND', 'Creator not found')
  await settleCreatorDays(db, creatorId, start.newest, start.first, now)
  const w = windowsOf(timeframe, now, start.first)
  const bucket = bucketOf[timeframe]
  const [figures, plans, planRows, series, funnelFigures, redemptions, recordFigures] = await Promise.all([
    figuresOfPieces(db, creatorId, piecesOf(w, bucket, now)),
    queryRows<{ id: string; name: string; kind: 'subscription' | 'one_time' }>(
      db,
      sql`select id, name, kind from subscription_plans where creator_id = ${creatorId} order by created_at, id`,
    ),
    purchaseFigures(db, creatorId, w, now.getTime()),
    purchaseSeries(db, creatorId, w, bucket),
    shareLinkFunnel(db, creatorId, new Date(w.from), new Date(w.end)),
    promoRedemptions(db, creatorId, w),
    record(db, creatorId, w),
  ])

  // Money and deliveries by window, by plan and by bucket.
  const money = { current: new Map<string, Money>(), previous: new Map<string, Money>() }
  const bucketMoney = new Map<string, Money>()
  const deliveries = new Map<string, Record<DeliveryMetric, number>>([
    ['email', { sent: 0, failed: 0 }],
    ['sms', { sent: 0, failed: 0 }],
  ])
  const entry = <K>(map: Map<K, Money>, key: K) => {
    const known = map.get(key)
    if (known) return known
    const created = noMoney()
    map.set(key, created)
    return created
  }
  const discounts = new Map<string, number>()
  for (const f of figures) {
    if (f.metric === 'discount') {
      if (f.window === 'current') discounts.set(f.key, (discounts.get(f.key) ?? 0) + f.value)
      continue
    }
    if (f.metric === 'sent' || f.metric === 'failed') {
      const channel = deliveries.get(f.key)
      if (channel && f.window === 'current') channel[f.metric] += f.value
      continue
    }
    const metric: MoneyMetric = f.metric
    entry(money[f.window], f.key)[metric] += f.value
    if (f.bucket) entry(bucketMoney, f.bucket)[metric] += f.value
  }
  const sum = (map: Map<string, Money>) => {
    const total = noMoney()
    for (const m of map.values()) for (const k of moneyMetrics) total[k] += m[k]
    return total
  }

  const current = figuresOf(sum(money.current), windowOf(planRows, 'c'))
  const previous = w.previousFrom === null ? null : figuresOf(sum(money.previous), windowOf(planRows, 'p'))

  // By plan: every plan of the creator, and anything sold without one.
  const planKeys = new Map<string, { plan_id: string | null; plan_name: string; kind: 'subscription' | 'one_time' }>()
  for (const p of plans) planKeys.set(`plan:${p.id}`, { plan_id: p.id, plan_name: p.name, kind: p.kind })
  for (const row of planRows) {
    if (!planKeys.has(row.plan_key)) {
      planKeys.set(row.plan_key, { plan_id: row.plan_id, plan_name: row.plan_name, kind: row.kind })
    }
  }
  for (const key of money.current.keys()) {
    if (!planKeys.has(key)) {
      const kind = key === 'one_time' ? 'one_time' : 'subscription'
      planKeys.set(key, { plan_id: null, plan_name: 'Other sales', kind })
    }
  }
  const rowsByKey = new Map(planRows.map((r) => [r.plan_key, r]))
  const byPlan = [...planKeys].map(([key, plan]) => {
    const m = money.current.get(key) ?? noMoney()
    const row = rowsByKey.get(key)
    return {
      ...plan,
      gross_sales_cents: m.gross,
      net_earnings_cents: net(m),
      new_subscribers: Number(row?.c_new ?? 0),
      passes_sold: Number(row?.c_passes ?? 0),
      active_subscribers: Number(row?.c_live_end ?? 0),
    }
  })

  // The series: every bucket of the period, the live count rolled forward from the period's start.
  let active = windowOf(planRows, 'c').live_start
  const points = bucketsCovering(w.from, now.getTime(), bucket).map((start) => {
    const m = bucketMoney.get(start) ?? noMoney()
    const flows = series.get(start) ?? { started: 0, cancelled: 0, ended: 0 }
    active += flows.started - flows.ended
    return {
      start: `${start}T00:00:00.000Z`,
      net_earnings_cents: net(m),
      gross_sales_cents: m.gross,
      affiliate_commission_cents: m.commission,
      new_subscribers: flows.started,
      cancelled_subscribers: flows.cancelled,
      active_subscribers: active,
    }
  })

  return {
    creator_id: creatorId,
    timeframe,
    from: timeframe === 'all' ? null : iso(w.from),
    to: now.toISOString(),
    bucket,
    current,
    previous,
    by_plan: byPlan,
    series: points,
    funnel: funnelFigures,
    promo: promoOf(redemptions, discounts),
    record: recordFigures,
    deliveries: [...deliveries].map(([channel, d]) => ({
      channel: channel === 'sms' ? ('sms' as const) : ('email' as const),
      sent: d.sent,
      failed: d.failed,
    })),
    generated_at: now.toISOString(),
  }
}
