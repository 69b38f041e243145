import { setImmediate } from 'node:timers/promises'
import {
  tallyRecord,
  type AnalyticsFigures,
  type AnalyticsTimeframe,
  type CreatorAnalytics,
  type PickResult,
} from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { purchaseCharged } from '../ledger/ledger.service.ts'
import { startedPurchases as started } from '../purchases/purchases.service.ts'
import {
  addDays,
  bucketOf,
  bucketsCovering,
  firstLiveDay,
  piecesOf,
  windowsOf,
  type AnalyticsWindows,
} from './analytics-periods.ts'
import {
  figuresOfPieces,
  isFlowMetric,
  isMoneyMetric,
  levelsAt,
  mrrScale,
  newestStoredDay,
  paidFrom,
  settleCreatorDays,
  type DeliveryMetric,
  type FlowMetric,
  type Level,
  type MoneyMetric,
} from './creator-daily-figures.ts'

interface PlanInfo {
  plan_id: string | null
  plan_name: string
  kind: 'subscription' | 'one_time'
}

/**
 * A creator's analytics (spec §7 `GET /creator/analytics/{id}?timeframe`, decision 037): every
 * figure computed from the ledger, the purchases, the picks and the deliveries, for the timeframe
 * and the period of the same length before it.
 */

const iso = (ms: number) => new Date(ms).toISOString()
const at = (ms: number) => sql`${iso(ms)}::timestamptz`

interface Trials {
  /** Trials started in the period whose trial is over by now. */
  ended: number
  /** Of the trials started in the period, those charged since. */
  converted: number
}

/**
 * The trials started in each period: how many are over by now and how many were charged — the
 * creator's subscriptions with a trial started then (their own index), charged when their first
 * charge is set (by the ledger's trigger, migration 0028).
 */
async function trialOutcomes(
  db: Db,
  creatorId: string,
  w: AnalyticsWindows,
  now: number,
): Promise<{ current: Trials; previous: Trials }> {
  const lo = w.previousFrom ?? w.from
  const [row] = await queryRows<Record<'c_ended' | 'c_converted' | 'p_ended' | 'p_converted', string | number>>(
    db,
    sql`select count(*) filter (where created_at >= ${at(w.from)} and ${paidFrom} <= ${at(now)}) as "c_ended",
          count(*) filter (where created_at >= ${at(w.from)} and charged) as "c_converted",
          count(*) filter (where created_at < ${at(w.from)} and ${paidFrom} <= ${at(now)}) as "p_ended",
          count(*) filter (where created_at < ${at(w.from)} and charged) as "p_converted"
        from (select created_at, trial_days, ${purchaseCharged(sql.raw('purchases'))} as charged from purchases
              where creator_id = ${creatorId} and kind = 'subscription' and trial_days > 0 and ${started}
                and created_at >= ${at(lo)} and created_at < ${at(w.end)}) as t`,
  )
  return {
    current: { ended: Number(row?.c_ended ?? 0), converted: Number(row?.c_converted ?? 0) },
    previous: { ended: Number(row?.p_ended ?? 0), converted: Number(row?.p_converted ?? 0) },
  }
}

/**
 * The creator's plans, in the order made, then what was sold without a plan (a plan deleted since)
 * by kind: its kind stands for a plan of its own in `by_plan`, listed (with zeros, and the name it
 * was sold under) even when nothing of it counts, as the creator's own plans are. One statement.
 */
async function plansSold(db: Db, creatorId: string): Promise<Array<PlanInfo & { key: string }>> {
  return queryRows<PlanInfo & { key: string }>(
    db,
    sql`select key as "key", plan_id as "plan_id", plan_name as "plan_name", kind as "kind" from (
          select 'plan:' || id::text as key, id as plan_id, name as plan_name, kind, 0 as part, created_at, id::text as tie
          from subscription_plans where creator_id = ${creatorId}
          union all
          select kind, null, max(plan_name), kind, 1, null, kind from purchases
          where creator_id = ${creatorId} and plan_id is null and ${started}
          group by kind
        ) as plans order by part, created_at, tie`,
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
  // The record's own tally, each group counted as the picks it stands for.
  const r = tallyRecord(
    groups.map((g) => ({ result: g.result, odds: g.odds, stakeUnits: g.stake_units, count: Number(g.n) })),
  )
  return {
    wins: r.wins,
    losses: r.losses,
    pushes: r.pushes,
    net_units: r.net_units,
    units_risked: r.units_risked,
    roi_pct: r.roi_pct,
    picks: r.wins + r.losses + r.pushes + r.voids + r.pending,
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

type Money = Record<MoneyMetric, number>
const noMoney = (): Money => ({ gross: 0, fees: 0, refunds: 0, commission: 0 })
const net = (m: Money) => m.gross - m.fees - m.refunds - m.commission

type Flows = Record<FlowMetric, number>
const noFlows = (): Flows => ({ new: 0, passes: 0, cancellations: 0, ended: 0, trials: 0 })

/** A period's figures: its money and flows, the levels at its start and end, its trials' outcomes. */
function figuresOf(money: Money, flows: Flows, start: Level, end: Level, trials: Trials): AnalyticsFigures {
  const churnBase = start.live + flows.new
  return {
    gross_sales_cents: money.gross,
    platform_fees_cents: money.fees,
    net_earnings_cents: net(money),
    refunds_cents: money.refunds,
    affiliate_commission_cents: money.commission,
    mrr_cents: Math.round(end.mrr / mrrScale),
    active_subscribers: end.live,
    new_subscribers: flows.new,
    cancellations: flows.cancellations,
    churn_rate: churnBase > 0 ? flows.ended / churnBase : null,
    trial_starts: flows.trials,
    trial_conversions: trials.converted,
    trial_conversion_rate: trials.ended > 0 ? trials.converted / trials.ended : null,
    passes_sold: flows.passes,
  }
}

function total(levels: ReadonlyMap<string, Level>): Level {
  let live = 0
  let mrr = 0
  for (const level of levels.values()) {
    live += level.live
    mrr += level.mrr
  }
  return { live, mrr }
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

/**
 * The analytics of the timeframe at `now`. The days read as stored were stored just before; should a
 * late change forget some of them meanwhile (the triggers of migration 0026), the newest stored day
 * moves back and the whole is computed once more.
 */
export async function creatorAnalytics(
  db: Db,
  creatorId: string,
  timeframe: AnalyticsTimeframe,
  now: Date,
  again = true,
): Promise<CreatorAnalytics> {
  const start = await creatorStart(db, creatorId)
  if (!start.exists) throw new AppError('NOT_FOUND', 'Creator not found')
  const newest = await settleCreatorDays(db, creatorId, start.newest, start.first, now)
  const w = windowsOf(timeframe, now, start.first)
  const bucket = bucketOf[timeframe]
  const [figures, plans, trials, levelsFrom, levelsEnd, levelsBefore, redemptions, recordFigures] = await Promise.all([
    figuresOfPieces(db, creatorId, piecesOf(w, bucket, now)),
    plansSold(db, creatorId),
    trialOutcomes(db, creatorId, w, now.getTime()),
    // `all` starts at the first sale or pick: nothing was live before it.
    w.previousFrom === null ? new Map<string, Level>() : levelsAt(db, creatorId, w.from, newest),
    levelsAt(db, creatorId, w.end, newest),
    w.previousFrom === null ? null : levelsAt(db, creatorId, w.previousFrom, newest),
    promoRedemptions(db, creatorId, w),
    record(db, creatorId, w),
  ])

  if (again && newest !== null) {
    const [row] = await queryRows<{ newest: string | null }>(db, sql`select ${newestStoredDay(creatorId)} as "newest"`)
    if ((row?.newest ?? '') < newest) return creatorAnalytics(db, creatorId, timeframe, now, false)
  }

  // Money, flows, the funnel and deliveries by window, by plan and by bucket.
  const money = { current: new Map<string, Money>(), previous: new Map<string, Money>() }
  const flows = { current: new Map<string, Flows>(), previous: new Map<string, Flows>() }
  const bucketMoney = new Map<string, Money>()
  const bucketFlows = new Map<string, Flows>()
  const funnel = { visits: 0, signups: 0, first_purchases: 0 }
  const deliveries = new Map<string, Record<DeliveryMetric, number>>([
    ['email', { sent: 0, failed: 0 }],
    ['sms', { sent: 0, failed: 0 }],
  ])
  const entry = <K, V>(map: Map<K, V>, key: K, empty: () => V): V => {
    const known = map.get(key)
    if (known) return known
    const created = empty()
    map.set(key, created)
    return created
  }
  const discounts = new Map<string, number>()
  for (const f of figures) {
    const current = f.window === 'current'
    // A bucket's total over every key counts for the series only; a period's total, for the period only.
    if (f.bucket !== null) {
      if (isFlowMetric(f.metric)) entry(bucketFlows, f.bucket, noFlows)[f.metric] += f.value
      else if (isMoneyMetric(f.metric)) entry(bucketMoney, f.bucket, noMoney)[f.metric] += f.value
    }
    if (f.key === null) continue
    switch (f.metric) {
      case 'discount':
        if (current) discounts.set(f.key, (discounts.get(f.key) ?? 0) + f.value)
        break
      case 'sent':
      case 'failed': {
        const channel = deliveries.get(f.key)
        if (channel && current) channel[f.metric] += f.value
        break
      }
      case 'visits':
        if (current) funnel.visits += f.value
        break
      case 'signups':
        if (current) funnel.signups += f.value
        break
      case 'first':
        if (current) funnel.first_purchases += f.value
        break
      case 'new':
      case 'passes':
      case 'cancellations':
      case 'ended':
      case 'trials':
        entry(flows[f.window], f.key, noFlows)[f.metric] += f.value
        break
      default:
        entry(money[f.window], f.key, noMoney)[f.metric] += f.value
    }
  }
  const sum = <K extends string>(map: Map<string, Record<K, number>>, empty: () => Record<K, number>) => {
    const all = empty()
    const keys = Object.keys(all) as K[]
    for (const m of map.values()) for (const k of keys) all[k] += m[k]
    return all
  }

  const startLevel = total(levelsFrom)
  const current = figuresOf(
    sum(money.current, noMoney),
    sum(flows.current, noFlows),
    startLevel,
    total(levelsEnd),
    trials.current,
  )
  const previous =
    levelsBefore === null
      ? null
      : figuresOf(
          sum(money.previous, noMoney),
          sum(flows.previous, noFlows),
          total(levelsBefore),
          startLevel,
          trials.previous,
        )

  // By plan: every plan of the creator, anything sold without one, and money of a purchase gone since.
  const planKeys = new Map<string, PlanInfo>()
  for (const p of plans) planKeys.set(p.key, { plan_id: p.plan_id, plan_name: p.plan_name, kind: p.kind })
  for (const key of [...money.current.keys(), ...flows.current.keys(), ...levelsEnd.keys()]) {
    if (!planKeys.has(key)) {
      const kind = key === 'one_time' ? 'one_time' : 'subscription'
      planKeys.set(key, { plan_id: null, plan_name: 'Other sales', kind })
    }
  }
  const byPlan = [...planKeys].map(([key, plan]) => {
    const m = money.current.get(key) ?? noMoney()
    const f = flows.current.get(key) ?? noFlows()
    return {
      ...plan,
      gross_sales_cents: m.gross,
      net_earnings_cents: net(m),
      new_subscribers: f.new,
      passes_sold: f.passes,
      active_subscribers: levelsEnd.get(key)?.live ?? 0,
    }
  })

  // The series: every bucket of the period, the live count rolled forward from the period's start.
  let active = startLevel.live
  const points = bucketsCovering(w.from, now.getTime(), bucket).map((start) => {
    const m = bucketMoney.get(start) ?? noMoney()
    const f = bucketFlows.get(start) ?? noFlows()
    active += f.new - f.ended
    return {
      start: `${start}T00:00:00.000Z`,
      net_earnings_cents: net(m),
      gross_sales_cents: m.gross,
      affiliate_commission_cents: m.commission,
      new_subscribers: f.new,
      cancelled_subscribers: f.cancellations,
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
    funnel,
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

/**
 * Stores every creator's settled days not stored yet (the nightly job, and once when a server's
 * jobs start); returns how many creators had days to settle. One query finds them — a sale or a
 * pick, and no stored day as late as the last settled one — so the creators with nothing to settle
 * (most of a big shop) cost nothing: at 10,000 creators, one query each held an embedded
 * database's event loop through the first minute after a start.
 */
export async function settleAllCreators(db: Db, now: Date): Promise<number> {
  const lastSettledDay = addDays(firstLiveDay(now), -1)
  const creators = await queryRows<{ id: string }>(
    db,
    sql`select cp.user_id as "id" from creator_profiles cp
        where (exists (select 1 from purchases where creator_id = cp.user_id and ${started})
               or exists (select 1 from picks where creator_id = cp.user_id and deleted_at is null))
          and not exists (select 1 from creator_daily_figures
                          where creator_id = cp.user_id and day >= ${lastSettledDay}::date)
        order by cp.user_id`,
  )
  for (const { id } of creators) {
    // The embedded database never waits for I/O: without a turn of the event loop between creators,
    // a run at start-up would keep the server from answering until it ends.
    await setImmediate()
    const start = await creatorStart(db, id)
    await settleCreatorDays(db, id, start.newest, start.first, now)
  }
  return creators.length
}
