import type { AdminCustomerRow, AdminCustomersPage, ParsedAdminCustomersQuery } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import {
  direction,
  int,
  iso,
  pageClause,
  pageFacts,
  personalView,
  searchAny,
  whereAll,
  type ConsoleDeps,
} from './lists-common.ts'

/**
 * `GET /admin/customers`: every account with the customer role, with what they spent, their live
 * purchases and when they last bought, biggest spenders first unless asked. The figures come from
 * `customer_totals` (kept by triggers as the ledger and purchases change, decision 031), so the
 * sort is one indexed join, not a sum over the ledger for 100,000 customers.
 */

const sortColumn: Record<ParsedAdminCustomersQuery['sortBy'], SQL> = {
  total_spent: sql`coalesce(ct.spent_cents, 0)`,
  created_at: sql`u.created_at`,
  name: sql`lower(u.name)`,
  last_purchase: sql`ct.last_purchase_at`,
  active_subscriptions: sql`coalesce(ct.active_subscriptions, 0)`,
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
  if (query.status === 'subscribed') where.push(sql`coalesce(ct.active_subscriptions, 0) > 0`)
  if (query.status === 'not_subscribed') where.push(sql`coalesce(ct.active_subscriptions, 0) = 0`)
  const from = sql`from users u left join customer_totals ct on ct.user_id = u.id ${whereAll(where)}`
  const order = direction(query.sortOrder)
  const [rows, [count]] = await Promise.all([
    queryRows<CustomerSqlRow>(
      deps.db,
      sql`select u.id::text, u.name, u.email, u.phone, u.created_at, coalesce(ct.spent_cents, 0) as spent_cents,
        coalesce(ct.active_subscriptions, 0) as active_subscriptions, ct.last_purchase_at
      ${from}
      order by ${sortColumn[query.sortBy]} ${order} nulls last, u.id ${order}
      ${pageClause(query)}`,
    ),
    queryRows<{ total: number }>(deps.db, sql`select count(*)::int as total ${from}`),
  ])
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
    ...pageFacts(query, count?.total ?? 0),
    personal: shown.personal,
  }
}
