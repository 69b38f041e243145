import { alertJobs, workAlerts, type AlertDeps } from '../modules/alerts/alert-jobs.ts'
import { analyticsJobs, workAnalytics } from '../modules/analytics/analytics-jobs.ts'
import type { Grader } from '../modules/picks/picks.service.ts'
import { gradingJobs, workGrading } from '../modules/picks/grading-jobs.ts'
import { billingJobs, workBilling, type Billing } from '../modules/billing/billing.service.ts'
import { reportsJobs, workReports } from '../modules/reports/reports-jobs.ts'
import type { Jobs } from './queue.ts'
import type { ScheduledLog } from './scheduled.ts'

/**
 * Every kind of job the product has, from each feature's own jobs file: the queues `openJobQueue`
 * creates. The server (RUN_WORKER, the default) and `npm run worker` both run all of them.
 */
export const allJobs = [...alertJobs, ...billingJobs, ...gradingJobs, ...analyticsJobs, ...reportsJobs] as const

/** What the job handlers need: the services the server and the worker each build. */
export interface JobServices {
  alerts: AlertDeps
  billing: Pick<Billing, 'runScheduled'>
  grader: Pick<Grader, 'gradeDue'>
  /** Stores every creator's settled analytics days (decision 037). */
  analytics: { settleAll(): Promise<unknown> }
  /** Deletes client reports past their retention (decision 039). */
  reports: { prune(): Promise<unknown> }
  log: ScheduledLog
}

/**
 * Takes every kind of job in this process, the scheduled ones included (the alert sweep and billing
 * every minute, grading every five, analytics' settled days and the client reports' pruning
 * nightly), which the queue put on pg-boss's cron when it opened. Safe from any number of
 * processes: pg-boss keeps one schedule per job and sends each tick once, and the `stately` queues
 * run one at a time.
 */
export async function workAllJobs(jobs: Jobs, services: JobServices): Promise<void> {
  await workAlerts(jobs, services.alerts, services.log)
  await workBilling(jobs, services.billing, services.log)
  await workGrading(jobs, services.grader, services.log)
  await workAnalytics(jobs, services.analytics, services.log)
  await workReports(jobs, services.reports, services.log)
}
