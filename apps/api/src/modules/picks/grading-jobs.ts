import { z } from 'zod'
import type { Jobs } from '../../jobs/queue.ts'
import { defineJob } from '../../jobs/registry.ts'
import type { Grader } from './grading.ts'

/**
 * Every five minutes: pending picks graded from the odds provider's scores. Grading a pick is a
 * claim on its pending row, so a repeat grades nothing twice; `stately` keeps one tick waiting and
 * one running across every process.
 */
export const gradeDueJob = defineJob({
  name: 'picks.grade-due',
  payload: z.object({}),
  queue: {
    policy: 'stately',
    // The next tick is the retry: a failed one stays visible in state `failed`.
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 10 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
  concurrency: 1,
})

export const gradingJobs = [gradeDueJob] as const

/** Runs grading in this process, and puts it on pg-boss's cron every five minutes. */
export async function workGrading(
  jobs: Jobs,
  grader: Pick<Grader, 'gradeDue'>,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await jobs.work(gradeDueJob, async () => {
    try {
      await grader.gradeDue()
    } catch (err) {
      log.error({ err, job: gradeDueJob.name }, 'scheduled work failed; it runs again next time')
      throw err
    }
  })
  await jobs.schedule(gradeDueJob, '*/5 * * * *', {})
}
