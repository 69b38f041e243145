import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, sendOnStart, workScheduled, type ScheduledLog } from '../../jobs/scheduled.ts'

/**
 * Every night at 00:10 UTC, and once when the jobs start (`sendOnStart`): every creator's days settled since their
 * newest stored one are stored (decision 037), so a creator's first analytics read of the day does
 * not pay for it, and a creator with years of history never waits for them all on a read. Safe to
 * repeat and to race with a read: settling is idempotent, under the creator's settling lock.
 */
export const settleDaysJob = defineScheduledJob('analytics.settle-days', {
  cron: '10 0 * * *',
  expireInSeconds: 60 * 60,
})

export const analyticsJobs = [settleDaysJob] as const

export async function workAnalytics(
  jobs: Jobs,
  analytics: { settleAll(): Promise<unknown> },
  log: ScheduledLog,
): Promise<void> {
  await workScheduled(jobs, settleDaysJob, () => analytics.settleAll(), log)
  await sendOnStart(jobs, settleDaysJob)
}
