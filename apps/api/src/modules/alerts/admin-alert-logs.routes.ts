import { AdminEmailLogsAnswer, AdminLogsQuery, AdminSmsLogsAnswer } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { adminAlertLogs } from './admin-alert-logs.ts'
import type { AlertServiceDeps } from './alert-lookups.ts'

/** The operators' logs of every text and e-mail (spec §7 "SMS and e-mail"). */
export const adminAlertLogsRoutes: FastifyPluginAsyncZod<{ services: AlertServiceDeps }> = async (app, options) => {
  const { services } = options

  app.get(
    '/admin/sms-logs',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Every text: alert deliveries with their statuses, and the SMS outbox (codes too)',
        querystring: AdminLogsQuery,
        response: { 200: AdminSmsLogsAnswer },
      },
    },
    async (request) => adminAlertLogs(services, 'sms', request.query),
  )

  app.get(
    '/admin/email-logs',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Every e-mail: alert deliveries with their statuses, and the e-mail outbox',
        querystring: AdminLogsQuery,
        response: { 200: AdminEmailLogsAnswer },
      },
    },
    async (request) => adminAlertLogs(services, 'email', request.query),
  )
}
