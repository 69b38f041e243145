import type { FastifyBaseLogger } from 'fastify'
import { fromPglite, PgBoss } from 'pg-boss'
import type { z } from 'zod'
import { pgliteOf, type Database } from '../db/client.ts'
import type { Listen } from '../db/invalidations.ts'
import type { JobContext, JobDefinition, JobHandler } from './registry.ts'

/**
 * The durable job queue: pg-boss in the application's own database (its `pgboss` schema), on
 * PGlite through the same embedded connection or on PostgreSQL through a small pool of its own.
 * Jobs survive restarts; a failed job is retried with backoff and, once out of tries, stays
 * visible in state `failed`; a worker that dies mid-job stops beating and its job is retried.
 */
export interface Jobs {
  /** Queues a job. Returns null when a `stately` queue already holds one for the key. */
  send<P extends z.ZodType>(
    job: JobDefinition<P>,
    payload: z.input<P>,
    options?: SendJobOptions,
  ): Promise<string | null>
  /** Takes jobs of this kind in this process, at most `job.concurrency` at once. */
  work<P extends z.ZodType>(job: JobDefinition<P>, handler: JobHandler<P>): Promise<void>
  /**
   * Every queue's jobs by state, as pg-boss last counted them: its monitor recounts each queue every
   * `superviseIntervalSeconds` in some process, and this reads those counts (one small query), so
   * they may be that many seconds old.
   */
  queueStats(): Promise<QueueStats[]>
  /**
   * LISTEN through pg-boss's listener (db/invalidations.ts's `Listen`): on PostgreSQL a dedicated
   * connection with a heartbeat, reconnected with backoff; on PGlite the embedded database itself.
   * Close its handle before `stop`.
   */
  listen: Listen
  /** Stops taking jobs, waits up to `timeoutMs` for running ones, and lets go of the database. */
  stop(timeoutMs?: number): Promise<void>
  /** pg-boss itself, for operators' views and tests. */
  readonly boss: PgBoss
}

/** One queue's jobs by state; the four counts are disjoint. */
export interface QueueStats {
  name: string
  /** Waiting and due now: the backlog. */
  ready: number
  /** Waiting for a later start (a retry's backoff, a delayed send). */
  deferred: number
  /** Taken by a worker and not yet done. */
  active: number
  /** Out of tries, kept until the queue's retention deletes them. */
  failed: number
}

export interface SendJobOptions {
  singletonKey?: string
  /** At most one job per key in each slot of this many seconds (aligned on the clock), whatever its state. */
  singletonSeconds?: number
  startAfter?: Date
}

export interface JobQueueOptions {
  /** How often dead workers' jobs and expired ones are looked for, in seconds. */
  superviseIntervalSeconds?: number
  /** Whether this process sends the cron schedules' ticks (a worker does; an API-only process need not). */
  schedule?: boolean
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>
}

/** Every kind of job the product has; each queue is created (or updated) when the queue opens. */
export async function openJobQueue(
  database: Database,
  definitions: readonly JobDefinition[],
  options: JobQueueOptions,
): Promise<Jobs> {
  const pglite = pgliteOf(database)
  const supervise = options.superviseIntervalSeconds ?? 10
  const common = {
    schema: 'pgboss',
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    schedule: options.schedule ?? true,
  }
  const boss =
    pglite !== null
      ? new PgBoss({ ...common, db: fromPglite(pglite), backend: 'pglite' })
      : new PgBoss({
          ...common,
          connectionString: database.url ?? '',
          max: 4,
          application_name: 'picks-jobs',
        })
  boss.on('error', (err: unknown) => options.log.error({ err }, 'job queue error'))
  boss.on('warning', (warning: unknown) => options.log.warn({ warning }, 'job queue warning'))
  await boss.start()
  for (const definition of definitions) {
    const existing = await boss.getQueue(definition.name)
    const settings = { ...definition.queue }
    if (existing) {
      const { policy: _policy, ...changeable } = settings
      await boss.updateQueue(definition.name, changeable)
    } else {
      await boss.createQueue(definition.name, settings)
    }
    // pg-boss keeps one schedule per name however many processes put it there, and sends each
    // occurrence once (its own singleton per minute); each tick carries `scheduledTick`'s key, so on
    // a `stately` queue at most one tick waits and one runs across every process. The processes
    // whose `schedule` option is on send the ticks; any process working the queue runs them.
    if (definition.cron) {
      const payload = definition.payload.parse({}) as object
      await boss.schedule(definition.name, definition.cron, payload, { tz: 'UTC', ...scheduledTick(definition) })
    }
  }

  let stopped = false
  return {
    boss,
    async send(job, payload, sendOptions = {}) {
      const data = job.payload.parse(payload) as object
      return boss.send(job.name, data, {
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.singletonSeconds ? { singletonSeconds: sendOptions.singletonSeconds } : {}),
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
      })
    },
    async work(job, handler) {
      await boss.work(
        job.name,
        { localConcurrency: job.concurrency, batchSize: 1, pollingIntervalSeconds: 1 },
        async ([taken]) => {
          if (!taken) return
          const parsed = job.payload.safeParse(taken.data)
          if (!parsed.success) {
            // A payload no handler can read fails now instead of being retried: it stays visible.
            throw new Error(`invalid ${job.name} payload: ${parsed.error.message}`)
          }
          const context: JobContext = { id: taken.id, signal: taken.signal }
          await handler(parsed.data, context)
        },
      )
    },
    async queueStats() {
      const queues = await boss.getQueues()
      return queues.map((q) => ({
        name: q.name,
        ready: q.readyCount,
        deferred: q.deferredCount,
        active: q.activeCount,
        failed: q.failedCount,
      }))
    },
    async listen(channel, onNotification, onReconnect) {
      const db = boss.getDb()
      if (!db.listen) throw new Error('the job queue cannot LISTEN on this database')
      return db.listen(channel, onNotification, onReconnect)
    },
    async stop(timeoutMs = 10_000) {
      if (stopped) return
      stopped = true
      await boss.stop({ graceful: true, timeout: timeoutMs, close: pglite === null })
    },
  }
}

/**
 * The send options of a scheduled job's tick: one singleton key per job kind, so that a tick sent
 * while another waits is dropped (the same work would run twice in a row for nothing). Tests send a
 * tick with it as pg-boss's scheduler does.
 */
export function scheduledTick(job: JobDefinition): { singletonKey: string } {
  return { singletonKey: job.name }
}

/** Creates (or brings up to date) the queue's schema, these queues and their schedules, then lets go: test templates. */
export async function installJobQueue(database: Database, definitions: readonly JobDefinition[]): Promise<void> {
  const jobs = await openJobQueue(database, definitions, { log: console, schedule: false })
  await jobs.stop()
}
