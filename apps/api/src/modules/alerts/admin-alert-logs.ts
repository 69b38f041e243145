import type { DeliveryKind, DeliveryLogEntry, DeliveryStatus, NotificationChannel, SortOrder } from '@picks/contracts'
import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { countUpTo, type Counted } from '../../db/counts.ts'
import { containsPattern } from '../../db/like.ts'
import { alertDeliveries } from './alerts.table.ts'
import { logEntries } from './delivery-logs.ts'

/**
 * The operators' view of one channel's alert deliveries (spec §7 "SMS and e-mail"), for the admin
 * console's e-mail and SMS logs: filtered, paged and in full; the console masks and audits.
 */

export interface DeliveryLogFilter {
  page: number
  limit: number
  sortOrder: SortOrder
  status?: DeliveryStatus | undefined
  /** The kinds to show; an empty list shows none (a message type only the outbox holds). */
  kinds?: readonly DeliveryKind[] | undefined
  /** Text in the address or number, the subject or text, or the recipient's name. */
  search?: string | undefined
}

/**
 * A page of a channel's deliveries, newest first unless asked, how many match (`countUpTo`: a
 * channel's log runs to millions) and whether a next page has any.
 */
export async function adminDeliveryLog(
  db: Db,
  channel: NotificationChannel,
  filter: DeliveryLogFilter,
): Promise<{ entries: DeliveryLogEntry[]; counted: Counted; hasMore: boolean }> {
  if (filter.kinds?.length === 0) return { entries: [], counted: { total: 0, exact: true }, hasMore: false }
  const t = alertDeliveries
  const where: SQL[] = [eq(t.channel, channel)]
  if (filter.status) where.push(eq(t.status, filter.status))
  if (filter.kinds) where.push(inArray(t.kind, [...filter.kinds]))
  if (filter.search) {
    const like = containsPattern(filter.search)
    where.push(
      or(
        ilike(t.destination, like),
        ilike(t.preview, like),
        sql`exists (select 1 from users u where u.id = ${t.recipientId} and u.name ilike ${like})`,
      )!,
    )
  }
  const condition = and(...where)
  const order = filter.sortOrder === 'asc' ? [asc(t.createdAt), asc(t.id)] : [desc(t.createdAt), desc(t.id)]
  const [found, counted] = await Promise.all([
    db
      .select()
      .from(t)
      .where(condition)
      .orderBy(...order)
      .limit(filter.limit + 1)
      .offset((filter.page - 1) * filter.limit),
    countUpTo(db, sql`from ${t} where ${condition}`),
  ])
  return {
    entries: await logEntries(db, found.slice(0, filter.limit), { masked: false }),
    counted,
    hasMore: found.length > filter.limit,
  }
}

/** One delivery of the channel, in full; null when there is none with this id. */
export async function adminDeliveryEntry(
  db: Db,
  channel: NotificationChannel,
  id: string,
): Promise<{ entry: DeliveryLogEntry; recipientId: string | null } | null> {
  const rows = await db
    .select()
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.channel, channel)))
  const [entry] = await logEntries(db, rows, { masked: false })
  return entry ? { entry, recipientId: rows[0]?.recipientId ?? null } : null
}
