import type { AdminSubscriberRow, AdminSubscribersPage, ParsedAdminSubscribersQuery } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { AppError } from '../../errors.ts'
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
 * `GET /admin/creators/{id}/subscribers`: the creator's purchases, one row each, with the buyer
 * (masked), plan, status, since, renewal or end, and what was paid. Checkouts never finished
 * (pending, incomplete) show only when `status` asks for them. What each purchase paid is one
 * grouped query over the page's purchases.
 */

const sortColumn: Record<ParsedAdminSubscribersQuery['sortBy'], SQL | NullableColumn> = {
  since: sql`p.created_at`,
  ends: nullable(sql`p.current_period_end`),
  total_paid: sql`(select coalesce(sum(l.amount_cents), 0) from ledger_entries l
    where l.purchase_id = p.id and l.kind in ('charge', 'refund'))`,
}

interface SubscriberSqlRow {
  id: string
  user_id: string
  name: string
  email: string
  phone: string | null
  plan_name: string
  kind: AdminSubscriberRow['kind']
  status: AdminSubscriberRow['status']
  created_at: Date | string
  current_period_end: Date | string | null
  ended_at: Date | string | null
  auto_renewal: boolean
}

export async function listCreatorSubscribers(
  deps: ConsoleDeps,
  request: FastifyRequest,
  creatorId: string,
  query: ParsedAdminSubscribersQuery,
): Promise<AdminSubscribersPage> {
  const [creator] = await queryRows<{ id: string; username: string; name: string }>(
    deps.db,
    sql`select user_id::text as id, username, display_name as name from creator_profiles where user_id = ${creatorId}`,
  )
  if (!creator) throw new AppError('NOT_FOUND', 'Creator not found')
  const shown = await personalView(deps, request, 'creator_subscribers', { ...query, creatorId })
  const where: SQL[] = [sql`p.creator_id = ${creatorId}`]
  where.push(query.status ? sql`p.status = ${query.status}` : sql`p.status not in ('pending', 'incomplete')`)
  if (query.search) where.push(searchAny(query.search, [sql`u.name`, sql`u.email`, sql`p.plan_name`]))
  const from = sql`from purchases p join users u on u.id = p.user_id ${whereAll(where)}`
  // A sort by what was paid sums per purchase of this one creator only (its purchases index).
  const [found, counted] = await Promise.all([
    queryRows<SubscriberSqlRow>(
      deps.db,
      sql`select p.id::text, u.id::text as user_id, u.name, u.email, u.phone, p.plan_name, p.kind, p.status,
        p.created_at, p.current_period_end, p.ended_at, p.auto_renewal
      ${from}
      ${orderBy(sortColumn[query.sortBy], sql`p.id`, query.sortOrder)}
      ${pageClause(query)}`,
    ),
    countUpTo(deps.db, from),
  ])
  const { rows, facts } = pageOf(query, found, counted)
  const paid = await paidByPurchase(
    deps,
    rows.map((row) => row.id),
  )
  return {
    creator,
    items: rows.map((row): AdminSubscriberRow => {
      const renews = row.auto_renewal && ['trialing', 'active', 'past_due'].includes(row.status)
      return {
        purchaseId: row.id,
        buyer: { id: row.user_id, name: row.name, email: shown.email(row.email), phone: shown.phone(row.phone) },
        plan: row.plan_name,
        kind: row.kind,
        status: row.status,
        since: new Date(row.created_at).toISOString(),
        renewsAt: renews ? iso(row.current_period_end) : null,
        endsAt: renews ? null : iso(row.ended_at ?? row.current_period_end),
        totalPaidCents: paid.get(row.id) ?? 0,
      }
    }),
    ...facts,
    personal: shown.personal,
  }
}

/** Charges less refunds of each purchase, in one grouped query off the ledger's purchase index. */
export async function paidByPurchase(deps: ConsoleDeps, purchaseIds: string[]): Promise<Map<string, number>> {
  if (!purchaseIds.length) return new Map()
  const rows = await queryRows<{ purchase_id: string; paid: number | string }>(
    deps.db,
    sql`select purchase_id::text, sum(amount_cents) as paid from ledger_entries
      where purchase_id = any(${`{${purchaseIds.join(',')}}`}::uuid[]) and kind in ('charge', 'refund')
      group by purchase_id`,
  )
  return new Map(rows.map((row) => [row.purchase_id, int(row.paid)]))
}
