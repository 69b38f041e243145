import type {
  AdminCreatorRow,
  AdminCreatorsPage,
  ParsedAdminCreatorPerformanceQuery,
  ParsedAdminCreatorsQuery,
  PayoutAccountState,
} from '@picks/contracts'
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
 * The admin console's creators (spec §7 `GET /admin/creators` and `/admin/creators/performance`):
 * one row per creator with sales, fees, live subscribers, record, last pick and payout account.
 * Sales and subscribers come from `creator_totals`, the record from `creator_records` (both kept
 * as they change), so a page is one indexed query over 10,000 creators plus one grouped query for
 * the page's last picks.
 */

type CreatorSort = ParsedAdminCreatorsQuery['sortBy'] | ParsedAdminCreatorPerformanceQuery['sortBy']

const payoutState = sql`case when pa.creator_id is null then 'none' when pa.charges_enabled then 'active'
  when pa.details_submitted then 'pending' else 'onboarding' end`

const sortColumn: Record<CreatorSort, SQL> = {
  created_at: sql`cp.created_at`,
  name: sql`lower(cp.display_name)`,
  sales: sql`coalesce(ct.sales_cents, 0)`,
  subscribers: sql`coalesce(ct.active_subscribers, 0)`,
  net_units: sql`coalesce(cr.net_units, 0)`,
  roi: sql`(cr.record ->> 'roi_pct')::double precision`,
}

interface CreatorSqlRow {
  id: string
  username: string
  name: string
  email: string
  created_at: Date | string
  sales_cents: number | string
  fees_cents: number | string
  active_subscribers: number
  picks: number | null
  wins: number | null
  losses: number | null
  pushes: number | null
  net_units: number | null
  roi: number | null
  payout_state: PayoutAccountState
}

/** A page of creators, sorted and filtered as asked; e-mails masked unless `includePersonal` (audited). */
export async function listCreators(
  deps: ConsoleDeps,
  request: FastifyRequest,
  query: ParsedAdminCreatorsQuery | ParsedAdminCreatorPerformanceQuery,
  list: 'creators' | 'creator_performance',
): Promise<AdminCreatorsPage> {
  const shown = await personalView(deps, request, list, query)
  const where: SQL[] = []
  if (query.search) {
    where.push(searchAny(query.search, [sql`cp.display_name`, sql`cp.username`, sql`u.email`]))
  }
  if (query.status) where.push(sql`${payoutState} = ${query.status}`)
  const from = sql`from creator_profiles cp
    join users u on u.id = cp.user_id
    left join creator_totals ct on ct.creator_id = cp.user_id
    left join creator_records cr on cr.creator_id = cp.user_id
    left join payout_accounts pa on pa.creator_id = cp.user_id
    ${whereAll(where)}`
  const order = direction(query.sortOrder)
  const [rows, [count]] = await Promise.all([
    queryRows<CreatorSqlRow>(
      deps.db,
      sql`select cp.user_id::text as id, cp.username, cp.display_name as name, u.email, cp.created_at,
        coalesce(ct.sales_cents, 0) as sales_cents, coalesce(ct.fees_cents, 0) as fees_cents,
        coalesce(ct.active_subscribers, 0) as active_subscribers,
        cr.picks_count as picks, cr.wins, cr.losses, cr.pushes, cr.net_units,
        (cr.record ->> 'roi_pct')::double precision as roi, ${payoutState} as payout_state
      ${from}
      order by ${sortColumn[query.sortBy]} ${order} nulls last, cp.user_id ${order}
      ${pageClause(query)}`,
    ),
    queryRows<{ total: number }>(deps.db, sql`select count(*)::int as total ${from}`),
  ])
  const lastPicks = await lastPickTimes(
    deps,
    rows.map((row) => row.id),
  )
  return {
    items: rows.map((row): AdminCreatorRow => ({
      id: row.id,
      username: row.username,
      name: row.name,
      email: shown.email(row.email),
      createdAt: new Date(row.created_at).toISOString(),
      salesCents: int(row.sales_cents),
      feesCents: int(row.fees_cents),
      activeSubscribers: int(row.active_subscribers),
      record: {
        picks: int(row.picks),
        wins: int(row.wins),
        losses: int(row.losses),
        pushes: int(row.pushes),
        netUnits: row.net_units ?? 0,
        roiPct: row.roi,
      },
      lastPickAt: lastPicks.get(row.id) ?? null,
      payoutAccount: row.payout_state,
    })),
    ...pageFacts(query, count?.total ?? 0),
    personal: shown.personal,
  }
}

/** The newest live pick of each creator on the page, in one grouped query off the creator's pick index. */
async function lastPickTimes(deps: ConsoleDeps, creatorIds: string[]): Promise<Map<string, string>> {
  if (!creatorIds.length) return new Map()
  const rows = await queryRows<{ creator_id: string; at: Date | string }>(
    deps.db,
    sql`select creator_id::text, max(created_at) as at from picks
      where creator_id = any(${`{${creatorIds.join(',')}}`}::uuid[]) and deleted_at is null
      group by creator_id`,
  )
  return new Map(rows.map((row) => [row.creator_id, iso(row.at) ?? '']))
}
