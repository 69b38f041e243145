import { z } from 'zod'
import type { Jobs } from './queue.ts'
import { defineJob, type JobDefinition } from './registry.ts'

const NoPayload = z.object({})
export type ScheduledJob = JobDefinition<typeof NoPayload>

/**
 * Periodic work pg-boss's cron starts. `stately` keeps one tick waiting and one running across every
 * process, so two API processes and a worker never run the same tick twice; the next tick is the
 * retry, and a failed one stays visible in state `failed`.
 */
export function defineScheduledJob(name: string, { expireInSeconds }: { expireInSeconds: number }): ScheduledJob {
  return defineJob({
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
  })
}

/** Runs `run` for each tick of `job` in this process, and puts `job` on pg-boss's cron (UTC, minute resolution). */
export async function workScheduled(
  jobs: Jobs,
  job: ScheduledJob,
  cron: string,
  run: () => Promise<unknown>,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await jobs.work(job, async () => {
    try {
      await run()
    } catch (err) {
      log.error({ err, job: job.name }, 'scheduled work failed; it runs again next time')
      throw err
    }
  })
  await jobs.schedule(job, cron, {})
}
