import type { AdminEmailLogsAnswer, AdminLogsQuery, AdminSmsLogsAnswer, NotificationChannel } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { outboxEmails, outboxTexts } from '../notifications/notifications.service.ts'
import type { AlertServiceDeps } from './alert-lookups.ts'
import { alertDeliveries } from './alerts.table.ts'
import { logEntries, newestFirst } from './delivery-logs.ts'

/** An operator's log of one channel: every delivery unmasked, and the outbox (account codes too). */
export async function adminAlertLogs(
  deps: AlertServiceDeps,
  channel: 'sms',
  query: AdminLogsQuery,
): Promise<AdminSmsLogsAnswer>
export async function adminAlertLogs(
  deps: AlertServiceDeps,
  channel: 'email',
  query: AdminLogsQuery,
): Promise<AdminEmailLogsAnswer>
export async function adminAlertLogs(
  deps: AlertServiceDeps,
  channel: NotificationChannel,
  query: AdminLogsQuery,
): Promise<AdminSmsLogsAnswer | AdminEmailLogsAnswer> {
  const rows = await deps.db
    .select()
    .from(alertDeliveries)
    .where(eq(alertDeliveries.channel, channel))
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
  const deliveries = await logEntries(deps.db, rows, { masked: false })
  const page = { page: query.page, limit: query.limit }
  if (channel === 'sms') {
    const outbox = await outboxTexts(deps.db, page)
    return { deliveries, outbox: outbox.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), ...page }
  }
  const outbox = await outboxEmails(deps.db, page)
  return { deliveries, outbox: outbox.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), ...page }
}
