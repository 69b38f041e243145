import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** Picks posted and graded by UTC day, for the admin console's figures (decision 030). */

export interface PickDay {
  day: string
  posted: number
  graded: number
}

/**
 * Picks posted (by `created_at`, deleted ones included: they were posted) and graded (by
 * `graded_at`) per UTC day from `start` to `end` (ISO instants, end excluded); empty days left out.
 */
export async function pickDailyCounts(db: Db, start: string, end: string): Promise<PickDay[]> {
  const rows = await queryRows<{ day: string; posted: string | number; graded: string | number }>(
    db,
    sql`select day, sum(posted) as "posted", sum(graded) as "graded" from (
          select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as posted, 0 as graded from picks
          where created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz group by 1
          union all
          select to_char(graded_at at time zone 'UTC', 'YYYY-MM-DD'), 0, count(*) from picks
          where graded_at >= ${start}::timestamptz and graded_at < ${end}::timestamptz group by 1
        ) as days group by day`,
  )
  return rows.map((r) => ({ day: r.day, posted: Number(r.posted), graded: Number(r.graded) }))
}

/** The UTC day of the first pick posted or graded; null when there is none. */
export async function firstPickDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(least((select min(created_at) from picks), (select min(graded_at) from picks))
                       at time zone 'UTC', 'YYYY-MM-DD') as "day"`,
  )
  return row?.day ?? null
}
