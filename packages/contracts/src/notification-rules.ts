/**
 * Notification rules and messages (spec §3 "Notification preferences", §7 "SMS and e-mail", §8;
 * product-decisions.md "Notifications") shared by the browser and the API. Zod-free.
 */

export const notificationChannels = ['email', 'sms'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

/**
 * A delivery's life: `queued` (waiting for its batch, or for its next try after a passing failure),
 * `sending` (claimed by a worker), `sent` (the provider accepted it), `delivered` (the provider
 * reported it reached the phone; SMS only), `failed` (given up, with the reason).
 */
export const deliveryStatuses = ['queued', 'sending', 'sent', 'delivered', 'failed'] as const
export type DeliveryStatus = (typeof deliveryStatuses)[number]

/** Pending deliveries: not handed to a provider yet. */
export const pendingDeliveryStatuses: readonly DeliveryStatus[] = ['queued', 'sending']

/** What a message is for: a pick, a creator's test e-mail, or an answer to a text (HELP, STOP, START). */
export const deliveryKinds = ['pick', 'test', 'reply'] as const
export type DeliveryKind = (typeof deliveryKinds)[number]

export const statsTimeframes = ['24h', '7d', '30d', '90d', 'all'] as const
export type StatsTimeframe = (typeof statsTimeframes)[number]

export const notificationLimits = {
  /** Spec §9: e-mail stats default timeframe. */
  defaultStatsTimeframe: '30d' as StatsTimeframe,
  defaultLogLimit: 50,
  maxLogLimit: 200,
  defaultSubscribersLimit: 100,
  maxSubscribersLimit: 500,
  /** A pick text stays within this many segments; the reasoning never goes by SMS. */
  maxSmsSegments: 2,
} as const

/** The client's messages of spec §8 for these calls, verbatim. */
export const notificationMessages = {
  getAllEmailPreferences: 'Failed to get all email preferences',
  getEmailPreferences: 'Failed to get email preferences',
  updateEmailPreferences: 'Failed to update email preferences',
  getEmailStats: 'Failed to get email statistics',
  sendTestEmail: 'Failed to send test email',
  getSubscribers: 'Failed to get creator subscribers',
  updateSubscriberNotifications: 'Failed to update subscriber notification preferences',
  sendBatch: 'Failed to send batch',
  /** Server answers, named here so the page and the API say the same. */
  phoneNotVerified: 'Verify your phone number on your profile before turning on text alerts',
  testEmailOwnAddressOnly: 'Test e-mails go only to your own address',
  smsNotOffered: 'This creator does not send picks by text',
  emailNotOffered: 'This creator does not send picks by e-mail',
  deliveryMethodExists: 'This creator already has that delivery method',
  /** Appended to the first pick text a number receives (carrier rules). */
  smsOptOutFooter: 'Reply STOP to opt out, HELP for help.',
} as const

/** SMS texts: GSM-7 fits 160 characters in one segment (153 each when split); anything else UCS-2, 70 (67). */
const gsm7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà'
/** GSM-7 extension characters: each takes two septets. */
const gsm7Extended = '^{}\\[~]|€\f'

export interface SmsSegments {
  encoding: 'GSM-7' | 'UCS-2'
  /** Septets (GSM-7) or UTF-16 code units (UCS-2) used. */
  units: number
  segments: number
}

export function smsSegments(text: string): SmsSegments {
  let septets = 0
  let isGsm = true
  for (const ch of text) {
    if (gsm7.includes(ch)) septets += 1
    else if (gsm7Extended.includes(ch)) septets += 2
    else {
      isGsm = false
      break
    }
  }
  if (isGsm) return { encoding: 'GSM-7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) }
  const units = text.length
  return { encoding: 'UCS-2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) }
}

/** Inbound text keywords (carrier conventions; case and surrounding spaces ignored). */
export const smsKeywords = {
  stop: ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT'],
  start: ['START', 'YES', 'UNSTOP', 'OPTIN'],
  help: ['HELP', 'INFO'],
} as const

export type SmsKeyword = keyof typeof smsKeywords

export function smsKeywordOf(body: string): SmsKeyword | null {
  const word = body.trim().toUpperCase()
  for (const key of Object.keys(smsKeywords) as SmsKeyword[]) {
    if ((smsKeywords[key] as readonly string[]).includes(word)) return key
  }
  return null
}
