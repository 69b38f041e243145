import {
  AdminDashboard,
  MetricsOverview,
  MetricsRangeQuery,
  RevenueReport,
  SubscriptionsOverview,
  SystemStatus,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Database } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { adminDashboard } from './metrics-dashboard.ts'
import { metricsOverview } from './metrics-overview.ts'
import { revenueReport } from './revenue.ts'
import { subscriptionsOverview } from './subscriptions-overview.ts'
import { systemStatus, type LiveProviders } from './system-status.ts'

export interface ConsoleMetricsDeps {
  database: Database
  jobs: Jobs
  providers: LiveProviders
  now: () => Date
  startedAt: Date
}

/** The admin console's figures and the system's status (spec §7 Admin, issue 16), for verified admins. */
export const consoleMetricsRoutes: FastifyPluginAsyncZod<ConsoleMetricsDeps> = async (app, deps) => {
  const db = deps.database.db
  app.get(
    '/admin/metrics/overview',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'People, subscriptions, money, picks and deliveries over today, 7 and 30 days and all time (UTC)',
        response: { 200: MetricsOverview },
      },
    },
    async () => metricsOverview(db, deps.now()),
  )
  app.get(
    '/admin/dashboard',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: "The operator's first screen: the overview, 30 days of revenue and what needs attention",
        response: { 200: AdminDashboard },
      },
    },
    async () => adminDashboard(db, deps.now()),
  )
  app.get(
    '/admin/metrics/revenue',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Gross sales, platform fees, refunds and net by UTC day, week or month',
        querystring: MetricsRangeQuery,
        response: { 200: RevenueReport },
      },
    },
    async (request) => revenueReport(db, request.query, deps.now()),
  )
  app.get(
    '/admin/subscriptions/overview',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Subscriptions by status, started and ended per UTC period, churn and trial conversion',
        querystring: MetricsRangeQuery,
        response: { 200: SubscriptionsOverview },
      },
    },
    async (request) => subscriptionsOverview(db, request.query, deps.now()),
  )
  app.get(
    '/admin/system-status',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'The database and its migration, job queues, outboxes, live providers, version, uptime and memory',
        response: { 200: SystemStatus },
      },
    },
    async () => systemStatus({ ...deps }),
  )
}
