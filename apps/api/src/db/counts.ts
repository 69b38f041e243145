import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from './client.ts'

/**
 * How many rows a list counts one by one before it says "about" (docs/decisions/034). Counting
 * 10,001 rows off an index costs a few milliseconds; counting 2,000,000 costs hundreds.
 */
export const exactCountLimit = 10_000

/** A list's size: exact up to `exactCountLimit`, the planner's estimate (and at least that) above. */
export interface Counted {
  total: number
  exact: boolean
}

/**
 * Counts the rows of `from` (an SQL `from … where …`) up to `exactCountLimit + 1`; past that,
 * answers the planner's estimate of the same query, never less than what was counted. The
 * estimate comes from the tables' statistics (ANALYZE, autovacuum), so it is cheap and close for a
 * whole table or a common filter and can be far off for an unusual one — which is why it is only
 * used where the answer is "more than ten thousand" anyway.
 */
export async function countUpTo(db: Db, from: SQL): Promise<Counted> {
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*)::int as n from (select 1 ${from} limit ${exactCountLimit + 1}) as counted`,
  )
  const counted = Number(row?.n ?? 0)
  if (counted <= exactCountLimit) return { total: counted, exact: true }
  return { total: Math.max(counted, await estimatedRows(db, sql`select 1 ${from}`)), exact: false }
}

interface PlanNode {
  Plan?: { 'Plan Rows'?: number }
}

/** The planner's estimate of how many rows `query` returns (`explain (format json)`), 0 if unknown. */
export async function estimatedRows(db: Db, query: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`)
  const value = row ? Object.values(row)[0] : undefined
  // node-postgres parses the json column; PGlite may hand it over as text.
  const plan: unknown = typeof value === 'string' ? JSON.parse(value) : value
  const first = Array.isArray(plan) ? (plan[0] as PlanNode | undefined) : undefined
  const rows = first?.Plan?.['Plan Rows']
  return typeof rows === 'number' && Number.isFinite(rows) ? Math.round(rows) : 0
}
