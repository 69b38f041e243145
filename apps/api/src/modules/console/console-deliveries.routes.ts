import {
  AdminDeliveryDetails,
  AdminDeliveryStatusPage,
  AdminDeliveryStatusQuery,
  AdminDeliveryVerification,
  AdminIdParams,
  AdminPersonalQuery,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { purchaseDeliveryDetails } from './delivery-details.ts'
import { deliveryStatus } from './delivery-status.ts'
import { verifyDeliveries } from './delivery-verify.ts'
import type { ConsoleDeps } from './lists-common.ts'

/** The admin console's delivery checks (spec §7 "Admin"): fan-outs, a purchase's alerts, a check of one pick's. */
export const consoleDeliveriesRoutes: FastifyPluginAsyncZod<ConsoleDeps> = async (app, deps) => {
  app.get(
    '/admin/purchases/:id/delivery-details',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Each pick a purchase entitled its buyer to, and every delivery of it by channel',
        params: AdminIdParams,
        querystring: AdminPersonalQuery,
        response: { 200: AdminDeliveryDetails },
      },
    },
    async (request) => purchaseDeliveryDetails(deps, request, request.params.id, request.query),
  )

  app.get(
    '/admin/delivery/status',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'The newest pick fan-outs with their deliveries by channel and status (50 unless asked)',
        querystring: AdminDeliveryStatusQuery,
        response: { 200: AdminDeliveryStatusPage },
      },
    },
    async (request) => deliveryStatus(deps, request.query),
  )

  app.get(
    '/admin/delivery/verify/:id',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Check a pick (or a purchase) reached every entitled recipient exactly once per channel',
        params: AdminIdParams,
        querystring: AdminPersonalQuery,
        response: { 200: AdminDeliveryVerification },
      },
    },
    async (request) => verifyDeliveries(deps, request, request.params.id, request.query),
  )
}
