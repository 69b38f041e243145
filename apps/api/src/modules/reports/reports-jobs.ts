import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, sendOnStart, workScheduled, type ScheduledLog } from '../../jobs/scheduled.ts'

/**
 * Every day at 03:20 UTC, and once when the jobs start (`sendOnStart`): the client reports older than their
 * retention are deleted (decision 039), so what browsers send can never fill the disk. Deleting in
 * batches keeps each statement short; a run cut short leaves the rest to the next.
 */
export const pruneReportsJob = defineScheduledJob('reports.prune', { cron: '20 3 * * *', expireInSeconds: 60 * 60 })

export const reportsJobs = [pruneReportsJob] as const

export async function workReports(
  jobs: Jobs,
  reports: { prune(): Promise<unknown> },
  log: ScheduledLog,
): Promise<void> {
  await workScheduled(jobs, pruneReportsJob, () => reports.prune(), log)
  await sendOnStart(jobs, pruneReportsJob)
}
