import type {
  AdminDeliveryStatusPage,
  AdminFanoutRow,
  DeliveryCounts,
  ParsedAdminDeliveryStatusQuery,
} from '@picks/contracts'
import { deliveryStatuses, notificationChannels } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { iso, orderBy, pageClause, pageOf, searchAny, whereAll, type ConsoleDeps } from './lists-common.ts'

/**
 * `GET /admin/delivery/status`: the newest fan-outs (one per announced pick) with their deliveries
 * counted by channel and status. The page's counts are one grouped query over its picks, off the
 * deliveries' pick index, never a count over the 2,000,000 deliveries.
 */

interface FanoutSqlRow {
  pick_id: string
  status: AdminFanoutRow['status']
  queued: number
  started_at: Date | string
  finished_at: Date | string | null
  creator_id: string
  username: string
  name: string
}

/** Zero of everything, to add the page's counts to. */
export function emptyCounts(): DeliveryCounts {
  const zero = () => ({ queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0 })
  return { email: zero(), sms: zero() }
}

/** Deliveries of each pick by channel and status. */
export async function deliveryCounts(deps: ConsoleDeps, pickIds: string[]): Promise<Map<string, DeliveryCounts>> {
  const counts = new Map(pickIds.map((id) => [id, emptyCounts()]))
  if (!pickIds.length) return counts
  const rows = await queryRows<{ pick_id: string; channel: string; status: string; n: number }>(
    deps.db,
    sql`select pick_id::text, channel, status, count(*)::int as n from alert_deliveries
      where pick_id = any(${`{${pickIds.join(',')}}`}::uuid[])
      group by pick_id, channel, status`,
  )
  for (const row of rows) {
    const pick = counts.get(row.pick_id)
    const channel = notificationChannels.find((c) => c === row.channel)
    const status = deliveryStatuses.find((s) => s === row.status)
    if (pick && channel && status) pick[channel][status] += row.n
  }
  return counts
}

export async function deliveryStatus(
  deps: ConsoleDeps,
  query: ParsedAdminDeliveryStatusQuery,
): Promise<AdminDeliveryStatusPage> {
  const where: SQL[] = []
  if (query.status) where.push(sql`f.status = ${query.status}`)
  if (query.search) where.push(searchAny(query.search, [sql`cp.username`, sql`cp.display_name`]))
  const from = sql`from alert_fanouts f
    join picks p on p.id = f.pick_id
    join creator_profiles cp on cp.user_id = p.creator_id
    ${whereAll(where)}`
  // Every fan-out has its pick and the pick its creator: without a search the count needs no join.
  const [found, counted] = await Promise.all([
    queryRows<FanoutSqlRow>(
      deps.db,
      sql`select f.pick_id::text, f.status, f.queued, f.started_at, f.finished_at,
        cp.user_id::text as creator_id, cp.username, cp.display_name as name
      ${from}
      ${orderBy(sql`f.started_at`, sql`f.pick_id`, query.sortOrder)}
      ${pageClause(query)}`,
    ),
    countUpTo(deps.db, query.search ? from : sql`from alert_fanouts f ${whereAll(where)}`),
  ])
  const { rows, facts } = pageOf(query, found, counted)
  const counts = await deliveryCounts(
    deps,
    rows.map((row) => row.pick_id),
  )
  return {
    items: rows.map((row): AdminFanoutRow => {
      const byChannel = counts.get(row.pick_id) ?? emptyCounts()
      const total = notificationChannels.reduce(
        (sum, channel) => sum + deliveryStatuses.reduce((n, status) => n + byChannel[channel][status], 0),
        0,
      )
      return {
        pickId: row.pick_id,
        creator: { id: row.creator_id, username: row.username, name: row.name },
        status: row.status,
        queued: row.queued,
        startedAt: new Date(row.started_at).toISOString(),
        finishedAt: iso(row.finished_at),
        counts: byChannel,
        total,
      }
    }),
    ...facts,
    personal: false,
  }
}
