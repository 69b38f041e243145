import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { purchases } from '../purchases/purchases.table.ts'
import { users } from '../users/users.table.ts'
import { paymentEvents } from './billing.table.ts'

/** What a billing message is about: the customer's receipts, and the creator's new-subscriber notice. */
export const receiptKinds = ['charge', 'renewal', 'renewal_failed', 'cancellation', 'refund', 'new_subscriber'] as const
export type ReceiptKind = (typeof receiptKinds)[number]

/**
 * One billing e-mail per payment event and kind (docs/decisions/026-receipts-and-billing-history.md):
 * written in the transaction that applies the event, so a repeated event finds its row and writes
 * none, then sent after the commit (and retried by billing's scheduled job until it goes). The rows
 * are also the customer's billing history: every charge, renewal, failed renewal and refund, with
 * what the receipt said (the plan's name, the creator's name and the amount as they were then).
 */
export const billingReceipts = pgTable(
  'billing_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: text('event_id')
      .notNull()
      .references(() => paymentEvents.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: receiptKinds }).notNull(),
    /** Who gets the e-mail: the customer, or the creator for `new_subscriber`. */
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    planName: text('plan_name').notNull(),
    creatorName: text('creator_name').notNull(),
    /** Cents charged, refunded or due (a failed renewal); 0 for a cancellation. */
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    periodStart: timestamp('period_start', { withTimezone: true }),
    periodEnd: timestamp('period_end', { withTimezone: true }),
    cardLast4: text('card_last4'),
    /** The provider's reference of the charge (charges, renewals and refunds). */
    paymentRef: text('payment_ref'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /**
     * `pending` until sent; `sending` while a process has claimed it; `sent`; `provider` when the
     * payment provider sends its own receipt (Stripe's charges and refunds); `off` when the creator
     * turned the notice off; `failed` after a permanent refusal.
     */
    emailStatus: text('email_status', { enum: ['pending', 'sending', 'sent', 'provider', 'off', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('billing_receipts_event_kind_key').on(t.eventId, t.kind),
    // One receipt per charge, whichever event reported it.
    uniqueIndex('billing_receipts_charge_key')
      .on(t.paymentRef)
      .where(sql`${t.kind} in ('charge', 'renewal')`),
    index('billing_receipts_recipient_idx').on(t.recipientId, t.occurredAt),
    index('billing_receipts_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.emailStatus} in ('pending', 'sending')`),
    check('billing_receipts_amount_nonnegative', sql`${t.amountCents} >= 0`),
    check('billing_receipts_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
)
