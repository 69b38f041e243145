import type { DeliveryLogEntry } from '@picks/contracts'
import {
  pendingDeliveryStatuses,
  type DeliveryStatus,
  type NotificationChannel,
  type StatsTimeframe,
} from '@picks/contracts/client'
import { ApiError } from '../../lib/api-client.ts'
import { dayAndTime } from '../../lib/dates.ts'

/**
 * What the person's alerts (`/alerts`, `/manage-subscriptions`) and the creator's notifications
 * (`/creator/notifications`) share: the query keys under `['alerts']` and how a delivery reads.
 * Every alert read is own data (`ownData`, decision 023): deliveries move on their own, and a switch
 * turned on another device must not come back from the saved cache.
 */

export const alertKeys = {
  all: ['alerts'] as const,
  user: (userId: string) => ['alerts', 'user', userId] as const,
  creator: (creatorId: string) => ['alerts', 'creator', creatorId] as const,
}

export function isPending(status: DeliveryStatus): boolean {
  return pendingDeliveryStatuses.includes(status)
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

/** "Nov 24, 3:05 PM", in the reader's time zone. */
export function formatMoment(iso: string): string {
  return dayAndTime(new Date(iso))
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
