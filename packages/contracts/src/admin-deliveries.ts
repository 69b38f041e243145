import { z } from 'zod'
import { adminListQuery, adminPage, QueryFlag } from './admin.ts'
import { AdminPerson } from './admin-lists.ts'
import { adminPaging } from './admin-rules.ts'
import { deliveryStatuses, notificationChannels } from './notification-rules.ts'
import { purchaseStatuses } from './payment-rules.ts'
import { DeliveryLogEntry, OutboxEmail, OutboxText } from './notifications.ts'
import { text } from './text.ts'

/**
 * The admin console's delivery checks and message logs (spec §7 "Admin", issue 16): what a
 * purchase entitled its buyer to and how each alert went, recent fan-outs, a check that a pick
 * reached everyone it should have, the e-mail and SMS logs and who gets alerts by each channel.
 */

const Timestamp = z.iso.datetime({ offset: true })
const Channel = z.enum(notificationChannels)
const DeliveryStatus = z.enum(deliveryStatuses)
const CreatorRef = z.object({ id: z.uuid(), username: z.string(), name: z.string() })

/** Only `includePersonal` (audited): the detail views. */
export const AdminPersonalQuery = z.object({ includePersonal: QueryFlag.default(false) })

/** One alert message to one person on one channel. */
export const AdminDelivery = z.object({
  id: z.uuid(),
  channel: Channel,
  status: DeliveryStatus,
  /** The address or number it went to, masked unless personal. */
  destination: z.string(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: Timestamp,
  sentAt: Timestamp.nullable(),
  deliveredAt: Timestamp.nullable(),
  failedAt: Timestamp.nullable(),
})
export type AdminDelivery = z.infer<typeof AdminDelivery>

/** `GET /admin/purchases/{id}/delivery-details`: each pick the purchase gave access to, and its deliveries to the buyer. */
export const AdminDeliveryDetails = z.object({
  purchase: z.object({
    id: z.uuid(),
    status: z.enum(purchaseStatuses),
    plan: z.string(),
    customer: AdminPerson,
    creator: CreatorRef,
    /** The window whose picks the buyer was entitled to; null `from` when the purchase never gave access. */
    accessFrom: Timestamp.nullable(),
    accessUntil: Timestamp.nullable(),
  }),
  picks: z.array(
    z.object({
      id: z.uuid(),
      createdAt: Timestamp,
      isPremium: z.boolean(),
      /** `Boston Celtics -3.5 · New York Knicks @ Boston Celtics`. */
      summary: z.string(),
      deliveries: z.array(AdminDelivery),
    }),
  ),
  personal: z.boolean(),
})
export type AdminDeliveryDetails = z.infer<typeof AdminDeliveryDetails>

const count = z.number().int()
const statusCounts = z.object({ queued: count, sending: count, sent: count, delivered: count, failed: count })
/** Deliveries by channel and status. */
export const DeliveryCounts = z.object({ email: statusCounts, sms: statusCounts })
export type DeliveryCounts = z.infer<typeof DeliveryCounts>

export const AdminFanoutRow = z.object({
  pickId: z.uuid(),
  creator: CreatorRef,
  status: z.enum(['running', 'done']),
  /** Deliveries the fan-out queued. */
  queued: z.number().int(),
  startedAt: Timestamp,
  finishedAt: Timestamp.nullable(),
  counts: DeliveryCounts,
  total: z.number().int(),
})
export type AdminFanoutRow = z.infer<typeof AdminFanoutRow>

/** `GET /admin/delivery/status`: the 50 newest fan-outs unless asked. */
export const AdminDeliveryStatusQuery = adminListQuery({
  sortKeys: ['started_at'],
  sortBy: 'started_at',
  limit: adminPaging.deliveryStatusLimit,
}).extend({ status: z.enum(['running', 'done'], 'must be one of running, done').optional() })
export type ParsedAdminDeliveryStatusQuery = z.output<typeof AdminDeliveryStatusQuery>
export const AdminDeliveryStatusPage = adminPage(AdminFanoutRow)
export type AdminDeliveryStatusPage = z.infer<typeof AdminDeliveryStatusPage>

const VerifyRecipient = z.object({ pickId: z.uuid(), recipient: AdminPerson, channel: Channel })

/**
 * `GET /admin/delivery/verify/{id}`: `{id}` is a pick (every reachable recipient checked) or a
 * purchase (its buyer, over every pick it entitled them to); `subject` says which. Each list holds
 * at most 200 rows; `counts` has the full numbers.
 */
export const AdminDeliveryVerification = z.object({
  subject: z.enum(['pick', 'purchase']),
  id: z.uuid(),
  checkedAt: Timestamp,
  picks: z.array(
    z.object({
      pickId: z.uuid(),
      fanout: z
        .object({ status: z.enum(['running', 'done']), startedAt: Timestamp, finishedAt: Timestamp.nullable() })
        .nullable(),
      expected: z.object({ email: z.number().int(), sms: z.number().int() }),
      found: z.object({ email: z.number().int(), sms: z.number().int() }),
    }),
  ),
  /** True when nobody is missing, nobody has two, and nothing failed. */
  ok: z.boolean(),
  counts: z.object({ missing: z.number().int(), duplicated: z.number().int(), failed: z.number().int() }),
  /** Reachable recipients with no delivery on a channel they should have. */
  missing: z.array(VerifyRecipient),
  /** Recipients with more than one delivery of the pick on one channel. */
  duplicated: z.array(VerifyRecipient.extend({ deliveries: z.number().int() })),
  failed: z.array(
    VerifyRecipient.extend({ deliveryId: z.uuid(), error: z.string().nullable(), failedAt: Timestamp.nullable() }),
  ),
  personal: z.boolean(),
})
export type AdminDeliveryVerification = z.infer<typeof AdminDeliveryVerification>

/** What an e-mail was for: a pick alert, a test alert, an account e-mail, a receipt, … */
export const emailTypes = ['pick_alert', 'test', 'verification', 'password_reset', 'receipt', 'other'] as const
export type EmailType = (typeof emailTypes)[number]
/** What a text was for. */
export const smsTypes = ['pick_alert', 'test', 'reply', 'phone_verification', 'mfa_code', 'other'] as const
export type SmsType = (typeof smsTypes)[number]

/**
 * One message of the e-mail or SMS log: an alert delivery (with its statuses), or an account or
 * billing message from the outbox (kept there when no provider is configured).
 */
export const AdminMessageLogRow = z.object({
  id: z.uuid(),
  source: z.enum(['delivery', 'outbox']),
  /** The kind as stored: `pick`, `test`, `reply` for deliveries; `verification`, `receipt_charge`, … for the outbox. */
  kind: z.string(),
  type: z.string(),
  status: DeliveryStatus,
  to: z.string(),
  recipient: z.object({ id: z.uuid(), name: z.string() }).nullable(),
  /** E-mail: the subject; SMS: the text. */
  preview: z.string().nullable(),
  pickId: z.uuid().nullable(),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: Timestamp,
  sentAt: Timestamp.nullable(),
  deliveredAt: Timestamp.nullable(),
  failedAt: Timestamp.nullable(),
})
export type AdminMessageLogRow = z.infer<typeof AdminMessageLogRow>

const statusFilter = z.enum(deliveryStatuses, `must be one of ${deliveryStatuses.join(', ')}`).optional()
const logQuery = adminListQuery({ sortKeys: ['created_at'], sortBy: 'created_at' })

/** `GET /admin/email-logs`: newest first; `emailType` is what the e-mail was for. */
export const AdminEmailLogsQuery = logQuery.extend({
  status: statusFilter,
  emailType: z.enum(emailTypes, `must be one of ${emailTypes.join(', ')}`).optional(),
})
export type ParsedAdminEmailLogsQuery = z.output<typeof AdminEmailLogsQuery>
/** `GET /admin/sms-logs`: newest first; `smsType` is what the text was for. */
export const AdminSmsLogsQuery = logQuery.extend({
  status: statusFilter,
  smsType: z.enum(smsTypes, `must be one of ${smsTypes.join(', ')}`).optional(),
})
export type ParsedAdminSmsLogsQuery = z.output<typeof AdminSmsLogsQuery>

/**
 * A page of the log, in the shape `/admin/sms-logs` and `/admin/email-logs` have always answered
 * (alert deliveries and the outbox side by side, one `page` and `limit` for both), with each
 * list's total, whether either has more, and whether addresses are shown in full (`personal`).
 * The outbox holds what no provider took (account codes, receipts, and alert copies).
 */
const logPageFacts = {
  page: z.number().int(),
  limit: z.number().int(),
  total: z.object({ deliveries: z.number().int(), outbox: z.number().int() }),
  /** Whether each total was counted (up to 10,000) or estimated by the database (above). */
  totalExact: z.object({ deliveries: z.boolean(), outbox: z.boolean() }),
  hasMore: z.boolean(),
  personal: z.boolean(),
}
export const AdminEmailLogsPage = z.object({
  deliveries: z.array(DeliveryLogEntry),
  outbox: z.array(OutboxEmail),
  ...logPageFacts,
})
export type AdminEmailLogsPage = z.infer<typeof AdminEmailLogsPage>
export const AdminSmsLogsPage = z.object({
  deliveries: z.array(DeliveryLogEntry),
  outbox: z.array(OutboxText),
  ...logPageFacts,
})
export type AdminSmsLogsPage = z.infer<typeof AdminSmsLogsPage>

/** `GET /admin/email-logs/{id}` and `/admin/sms-logs/{id}`: the message as sent, and what became of it. */
export const AdminMessageDetail = AdminMessageLogRow.extend({
  /** The full text as sent, when this database holds it (the outbox); else the subject or text kept with the delivery. */
  body: z.string().nullable(),
  html: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  providerId: z.string().nullable(),
  history: z.array(z.object({ status: DeliveryStatus, at: Timestamp })),
  personal: z.boolean(),
})
export type AdminMessageDetail = z.infer<typeof AdminMessageDetail>

export const channelSubscriberStatuses = ['receiving', 'not_receiving'] as const

/**
 * `GET /admin/email-subscribers` and `/admin/sms-subscribers`: each person and creator whose
 * alerts they may get (a live purchase, or following), and whether that channel reaches them now.
 */
export const AdminChannelSubscribersQuery = adminListQuery({ sortKeys: ['since', 'name'], sortBy: 'since' }).extend({
  status: z.enum(channelSubscriberStatuses, `must be one of ${channelSubscriberStatuses.join(', ')}`).optional(),
  searchCreator: text().trim().max(adminPaging.searchMax).optional(),
})
export type ParsedAdminChannelSubscribersQuery = z.output<typeof AdminChannelSubscribersQuery>
export const AdminChannelSubscriberRow = z.object({
  person: AdminPerson,
  creator: CreatorRef,
  access: z.enum(['subscriber', 'follower']),
  since: Timestamp,
  status: z.enum(channelSubscriberStatuses),
})
export type AdminChannelSubscriberRow = z.infer<typeof AdminChannelSubscriberRow>
export const AdminChannelSubscribersPage = adminPage(AdminChannelSubscriberRow)
export type AdminChannelSubscribersPage = z.infer<typeof AdminChannelSubscribersPage>
