import type {
  AllEmailPreferencesAnswer,
  CreatorAlertPreference,
  CreatorAnswer,
  CreatorProfileUpdateBody,
  DeliveryLogsAnswer,
  EmailPreference,
  NotificationPreferences,
  PurchaseAnswer,
  PurchasesAnswer,
  SmsStatus,
  SubscriberNotifications,
} from '@picks/contracts'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { alertKeys } from '../../components/alerts/alerts-common.ts'
import { purchaseKeys } from '../../components/plans/purchase-keys.ts'
import { accountKeys } from '../../auth/account-keys.ts'
import { auth } from '../../auth/auth.ts'
import { api } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

/** The account's data calls: settings (`/edit-profile`), alerts (`/alerts`) and purchases (`/manage-subscriptions`). */

const path = encodeURIComponent

/**
 * The reads of the account settings page, per signed-in user. Own data (decision 023): read again
 * on every visit and never saved, and the phone number and second factors have no place in storage.
 */
export const accountQueries = {
  me: (userId: string) =>
    queryOptions({
      queryKey: accountKeys.me(userId),
      queryFn: ({ signal }) => auth.me(signal),
      ...ownData,
    }),

  factors: (userId: string) =>
    queryOptions({
      queryKey: [...accountKeys.all(userId), 'factors'] as const,
      queryFn: ({ signal }) => auth.listFactors(signal),
      ...ownData,
    }),

  hasPassword: (userId: string) =>
    queryOptions({
      queryKey: [...accountKeys.all(userId), 'has-password'] as const,
      queryFn: ({ signal }) => auth.hasPassword(signal),
      ...ownData,
    }),
}

/** `PUT /creators/{id}/profile`: the creator's public profile (a new username only when it changed). */
export function saveCreatorProfile(creatorId: string, body: CreatorProfileUpdateBody): Promise<CreatorAnswer> {
  return api.put<CreatorAnswer>(`/creators/${path(creatorId)}/profile`, body)
}

/**
 * The buyer's subscriptions and passes (`/manage-subscriptions`): `GET /purchases/user/{id}`, the
 * spec's call for a customer's purchases (`/subscriptions/manage/{id}` answers the same list; decision
 * 043). Own data: renewals, failed payments, expiry and another device change them without this
 * page knowing.
 */
export const subscriptionQueries = {
  manage: (userId: string) =>
    queryOptions({
      queryKey: purchaseKeys.buyer(userId),
      queryFn: ({ signal }) => api.get<PurchasesAnswer>(`/purchases/user/${path(userId)}`, { signal }),
      select: (answer) => answer.purchases,
      ...ownData,
    }),
}

/** Off is the same as cancelling at the end of the period; on again before then resumes it. */
export function setAutoRenewal(purchaseId: string, autoRenewal: boolean): Promise<PurchaseAnswer> {
  return api.put<PurchaseAnswer>(`/subscriptions/${path(purchaseId)}/auto-renewal`, {
    auto_renewal: autoRenewal,
  })
}

/** Cancels at the end of the paid period: access continues until then. */
export function cancelSubscription(purchaseId: string): Promise<PurchaseAnswer> {
  return api.delete<PurchaseAnswer>(`/purchases/${path(purchaseId)}`)
}

// Pick alerts (`/alerts`, the switches of `/manage-subscriptions`). Own data: deliveries move on
// their own, and a switch turned on another device must not come back from the saved cache.

/** Spec §7: the person's own recent alerts. */
export const receivedLimit = 20

export const alertQueries = {
  smsStatus: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'sms-status'] as const,
      queryFn: ({ signal }) => api.get<SmsStatus>(`/sms/status/${path(userId)}`, { signal }),
      ...ownData,
    }),

  preferences: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'preferences'] as const,
      queryFn: ({ signal }) => api.get<NotificationPreferences>(`/sms/preferences/${path(userId)}`, { signal }),
      ...ownData,
    }),

  creators: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'creators'] as const,
      queryFn: ({ signal }) => api.get<AllEmailPreferencesAnswer>(`/email-preferences/${path(userId)}/all`, { signal }),
      ...ownData,
    }),

  /**
   * `GET /email-preferences/{userId}/creator/{creatorId}`: whether one creator's picks reach the
   * person by e-mail — any creator, also one they neither subscribe to nor follow yet (turning it on
   * follows their free picks), which the list of all cannot answer.
   */
  creatorEmail: (userId: string, creatorId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'creator-email', creatorId] as const,
      queryFn: ({ signal }) =>
        api.get<EmailPreference>(`/email-preferences/${path(userId)}/creator/${path(creatorId)}`, { signal }),
      ...ownData,
    }),

  /** `GET /sms/logs/{id}`: every text sent to the person, the answers to STOP and HELP included. */
  texts: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'texts'] as const,
      queryFn: ({ signal }) =>
        api.get<DeliveryLogsAnswer>(`/sms/logs/${path(userId)}`, { query: { limit: receivedLimit }, signal }),
      select: (answer) => answer.deliveries,
      ...ownData,
    }),

  received: (userId: string) =>
    queryOptions({
      queryKey: [...alertKeys.user(userId), 'received'] as const,
      queryFn: ({ signal }) =>
        api.get<DeliveryLogsAnswer>(`/alerts/received/${path(userId)}`, { query: { limit: receivedLimit }, signal }),
      select: (answer) => answer.deliveries,
      ...ownData,
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
  const { enabled } = change
  if (enabled !== undefined) {
    queryClient.setQueryData(alertQueries.creatorEmail(userId, creatorId).queryKey, { userId, creatorId, enabled })
  }
  await queryClient.invalidateQueries({ queryKey })
}
