import type { AdminCustomerRow, AdminCustomersPage, ParsedAdminCustomersQuery } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import {
  int,
  iso,
  nullable,
  orderBy,
  pageClause,
  pageOf,
  personalView,
  searchAny,
  whereAll,
  type ConsoleDeps,
  type NullableColumn,
} from './lists-common.ts'

/**
 * `GET /admin/customers`: every account with the customer role, with what they spent, their live
 * purchases and when they last bought, biggest spenders first unless asked. The figures come from
 * `customer_totals` (kept by triggers as the ledger and purchases change, decision 031), which
 * holds a row for every account (decision 034): a page walks the sort's index and joins its 20
 * people, not a sum over the ledger or a sort of 100,000 customers.
 */

const sortColumn: Record<ParsedAdminCustomersQuery['sortBy'], SQL | NullableColumn> = {
  total_spent: sql`ct.spent_cents`,
  created_at: sql`u.created_at`,
  name: sql`lower(u.name)`,
  last_purchase: nullable(sql`ct.last_purchase_at`),
  active_subscriptions: sql`ct.active_subscriptions`,
}

interface CustomerSqlRow {
  id: string
  name: string
  email: string
  phone: string | null
  created_at: Date | string
  spent_cents: number | string
  active_subscriptions: number
  last_purchase_at: Date | string | null
}

export async function listCustomers(
  deps: ConsoleDeps,
  request: FastifyRequest,
  query: ParsedAdminCustomersQuery,
): Promise<AdminCustomersPage> {
  const shown = await personalView(deps, request, 'customers', query)
  const where: SQL[] = [sql`u.role = 'customer'`]
  if (query.search) where.push(searchAny(query.search, [sql`u.name`, sql`u.email`]))
  if (query.status === 'subscribed') where.push(sql`ct.active_subscriptions > 0`)
  if (query.status === 'not_subscribed') where.push(sql`ct.active_subscriptions = 0`)
  const from = sql`from customer_totals ct join users u on u.id = ct.user_id ${whereAll(where)}`
  const [found, counted] = await Promise.all([
    queryRows<CustomerSqlRow>(
      deps.db,
      sql`select u.id::text, u.name, u.email, u.phone, u.created_at, ct.spent_cents, ct.active_subscriptions,
        ct.last_purchase_at
      ${from}
      ${orderBy(sortColumn[query.sortBy], sql`ct.user_id`, query.sortOrder)}
      ${pageClause(query)}`,
    ),
    countUpTo(deps.db, from),
  ])
  const { rows, facts } = pageOf(query, found, counted)
  return {
    items: rows.map((row): AdminCustomerRow => ({
      id: row.id,
      name: row.name,
      email: shown.email(row.email),
      phone: shown.phone(row.phone),
      createdAt: new Date(row.created_at).toISOString(),
      totalSpentCents: int(row.spent_cents),
      activeSubscriptions: int(row.active_subscriptions),
      lastPurchaseAt: iso(row.last_purchase_at),
    })),
    ...facts,
    personal: shown.personal,
  }
}
