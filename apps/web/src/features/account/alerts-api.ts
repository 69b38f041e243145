import type {
  AllEmailPreferencesAnswer,
  ChannelStats,
  CreatorAlertPreference,
  CreatorSubscribersAnswer,
  DeliveryLogEntry,
  DeliveryLogsAnswer,
  DeliveryMethod,
  DeliveryMethodsAnswer,
  EmailPreference,
  NotificationPreferences,
  SendBatchAnswer,
  SmsStatus,
  SubscriberNotifications,
  TestEmailAnswer,
} from '@picks/contracts'
import {
  pendingDeliveryStatuses,
  type DeliveryStatus,
  type NotificationChannel,
  type StatsTimeframe,
} from '@picks/contracts/client'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'

/**
 * Pick alerts (`/alerts`, `/creator/notifications`, the switches of `/manage-subscriptions`).
 * Every read is kept in memory only (`persist: false`) and is stale at once: deliveries move on
 * their own, and a switch turned on another device must not come back from the saved cache.
 */

const path = encodeURIComponent

/** How often the creator's logs and stats are read again while a delivery is still on its way. */
export const pendingPollMs = 5_000
/** Spec §7: the person's own recent alerts. */
export const receivedLimit = 20
/** Spec §7: `GET /sms/creator-logs/{id}?limit=50&includePending=true`. */
export const creatorLogLimit = 50

export const alertKeys = {
  all: ['alerts'] as const,
  user: (userId: string) => ['alerts', 'user', userId] as const,
  creator: (creatorId: string) => ['alerts', 'creator', creatorId] as const,
}

export function isPending(status: DeliveryStatus): boolean {
  return pendingDeliveryStatuses.includes(status)
}

const memoryOnly = { staleTime: 0, meta: { persist: false } } as const

export const alertQueries = {
  smsStatus: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'sms-status'] as const,
      queryFn: ({ signal }) => api.get<SmsStatus>(`/sms/status/${path(userId)}`, { signal }),
      ...memoryOnly,
    }),

  preferences: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'preferences'] as const,
      queryFn: ({ signal }) => api.get<NotificationPreferences>(`/sms/preferences/${path(userId)}`, { signal }),
      ...memoryOnly,
    }),

  creators: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'creators'] as const,
      queryFn: ({ signal }) => api.get<AllEmailPreferencesAnswer>(`/email-preferences/${path(userId)}/all`, { signal }),
      ...memoryOnly,
    }),

  received: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'received'] as const,
      queryFn: ({ signal }) =>
        api.get<DeliveryLogsAnswer>(`/alerts/received/${path(userId)}`, { query: { limit: receivedLimit }, signal }),
      select: (answer) => answer.deliveries,
      ...memoryOnly,
    }),

  deliveryMethods: (creatorId: string) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'delivery-methods'] as const,
      queryFn: ({ signal }) => api.get<DeliveryMethodsAnswer>(`/delivery-methods/${path(creatorId)}`, { signal }),
      ...memoryOnly,
    }),

  subscribers: (creatorId: string) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'subscribers'] as const,
      queryFn: ({ signal }) => api.get<CreatorSubscribersAnswer>(`/creator/subscribers/${path(creatorId)}`, { signal }),
      ...memoryOnly,
    }),

  stats: (creatorId: string, channel: NotificationChannel, timeframe: StatsTimeframe) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'stats', channel, timeframe] as const,
      queryFn: ({ signal }) =>
        api.get<ChannelStats>(
          channel === 'sms' ? `/sms/creator-stats/${path(creatorId)}` : `/creator/email-stats/${path(creatorId)}`,
          { query: { timeframe }, signal },
        ),
      refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? pendingPollMs : false),
      ...memoryOnly,
    }),

  /** One channel's log, pending deliveries included; read again every few seconds while any is pending. */
  creatorLogs: (creatorId: string, channel: NotificationChannel) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'logs', channel] as const,
      queryFn: ({ signal }) =>
        api.get<DeliveryLogsAnswer>(`/sms/creator-logs/${path(creatorId)}`, {
          query: { limit: creatorLogLimit, includePending: true, channel },
          signal,
        }),
      select: (answer) => answer.deliveries,
      refetchInterval: (query) =>
        query.state.data?.deliveries.some((delivery) => isPending(delivery.status)) ? pendingPollMs : false,
      ...memoryOnly,
    }),
}

/** The global text switch: on needs a verified phone (the server says so otherwise). */
export function setTexts(userId: string, on: boolean): Promise<SmsStatus> {
  return api.post<SmsStatus>(on ? '/sms/subscribe' : '/sms/unsubscribe', { userId })
}

export function setEmailAlerts(userId: string, emailEnabled: boolean): Promise<NotificationPreferences> {
  return api.put<NotificationPreferences>(`/sms/preferences/${path(userId)}`, { emailEnabled })
}

/** E-mail from one creator (spec §3 "per-creator e-mail preference"). */
export function setCreatorEmail(userId: string, creatorId: string, enabled: boolean): Promise<EmailPreference> {
  return api.put<EmailPreference>(`/email-preferences/${path(userId)}/creator/${path(creatorId)}`, { enabled })
}

/** Both channels for one creator; the e-mail choice goes along unchanged when only texts change. */
export function setCreatorChannels(
  userId: string,
  choice: { creatorId: string; smsEnabled: boolean; emailEnabled: boolean },
): Promise<SubscriberNotifications> {
  return api.put<SubscriberNotifications>(`/creator/subscribers/${path(userId)}/notifications`, choice)
}

/** Writes the answer of a per-creator change into the list, then reads the list again. */
export async function applyCreatorChoice(
  queryClient: QueryClient,
  userId: string,
  creatorId: string,
  change: Partial<Pick<CreatorAlertPreference, 'enabled' | 'smsEnabled'>>,
): Promise<void> {
  const { queryKey } = alertQueries.creators(userId)
  queryClient.setQueryData(queryKey, (answer) =>
    answer
      ? {
          preferences: answer.preferences.map((p) => (p.creatorId === creatorId ? { ...p, ...change } : p)),
        }
      : answer,
  )
  await queryClient.invalidateQueries({ queryKey })
}

export function sendBatchNow(creatorId: string): Promise<SendBatchAnswer> {
  return api.post<SendBatchAnswer>(`/sms/send-batch-now/${path(creatorId)}`)
}

export function sendTestEmail(email: string): Promise<TestEmailAnswer> {
  return api.post<TestEmailAnswer>('/test-email', { email })
}

/**
 * Turns one channel a creator offers on or off: the method's row is updated when it exists and
 * created when it does not. A creator with no rows offers both channels, and the first row makes
 * the list exact, so the other channel is written as offered first (else it would go off too).
 */
export async function setDeliveryMethod(
  current: DeliveryMethodsAnswer,
  method: NotificationChannel,
  isActive: boolean,
): Promise<DeliveryMethod> {
  const row = current.methods.find((m) => m.method === method)
  if (row) return api.put<DeliveryMethod>(`/delivery-methods/${path(row.id)}`, { isActive })
  if (current.methods.length === 0) {
    const other: NotificationChannel = method === 'email' ? 'sms' : 'email'
    await api.post<DeliveryMethod>('/delivery-methods', {
      creatorId: current.creatorId,
      method: other,
      isActive: current.offered.includes(other),
    })
  }
  return api.post<DeliveryMethod>('/delivery-methods', { creatorId: current.creatorId, method, isActive })
}

/**
 * What the server said went wrong, to show beneath a spec §8 message: the first field issue (it is
 * the precise one), else the message; nothing for a bare HTTP status, which says no more than the headline.
 */
export function serverReason(error: unknown): string | null {
  if (error instanceof ApiError) {
    if (error.code.startsWith('HTTP_')) return null
    return error.details?.[0]?.message ?? error.message
  }
  return error instanceof Error ? error.message : null
}

export const channelLabels: Record<NotificationChannel, string> = {
  email: 'E-mail',
  sms: 'Text',
}

export const statusLabels: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
}

export const statusTones: Record<DeliveryStatus, string> = {
  queued: 'bg-amber-100 text-amber-900',
  sending: 'bg-sky-100 text-sky-900',
  sent: 'bg-emerald-100 text-emerald-900',
  delivered: 'bg-emerald-100 text-emerald-900',
  failed: 'bg-red-100 text-red-900',
}

export const timeframeLabels: Record<StatsTimeframe, string> = {
  '24h': '24 hours',
  '7d': '7 days',
  '30d': '30 days',
  '90d': '90 days',
  all: 'All time',
}

const momentFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
})

/** "Nov 24, 3:05 PM", in the reader's time zone. */
export function formatMoment(iso: string): string {
  return momentFormat.format(new Date(iso))
}

/** The time that matters for a delivery: when it went, failed or was queued. */
export function deliveryTime(delivery: DeliveryLogEntry): string {
  return delivery.deliveredAt ?? delivery.sentAt ?? delivery.failedAt ?? delivery.createdAt
}

/** What a delivery was about, in one line. */
export function deliveryTitle(delivery: DeliveryLogEntry): string {
  if (delivery.kind === 'test') return delivery.preview ?? 'Test e-mail'
  if (delivery.kind === 'reply') return delivery.preview ?? 'Reply to a text'
  return delivery.summary ?? delivery.preview ?? 'Pick alert'
}
