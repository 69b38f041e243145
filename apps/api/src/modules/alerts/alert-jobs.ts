import { and, eq, lte, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, workScheduled, type ScheduledLog } from '../../jobs/scheduled.ts'
import { defineJob } from '../../jobs/registry.ts'
import type { EmailSender, SmsSender } from '../notifications/notifications.service.ts'
import { fanOutComplete, reclaimExpired, sendDueAlerts } from './alert-delivery.ts'
import { fanOutPick } from './alert-fanout.ts'
import type { AlertLinks } from './alert-messages.ts'
import { alertDeliveries, alertFanouts } from './alerts.table.ts'

/** How the alert pipeline sizes its work; tests and benchmarks change it. */
export interface AlertTuning {
  /** Recipients per fan-out batch. */
  fanOutBatch: number
  /** Inserts a batch is split into, run side by side (PostgreSQL; PGlite runs them in turn). */
  fanOutParallel: number
  /** Deliveries claimed at once by a sender. */
  sendBatch: number
  /** Messages in flight at once to SMTP or Twilio, per sending job. */
  concurrency: number
  /** How long a claimed delivery is held before another worker may take it back. */
  leaseMs: number
  /** How long one sending job runs before it hands over to a fresh one. */
  sendRunMs: number
  /** Tests only: a pause between fan-out batches, to stop a worker in the middle of one. */
  pauseBetweenBatchesMs?: number
}

export const defaultAlertTuning: AlertTuning = {
  fanOutBatch: 10_000,
  fanOutParallel: 2,
  sendBatch: 500,
  concurrency: 32,
  leaseMs: 2 * 60_000,
  sendRunMs: 25_000,
}

export interface AlertDeps {
  db: Db
  email: EmailSender
  sms: SmsSender
  now: () => Date
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  links: AlertLinks
  tuning: AlertTuning
  /** Queues the sending of a creator's due deliveries (at most one waiting per creator). */
  startSending(creatorId: string): Promise<void>
}

/** A pick was published: queue its deliveries. One job per pick at a time. */
export const fanOutPickJob = defineJob({
  name: 'alerts.fan-out',
  payload: z.object({ pickId: z.uuid() }),
  queue: {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 15 * 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 7 * 24 * 3600,
  },
  concurrency: 2,
})

/** Send a creator's due deliveries. At most one waiting and one running per creator. */
export const sendAlertsJob = defineJob({
  name: 'alerts.send',
  payload: z.object({ creatorId: z.uuid() }),
  queue: {
    policy: 'stately',
    retryLimit: 10,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 5 * 60,
    heartbeatSeconds: 10,
    deleteAfterSeconds: 7 * 24 * 3600,
  },
  concurrency: 4,
})

/**
 * Every minute: deliveries of dead workers back to the queue, due retries to their creator's
 * sender, and fan-outs not finished (their job never sent, or out of tries) started again.
 */
export const sweepAlertsJob = defineScheduledJob('alerts.sweep', { cron: '* * * * *', expireInSeconds: 5 * 60 })

export const alertJobs = [fanOutPickJob, sendAlertsJob, sweepAlertsJob] as const

export function startSendingWith(jobs: Jobs): (creatorId: string) => Promise<void> {
  return async (creatorId) => {
    await jobs.send(sendAlertsJob, { creatorId }, { singletonKey: creatorId })
  }
}

/**
 * Written in the transaction that publishes a pick: the fan-out's own row, so a pick committed
 * without its job (the process stopped in between) is found by the sweep. The job itself is sent
 * after the commit (`startFanOut`): on PGlite a second statement inside that transaction would wait
 * for the one connection the transaction holds.
 */
export async function recordPublished(tx: Db, pickId: string, now: Date): Promise<void> {
  await tx.insert(alertFanouts).values({ pickId, startedAt: now }).onConflictDoNothing()
}

export async function startFanOut(jobs: Jobs, pickId: string): Promise<void> {
  await jobs.send(fanOutPickJob, { pickId }, { singletonKey: pickId })
}

export async function sweepAlerts(deps: AlertDeps, jobs: Jobs): Promise<{ reclaimed: number; creators: number }> {
  const reclaimed = await reclaimExpired(deps)
  const due = await deps.db
    .selectDistinct({ creatorId: alertDeliveries.creatorId })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.status, 'queued'), lte(alertDeliveries.nextAttemptAt, deps.now()), fanOutComplete))
  for (const { creatorId } of due) if (creatorId) await deps.startSending(creatorId)
  const stalled = await deps.db
    .select({ pickId: alertFanouts.pickId })
    .from(alertFanouts)
    .where(
      and(
        eq(alertFanouts.status, 'running'),
        lte(alertFanouts.startedAt, sql`${deps.now().toISOString()}::timestamptz - interval '1 minute'`),
      ),
    )
  // A fan-out still running holds its key: `stately` adds at most one more, which finds it done.
  for (const { pickId } of stalled) await startFanOut(jobs, pickId)
  if (reclaimed) deps.log.warn({ reclaimed }, 'alert deliveries of a stopped worker returned to the queue')
  return { reclaimed, creators: due.length }
}

/** Runs the alert jobs in this process (the server by default, or `npm run worker`). */
export async function workAlerts(jobs: Jobs, deps: AlertDeps, log: ScheduledLog): Promise<void> {
  await jobs.work(fanOutPickJob, async ({ pickId }) => {
    await fanOutPick(deps, pickId)
  })
  await jobs.work(sendAlertsJob, async ({ creatorId }, job) => {
    await sendDueAlerts(deps, creatorId, { deadline: Date.now() + deps.tuning.sendRunMs, signal: job.signal })
  })
  await workScheduled(jobs, sweepAlertsJob, () => sweepAlerts(deps, jobs), log)
}
