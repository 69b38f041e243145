import {
  AllEmailPreferencesAnswer,
  DeliveryLogsAnswer,
  EmailPreference,
  EmailPreferenceParams,
  EmailPreferencesUserParams,
  NotificationPreferences,
  NotificationUserParams,
  SmsStatus,
  SmsSubscribeBody,
  SubscriberNotifications,
  SubscriberNotificationsBody,
  UpdateEmailPreferenceBody,
  UpdateNotificationPreferencesBody,
  UserLogsQuery,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { assertOwner, callerOf } from '../auth/guard.ts'
import type { AlertServiceDeps } from './alert-lookups.ts'
import {
  allCreatorPreferences,
  emailPreference,
  notificationPreferences,
  setEmailPreference,
  setSubscriberNotifications,
  updateNotificationPreferences,
} from './alert-preferences.ts'
import { receivedDeliveries } from './delivery-logs.ts'
import { setSmsEnabled, smsStatus } from './sms-status.ts'

/** The person a body's `userId` names (another person's: only they or a verified admin), else the caller. */
async function subjectOf(request: FastifyRequest, userId: string | undefined): Promise<string> {
  const { user } = await callerOf(request)
  const subject = userId ?? user.id
  await assertOwner(request, subject, 'You can only change your own alerts')
  return subject
}

/** A person's alerts (spec §3 "Notification preferences"): the switches, each creator's choices, what arrived. */
export const alertPreferencesRoutes: FastifyPluginAsyncZod<{ services: AlertServiceDeps }> = async (app, options) => {
  const { services } = options
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
    async (request) => setSmsEnabled(services, await subjectOf(request, request.body.userId), true),
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
    async (request) => setSmsEnabled(services, await subjectOf(request, request.body.userId), false),
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
    async (request) => emailPreference(services, request.params.userId, request.params.creatorId),
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
      return setEmailPreference(services, userId, creatorId, request.body.enabled)
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
    async (request) => setSubscriberNotifications(services, request.params.id, request.body),
  )
}
