import type { CreatorLogsQuery, DeliveryLogEntry, NotificationChannel } from '@picks/contracts'
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { picksForAlerts } from '../picks/picks.service.ts'
import { userNames } from '../users/users.service.ts'
import { iso, requireCreator, unique, type AlertServiceDeps } from './alert-lookups.ts'
import { pickSummary, type AlertPick } from './alert-messages.ts'
import { alertDeliveries } from './alerts.table.ts'

/** The delivery logs a person and a creator read (spec §7 "SMS and e-mail"): one row a message. */

type DeliveryRow = typeof alertDeliveries.$inferSelect

/**
 * What a creator sees of an address or number: enough to tell people apart, not to write to them
 * (`d•••@example.com`, `+1•••••4567`).
 */
export function maskDestination(channel: NotificationChannel, destination: string): string {
  if (channel === 'email') {
    const at = destination.lastIndexOf('@')
    return at > 0 ? `${destination.charAt(0)}•••${destination.slice(at)}` : '•••'
  }
  return destination.length > 6 ? `${destination.slice(0, 2)}•••••${destination.slice(-4)}` : '•••'
}

/** Log entries for delivery rows: the pick's one-line summary and the recipient's name added. */
export async function logEntries(
  db: Db,
  rows: DeliveryRow[],
  options: { masked: boolean },
): Promise<DeliveryLogEntry[]> {
  const [pickRows, names] = await Promise.all([
    picksForAlerts(db, unique(rows.map((r) => r.pickId))),
    userNames({ db }, unique(rows.map((r) => r.recipientId))),
  ])
  const summaryById = new Map(pickRows.map((pick) => [pick.id, pickSummary(pick satisfies AlertPick)]))
  return rows.map((r) => ({
    id: r.id,
    channel: r.channel,
    kind: r.kind,
    status: r.status,
    destination: options.masked ? maskDestination(r.channel, r.destination) : r.destination,
    recipientName: r.recipientId ? (names.get(r.recipientId) ?? null) : null,
    pickId: r.pickId,
    summary: r.pickId ? (summaryById.get(r.pickId) ?? null) : null,
    preview: r.preview,
    segments: r.segments,
    attempts: r.attempts,
    error: r.error,
    providerId: r.providerId,
    createdAt: r.createdAt.toISOString(),
    sentAt: iso(r.sentAt),
    deliveredAt: iso(r.deliveredAt),
    failedAt: iso(r.failedAt),
    nextAttemptAt: r.status === 'queued' ? r.nextAttemptAt.toISOString() : null,
  }))
}

export const newestFirst = [desc(alertDeliveries.createdAt), desc(alertDeliveries.id)]

/**
 * The messages sent to a person, newest first: on one channel (their texts, replies to STOP and
 * HELP included), or the alerts of both (picks and test e-mails).
 */
export async function receivedDeliveries(
  deps: AlertServiceDeps,
  userId: string,
  options: { limit: number; channel: NotificationChannel | 'alerts' },
): Promise<{ deliveries: DeliveryLogEntry[] }> {
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.recipientId, userId),
        options.channel === 'alerts'
          ? inArray(alertDeliveries.kind, ['pick', 'test'])
          : eq(alertDeliveries.channel, options.channel),
      ),
    )
    .orderBy(...newestFirst)
    .limit(options.limit)
  return { deliveries: await logEntries(deps.db, rows, { masked: false }) }
}

/** A creator's messages on one channel, newest first, with masked destinations. */
export async function creatorDeliveries(
  deps: AlertServiceDeps,
  creatorId: string,
  query: CreatorLogsQuery,
): Promise<{ deliveries: DeliveryLogEntry[] }> {
  await requireCreator(deps, creatorId)
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.creatorId, creatorId),
        eq(alertDeliveries.channel, query.channel),
        query.includePending ? undefined : inArray(alertDeliveries.status, ['sent', 'delivered', 'failed']),
      ),
    )
    .orderBy(...newestFirst)
    .limit(query.limit)
  return { deliveries: await logEntries(deps.db, rows, { masked: true }) }
}
