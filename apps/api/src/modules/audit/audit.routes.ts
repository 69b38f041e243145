import { AuditLogPage, AuditLogQuery } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { listAudit } from './audit.service.ts'

/** The audit log of every admin and moderator action (issue 16, point 5), read by a verified admin. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/admin/audit-log',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log: who did what to which target, before and after, newest first',
        querystring: AuditLogQuery,
        response: { 200: AuditLogPage },
      },
    },
    async (request) => listAudit(db, request.query),
  )
}
