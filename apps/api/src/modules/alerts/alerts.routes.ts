import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { alertPreferencesRoutes } from './alert-preferences.routes.ts'
import { creatorAlertsRoutes } from './creator-alerts.routes.ts'
import { emailUnsubscribeRoutes } from './email-unsubscribe.routes.ts'

export interface AlertsRoutesOptions {
  db: Db
  jobs: Jobs
  alerts: AlertDeps
  now: () => Date
}

/**
 * Spec §7 "SMS and e-mail" and "delivery methods": a person's alerts, a creator's, the one-click
 * unsubscribe, each its own plugin; this one registers them for app.ts. (The operators' e-mail and
 * SMS logs are the admin console's: console/console-deliveries.routes.ts.)
 */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, deps) => {
  const services = { db: deps.db, now: deps.now }
  await app.register(alertPreferencesRoutes, { services })
  await app.register(creatorAlertsRoutes, { services, alerts: deps.alerts })
  await app.register(emailUnsubscribeRoutes, { services, links: deps.alerts.links })
}
