import type {
  ChannelStats,
  CreatorSubscribersAnswer,
  DeliveryLogsAnswer,
  DeliveryMethod,
  DeliveryMethodsAnswer,
  SendBatchAnswer,
  TestEmailAnswer,
} from '@picks/contracts'
import type { NotificationChannel, StatsTimeframe } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { alertKeys, isPending } from '../../../components/alerts/alerts-common.ts'
import { api } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

/**
 * The creator's notifications (`/creator/notifications`): delivery methods, subscribers, statistics,
 * pending deliveries and the delivery log: own data (`ownData`, decision 023) like every alert read.
 */

const path = encodeURIComponent

/** How often the creator's logs and stats are read again while a delivery is still on its way. */
export const pendingPollMs = 5_000
/** Spec §7: `GET /sms/creator-logs/{id}?limit=50&includePending=true`. */
export const creatorLogLimit = 50

export const creatorAlertQueries = {
  deliveryMethods: (creatorId: string) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'delivery-methods'] as const,
      queryFn: ({ signal }) => api.get<DeliveryMethodsAnswer>(`/delivery-methods/${path(creatorId)}`, { signal }),
      ...ownData,
    }),

  subscribers: (creatorId: string) =>
    queryOptions({
      queryKey: [...alertKeys.creator(creatorId), 'subscribers'] as const,
      queryFn: ({ signal }) => api.get<CreatorSubscribersAnswer>(`/creator/subscribers/${path(creatorId)}`, { signal }),
      ...ownData,
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
      ...ownData,
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
      ...ownData,
    }),
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

/** `DELETE /delivery-methods/{id}`: forgets one stored channel setting (with none left, both channels are offered). */
export function removeDeliveryMethod(methodId: string): Promise<void> {
  return api.delete<void>(`/delivery-methods/${path(methodId)}`)
}
