import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, workScheduled, type ScheduledLog } from '../../jobs/scheduled.ts'
import type { Grader } from './grading.ts'

/**
 * Every five minutes: pending picks graded from the odds provider's scores. Grading a pick is a
 * claim on its pending row, so a repeat grades nothing twice.
 */
export const gradeDueJob = defineScheduledJob('picks.grade-due', { cron: '*/5 * * * *', expireInSeconds: 10 * 60 })

export const gradingJobs = [gradeDueJob] as const

/** Runs grading in this process (each tick pg-boss's cron sends, every five minutes). */
export async function workGrading(jobs: Jobs, grader: Pick<Grader, 'gradeDue'>, log: ScheduledLog): Promise<void> {
  await workScheduled(jobs, gradeDueJob, () => grader.gradeDue(), log)
}
