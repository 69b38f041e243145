import {
  AdminDeliveryDetails,
  AdminDeliveryStatusPage,
  AdminDeliveryStatusQuery,
  AdminDeliveryVerification,
  AdminEmailLogsPage,
  AdminEmailLogsQuery,
  AdminChannelSubscribersPage,
  AdminChannelSubscribersQuery,
  AdminIdParams,
  AdminMessageDetail,
  AdminPersonalQuery,
  AdminSmsLogsPage,
  AdminSmsLogsQuery,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { purchaseDeliveryDetails } from './delivery-details.ts'
import { messageDetail } from './delivery-log-detail.ts'
import { emailLogs, smsLogs } from './delivery-logs.ts'
import { channelSubscribers } from './delivery-subscribers.ts'
import { deliveryStatus } from './delivery-status.ts'
import { verifyDeliveries } from './delivery-verify.ts'
import type { ConsoleDeps } from './lists-common.ts'

/**
 * The admin console's delivery checks and message logs (spec §7 "Admin", "SMS and e-mail"): fan-outs,
 * a purchase's alerts, a check of one pick's, and the e-mail and SMS logs.
 */
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

  for (const channel of ['email', 'sms'] as const) {
    const label = channel === 'email' ? 'e-mail' : 'text'
    app.get(
      `/admin/${channel}-subscribers`,
      {
        config: { access: 'verifiedAdmin' },
        schema: {
          tags: ['admin'],
          summary: `Who may get each creator's alerts by ${label}, and whether that channel reaches them now`,
          querystring: AdminChannelSubscribersQuery,
          response: { 200: AdminChannelSubscribersPage },
        },
      },
      async (request) => channelSubscribers(deps, request, channel, request.query),
    )
    app.get(
      `/admin/${channel}-logs/:id`,
      {
        config: { access: 'verifiedAdmin' },
        schema: {
          tags: ['admin'],
          summary: `One ${label} as sent (an alert delivery or an outbox message) and its statuses`,
          params: AdminIdParams,
          querystring: AdminPersonalQuery,
          response: { 200: AdminMessageDetail },
        },
      },
      async (request) => messageDetail(deps, request, channel, request.params.id, request.query),
    )
  }

  app.get(
    '/admin/email-logs',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Every e-mail: alert deliveries with their statuses, and the e-mail outbox, newest first',
        querystring: AdminEmailLogsQuery,
        response: { 200: AdminEmailLogsPage },
      },
    },
    async (request) => emailLogs(deps, request, request.query),
  )

  app.get(
    '/admin/sms-logs',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary: 'Every text: alert deliveries with their statuses, and the SMS outbox (codes too), newest first',
        querystring: AdminSmsLogsQuery,
        response: { 200: AdminSmsLogsPage },
      },
    },
    async (request) => smsLogs(deps, request, request.query),
  )
}
