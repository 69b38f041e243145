import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import type { Auth } from '../auth/auth.service.ts'
import type { AlertDeps } from './alert-jobs.ts'

export interface SmsWebhooksOptions {
  auth: Auth
  db: Db
  alerts: AlertDeps
  /** Twilio's auth token and the public address its webhooks are signed for; null: the outbox is in use. */
  twilio: Config['twilio']
  publicUrl: string
  now: () => Date
}

/** Texts arriving (STOP, START, HELP), Twilio's delivery reports, and the outbox's simulated replies. */
export const smsWebhooksRoutes: FastifyPluginAsyncZod<SmsWebhooksOptions> = async () => {}
