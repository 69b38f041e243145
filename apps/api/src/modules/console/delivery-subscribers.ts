import type {
  AdminChannelSubscriberRow,
  AdminChannelSubscribersPage,
  NotificationChannel,
  ParsedAdminChannelSubscribersQuery,
} from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { countUpTo } from '../../db/counts.ts'
import { emailWanted, offeredSql, smsWanted } from '../alerts/alerts.service.ts'
import { givesAccessAt, livePurchasesQuery } from '../purchases/purchases.service.ts'
import { direction, pageClause, pageOf, personalView, searchAny, whereAll, type ConsoleDeps } from './lists-common.ts'

/**
 * `GET /admin/email-subscribers` and `/admin/sms-subscribers`: each person and creator whose
 * alerts they may get (entitled now by a purchase, or following for free picks), and whether that
 * channel reaches them now: the alerts' own rules (the creator offers it, the address or number is
 * verified, the person's switches are on, the number has not replied STOP).
 */

const sortColumn: Record<ParsedAdminChannelSubscribersQuery['sortBy'], SQL> = {
  since: sql`x.since`,
  name: sql`lower(u.name)`,
}

interface SubscriberSqlRow {
  user_id: string
  name: string
  email: string
  phone: string | null
  creator_id: string
  username: string
  creator_name: string
  access: AdminChannelSubscriberRow['access']
  since: Date | string
  receiving: boolean
}

export async function channelSubscribers(
  deps: ConsoleDeps,
  request: FastifyRequest,
  channel: NotificationChannel,
  query: ParsedAdminChannelSubscribersQuery,
): Promise<AdminChannelSubscribersPage> {
  const shown = await personalView(deps, request, `${channel}_subscribers`, query)
  const receiving = sql`(${offeredSql(channel, sql`x.creator_id`)} and ${channel === 'email' ? emailWanted : smsWanted})`
  const where: SQL[] = []
  if (query.status === 'receiving') where.push(receiving)
  if (query.status === 'not_receiving') where.push(sql`not ${receiving}`)
  if (query.search) where.push(searchAny(query.search, [sql`u.name`, sql`u.email`, sql`u.phone`]))
  if (query.searchCreator) where.push(searchAny(query.searchCreator, [sql`cp.display_name`, sql`cp.username`]))
  const order = direction(query.sortOrder)
  // The purchases' own access rule, over the table by its name (givesAccessAt names its columns so).
  // `listed` counts the pairs as the list is built: unfiltered, the page needs no second pass.
  const pairs = sql`select pairs.*, count(*) over () as listed from (
      select live.user_id, live.creator_id, 'subscriber' as access, min(live.created_at) as since
      from (${livePurchasesQuery(deps.now(), sql`purchases.user_id, purchases.creator_id, purchases.created_at`)}) live
      where live.user_id <> live.creator_id
      group by live.user_id, live.creator_id
      union all
      select f.user_id, f.creator_id, 'follower', f.followed_at from creator_alert_preferences f
      where f.followed_at is not null and f.user_id <> f.creator_id and not exists (
        select 1 from purchases where purchases.user_id = f.user_id and purchases.creator_id = f.creator_id
          and ${givesAccessAt(deps.now())})
    ) pairs`
  // Unfiltered and by date, the page is cut from the pairs before anyone is joined to it: the
  // people, creators and settings of 21 pairs, not of every live one.
  const pageFirst = where.length === 0 && query.sortBy === 'since'
  const pairOrder = sql`order by x.since ${order}, x.user_id ${order}, x.creator_id ${order}`
  const joined = (x: SQL) => sql`from (${x}) x
    join users u on u.id = x.user_id
    join creator_profiles cp on cp.user_id = x.creator_id
    left join notification_settings ns on ns.user_id = u.id
    left join creator_alert_preferences cap on cap.user_id = u.id and cap.creator_id = x.creator_id
    left join sms_numbers sn on sn.phone = u.phone
    ${whereAll(where)}`
  const from = joined(pairs)
  const columns = sql`select u.id::text as user_id, u.name, u.email, u.phone, cp.user_id::text as creator_id,
    cp.username, cp.display_name as creator_name, x.access, x.since, ${receiving} as receiving, x.listed`
  const found = await queryRows<SubscriberSqlRow & { listed: number | string }>(
    deps.db,
    pageFirst
      ? sql`${columns} ${joined(sql`select * from (${pairs}) x ${pairOrder} ${pageClause(query)}`)} ${pairOrder}`
      : sql`${columns} ${from}
        order by ${sortColumn[query.sortBy]} ${order}, u.id ${order}, cp.user_id ${order}
        ${pageClause(query)}`,
  )
  // Every pair has its person and creator (foreign keys), so without a filter `listed` is the total.
  const listed = found[0]?.listed
  const counted =
    where.length === 0 && (listed !== undefined || query.page === 1)
      ? { total: Number(listed ?? 0), exact: true }
      : await countUpTo(deps.db, from)
  const { rows, facts } = pageOf(query, found, counted)
  return {
    items: rows.map((row): AdminChannelSubscriberRow => ({
      person: { id: row.user_id, name: row.name, email: shown.email(row.email), phone: shown.phone(row.phone) },
      creator: { id: row.creator_id, username: row.username, name: row.creator_name },
      access: row.access,
      since: new Date(row.since).toISOString(),
      status: row.receiving ? 'receiving' : 'not_receiving',
    })),
    ...facts,
    personal: shown.personal,
  }
}
