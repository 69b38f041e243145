import type { Jobs } from '../../jobs/queue.ts'
import { defineScheduledJob, workScheduled, type ScheduledLog } from '../../jobs/scheduled.ts'

/**
 * Every minute: billing's scheduled work (sandbox renewals, passes expiring, stale checkouts). Safe
 * to repeat, as each step claims its rows.
 */
export const billingJob = defineScheduledJob('billing.scheduled', { cron: '* * * * *', expireInSeconds: 5 * 60 })

export const billingJobs = [billingJob] as const

/** Runs billing's scheduled work in this process (each tick pg-boss's cron sends, every minute). */
export async function workBilling(
  jobs: Jobs,
  billing: { runScheduled(): Promise<void> },
  log: ScheduledLog,
): Promise<void> {
  await workScheduled(jobs, billingJob, () => billing.runScheduled(), log)
}
