import {
  ChannelStats,
  CreateDeliveryMethodBody,
  CreatorLogsQuery,
  CreatorSubscribersAnswer,
  CreatorSubscribersQuery,
  DeliveryLogsAnswer,
  DeliveryMethod,
  DeliveryMethodParams,
  DeliveryMethodsAnswer,
  NotificationCreatorParams,
  SendBatchAnswer,
  StatsQuery,
  TestEmailAnswer,
  TestEmailBody,
  UpdateDeliveryMethodBody,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { assertOwner, callerOf } from '../auth/guard.ts'
import type { AlertDeps } from './alert-jobs.ts'
import type { AlertServiceDeps } from './alert-lookups.ts'
import { channelStats } from './alert-stats.ts'
import { creatorSubscribers } from './creator-subscribers.ts'
import { creatorDeliveries } from './delivery-logs.ts'
import {
  addDeliveryMethod,
  deliveryMethodsOf,
  findDeliveryMethod,
  removeDeliveryMethod,
  setDeliveryMethodActive,
} from './delivery-methods.ts'
import { sendBatchNow } from './send-batch.ts'
import { sendTestEmail } from './test-email.ts'

/** A creator's alerts (spec §7 "SMS and e-mail" and "delivery methods"): stats, logs, subscribers, test e-mail. */
export const creatorAlertsRoutes: FastifyPluginAsyncZod<{ services: AlertServiceDeps; alerts: AlertDeps }> = async (
  app,
  options,
) => {
  const { services, alerts } = options
  const tags = ['alerts']

  // --- A creator's view: stats, logs, the batch, subscribers --------------------------------

  app.get(
    '/sms/creator-stats/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's pick texts in a timeframe by status, and how many people texts reach now",
        params: NotificationCreatorParams,
        querystring: StatsQuery,
        response: { 200: ChannelStats },
      },
    },
    async (request) => channelStats(services, request.params.id, 'sms', request.query.timeframe),
  )

  app.get(
    '/creator/email-stats/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary:
          "The creator's pick e-mails in a timeframe (default 30d) by status, and how many people e-mail reaches now",
        params: NotificationCreatorParams,
        querystring: StatsQuery,
        response: { 200: ChannelStats },
      },
    },
    async (request) => channelStats(services, request.params.id, 'email', request.query.timeframe),
  )

  app.get(
    '/sms/creator-logs/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's messages on a channel (default texts), newest first, addresses masked",
        params: NotificationCreatorParams,
        querystring: CreatorLogsQuery,
        response: { 200: DeliveryLogsAnswer },
      },
    },
    async (request) => creatorDeliveries(services, request.params.id, request.query),
  )

  app.post(
    '/sms/send-batch-now/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'Makes every queued delivery of the creator due now and starts sending them',
        params: NotificationCreatorParams,
        response: { 200: SendBatchAnswer },
      },
    },
    async (request) => sendBatchNow(alerts, request.params.id),
  )

  app.get(
    '/creator/subscribers/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's audience (entitled customers, then followers) with their channels",
        params: NotificationCreatorParams,
        querystring: CreatorSubscribersQuery,
        response: { 200: CreatorSubscribersAnswer },
      },
    },
    async (request) => creatorSubscribers(services, request.params.id, request.query.limit),
  )

  // --- Test e-mail ----------------------------------------------------------------------------

  app.post(
    '/test-email',
    {
      // To the caller's own address only; the service refuses anyone without a creator profile.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Sends the creator a test pick e-mail at once, to their own address only (5 an hour)',
        body: TestEmailBody,
        response: { 200: TestEmailAnswer },
      },
    },
    async (request) => sendTestEmail(alerts, (await callerOf(request)).user, request.body.email),
  )

  // --- Delivery methods -----------------------------------------------------------------------

  app.get(
    '/delivery-methods/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The channels a creator offers (public: the storefront says how picks arrive)',
        params: NotificationCreatorParams,
        response: { 200: DeliveryMethodsAnswer },
      },
    },
    async (request) => deliveryMethodsOf(services, request.params.id),
  )

  app.post(
    '/delivery-methods',
    {
      config: { access: { owner: 'body.creatorId' } },
      schema: {
        tags,
        summary: 'Adds a channel the creator offers (or stops offering, with isActive false)',
        body: CreateDeliveryMethodBody,
        response: { 201: DeliveryMethod },
      },
    },
    async (request, reply) => reply.status(201).send(await addDeliveryMethod(services, request.body)),
  )

  app.put(
    '/delivery-methods/:id',
    {
      // The handler loads the method and lets only its creator or a verified admin change it.
      config: { access: { resource: 'creator' } },
      schema: {
        tags,
        summary: 'Turns a delivery method on or off',
        params: DeliveryMethodParams,
        body: UpdateDeliveryMethodBody,
        response: { 200: DeliveryMethod },
      },
    },
    async (request) => {
      const { id } = request.params
      const method = await findDeliveryMethod(services, id)
      await assertOwner(request, method.creatorId, 'You can only change your own delivery methods')
      return setDeliveryMethodActive(services, id, request.body.isActive)
    },
  )

  app.delete(
    '/delivery-methods/:id',
    {
      // The handler loads the method and lets only its creator or a verified admin remove it.
      config: { access: { resource: 'creator' } },
      schema: {
        tags,
        summary: 'Removes a delivery method (a creator with none offers both channels)',
        params: DeliveryMethodParams,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      const method = await findDeliveryMethod(services, id)
      await assertOwner(request, method.creatorId, 'You can only change your own delivery methods')
      await removeDeliveryMethod(services, id)
      return reply.status(204).send(null)
    },
  )
}
