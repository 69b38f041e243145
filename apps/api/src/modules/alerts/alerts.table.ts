import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'
import { picks } from '../picks/picks.table.ts'
import { users } from '../users/users.table.ts'

/**
 * Pick alerts (product-decisions.md "Notifications"): who wants which channel, what each creator
 * offers, and one row per message, which is at once the queue of work, its exactly-once key and the
 * log that people, creators and operators read.
 */

/** Spec §3 "Notification preferences": the person's two global switches. No row: e-mail on, texts off. */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  smsEnabled: boolean('sms_enabled').notNull().default(false),
  emailEnabled: boolean('email_enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A person's choices for one creator. No row: both channels on for a creator they pay for. A row
 * with `followed_at` makes them a follower: they get that creator's free picks without paying.
 */
export const creatorAlertPreferences = pgTable(
  'creator_alert_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    emailEnabled: boolean('email_enabled').notNull().default(true),
    smsEnabled: boolean('sms_enabled').notNull().default(true),
    followedAt: timestamp('followed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.creatorId] }),
    index('creator_alert_preferences_creator_idx').on(t.creatorId),
  ],
)

/** The channels a creator offers (spec §7 delivery methods). A creator with no row offers both. */
export const deliveryMethods = pgTable(
  'delivery_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    method: text('method', { enum: ['email', 'sms'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('delivery_methods_creator_method_key').on(t.creatorId, t.method),
    check('delivery_methods_method_known', sql`${t.method} in ('email', 'sms')`),
  ],
)

/**
 * Every number the product has texted or heard from. `opted_out_at`: it replied STOP, and nothing
 * is sent to it until it replies START. `introduced_at`: it has had the opt-out footer once.
 */
export const smsNumbers = pgTable('sms_numbers', {
  phone: text('phone').primaryKey(),
  optedOutAt: timestamp('opted_out_at', { withTimezone: true }),
  introducedAt: timestamp('introduced_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Texts that arrived (replies), kept for audit; a provider's message id is applied once. */
export const smsInbound = pgTable(
  'sms_inbound',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromNumber: text('from_number').notNull(),
    body: text('body').notNull(),
    keyword: text('keyword', { enum: ['stop', 'start', 'help'] }),
    providerId: text('provider_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_inbound_provider_key').on(t.providerId),
    index('sms_inbound_from_idx').on(t.fromNumber, t.receivedAt),
  ],
)

/**
 * The fan-out of one pick: recipients are queued in batches in user-id order, and `cursor` is the
 * last id done, so a fan-out cut short resumes where it stopped instead of starting over.
 */
export const alertFanouts = pgTable(
  'alert_fanouts',
  {
    pickId: uuid('pick_id')
      .primaryKey()
      .references(() => picks.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['running', 'done'] })
      .notNull()
      .default('running'),
    cursor: uuid('cursor'),
    queued: integer('queued').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  // The admin console's delivery status lists the newest fan-outs (decision 031).
  (t) => [index('alert_fanouts_started_idx').on(sql`${t.startedAt} desc`)],
)

/**
 * One message to one person on one channel. For a pick, (recipient, pick, channel) is unique: a
 * fan-out that runs twice queues nothing twice. Rows move queued -> sending -> sent (-> delivered)
 * or failed, and are never deleted: they are the log.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['pick', 'test', 'reply'] }).notNull(),
    // No foreign keys on the pick and the creator: rows are written only from a pick read just
    // before, picks are never deleted (a delete is soft), and at 200,000 rows a pick the two checks
    // cost seconds of every fan-out. The recipient's key stays: deleting a person deletes their log.
    pickId: uuid('pick_id'),
    creatorId: uuid('creator_id'),
    recipientId: uuid('recipient_id').references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    /** The address or number at fan-out time. */
    destination: text('destination').notNull(),
    /** E-mail subject or SMS text once rendered; for replies, the text to send. */
    preview: text('preview'),
    segments: integer('segments'),
    status: text('status', { enum: ['queued', 'sending', 'sent', 'delivered', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While `sending`: until when the worker that claimed it holds it. A later worker takes it back after. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    providerId: text('provider_id'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The exactly-once key, and (leading with the recipient) the index of a person's own log.
    uniqueIndex('alert_deliveries_recipient_pick_channel_key').on(t.recipientId, t.pickId, t.channel),
    // A claim takes the oldest due deliveries in (time, id) order straight off this index.
    index('alert_deliveries_due_idx')
      .on(t.creatorId, t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'queued'`),
    index('alert_deliveries_sending_idx')
      .on(t.claimedUntil)
      .where(sql`${t.status} = 'sending'`),
    index('alert_deliveries_creator_idx').on(t.creatorId, t.channel, sql`${t.createdAt} desc`),
    // The admin console's sent and failed counts by day (decision 030).
    index('alert_deliveries_sent_at_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
    index('alert_deliveries_failed_at_idx')
      .on(t.failedAt)
      .where(sql`${t.failedAt} is not null`),
    // A creator's analytics (decision 037): pick alerts sent or failed, by when that was known.
    index('alert_deliveries_creator_outcome_idx')
      .on(t.creatorId, sql`coalesce(${t.failedAt}, ${t.sentAt})`, t.channel, t.status)
      .where(sql`${t.kind} = 'pick' and coalesce(${t.failedAt}, ${t.sentAt}) is not null`),
    // The admin console (decision 031): a pick's deliveries, and each channel's log newest first.
    index('alert_deliveries_pick_idx')
      .on(t.pickId, t.channel, t.status)
      .where(sql`${t.pickId} is not null`),
    index('alert_deliveries_log_idx').on(t.channel, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    uniqueIndex('alert_deliveries_provider_key')
      .on(t.providerId)
      .where(sql`${t.providerId} is not null`),
    check('alert_deliveries_channel_known', sql`${t.channel} in ('email', 'sms')`),
    check('alert_deliveries_status_known', sql`${t.status} in ('queued', 'sending', 'sent', 'delivered', 'failed')`),
    check('alert_deliveries_pick_shape', sql`(${t.kind} = 'pick') = (${t.pickId} is not null)`),
  ],
)
