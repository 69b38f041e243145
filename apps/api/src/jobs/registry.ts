import type { z } from 'zod'

/**
 * A kind of background work: its queue name, the zod schema of its payload (checked when a job is
 * sent and again when it is taken), and how its queue retries, expires and keeps jobs. Handlers are
 * registered apart (`Jobs.work`), because they need the app's services.
 */
export interface JobDefinition<Payload extends z.ZodType = z.ZodType> {
  name: string
  payload: Payload
  queue: {
    /** `stately`: at most one job queued and one running per singleton key; `standard`: no limit. */
    policy: 'standard' | 'stately'
    retryLimit: number
    /** Seconds before the first retry; doubled each time when `retryBackoff`. */
    retryDelay: number
    retryBackoff: boolean
    retryDelayMax?: number
    /** A running job not finished by then is taken back and retried. */
    expireInSeconds: number
    /** A worker that stops beating this often is taken for dead, and its job retried (≥ 10). */
    heartbeatSeconds?: number
    /** How long finished jobs stay visible; failed ones stay until deleted by an operator or this. */
    deleteAfterSeconds: number
  }
  /** Jobs of this kind one process runs at once. */
  concurrency: number
  /**
   * A scheduled job's cron expression (UTC, minute resolution; `defineScheduledJob`): the queue puts
   * it on pg-boss's cron when it opens, with `scheduledTick`'s key.
   */
  cron?: string
}

export function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition
}

/** What a handler learns of the job besides its payload. */
export interface JobContext {
  id: string
  /** Aborted when the job's claim is gone (expired, or the queue is stopping). */
  signal: AbortSignal
}

export type JobHandler<Payload extends z.ZodType> = (payload: z.output<Payload>, job: JobContext) => Promise<void>
