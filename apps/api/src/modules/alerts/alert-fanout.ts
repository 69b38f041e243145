import { eq, sql } from 'drizzle-orm'
import { queryRows } from '../../db/client.ts'
import { picksForAlerts } from '../picks/picks.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { audience, emailWanted, offeredChannels, preferenceJoins, smsWanted } from './alert-recipients.ts'
import { alertFanouts } from './alerts.table.ts'

export interface FanOutResult {
  /** Deliveries this run queued (a resumed fan-out counts only its own). */
  queued: number
  batches: number
}

/**
 * Queues one delivery per recipient and channel for a pick, in batches of recipients in user-id
 * order. Each batch and the fan-out's cursor are written in one transaction, and the unique key
 * (pick, recipient, channel) refuses a second delivery, so a fan-out killed at any point and run
 * again queues exactly what was missing. When every batch is in, the creator's sending starts.
 */
export async function fanOutPick(deps: AlertDeps, pickId: string): Promise<FanOutResult> {
  const { db, tuning } = deps
  const [pick] = await picksForAlerts(db, [pickId])
  if (!pick) return { queued: 0, batches: 0 }
  await db.insert(alertFanouts).values({ pickId, startedAt: deps.now() }).onConflictDoNothing()
  const [fanout] = await db.select().from(alertFanouts).where(eq(alertFanouts.pickId, pickId))
  if (!fanout || fanout.status === 'done' || pick.deletedAt) {
    if (fanout?.status !== 'done') await finish(deps, pickId)
    await deps.startSending(pick.creatorId)
    return { queued: 0, batches: 0 }
  }
  const offered = await offeredChannels(db, pick.creatorId)
  const now = deps.now()
  let cursor = fanout.cursor
  let queued = 0
  let batches = 0
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const [row] = await queryRows<{ last: string | null; size: number; queued: number }>(
        tx,
        sql`with batch as (
            select user_id from (${audience(pick.creatorId, now, !pick.isPremium, cursor)}) a
            order by user_id limit ${tuning.fanOutBatch}
          ),
          inserted as (
            insert into alert_deliveries (kind, pick_id, creator_id, recipient_id, channel, destination, next_attempt_at)
            select 'pick', ${pick.id}::uuid, ${pick.creatorId}::uuid, u.id, ch.channel,
              case when ch.channel = 'email' then u.email else u.phone end, ${now.toISOString()}::timestamptz
            from batch b
            join users u on u.id = b.user_id
            ${preferenceJoins(pick.creatorId)}
            cross join (values ('email'), ('sms')) as ch(channel)
            where (ch.channel = 'email' and ${offered.email}::boolean and ${emailWanted})
               or (ch.channel = 'sms' and ${offered.sms}::boolean and ${smsWanted})
            on conflict (pick_id, recipient_id, channel) where pick_id is not null do nothing
            returning 1
          )
          select (select user_id::text from batch order by user_id desc limit 1) as last,
            (select count(*) from batch)::int as size,
            (select count(*) from inserted)::int as queued`,
      )
      const result = row ?? { last: null, size: 0, queued: 0 }
      if (result.last) {
        await tx
          .update(alertFanouts)
          .set({ cursor: result.last, queued: sql`${alertFanouts.queued} + ${result.queued}` })
          .where(eq(alertFanouts.pickId, pickId))
      }
      return result
    })
    if (batch.size > 0) {
      batches += 1
      queued += batch.queued
      cursor = batch.last
      deps.log.info(
        { pickId, batch: batches, recipients: batch.size, queued: batch.queued },
        'alert fan-out batch queued',
      )
    }
    if (batch.size < tuning.fanOutBatch) break
    if (tuning.pauseBetweenBatchesMs) await new Promise((resolve) => setTimeout(resolve, tuning.pauseBetweenBatchesMs))
  }
  await finish(deps, pickId)
  await deps.startSending(pick.creatorId)
  return { queued, batches }
}

async function finish(deps: AlertDeps, pickId: string): Promise<void> {
  await deps.db
    .update(alertFanouts)
    .set({ status: 'done', finishedAt: deps.now() })
    .where(eq(alertFanouts.pickId, pickId))
}
