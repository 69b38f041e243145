import type { SendBatchAnswer } from '@picks/contracts'
import { and, eq, sql } from 'drizzle-orm'
import type { AlertDeps } from './alert-jobs.ts'
import { requireCreator } from './alert-lookups.ts'
import { alertDeliveries } from './alerts.table.ts'

/**
 * "Send batch now": every queued delivery of the creator is due now (those waiting for a retry
 * too), and their sending starts. Deliveries of a fan-out still running go once it completes.
 */
export async function sendBatchNow(alerts: AlertDeps, creatorId: string): Promise<SendBatchAnswer> {
  await requireCreator(alerts, creatorId)
  const now = alerts.now()
  const flushed = await alerts.db
    .update(alertDeliveries)
    .set({
      nextAttemptAt: sql`least(${alertDeliveries.nextAttemptAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(and(eq(alertDeliveries.creatorId, creatorId), eq(alertDeliveries.status, 'queued')))
    .returning({ id: alertDeliveries.id })
  if (flushed.length) await alerts.startSending(creatorId)
  return { creatorId, flushed: flushed.length }
}
