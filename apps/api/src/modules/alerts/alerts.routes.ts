import {
  AdminEmailLogsAnswer,
  AdminLogsQuery,
  AdminSmsLogsAnswer,
  AllEmailPreferencesAnswer,
  ChannelStats,
  CreateDeliveryMethodBody,
  CreatorLogsQuery,
  CreatorSubscribersAnswer,
  CreatorSubscribersQuery,
  DeliveryLogsAnswer,
  DeliveryMethod,
  DeliveryMethodParams,
  DeliveryMethodsAnswer,
  EmailPreference,
  EmailPreferenceParams,
  EmailPreferencesUserParams,
  NotificationCreatorParams,
  NotificationPreferences,
  NotificationUserParams,
  SendBatchAnswer,
  SmsStatus,
  SmsSubscribeBody,
  StatsQuery,
  SubscriberNotifications,
  SubscriberNotificationsBody,
  TestEmailAnswer,
  TestEmailBody,
  UnsubscribeAnswer,
  UnsubscribeQuery,
  UpdateDeliveryMethodBody,
  UpdateEmailPreferenceBody,
  UpdateNotificationPreferencesBody,
  text,
  UserLogsQuery,
} from '@picks/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { Auth } from '../auth/auth.service.ts'
import { assertOwner, callerOf } from '../auth/guard.ts'
import type { Jobs } from '../../jobs/queue.ts'
import type { AlertDeps } from './alert-jobs.ts'
import { escapeHtml } from './alert-messages.ts'
import {
  addDeliveryMethod,
  adminLogs,
  allCreatorPreferences,
  channelStats,
  creatorChoices,
  creatorDeliveries,
  creatorSubscribers,
  deliveryMethodsOf,
  findDeliveryMethod,
  notificationPreferences,
  receivedDeliveries,
  removeDeliveryMethod,
  sendBatchNow,
  sendTestEmail,
  setCreatorChoices,
  setDeliveryMethodActive,
  setSmsEnabled,
  smsStatus,
  unsubscribeByToken,
  unsubscribeTarget,
  updateNotificationPreferences,
} from './alert-preferences.ts'

export interface AlertsRoutesOptions {
  auth: Auth
  db: Db
  jobs: Jobs
  alerts: AlertDeps
  now: () => Date
}

/** Spec §7 "SMS and e-mail" and "delivery methods": preferences, logs, stats, subscribers, test e-mail. */
export const alertsRoutes: FastifyPluginAsyncZod<AlertsRoutesOptions> = async (app, deps) => {
  const { db, alerts } = deps
  const services = { db, now: deps.now }
  const tags = ['alerts']

  // --- Texts: the global switch, its status and the person's own log ---------------------------

  app.post(
    '/sms/subscribe',
    {
      // `userId` (another person's) is checked by the handler: without it, the caller's own.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Turns text alerts on (a verified phone is needed); the signed-in person, or `userId` for an admin',
        body: SmsSubscribeBody,
        response: { 200: SmsStatus },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      const userId = request.body.userId ?? user.id
      await assertOwner(request, userId, 'You can only change your own alerts')
      return setSmsEnabled(services, userId, true)
    },
  )

  app.post(
    '/sms/unsubscribe',
    {
      // `userId` (another person's) is checked by the handler: without it, the caller's own.
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Turns text alerts off; the signed-in person, or `userId` for an admin',
        body: SmsSubscribeBody,
        response: { 200: SmsStatus },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      const userId = request.body.userId ?? user.id
      await assertOwner(request, userId, 'You can only change your own alerts')
      return setSmsEnabled(services, userId, false)
    },
  )

  app.get(
    '/sms/status/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'Whether texts reach the person now (phone, verification, STOP, the switch), and why not',
        params: NotificationUserParams,
        response: { 200: SmsStatus },
      },
    },
    async (request) => smsStatus(services, request.params.id),
  )

  app.get(
    '/sms/preferences/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'The two global switches: text and e-mail alerts',
        params: NotificationUserParams,
        response: { 200: NotificationPreferences },
      },
    },
    async (request) => notificationPreferences(services, request.params.id),
  )

  app.put(
    '/sms/preferences/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'Sets either global switch or both; texts need a verified phone',
        params: NotificationUserParams,
        body: UpdateNotificationPreferencesBody,
        response: { 200: NotificationPreferences },
      },
    },
    async (request) => updateNotificationPreferences(services, request.params.id, request.body),
  )

  app.get(
    '/sms/logs/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'The texts sent to the person, newest first (picks and replies to STOP or HELP)',
        params: NotificationUserParams,
        querystring: UserLogsQuery,
        response: { 200: DeliveryLogsAnswer },
      },
    },
    async (request) => receivedDeliveries(services, request.params.id, { limit: request.query.limit, channel: 'sms' }),
  )

  app.get(
    '/alerts/received/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'The alerts the person received recently, by e-mail and text, newest first',
        params: NotificationUserParams,
        querystring: UserLogsQuery,
        response: { 200: DeliveryLogsAnswer },
      },
    },
    async (request) =>
      receivedDeliveries(services, request.params.id, { limit: request.query.limit, channel: 'alerts' }),
  )

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

  // --- A person's choices for each creator -----------------------------------------------------

  app.get(
    '/email-preferences/:userId/all',
    {
      config: { access: { owner: 'params.userId' } },
      schema: {
        tags,
        summary: 'Every creator the person is entitled to or follows, with their choices and what the creator offers',
        params: EmailPreferencesUserParams,
        response: { 200: AllEmailPreferencesAnswer },
      },
    },
    async (request) => allCreatorPreferences(services, request.params.userId),
  )

  app.get(
    '/email-preferences/:userId/creator/:creatorId',
    {
      config: { access: { owner: 'params.userId' } },
      schema: {
        tags,
        summary: "Whether the creator's picks reach the person by e-mail",
        params: EmailPreferenceParams,
        response: { 200: EmailPreference },
      },
    },
    async (request) => {
      const { userId, creatorId } = request.params
      const choices = await creatorChoices(services, userId, creatorId)
      return { userId, creatorId, enabled: choices.email }
    },
  )

  app.put(
    '/email-preferences/:userId/creator/:creatorId',
    {
      config: { access: { owner: 'params.userId' } },
      schema: {
        tags,
        summary:
          "Turns the creator's e-mails on or off; turning them on without access follows the creator's free picks",
        params: EmailPreferenceParams,
        body: UpdateEmailPreferenceBody,
        response: { 200: EmailPreference },
      },
    },
    async (request) => {
      const { userId, creatorId } = request.params
      const choices = await setCreatorChoices(
        services,
        userId,
        creatorId,
        { email: request.body.enabled },
        { creatorId: 'params.creatorId', email: 'body.enabled', sms: 'body.smsEnabled' },
      )
      return { userId, creatorId, enabled: choices.email }
    },
  )

  app.put(
    '/creator/subscribers/:id/notifications',
    {
      // A creator cannot change what their customers chose: only the person or a verified admin.
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "Sets a person's e-mail and text choices for one creator (`id` is the person; only they or an admin)",
        params: NotificationUserParams,
        body: SubscriberNotificationsBody,
        response: { 200: SubscriberNotifications },
      },
    },
    async (request) => {
      const { id } = request.params
      const { creatorId, emailEnabled, smsEnabled } = request.body
      const choices = await setCreatorChoices(services, id, creatorId, { email: emailEnabled, sms: smsEnabled })
      return { userId: id, creatorId, emailEnabled: choices.email, smsEnabled: choices.sms }
    },
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

  // --- One-click unsubscribe (RFC 8058) -------------------------------------------------------

  const unsubscribeRoutes: FastifyPluginAsyncZod = async (unsubscribe) => {
    // Mail clients post the one-click body form-encoded or as multipart (RFC 8058 §3.1), and so
    // does our page's button. The body says nothing the signed token does not: it is not read.
    unsubscribe.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, _body, done) => done(null, {}),
    )

    unsubscribe.get(
      '/email/unsubscribe',
      {
        // Anyone with the link: the token, signed for one person and creator, is the proof.
        config: { access: 'signature' },
        schema: {
          tags,
          summary: "The unsubscribe link's page: a button that posts; opening the link changes nothing",
          querystring: z.object({ token: text().max(2000).optional() }),
        },
      },
      async (request, reply) => {
        const token = request.query.token ?? ''
        try {
          const target = await unsubscribeTarget(services, alerts.links.secret, token)
          const action = `/api/email/unsubscribe?token=${encodeURIComponent(token)}`
          return sendPage(reply, 200, confirmPage(target.creatorName, action, alerts.links.publicUrl))
        } catch (err) {
          if (!(err instanceof AppError)) throw err
          return sendPage(reply, err.status, problemPage(err.message, alerts.links.publicUrl))
        }
      },
    )

    unsubscribe.post(
      '/email/unsubscribe',
      {
        config: { access: 'signature' },
        schema: {
          tags,
          summary: "One-click unsubscribe: stops the creator's e-mails to the person the signed token names",
          querystring: UnsubscribeQuery,
          response: { 200: UnsubscribeAnswer },
        },
      },
      async (request, reply) => {
        const answer = await unsubscribeByToken(services, alerts.links.secret, request.query.token)
        // Our page's button is a browser navigation and wants a page back; mail clients get JSON.
        if (prefersHtml(request)) return sendPage(reply, 200, donePage(answer.creatorName, alerts.links.publicUrl))
        return answer
      },
    )
  }
  await app.register(unsubscribeRoutes)

  // --- Operators ------------------------------------------------------------------------------

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
    async (request) => adminLogs(services, 'sms', request.query),
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
    async (request) => adminLogs(services, 'email', request.query),
  )
}

function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? ''
  return accept.includes('text/html')
}

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html)
}

/** A small page in the site's colours; no script (the site's CSP allows none inline), inline styles only. */
function page(title: string, body: string, publicUrl: string): string {
  const alertsUrl = `${publicUrl}/alerts`
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · Picks Marketplace</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<main style="max-width:480px;margin:48px auto;background:#fff;border:1px solid #e2e8f0;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 12px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:14px"><a href="${escapeHtml(alertsUrl)}" style="color:#059669">Manage all alerts</a></p>
</main></body></html>`
}

function confirmPage(creatorName: string, action: string, publicUrl: string): string {
  const label = `Stop e-mails from ${creatorName}`
  return page(
    label,
    `<p style="margin:0 0 16px;color:#475569">You will no longer get ${escapeHtml(creatorName)}'s picks by e-mail. Texts and other creators are not affected.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="background:#059669;color:#fff;border:0;border-radius:8px;padding:10px 16px;font-size:16px;cursor:pointer">${escapeHtml(label)}</button>
</form>`,
    publicUrl,
  )
}

function donePage(creatorName: string, publicUrl: string): string {
  return page(
    'Unsubscribed',
    `<p style="margin:0;color:#475569">You will no longer get e-mails from ${escapeHtml(creatorName)}. You can turn them back on from your alerts.</p>`,
    publicUrl,
  )
}

function problemPage(message: string, publicUrl: string): string {
  return page(
    'This link does not work',
    `<p style="margin:0;color:#475569">${escapeHtml(message)}. You can choose which e-mails you get from your alerts.</p>`,
    publicUrl,
  )
}
