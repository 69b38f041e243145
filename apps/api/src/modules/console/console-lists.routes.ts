import {
  AdminCreatorPerformanceQuery,
  AdminCreatorsPage,
  AdminCreatorsQuery,
  AdminCustomersPage,
  AdminCustomersQuery,
  AdminIdParams,
  AdminPurchasesPage,
  AdminPurchasesQuery,
  AdminSubscribersPage,
  AdminSubscribersQuery,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { listCreatorSubscribers } from './creators-list-subscribers.ts'
import { listCreators } from './creators-list.ts'
import { listCustomers } from './customers-list.ts'
import type { ConsoleDeps } from './lists-common.ts'
import { listPurchases } from './purchases-list.ts'

/** The admin console's lists of creators, customers and purchases (spec §7 "Admin"), for verified admins. */
export const consoleListsRoutes: FastifyPluginAsyncZod<ConsoleDeps> = async (app, deps) => {
  app.get(
    '/admin/creators',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Creators with sales, fees, subscribers, record, last pick and payout account, newest first',
        querystring: AdminCreatorsQuery,
        response: { 200: AdminCreatorsPage },
      },
    },
    async (request) => listCreators(deps, request, request.query, 'creators'),
  )

  app.get(
    '/admin/creators/performance',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'The top creators by net units, ROI, sales or subscribers (20 unless asked)',
        querystring: AdminCreatorPerformanceQuery,
        response: { 200: AdminCreatorsPage },
      },
    },
    async (request) => listCreators(deps, request, request.query, 'creator_performance'),
  )

  app.get(
    '/admin/creators/:id/subscribers',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: "A creator's buyers: plan, status, since, renewal or end, and what each paid",
        params: AdminIdParams,
        querystring: AdminSubscribersQuery,
        response: { 200: AdminSubscribersPage },
      },
    },
    async (request) => listCreatorSubscribers(deps, request, request.params.id, request.query),
  )

  app.get(
    '/admin/customers',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Customers with total spent, live subscriptions and last purchase, biggest spenders first',
        querystring: AdminCustomersQuery,
        response: { 200: AdminCustomersPage },
      },
    },
    async (request) => listCustomers(deps, request, request.query),
  )

  app.get(
    '/admin/purchases',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Every purchase with its buyer and creator, newest first, by status or text',
        querystring: AdminPurchasesQuery,
        response: { 200: AdminPurchasesPage },
      },
    },
    async (request) => listPurchases(deps, request, request.query),
  )
}
