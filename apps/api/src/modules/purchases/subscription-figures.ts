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

/** How many subscriptions hold each status. */
export async function subscriptionStatusCounts(db: Db): Promise<Map<string, number>> {
  const rows = await queryRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as "n" from purchases where kind = 'subscription' group by status`,
  )
  return new Map(rows.map((r) => [r.status, Number(r.n)]))
}

export interface SubscriptionFlows {
  /** Live (started, not yet ended) at the first period's start. */
  liveAtStart: number
  /** Per period start (`YYYY-MM-DD`): started and ended in it. */
  periods: Map<string, { started: number; ended: number }>
  /** Trials whose trial (created + trial days) ended in the range before `now`, and those then charged. */
  trials: { ended: number; converted: number }
}

/**
 * Subscriptions started and ended in each UTC period of `step` (`1 day`, `1 week`, `1 month`) from
 * the period starting `first` to the one starting `last`, the number live when the range starts,
 * and the trials that ended in it.
 */
export async function subscriptionFlows(
  db: Db,
  range: { first: string; last: string; end: string; step: 'day' | 'week' | 'month'; now: Date },
): Promise<SubscriptionFlows> {
  const from = `${range.first}T00:00:00.000Z`
  const to = `${range.end}T00:00:00.000Z`
  const step = `1 ${range.step}`
  const [live] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as "n" from purchases
        where ${started} and created_at < ${from}::timestamptz
          and (ended_at is null or ended_at >= ${from}::timestamptz)`,
  )
  const rows = await queryRows<{ start: string; started: string | number; ended: string | number }>(
    db,
    sql`select to_char(b.start, 'YYYY-MM-DD') as "start",
          (select count(*) from purchases p where p.kind = 'subscription' and p.status not in ('pending', 'incomplete')
             and p.created_at >= (b.start at time zone 'UTC')
             and p.created_at < ((b.start + ${step}::interval) at time zone 'UTC')) as "started",
          (select count(*) from purchases p where p.kind = 'subscription' and p.status not in ('pending', 'incomplete')
             and p.ended_at >= (b.start at time zone 'UTC')
             and p.ended_at < ((b.start + ${step}::interval) at time zone 'UTC')) as "ended"
        from generate_series(${range.first}::timestamp, ${range.last}::timestamp, ${step}::interval) as b(start)`,
  )
  const [trials] = await queryRows<{ ended: string | number; converted: string | number }>(
    db,
    sql`select count(*) as "ended", count(*) filter (where ${purchaseCharged(sql.raw('p.id'))}) as "converted"
        from purchases p
        where ${started} and p.trial_days > 0
          and p.created_at + p.trial_days * interval '1 day' >= ${from}::timestamptz
          and p.created_at + p.trial_days * interval '1 day' < least(${to}::timestamptz, ${range.now.toISOString()}::timestamptz)`,
  )
  return {
    liveAtStart: Number(live?.n ?? 0),
    periods: new Map(rows.map((r) => [r.start, { started: Number(r.started), ended: Number(r.ended) }])),
    trials: { ended: Number(trials?.ended ?? 0), converted: Number(trials?.converted ?? 0) },
  }
}
