import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, workScheduled } from '../../jobs/scheduled.ts'

/**
 * Every day at 03:20 UTC, and once when the jobs start: the client reports older than their
 * retention are deleted (decision 039), so what browsers send can never fill the disk. Deleting in
 * batches keeps each statement short; a run cut short leaves the rest to the next.
 */
export const pruneReportsJob = defineScheduledJob('reports.prune', { expireInSeconds: 60 * 60 })

export const reportsJobs = [pruneReportsJob] as const

export async function workReports(
  jobs: Jobs,
  reports: { prune(): Promise<unknown> },
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await workScheduled(jobs, pruneReportsJob, '20 3 * * *', () => reports.prune(), log)
  await jobs.send(pruneReportsJob, {})
}
