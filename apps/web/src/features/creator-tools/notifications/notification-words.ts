import type { NotificationChannel } from '@picks/contracts/client'

/** What the creator's notifications page says, and the order its channels come in. */
export const creatorNotificationsMessages = {
  methodsLoadFailed: 'We couldn’t load your delivery methods.',
  methodChangeFailed: 'We couldn’t change how your picks are sent.',
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
