import { maskEmail, maskPhone, type SortOrder } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
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

/** The page's place in the list, as `adminPage` answers it. */
export function pageFacts(query: { page: number; limit: number }, total: number) {
  return { total, page: query.page, limit: query.limit, hasMore: query.page * query.limit < total }
}

/** `limit … offset …` of a page. */
export function pageClause(query: { page: number; limit: number }): SQL {
  return sql`limit ${query.limit} offset ${(query.page - 1) * query.limit}`
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
