import type { MetricsRangeQuery, SubscriptionStatus, SubscriptionsOverview } from '@picks/contracts'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { subscriptionCensus, subscriptionFlows } from '../purchases/purchases.service.ts'
import { resolveRange, utcDay } from './metrics-periods.ts'
import { snapshot } from './snapshots.ts'

const Census = z.object({ byStatus: z.record(z.string(), z.number().int()), live: z.number().int() })

/**
 * Subscriptions over time (spec §7 `GET /admin/subscriptions/overview`), in UTC periods. A
 * subscription *starts* when it is created and its checkout completed (not pending or incomplete),
 * and is *cancelled* in the period it ended (`ended_at`: canceled or expired; a cancellation at the
 * period's end counts when the access ends, and one taken back never counts). Churn of a period is
 * cancelled in it ÷ live at its start: the number live when the range starts is the census's
 * (every subscription counted at most a minute before, `snapshot`) less what started since plus what
 * ended since, and is rolled forward (+ started − ended). Trial conversion: of the trials whose
 * trial ended in the range, how many were then paid for (the purchase has a charge).
 */
export async function subscriptionsOverview(
  db: Db,
  query: MetricsRangeQuery,
  now: Date,
): Promise<SubscriptionsOverview> {
  const range = resolveRange(query, utcDay(now))
  const first = range.periods[0]
  const last = range.periods[range.periods.length - 1]
  if (!first || !last) throw new Error('a range always holds a period')
  const census = await snapshot(db, 'subscriptions', Census, now, () => subscriptionCensus(db, now))
  const flows = await subscriptionFlows(db, {
    first: first.start,
    last: last.start,
    end: last.end,
    step: range.interval,
    now,
    census: census.countedAt,
  })

  let activeAtStart = census.figures.live - flows.sinceStart.started + flows.sinceStart.ended
  const periods = range.periods.map((period) => {
    const { started = 0, ended = 0 } = flows.periods.get(period.start) ?? {}
    const entry = {
      start: period.start,
      end: period.end,
      new: started,
      cancelled: ended,
      activeAtStart,
      churnRate: activeAtStart > 0 ? ended / activeAtStart : null,
    }
    activeAtStart += started - ended
    return entry
  })
  const status = (name: SubscriptionStatus) => census.figures.byStatus[name] ?? 0
  const { ended: trialsEnded, converted } = flows.trials
  return {
    asOf: now.toISOString(),
    countedAt: census.countedAt.toISOString(),
    timeZone: 'UTC',
    interval: range.interval,
    from: range.from,
    to: range.to,
    byStatus: {
      pending: status('pending'),
      incomplete: status('incomplete'),
      trialing: status('trialing'),
      active: status('active'),
      past_due: status('past_due'),
      canceled: status('canceled'),
      expired: status('expired'),
    },
    periods,
    trialConversion: { trialsEnded, converted, rate: trialsEnded > 0 ? converted / trialsEnded : null },
  }
}
