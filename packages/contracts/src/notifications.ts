import { z } from 'zod'
import { text } from './text.ts'
import { EmailAddress, PhoneNumber } from './auth.ts'
import {
  deliveryKinds,
  deliveryStatuses,
  notificationChannels,
  notificationLimits,
  statsTimeframes,
} from './notification-rules.ts'

/**
 * Notifications (spec §7 "SMS and e-mail" and "delivery methods"; product-decisions.md
 * "Notifications"). Field names follow the spec's own camelCase for these calls (`smsEnabled`,
 * `emailEnabled`, `creatorId`, `enabled`).
 */

const Timestamp = z.iso.datetime({ offset: true })
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

export const NotificationChannelSchema = z.enum(notificationChannels)
export const DeliveryStatusSchema = z.enum(deliveryStatuses)
export const StatsTimeframeSchema = z.enum(statsTimeframes)

/** `{id}` of the user-scoped calls (a user id; the owner or an administrator). */
export const NotificationUserParams = z.object({ id: z.uuid() })
/** `{id}` of the creator-scoped calls (a creator's user id; that creator or an administrator). */
export const NotificationCreatorParams = z.object({ id: z.uuid() })
export const EmailPreferencesUserParams = z.object({ userId: z.uuid() })
export const EmailPreferenceParams = z.object({ userId: z.uuid(), creatorId: z.uuid() })
export const DeliveryMethodParams = z.object({ id: z.uuid() })

/** Why a person cannot get texts now; null when they can. */
export const SmsBlock = z.enum(['no_phone', 'phone_unverified', 'opted_out', 'disabled'])

/** `GET /sms/status/{id}`, and the answer to subscribe and unsubscribe. */
export const SmsStatus = z.object({
  userId: z.uuid(),
  smsEnabled: z.boolean(),
  phone: z.string().nullable(),
  phoneVerified: z.boolean(),
  /** The number replied STOP: nothing is texted to it until it replies START. */
  optedOut: z.boolean(),
  canReceive: z.boolean(),
  reason: SmsBlock.nullable(),
})
export type SmsStatus = z.infer<typeof SmsStatus>

/** `POST /sms/subscribe` and `/sms/unsubscribe`: the signed-in person, or one named by an administrator. */
export const SmsSubscribeBody = z.strictObject({ userId: z.uuid().optional() })
export type SmsSubscribeBody = z.infer<typeof SmsSubscribeBody>

/** Spec §3 "Notification preferences": the two global switches. */
export const NotificationPreferences = z.object({
  userId: z.uuid(),
  smsEnabled: z.boolean(),
  emailEnabled: z.boolean(),
})
export type NotificationPreferences = z.infer<typeof NotificationPreferences>

export const UpdateNotificationPreferencesBody = z
  .strictObject({ smsEnabled: z.boolean().optional(), emailEnabled: z.boolean().optional() })
  .refine((b) => b.smsEnabled !== undefined || b.emailEnabled !== undefined, {
    message: 'Send smsEnabled, emailEnabled or both',
    path: ['smsEnabled'],
  })
export type UpdateNotificationPreferencesBody = z.infer<typeof UpdateNotificationPreferencesBody>

/** One message in a log: what was sent to whom, and what became of it. */
export const DeliveryLogEntry = z.object({
  id: z.uuid(),
  channel: NotificationChannelSchema,
  kind: z.enum(deliveryKinds),
  status: DeliveryStatusSchema,
  /** The address or number, masked in a creator's view (`d•••@example.com`, `+1•••••4567`). */
  destination: z.string(),
  recipientName: z.string().nullable(),
  pickId: z.uuid().nullable(),
  /** One line about the pick: `Celtics -3.5 · Lakers @ Celtics`. */
  summary: z.string().nullable(),
  /** SMS: the text; e-mail: the subject. */
  preview: z.string().nullable(),
  segments: z.number().int().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  providerId: z.string().nullable(),
  createdAt: Timestamp,
  sentAt: Timestamp.nullable(),
  deliveredAt: Timestamp.nullable(),
  failedAt: Timestamp.nullable(),
  /** When a queued delivery is next tried (its batch, or the backoff after a passing failure). */
  nextAttemptAt: Timestamp.nullable(),
})
export type DeliveryLogEntry = z.infer<typeof DeliveryLogEntry>

export const DeliveryLogsAnswer = z.object({ deliveries: z.array(DeliveryLogEntry) })
export type DeliveryLogsAnswer = z.infer<typeof DeliveryLogsAnswer>

const LogLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(notificationLimits.maxLogLimit)
  .default(notificationLimits.defaultLogLimit)

/** `GET /sms/logs/{id}`: the person's own texts, newest first. */
export const UserLogsQuery = z.object({ limit: LogLimit })
/** `GET /sms/creator-logs/{id}?limit&includePending`: sent (and, asked, still pending) texts of a creator's picks. */
export const CreatorLogsQuery = z.object({
  limit: LogLimit,
  includePending: queryBoolean.default(false),
  channel: NotificationChannelSchema.default('sms'),
})
export type CreatorLogsQuery = z.infer<typeof CreatorLogsQuery>

export const StatsQuery = z.object({
  timeframe: StatsTimeframeSchema.default(notificationLimits.defaultStatsTimeframe),
})

/** `GET /sms/creator-stats/{id}` and `GET /creator/email-stats/{id}?timeframe`. */
export const ChannelStats = z.object({
  creatorId: z.uuid(),
  channel: NotificationChannelSchema,
  timeframe: StatsTimeframeSchema,
  /**
   * People of the creator's audience the channel reaches now: entitled customers (every pick) and
   * followers (free picks), with their choices, phone and STOP, and what the creator offers.
   */
  reachable: z.number().int(),
  total: z.number().int(),
  pending: z.number().int(),
  sent: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** (sent + delivered) / (total - pending), or null before anything finished. */
  successRate: z.number().nullable(),
  lastSentAt: Timestamp.nullable(),
})
export type ChannelStats = z.infer<typeof ChannelStats>

/** `POST /sms/send-batch-now/{id}`: the creator's queued deliveries, due now. */
export const SendBatchAnswer = z.object({ creatorId: z.uuid(), flushed: z.number().int() })
export type SendBatchAnswer = z.infer<typeof SendBatchAnswer>

/** One creator in a person's alert settings: why they hear from them, and on which channels. */
export const CreatorAlertPreference = z.object({
  userId: z.uuid(),
  creatorId: z.uuid(),
  creatorName: z.string(),
  creatorUsername: z.string(),
  profilePicture: z.string().nullable(),
  /** `subscriber`: has access to premium picks now; `follower`: opted in to the free picks only. */
  relationship: z.enum(['subscriber', 'follower']),
  /** The per-creator e-mail preference (spec §3 `enabled`). */
  enabled: z.boolean(),
  smsEnabled: z.boolean(),
  offers: z.array(NotificationChannelSchema),
})
export type CreatorAlertPreference = z.infer<typeof CreatorAlertPreference>

/** `GET /email-preferences/{userId}/all`. */
export const AllEmailPreferencesAnswer = z.object({ preferences: z.array(CreatorAlertPreference) })
export type AllEmailPreferencesAnswer = z.infer<typeof AllEmailPreferencesAnswer>

/** `GET, PUT /email-preferences/{userId}/creator/{creatorId}`. */
export const EmailPreference = z.object({ userId: z.uuid(), creatorId: z.uuid(), enabled: z.boolean() })
export type EmailPreference = z.infer<typeof EmailPreference>
export const UpdateEmailPreferenceBody = z.strictObject({ enabled: z.boolean() })

/** `POST /test-email`: a sample pick e-mail, to the creator's own address only. */
export const TestEmailBody = z.strictObject({ email: EmailAddress })
export const TestEmailAnswer = z.object({ deliveryId: z.uuid(), status: DeliveryStatusSchema })
export type TestEmailAnswer = z.infer<typeof TestEmailAnswer>

/** `GET /creator/subscribers/{id}`: who hears from the creator, and on which channels. */
export const CreatorSubscriber = z.object({
  userId: z.uuid(),
  name: z.string(),
  profilePicture: z.string().nullable(),
  relationship: z.enum(['subscriber', 'follower']),
  planName: z.string().nullable(),
  accessEndsAt: Timestamp.nullable(),
  /** The person's choices for this creator. */
  emailEnabled: z.boolean(),
  smsEnabled: z.boolean(),
  /**
   * Whether a pick would reach them there now (their choices, global switches, phone, STOP, what
   * the creator offers); for a follower, a free pick.
   */
  emailReachable: z.boolean(),
  smsReachable: z.boolean(),
})
export type CreatorSubscriber = z.infer<typeof CreatorSubscriber>
export const CreatorSubscribersQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(notificationLimits.maxSubscribersLimit)
    .default(notificationLimits.defaultSubscribersLimit),
})
export const CreatorSubscribersAnswer = z.object({ subscribers: z.array(CreatorSubscriber), total: z.number().int() })
export type CreatorSubscribersAnswer = z.infer<typeof CreatorSubscribersAnswer>

/** `PUT /creator/subscribers/{id}/notifications`: `{id}` is the subscriber (the owner, or an administrator). */
export const SubscriberNotificationsBody = z.strictObject({
  creatorId: z.uuid(),
  smsEnabled: z.boolean(),
  emailEnabled: z.boolean(),
})
export type SubscriberNotificationsBody = z.infer<typeof SubscriberNotificationsBody>
export const SubscriberNotifications = z.object({
  userId: z.uuid(),
  creatorId: z.uuid(),
  smsEnabled: z.boolean(),
  emailEnabled: z.boolean(),
})
export type SubscriberNotifications = z.infer<typeof SubscriberNotifications>

/** A channel a creator offers. A creator with none set offers both (docs/decisions/016). */
export const DeliveryMethod = z.object({
  id: z.uuid(),
  creatorId: z.uuid(),
  method: NotificationChannelSchema,
  isActive: z.boolean(),
  createdAt: Timestamp,
  updatedAt: Timestamp,
})
export type DeliveryMethod = z.infer<typeof DeliveryMethod>
export const DeliveryMethodsAnswer = z.object({
  creatorId: z.uuid(),
  methods: z.array(DeliveryMethod),
  /** The channels the creator's picks go out on now. */
  offered: z.array(NotificationChannelSchema),
})
export type DeliveryMethodsAnswer = z.infer<typeof DeliveryMethodsAnswer>
export const CreateDeliveryMethodBody = z.strictObject({
  creatorId: z.uuid(),
  method: NotificationChannelSchema,
  isActive: z.boolean().default(true),
})
export const UpdateDeliveryMethodBody = z.strictObject({ isActive: z.boolean() })

/** Development and tests, outbox only: a text arriving from `from`, as Twilio's webhook would bring it. */
export const SimulateSmsReplyBody = z.strictObject({
  from: PhoneNumber,
  body: text().min(1).max(1600),
})
export const SmsReplyAnswer = z.object({
  action: z.enum(['opted_out', 'opted_in', 'help', 'none']),
  reply: z.string().nullable(),
})
export type SmsReplyAnswer = z.infer<typeof SmsReplyAnswer>

/** `/email/unsubscribe?token=`: the signed one-click link of every pick e-mail. */
export const UnsubscribeQuery = z.object({ token: text().min(10).max(500) })
export const UnsubscribeAnswer = z.object({ creatorName: z.string(), enabled: z.literal(false) })

/** `GET /admin/sms-logs` and `/admin/email-logs`: a page of deliveries and of the outbox, newest first. */
export const AdminLogsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: LogLimit,
})
export type AdminLogsQuery = z.infer<typeof AdminLogsQuery>

/** A text in the SMS outbox (no Twilio configured): pick alerts, replies and account codes alike. */
export const OutboxText = z.object({
  id: z.uuid(),
  to: z.string(),
  body: z.string(),
  kind: z.string(),
  segments: z.number().int(),
  createdAt: Timestamp,
})
export type OutboxText = z.infer<typeof OutboxText>

/** An e-mail in the e-mail outbox (no SMTP configured). */
export const OutboxEmail = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  kind: z.string(),
  createdAt: Timestamp,
})
export type OutboxEmail = z.infer<typeof OutboxEmail>

export const AdminSmsLogsAnswer = z.object({
  deliveries: z.array(DeliveryLogEntry),
  outbox: z.array(OutboxText),
  page: z.number().int(),
  limit: z.number().int(),
})
export type AdminSmsLogsAnswer = z.infer<typeof AdminSmsLogsAnswer>

export const AdminEmailLogsAnswer = z.object({
  deliveries: z.array(DeliveryLogEntry),
  outbox: z.array(OutboxEmail),
  page: z.number().int(),
  limit: z.number().int(),
})
export type AdminEmailLogsAnswer = z.infer<typeof AdminEmailLogsAnswer>
