import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every provider event applied, keyed by the provider's event id: inserting the id and applying the
 * event happen in one transaction, so each event takes effect exactly once however often it comes.
 */
export const paymentEvents = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
  type: text('type').notNull(),
  occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  payload: jsonb('payload').notNull(),
  processedAt: timestamp('processed_at', { withTimezone: true }).notNull().defaultNow(),
})
