import { z } from 'zod'
import { scheduledTick, type Jobs } from './queue.ts'
import { defineJob, type JobDefinition } from './registry.ts'

const NoPayload = z.object({})
export type ScheduledJob = JobDefinition<typeof NoPayload> & { cron: string }

/** What a scheduled job's work logs through: a failure, and each tick done (at debug level). */
export interface ScheduledLog {
  error(obj: object, msg: string): void
  debug(obj: object, msg: string): void
}

/**
 * Periodic work pg-boss's cron starts, on `cron` (UTC, minute resolution). The queue puts it on the
 * cron when it opens (jobs/queue.ts). `stately` keeps one tick waiting and one running across every
 * process, so two API processes and a worker never run the same tick twice; the next tick is the
 * retry, and a failed one stays visible in state `failed`.
 */
export function defineScheduledJob(
  name: string,
  { cron, expireInSeconds }: { cron: string; expireInSeconds: number },
): ScheduledJob {
  return {
    ...defineJob({
      name,
      payload: NoPayload,
      queue: {
        policy: 'stately',
        retryLimit: 0,
        retryDelay: 0,
        retryBackoff: false,
        expireInSeconds,
        deleteAfterSeconds: 24 * 3600,
      },
      concurrency: 1,
    }),
    cron,
  }
}

/**
 * Sends one extra tick of `job` now, when the jobs start (a nightly job catching up on a night the
 * service was down): one an hour, however many processes start, and none while a tick waits.
 */
export async function sendOnStart(jobs: Jobs, job: ScheduledJob): Promise<void> {
  await jobs.send(job, {}, { ...scheduledTick(job), singletonSeconds: 3600 })
}

/** Runs `run` for each tick of `job` that this process takes. */
export async function workScheduled(
  jobs: Jobs,
  job: ScheduledJob,
  run: () => Promise<unknown>,
  log: ScheduledLog,
): Promise<void> {
  await jobs.work(job, async (_payload, tick) => {
    const started = performance.now()
    try {
      await run()
    } catch (err) {
      log.error({ err, job: job.name, jobId: tick.id }, 'scheduled work failed; it runs again next time')
      throw err
    }
    log.debug({ job: job.name, jobId: tick.id, ms: Math.round(performance.now() - started) }, 'scheduled work done')
  })
}
