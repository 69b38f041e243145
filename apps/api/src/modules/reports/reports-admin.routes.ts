import {
  AdminErrorFingerprintParams,
  AdminErrorGroupDetail,
  AdminErrorGroupPage,
  AdminErrorsQuery,
  AdminPerformance,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  errorGroupDetail,
  listErrorGroups,
  performanceSummary,
  type ReportsAdminDeps,
} from './reports-admin.service.ts'

/**
 * The admin console's views of the browsers' reports (issue 18, point 4; decision 042): error
 * groups, one group with its recent reports, and the Web Vitals per route. Verified admins only,
 * like the console's other lists.
 */
export const reportsAdminRoutes: FastifyPluginAsyncZod<ReportsAdminDeps> = async (app, deps) => {
  app.get(
    '/admin/errors',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        operationId: 'listClientErrorGroups',
        tags: ['admin'],
        summary:
          "The browsers' errors grouped by fingerprint, latest first: counts, people, first and last seen, releases, routes, browsers and the symbolicated top frame (counted over the reports the filters match)",
        querystring: AdminErrorsQuery,
        response: { 200: AdminErrorGroupPage },
      },
    },
    async (request) => listErrorGroups(deps, request.query),
  )

  app.get(
    '/admin/errors/:fingerprint',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        operationId: 'getClientErrorGroup',
        tags: ['admin'],
        summary: 'One error group: its figures, the latest stack symbolicated and its 20 latest reports',
        params: AdminErrorFingerprintParams,
        response: { 200: AdminErrorGroupDetail },
      },
    },
    async (request) => errorGroupDetail(deps, request.params.fingerprint),
  )

  app.get(
    '/admin/performance',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        operationId: 'getClientPerformance',
        tags: ['admin'],
        summary:
          'Per route and metric, the 75th percentile of the Web Vitals and route changes over the last 24 hours and 7 days, rated against the thresholds',
        response: { 200: AdminPerformance },
      },
    },
    async () => performanceSummary(deps),
  )
}
