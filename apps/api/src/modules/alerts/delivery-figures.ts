import { count, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import { alertDeliveries } from './alerts.table.ts'

/** Alert deliveries sent and failed by UTC day, for the admin console's figures (decision 030); by status now, for the server metrics. */

export interface DeliveryDay {
  day: string
  sent: number
  failed: number
}

/**
 * Deliveries sent (by `sent_at`, delivered ones included) and failed (by `failed_at`) per UTC day
 * from `start` to `end` (ISO instants, end excluded); empty days left out.
 */
export async function deliveryDailyCounts(db: Db, start: string, end: string): Promise<DeliveryDay[]> {
  const rows = await queryRows<{ day: string; sent: string | number; failed: string | number }>(
    db,
    sql`select day, sum(sent) as "sent", sum(failed) as "failed" from (
          select to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as sent, 0 as failed
          from alert_deliveries where sent_at >= ${start}::timestamptz and sent_at < ${end}::timestamptz group by 1
          union all
          select to_char(failed_at at time zone 'UTC', 'YYYY-MM-DD'), 0, count(*)
          from alert_deliveries where failed_at >= ${start}::timestamptz and failed_at < ${end}::timestamptz group by 1
        ) as days group by day`,
  )
  return rows.map((r) => ({ day: r.day, sent: Number(r.sent), failed: Number(r.failed) }))
}

/** The UTC day of the first delivery sent or failed; null when there is none. */
export async function firstDeliveryDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(least((select min(sent_at) from alert_deliveries), (select min(failed_at) from alert_deliveries))
                       at time zone 'UTC', 'YYYY-MM-DD') as "day"`,
  )
  return row?.day ?? null
}

export interface DeliveryStatusCount {
  channel: (typeof alertDeliveries.channel.enumValues)[number]
  status: (typeof alertDeliveries.status.enumValues)[number]
  count: number
}

/**
 * Every delivery now by channel and status, each pair present (0 when none), for the server metrics.
 * One grouped count over the whole table: no index holds channel and status for every row, so it
 * reads them all, and its cost grows with the table (decision 040).
 */
export async function deliveryCountsByStatus(db: Db): Promise<DeliveryStatusCount[]> {
  const rows = await db
    .select({ channel: alertDeliveries.channel, status: alertDeliveries.status, count: count() })
    .from(alertDeliveries)
    .groupBy(alertDeliveries.channel, alertDeliveries.status)
  return alertDeliveries.channel.enumValues.flatMap((channel) =>
    alertDeliveries.status.enumValues.map((status) => ({
      channel,
      status,
      count: rows.find((r) => r.channel === channel && r.status === status)?.count ?? 0,
    })),
  )
}
