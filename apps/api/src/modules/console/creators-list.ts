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
 * The admin console's creators (spec §7 `GET /admin/creators` and `/admin/creators/performance`):
 * one row per creator with sales, fees, live subscribers, record, last pick and payout account.
 * Sales and subscribers come from `creator_totals` (a row for every creator, decision 034), the
 * record from `creator_records` (both kept as they change), so a page is one indexed query over
 * 10,000 creators plus one grouped query for the page's last picks.
 */

type CreatorSort = ParsedAdminCreatorsQuery['sortBy'] | ParsedAdminCreatorPerformanceQuery['sortBy']

const payoutState = sql`case when pa.creator_id is null then 'none' when pa.charges_enabled then 'active'
  when pa.details_submitted then 'pending' else 'onboarding' end`

const sortColumn: Record<CreatorSort, SQL | NullableColumn> = {
  created_at: sql`cp.created_at`,
  name: sql`lower(cp.display_name)`,
  sales: sql`ct.sales_cents`,
  subscribers: sql`ct.active_subscribers`,
  net_units: sql`coalesce(cr.net_units, 0)`,
  roi: nullable(sql`(cr.record ->> 'roi_pct')::double precision`),
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
    join creator_totals ct on ct.creator_id = cp.user_id
    left join creator_records cr on cr.creator_id = cp.user_id
    left join payout_accounts pa on pa.creator_id = cp.user_id
    ${whereAll(where)}`
  const [found, counted] = await Promise.all([
    queryRows<CreatorSqlRow>(
      deps.db,
      sql`select cp.user_id::text as id, cp.username, cp.display_name as name, u.email, cp.created_at,
        ct.sales_cents, ct.fees_cents, ct.active_subscribers,
        cr.picks_count as picks, cr.wins, cr.losses, cr.pushes, cr.net_units,
        (cr.record ->> 'roi_pct')::double precision as roi, ${payoutState} as payout_state
      ${from}
      ${orderBy(sortColumn[query.sortBy], sql`cp.user_id`, query.sortOrder)}
      ${pageClause(query)}`,
    ),
    // Every creator has an account and a totals row (foreign key, decision 034): the count needs
    // the account only to search its e-mail, and the payout account only to filter by it.
    countUpTo(
      deps.db,
      query.search
        ? from
        : sql`from creator_profiles cp left join payout_accounts pa on pa.creator_id = cp.user_id ${whereAll(where)}`,
    ),
  ])
  const { rows, facts } = pageOf(query, found, counted)
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
    ...facts,
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
