import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** People by role, for the admin console's figures (decision 030). */

export interface RoleFigures {
  total: number
  /** Signed up since each of the given instants. */
  since: number[]
}

/** Customers and creators: how many there are, and how many signed up since each of `since` (ISO instants). */
export async function peopleByRole(
  db: Db,
  since: readonly string[],
): Promise<{ customer: RoleFigures; creator: RoleFigures }> {
  const counts = since.map(
    (at, i) => sql`, count(*) filter (where created_at >= ${at}::timestamptz) as ${sql.raw(`"s${i}"`)}`,
  )
  const rows = await queryRows<Record<string, string | number>>(
    db,
    sql`select role, count(*) as "total" ${sql.join(counts, sql``)}
        from users where role in ('customer', 'creator') group by role`,
  )
  const of = (role: string): RoleFigures => {
    const row = rows.find((r) => r.role === role)
    return { total: Number(row?.total ?? 0), since: since.map((_, i) => Number(row?.[`s${i}`] ?? 0)) }
  }
  return { customer: of('customer'), creator: of('creator') }
}
