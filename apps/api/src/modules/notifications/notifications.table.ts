import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * Every e-mail the product sends, when no SMTP server is configured: the offline default. Rows are
 * the messages themselves, readable by operators (and, in development, echoed to the log).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    /** What the message is for: `verification`, `password_reset`, later `pick` and others. */
    kind: text('kind').notNull(),
    /** Extra headers as sent (`Message-ID`, `List-Unsubscribe`, …); empty for account e-mail. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** `queued` until something delivers it (nothing does yet: the outbox is read, not sent); then `sent`. */
    status: text('status', { enum: ['queued', 'sent'] })
      .notNull()
      .default('queued'),
  },
  (t) => [
    index('email_outbox_to_created_idx').on(t.toAddress, t.createdAt),
    // The admin e-mail log (decision 031): newest first, and a pick e-mail's copy by its Message-ID.
    index('email_outbox_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('email_outbox_message_id_idx').on(sql`(${t.headers} ->> 'Message-ID')`),
    check('email_outbox_status_known', sql`${t.status} in ('queued', 'sent')`),
  ],
)

/** Every text message the product sends, when Twilio is not configured: the offline default. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toNumber: text('to_number').notNull(),
    body: text('body').notNull(),
    /** What the message is for: `phone_verification`, `mfa_code`, later `pick` and others. */
    kind: text('kind').notNull(),
    /** Segments the text takes (GSM-7 160/153, UCS-2 70/67). */
    segments: integer('segments').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_outbox_to_created_idx').on(t.toNumber, t.createdAt),
    // The admin SMS log, newest first (decision 031).
    index('sms_outbox_created_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
  ],
)
