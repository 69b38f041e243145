import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** Alert deliveries sent and failed by UTC day, for the admin console's figures (decision 030). */

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
