import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { Auth } from '../auth/auth.service.ts'
import type { AlertDeps } from './alert-jobs.ts'

export interface AlertsRoutesOptions {
  auth: Auth
  db: Db
  jobs: Jobs
  alerts: AlertDeps
  now: () => Date
}

/** Spec §7 "SMS and e-mail" and "delivery methods": preferences, logs, stats, subscribers, test e-mail. */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async () => {}
