import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { purchaseCharged } from '../ledger/ledger.service.ts'

/**
 * Subscriptions in numbers, for the admin console (decision 030). A subscription *started* when it
 * was created with its checkout completed (not pending or incomplete) and *ended* at `ended_at`
 * (canceled or expired).
 */

const started = sql.raw(`kind = 'subscription' and status not in ('pending', 'incomplete')`)

/** Months per billing interval: a weekly price is ×52/12 a month, a yearly one ÷12. */
const mrrFactor = sql.raw(`case interval when 'week' then 52.0 / 12 when 'year' then 1.0 / 12 else 1 end`)

export interface LiveSubscriptions {
  /** Active and past due. */
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
export async function liveSubscriptions(db: Db): Promise<LiveSubscriptions> {
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

/**
 * Every subscription at `at`: how many hold each status, and how many had started and not yet
 * ended (`ended_at` null or not before `at`). One pass over every subscription, so the console
 * reuses it for a minute (decision 034).
 */
export async function subscriptionCensus(
  db: Db,
  at: Date,
): Promise<{ byStatus: Record<string, number>; live: number }> {
  const rows = await queryRows<{ status: string; n: string | number; live: string | number }>(
    db,
    sql`select status, count(*) as "n",
          count(*) filter (where ${started} and created_at < ${at.toISOString()}::timestamptz
            and (ended_at is null or ended_at >= ${at.toISOString()}::timestamptz)) as "live"
        from purchases where kind = 'subscription' group by status`,
  )
  return {
    byStatus: Object.fromEntries(rows.map((r) => [r.status, Number(r.n)])),
    live: rows.reduce((sum, r) => sum + Number(r.live), 0),
  }
}

export interface SubscriptionFlows {
  /** Per period start (`YYYY-MM-DD`): started and ended in it. */
  periods: Map<string, { started: number; ended: number }>
  /**
   * Started and ended from the first period's start up to `census` (negative when the census is
   * older than the start), so the number live at the start is the census's − started + ended.
   */
  sinceStart: { started: number; ended: number }
  /** Trials whose trial (created + trial days) ended in the range before `now`, and those then charged. */
  trials: { ended: number; converted: number }
}

/**
 * Subscriptions started and ended in each UTC period of `step` (`1 day`, `1 week`, `1 month`) from
 * the period starting `first` to the one starting `last` (each side one grouped scan of its index's
 * range), those started and ended between the range's start and `census` (so that the number live
 * at the start is the census's less what started since plus what ended since), and the trials that
 * ended in the range.
 */
export async function subscriptionFlows(
  db: Db,
  range: { first: string; last: string; end: string; step: 'day' | 'week' | 'month'; now: Date; census: Date },
): Promise<SubscriptionFlows> {
  const from = `${range.first}T00:00:00.000Z`
  const to = `${range.end}T00:00:00.000Z`
  // Counted over [start, census), or over [census, start) and taken away when the census is older.
  const forward = range.census.getTime() >= Date.parse(from)
  const [lower, upper] = forward ? [from, range.census.toISOString()] : [range.census.toISOString(), from]
  const unit = sql.raw(`'${range.step}'`)
  const bucket = (column: string) =>
    sql`to_char(date_trunc(${unit}, ${sql.raw(column)} at time zone 'UTC'), 'YYYY-MM-DD')`
  const inRange = (column: string, lower: string, upper: string) =>
    sql`${sql.raw(column)} >= ${lower}::timestamptz and ${sql.raw(column)} < ${upper}::timestamptz`
  const [startedRows, endedRows, [since], [trials]] = await Promise.all([
    queryRows<{ start: string; n: string | number }>(
      db,
      sql`select ${bucket('created_at')} as "start", count(*) as "n" from purchases
          where ${started} and ${inRange('created_at', from, to)} group by 1`,
    ),
    queryRows<{ start: string; n: string | number }>(
      db,
      sql`select ${bucket('ended_at')} as "start", count(*) as "n" from purchases
          where ${started} and ${inRange('ended_at', from, to)} group by 1`,
    ),
    queryRows<{ started: string | number; ended: string | number }>(
      db,
      sql`select (select count(*) from purchases where ${started} and ${inRange('created_at', lower, upper)}) as "started",
          (select count(*) from purchases where ${started} and ${inRange('ended_at', lower, upper)}) as "ended"`,
    ),
    queryRows<{ ended: string | number; converted: string | number }>(
      db,
      sql`select count(*) as "ended", count(*) filter (where ${purchaseCharged(sql.raw('p'))}) as "converted"
          from purchases p
          where ${started} and p.trial_days > 0
            and p.created_at + p.trial_days * interval '1 day' >= ${from}::timestamptz
            and p.created_at + p.trial_days * interval '1 day' < least(${to}::timestamptz, ${range.now.toISOString()}::timestamptz)`,
    ),
  ])
  const periods = new Map<string, { started: number; ended: number }>()
  const at = (start: string) => {
    const known = periods.get(start)
    if (known) return known
    const created = { started: 0, ended: 0 }
    periods.set(start, created)
    return created
  }
  for (const row of startedRows) at(row.start).started = Number(row.n)
  for (const row of endedRows) at(row.start).ended = Number(row.n)
  const sign = forward ? 1 : -1
  return {
    periods,
    sinceStart: { started: sign * Number(since?.started ?? 0), ended: sign * Number(since?.ended ?? 0) },
    trials: { ended: Number(trials?.ended ?? 0), converted: Number(trials?.converted ?? 0) },
  }
}
