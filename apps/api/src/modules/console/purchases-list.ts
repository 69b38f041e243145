import type { AdminPurchaseRow, AdminPurchasesPage, ParsedAdminPurchasesQuery } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import {
  iso,
  orderBy,
  pageClause,
  pageOf,
  personalView,
  searchAny,
  whereAll,
  type ConsoleDeps,
} from './lists-common.ts'

/**
 * `GET /admin/purchases`: every purchase with its buyer (masked) and creator, newest first unless
 * asked, filtered by status and by text in the buyer, the creator or the plan. Newest first and by
 * amount run off their own indexes on purchases (decision 031).
 */

const sortColumn: Record<ParsedAdminPurchasesQuery['sortBy'], SQL> = {
  created_at: sql`p.created_at`,
  amount: sql`p.price_cents`,
}

interface PurchaseSqlRow {
  id: string
  created_at: Date | string
  status: AdminPurchaseRow['status']
  kind: AdminPurchaseRow['kind']
  plan_name: string
  price_cents: number
  currency: string
  user_id: string
  user_name: string
  email: string
  phone: string | null
  creator_id: string
  username: string
  creator_name: string
  current_period_end: Date | string | null
  auto_renewal: boolean
}

const customerColumns = [sql`u.name`, sql`u.email`]
const creatorColumns = [sql`cp.display_name`, sql`cp.username`]

export async function listPurchases(
  deps: ConsoleDeps,
  request: FastifyRequest,
  query: ParsedAdminPurchasesQuery,
): Promise<AdminPurchasesPage> {
  const shown = await personalView(deps, request, 'purchases', query)
  const where: SQL[] = []
  if (query.status) where.push(sql`p.status = ${query.status}`)
  if (query.searchCustomer) where.push(searchAny(query.searchCustomer, customerColumns))
  if (query.searchCreator) where.push(searchAny(query.searchCreator, creatorColumns))
  if (query.search) {
    where.push(searchAny(query.search, [...customerColumns, ...creatorColumns, sql`p.plan_name`]))
  }
  const from = sql`from purchases p
    join users u on u.id = p.user_id
    join creator_profiles cp on cp.user_id = p.creator_id
    ${whereAll(where)}`
  // Every purchase has its buyer and creator (foreign keys): without a search by them the count
  // needs neither join.
  const searched = query.search || query.searchCustomer || query.searchCreator
  const [found, counted] = await Promise.all([
    queryRows<PurchaseSqlRow>(
      deps.db,
      sql`select p.id::text, p.created_at, p.status, p.kind, p.plan_name, p.price_cents, p.currency,
        u.id::text as user_id, u.name as user_name, u.email, u.phone,
        cp.user_id::text as creator_id, cp.username, cp.display_name as creator_name,
        p.current_period_end, p.auto_renewal
      ${from}
      ${orderBy(sortColumn[query.sortBy], sql`p.id`, query.sortOrder)}
      ${pageClause(query)}`,
    ),
    countUpTo(deps.db, searched ? from : sql`from purchases p ${whereAll(where)}`),
  ])
  const { rows, facts } = pageOf(query, found, counted)
  return {
    items: rows.map((row): AdminPurchaseRow => ({
      id: row.id,
      createdAt: new Date(row.created_at).toISOString(),
      status: row.status,
      kind: row.kind,
      plan: row.plan_name,
      amountCents: row.price_cents,
      currency: row.currency,
      customer: { id: row.user_id, name: row.user_name, email: shown.email(row.email), phone: shown.phone(row.phone) },
      creator: { id: row.creator_id, username: row.username, name: row.creator_name },
      currentPeriodEnd: iso(row.current_period_end),
      autoRenewal: row.auto_renewal,
    })),
    ...facts,
    personal: shown.personal,
  }
}
