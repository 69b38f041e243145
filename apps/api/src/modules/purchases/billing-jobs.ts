import { z } from 'zod'
import type { Jobs } from '../../jobs/queue.ts'
import { defineJob } from '../../jobs/registry.ts'
import type { Billing } from './billing.ts'

/**
 * Every minute: billing's scheduled work (sandbox renewals, passes expiring, stale checkouts). Safe
 * to repeat, as each step claims its rows; `stately` keeps one tick waiting and one running across
 * every process, so two API processes and a worker never run the same tick twice.
 */
export const billingJob = defineJob({
  name: 'billing.scheduled',
  payload: z.object({}),
  queue: {
    policy: 'stately',
    // The next tick is the retry: a failed one stays visible in state `failed`.
    retryLimit: 0,
    retryDelay: 0,
    retryBackoff: false,
    expireInSeconds: 5 * 60,
    deleteAfterSeconds: 24 * 3600,
  },
  concurrency: 1,
})

export const billingJobs = [billingJob] as const

/** Runs billing's scheduled work in this process, and puts it on pg-boss's cron (minute resolution). */
export async function workBilling(
  jobs: Jobs,
  billing: Pick<Billing, 'runScheduled'>,
  log: { error(obj: object, msg: string): void },
): Promise<void> {
  await jobs.work(billingJob, async () => {
    try {
      await billing.runScheduled()
    } catch (err) {
      log.error({ err, job: billingJob.name }, 'scheduled work failed; it runs again next time')
      throw err
    }
  })
  await jobs.schedule(billingJob, '* * * * *', {})
}
