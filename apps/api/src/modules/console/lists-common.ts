import { maskEmail, maskPhone, type SortOrder } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import type { Counted } from '../../db/counts.ts'
import { containsPattern } from '../../db/like.ts'
import { auditPersonalRead } from '../audit/audit.service.ts'

/** What the console's list and delivery reads need: the database and the clock. */
export interface ConsoleDeps {
  db: Db
  now: () => Date
}

/** How a read shows personal data: masked, or in full after the read is written to the audit log. */
export interface Personal {
  personal: boolean
  email(value: string): string
  phone(value: string | null): string | null
}

/**
 * Masks e-mails and phones unless `includePersonal` was asked; then writes the audit entry first,
 * so personal data is never shown without its record.
 */
export async function personalView(
  deps: ConsoleDeps,
  request: FastifyRequest,
  list: string,
  query: { includePersonal: boolean } & Record<string, unknown>,
): Promise<Personal> {
  if (!query.includePersonal) {
    return { personal: false, email: maskEmail, phone: (value) => (value === null ? null : maskPhone(value)) }
  }
  await auditPersonalRead(deps.db, request, deps.now(), list, query)
  return { personal: true, email: (value) => value, phone: (value) => value }
}

/**
 * `limit … offset …` of a page, with one row more than the page shows: that row, when it comes,
 * says there is a next page (`pageOf`), which an estimated total could not.
 */
export function pageClause(query: { page: number; limit: number }): SQL {
  return sql`limit ${query.limit + 1} offset ${(query.page - 1) * query.limit}`
}

/**
 * The rows of a page read with `pageClause` and its place in the list, as `adminPage` answers it;
 * `counted` from `countUpTo` over the same `from … where`.
 */
export function pageOf<Row>(query: { page: number; limit: number }, rows: Row[], counted: Counted) {
  return {
    rows: rows.slice(0, query.limit),
    facts: {
      total: counted.total,
      totalExact: counted.exact,
      page: query.page,
      limit: query.limit,
      hasMore: rows.length > query.limit,
    },
  }
}

/** A sort column that can be null: it sorts `nulls last` either way. */
export interface NullableColumn {
  nullable: SQL
}

export function nullable(column: SQL): NullableColumn {
  return { nullable: column }
}

/**
 * `order by` a list's sort column, then its id, both in the asked direction. Only a nullable
 * column gets `nulls last`: on a column that is never null it would change nothing but keep the
 * planner off the column's index (whose descending order puts nulls first).
 */
export function orderBy(column: SQL | NullableColumn, id: SQL, order: SortOrder): SQL {
  const dir = direction(order)
  return 'nullable' in column
    ? sql`order by ${column.nullable} ${dir} nulls last, ${id} ${dir}`
    : sql`order by ${column} ${dir}, ${id} ${dir}`
}

/** `asc` or `desc`, from the parsed (and so known) sort order. */
export function direction(order: SortOrder): SQL {
  return sql.raw(order === 'asc' ? 'asc' : 'desc')
}

/** `a or b or …` of `column ilike %search%`, for columns given as SQL. */
export function searchAny(search: string, columns: SQL[]): SQL {
  const like = containsPattern(search)
  return sql`(${sql.join(
    columns.map((column) => sql`${column} ilike ${like}`),
    sql` or `,
  )})`
}

/** `where a and b …`, or nothing. */
export function whereAll(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
}

export function iso(date: Date | string | null): string | null {
  return date === null ? null : new Date(date).toISOString()
}

/** Integers that may come back from the driver as text (bigint, count). */
export function int(value: number | string | null): number {
  return value === null ? 0 : Number(value)
}
