import type { MetricsRangeQuery, SubscriptionStatus, SubscriptionsOverview } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { dayStart, resolveRange, utcDay } from './metrics-periods.ts'

/**
 * Subscriptions over time (spec §7 `GET /admin/subscriptions/overview`), in UTC periods. A
 * subscription *starts* when it is created and its checkout completed (not pending or incomplete),
 * and is *cancelled* in the period it ended (`ended_at`: canceled or expired; a cancellation at the
 * period's end counts when the access ends, and one taken back never counts). Churn of a period is
 * cancelled in it ÷ live at its start. Trial conversion: of the trials whose trial ended in the
 * range, how many were then paid for (the purchase has a charge).
 */

const started = sql.raw(`kind = 'subscription' and status not in ('pending', 'incomplete')`)

type Counts = { start: string; new: string | number; cancelled: string | number }

export async function subscriptionsOverview(
  db: Db,
  query: MetricsRangeQuery,
  now: Date,
): Promise<SubscriptionsOverview> {
  const range = resolveRange(query, utcDay(now))
  const first = range.periods[0]
  const last = range.periods[range.periods.length - 1]
  if (!first || !last) throw new Error('a range always holds a period')
  const from = dayStart(first.start)
  const to = dayStart(last.end)
  const step = `1 ${range.interval}`

  const statusRows = await queryRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as "n" from purchases where kind = 'subscription' group by status`,
  )
  const [live] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as "n" from purchases
        where ${started} and created_at < ${from}::timestamptz
          and (ended_at is null or ended_at >= ${from}::timestamptz)`,
  )
  const counts = await queryRows<Counts>(
    db,
    sql`select to_char(b.start, 'YYYY-MM-DD') as "start",
          (select count(*) from purchases p where p.kind = 'subscription' and p.status not in ('pending', 'incomplete')
             and p.created_at >= (b.start at time zone 'UTC')
             and p.created_at < ((b.start + ${step}::interval) at time zone 'UTC')) as "new",
          (select count(*) from purchases p where p.kind = 'subscription' and p.status not in ('pending', 'incomplete')
             and p.ended_at >= (b.start at time zone 'UTC')
             and p.ended_at < ((b.start + ${step}::interval) at time zone 'UTC')) as "cancelled"
        from generate_series(${first.start}::timestamp, ${last.start}::timestamp, ${step}::interval) as b(start)
        order by b.start`,
  )
  const [trials] = await queryRows<{ ended: string | number; converted: string | number }>(
    db,
    sql`select count(*) as "ended",
          count(*) filter (where exists (select 1 from ledger_entries l
                                         where l.purchase_id = p.id and l.kind = 'charge')) as "converted"
        from purchases p
        where ${started} and p.trial_days > 0
          and p.created_at + p.trial_days * interval '1 day' >= ${from}::timestamptz
          and p.created_at + p.trial_days * interval '1 day' < least(${to}::timestamptz, ${now.toISOString()}::timestamptz)`,
  )

  const statusCount = (status: SubscriptionStatus) => Number(statusRows.find((r) => r.status === status)?.n ?? 0)
  let activeAtStart = Number(live?.n ?? 0)
  const periods = range.periods.map((period) => {
    const row = counts.find((c) => c.start === period.start)
    const added = Number(row?.new ?? 0)
    const cancelled = Number(row?.cancelled ?? 0)
    const entry = {
      start: period.start,
      end: period.end,
      new: added,
      cancelled,
      activeAtStart,
      churnRate: activeAtStart > 0 ? cancelled / activeAtStart : null,
    }
    activeAtStart += added - cancelled
    return entry
  })
  const trialsEnded = Number(trials?.ended ?? 0)
  const converted = Number(trials?.converted ?? 0)
  return {
    asOf: now.toISOString(),
    timeZone: 'UTC',
    interval: range.interval,
    from: range.from,
    to: range.to,
    byStatus: {
      pending: statusCount('pending'),
      incomplete: statusCount('incomplete'),
      trialing: statusCount('trialing'),
      active: statusCount('active'),
      past_due: statusCount('past_due'),
      canceled: statusCount('canceled'),
      expired: statusCount('expired'),
    },
    periods,
    trialConversion: { trialsEnded, converted, rate: trialsEnded > 0 ? converted / trialsEnded : null },
  }
}
