import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, workScheduled } from '../../jobs/scheduled.ts'
import type { Grader } from './grading.ts'

/**
 * Every five minutes: pending picks graded from the odds provider's scores. Grading a pick is a
 * claim on its pending row, so a repeat grades nothing twice.
 */
export const gradeDueJob = defineScheduledJob('picks.grade-due', { expireInSeconds: 10 * 60 })

export const gradingJobs = [gradeDueJob] as const

/** Runs grading in this process, and puts it on pg-boss's cron every five minutes. */
export async function workGrading(
  jobs: Jobs,
  grader: Pick<Grader, 'gradeDue'>,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await workScheduled(jobs, gradeDueJob, '*/5 * * * *', () => grader.gradeDue(), log)
}
