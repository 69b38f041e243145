import type { DeliveryMethod } from '@picks/contracts'
import type { NotificationChannel } from '@picks/contracts/client'

/** What the creator's notifications page says, and the order its channels come in. */
export const creatorNotificationsMessages = {
  methodsLoadFailed: 'We couldn’t load your delivery methods.',
  methodChangeFailed: 'We couldn’t change how your picks are sent.',
  methodRemoveFailed: 'We couldn’t remove that setting.',
  noSavedMethods: 'Nothing saved: your picks go out by both e-mail and text, the default.',
  smsStatsLoadFailed: 'We couldn’t load your text message statistics.',
  logsLoadFailed: 'We couldn’t load your delivery log.',
  noneOffered: 'Your picks go out by neither e-mail nor text: turn one on so subscribers hear of them.',
  noSubscribers: 'No subscribers or followers yet.',
  nothingPending: 'Nothing is waiting to be sent.',
  noDeliveries: 'Nothing sent yet.',
} as const

export const channels: NotificationChannel[] = ['email', 'sms']
export const statsTitles: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'Text messages' }

/** "Sent 3 queued alerts now." */
export function batchSentMessage(flushed: number): string {
  if (flushed === 0) return 'Nothing was waiting: no alerts were queued.'
  return `Sent ${flushed} queued ${flushed === 1 ? 'alert' : 'alerts'} now.`
}

/** A channel's name in a sentence's first place: "E-mail", "Text". */
export const methodNames: Record<NotificationChannel, string> = { email: 'E-mail', sms: 'Text' }

/**
 * The channels offered once the setting `removedId` is gone, as the server decides them: no
 * setting left offers both channels, else the active ones.
 */
export function afterRemoval(methods: readonly DeliveryMethod[], removedId: string): NotificationChannel[] {
  const left = methods.filter((method) => method.id !== removedId)
  if (left.length === 0) return [...channels]
  return channels.filter((channel) => left.some((method) => method.method === channel && method.isActive))
}

/** "by e-mail and text", "by text only", "by neither e-mail nor text". */
export function offeredWords(offered: readonly NotificationChannel[]): string {
  if (offered.length === 0) return 'by neither e-mail nor text'
  if (offered.length === channels.length) return 'by both e-mail and text'
  return offered[0] === 'email' ? 'by e-mail only' : 'by text only'
}

/** "Text setting removed: your picks go out by e-mail only." */
export function removedMessage(method: NotificationChannel, offered: readonly NotificationChannel[]): string {
  return `${methodNames[method]} setting removed: your picks go out ${offeredWords(offered)}.`
}
