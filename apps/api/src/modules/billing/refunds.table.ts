import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { purchases } from '../purchases/purchases.table.ts'
import { users } from '../users/users.table.ts'

/**
 * The refunds an administrator asked for (POST /admin/purchases/{id}/refund), one row per
 * `Idempotency-Key`: a request repeated under its key finds its row and refunds nothing more. The
 * money itself is booked from the provider's `charge.refunded` event (billing/payment-events.ts),
 * which also covers refunds made at the provider directly; this table keeps who asked, how much and
 * why, and the amount asked for until the provider's event has booked it.
 */
export const adminRefunds = pgTable(
  'admin_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    purchaseId: uuid('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'restrict' }),
    /** The refunded charge (`PaymentCharge.paymentRef`). */
    paymentRef: text('payment_ref').notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('admin_refunds_idempotency_key').on(t.idempotencyKey),
    index('admin_refunds_purchase_idx').on(t.purchaseId),
    index('admin_refunds_payment_ref_idx').on(t.paymentRef),
    check('admin_refunds_amount_positive', sql`${t.amountCents} > 0`),
  ],
)
