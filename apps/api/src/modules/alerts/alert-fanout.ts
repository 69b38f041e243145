import { eq, sql } from 'drizzle-orm'
import { queryRows } from '../../db/client.ts'
import { picksForAlerts } from '../picks/picks.service.ts'
import type { AlertDeps } from './alert-jobs.ts'
import {
  audience,
  emailWanted,
  offeredChannels,
  preferenceJoins,
  smsWanted,
  type OfferedChannels,
} from './alert-recipients.ts'
import { alertFanouts } from './alerts.table.ts'
import { peopleColumns } from '../users/users.service.ts'

export interface FanOutResult {
  /** Deliveries this run queued (a resumed fan-out counts only its own). */
  queued: number
  batches: number
}

/**
 * Queues one delivery per recipient and channel for a pick, in batches of recipients in user-id
 * order. The fan-out's cursor moves past a batch once its deliveries are committed, and the unique
 * key (recipient, pick, channel) refuses a second delivery, so a fan-out killed at any point and
 * run again queues exactly what was missing. When every batch is in, the creator's sending starts.
 */
export async function fanOutPick(deps: AlertDeps, pickId: string): Promise<FanOutResult> {
  const { db, tuning } = deps
  const [pick] = await picksForAlerts(db, [pickId])
  if (!pick) return { queued: 0, batches: 0 }
  await db.insert(alertFanouts).values({ pickId, startedAt: deps.now() }).onConflictDoNothing()
  const [fanout] = await db.select().from(alertFanouts).where(eq(alertFanouts.pickId, pickId))
  // A hidden pick, or one of a hidden or suspended creator, is announced to no one.
  if (!fanout || fanout.status === 'done' || pick.deletedAt || pick.withheld) {
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
    const batch = await queryRows<{ user_id: string }>(
      db,
      sql`select user_id::text from (${audience(pick.creatorId, now, !pick.isPremium, cursor)}) a
        order by user_id limit ${tuning.fanOutBatch}`,
    )
    const last = batch.at(-1)?.user_id
    if (!last) break
    // The batch's inserts run side by side (PostgreSQL uses a core each); the cursor moves only
    // once all have committed, so a stop in between repeats the batch, which queues nothing twice.
    const parts = Math.max(1, tuning.fanOutParallel)
    const size = Math.ceil(batch.length / parts)
    const chunks = Array.from({ length: parts }, (_, i) => batch.slice(i * size, (i + 1) * size)).filter(
      (chunk) => chunk.length > 0,
    )
    const counts = await Promise.all(
      chunks.map((chunk) =>
        queueDeliveries(
          deps,
          pick,
          offered,
          chunk.map((r) => r.user_id),
          now,
        ),
      ),
    )
    const inBatch = counts.reduce((sum, n) => sum + n, 0)
    await db
      .update(alertFanouts)
      .set({ cursor: last, queued: sql`${alertFanouts.queued} + ${inBatch}` })
      .where(eq(alertFanouts.pickId, pickId))
    batches += 1
    queued += inBatch
    cursor = last
    deps.log.info({ pickId, batch: batches, recipients: batch.length, queued: inBatch }, 'alert fan-out batch queued')
    if (batch.length < tuning.fanOutBatch) break
    if (tuning.pauseBetweenBatchesMs) await new Promise((resolve) => setTimeout(resolve, tuning.pauseBetweenBatchesMs))
  }
  await finish(deps, pickId)
  await deps.startSending(pick.creatorId)
  return { queued, batches }
}

/**
 * One delivery per channel each of these people wants, for the pick; `ON CONFLICT DO NOTHING` on
 * (recipient, pick, channel) refuses any already queued. Answers how many were new.
 */
async function queueDeliveries(
  deps: AlertDeps,
  pick: { id: string; creatorId: string },
  offered: OfferedChannels,
  userIds: readonly string[],
  now: Date,
): Promise<number> {
  const at = now.toISOString()
  const [row] = await queryRows<{ queued: number }>(
    deps.db,
    sql`with people as materialized (
        -- The people and what each wants, first: joined this way round, the plan stays the size
        -- of the batch instead of hashing the whole audience.
        select u.id, u.email, u.phone,
          ${offered.email}::boolean and ${emailWanted} as wants_email,
          ${offered.sms}::boolean and ${smsWanted} as wants_sms
        from (${peopleColumns}) u
        ${preferenceJoins(pick.creatorId)}
        where u.id = any(string_to_array(${userIds.join(',')}, ',')::uuid[])
      ),
      inserted as (
        insert into alert_deliveries (kind, pick_id, creator_id, recipient_id, channel, destination, next_attempt_at)
        select 'pick', ${pick.id}::uuid, ${pick.creatorId}::uuid, p.id, 'email', p.email, ${at}::timestamptz
        from people p where p.wants_email
        union all
        select 'pick', ${pick.id}::uuid, ${pick.creatorId}::uuid, p.id, 'sms', p.phone, ${at}::timestamptz
        from people p where p.wants_sms
        on conflict (recipient_id, pick_id, channel) do nothing
        returning 1
      )
      select count(*)::int as queued from inserted`,
  )
  return row?.queued ?? 0
}

async function finish(deps: AlertDeps, pickId: string): Promise<void> {
  await deps.db
    .update(alertFanouts)
    .set({ status: 'done', finishedAt: deps.now() })
    .where(eq(alertFanouts.pickId, pickId))
}
