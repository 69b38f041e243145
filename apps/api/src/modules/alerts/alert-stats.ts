import type { ChannelStats, NotificationChannel, StatsTimeframe } from '@picks/contracts'
import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm'
import { queryRows } from '../../db/client.ts'
import { hourMs, iso, requireCreator, type AlertServiceDeps } from './alert-lookups.ts'
import { audience, emailWanted, offeredChannels, preferenceJoins, smsWanted } from './alert-recipients.ts'
import { alertDeliveries } from './alerts.table.ts'
import { peopleColumns } from '../users/users.service.ts'

/** A creator's e-mail and text statistics (spec §7 "SMS and e-mail"): what was sent, what reaches. */

const timeframeMs: Record<Exclude<StatsTimeframe, 'all'>, number> = {
  '24h': 24 * hourMs,
  '7d': 7 * 24 * hourMs,
  '30d': 30 * 24 * hourMs,
  '90d': 90 * 24 * hourMs,
}

/** How many of the creator's audience a channel reaches now (the same rule as the fan-out). */
async function reachableCount(
  deps: AlertServiceDeps,
  creatorId: string,
  channel: NotificationChannel,
): Promise<number> {
  const offered = await offeredChannels(deps.db, creatorId)
  if (!offered[channel]) return 0
  const wanted = channel === 'email' ? emailWanted : smsWanted
  const [row] = await queryRows<{ n: number }>(
    deps.db,
    sql`select count(*)::int as n from (${audience(creatorId, deps.now(), true, null)}) a
      join (${peopleColumns}) u on u.id = a.user_id
      ${preferenceJoins(creatorId)}
      where ${wanted}`,
  )
  return Number(row?.n ?? 0)
}

/** The creator's pick messages on one channel within the timeframe, by status. */
export async function channelStats(
  deps: AlertServiceDeps,
  creatorId: string,
  channel: NotificationChannel,
  timeframe: StatsTimeframe,
): Promise<ChannelStats> {
  await requireCreator(deps, creatorId)
  const since = timeframe === 'all' ? null : new Date(deps.now().getTime() - timeframeMs[timeframe])
  const status = alertDeliveries.status
  const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`.mapWith(Number)
  const [[totals], reachable] = await Promise.all([
    deps.db
      .select({
        total: sql<number>`count(*)::int`.mapWith(Number),
        pending: counted(inArray(status, ['queued', 'sending'])),
        sent: counted(eq(status, 'sent')),
        delivered: counted(eq(status, 'delivered')),
        failed: counted(eq(status, 'failed')),
        lastSentAt: sql<Date | null>`max(${alertDeliveries.sentAt})`.mapWith(alertDeliveries.sentAt),
      })
      .from(alertDeliveries)
      .where(
        and(
          eq(alertDeliveries.creatorId, creatorId),
          eq(alertDeliveries.channel, channel),
          eq(alertDeliveries.kind, 'pick'),
          since ? gte(alertDeliveries.createdAt, since) : undefined,
        ),
      ),
    reachableCount(deps, creatorId, channel),
  ])
  const total = totals?.total ?? 0
  const pending = totals?.pending ?? 0
  const sent = totals?.sent ?? 0
  const delivered = totals?.delivered ?? 0
  const finished = total - pending
  return {
    creatorId,
    channel,
    timeframe,
    reachable,
    total,
    pending,
    sent,
    delivered,
    failed: totals?.failed ?? 0,
    successRate: finished > 0 ? (sent + delivered) / finished : null,
    lastSentAt: iso(totals?.lastSentAt ?? null),
  }
}
