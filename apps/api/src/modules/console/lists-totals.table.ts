import { bigint, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'
import { users } from '../users/users.table.ts'

/**
 * Running totals the admin lists sort by (docs/decisions/031-admin-lists.md): a sort by sales or
 * by total spent over 10,000 creators and 100,000 customers needs an indexed column, not a sum
 * over the ledger per request. Database triggers (migration 0016, after `-- custom:`) keep both
 * tables in the same transaction as the ledger rows and purchase changes they sum, so neither the
 * ledger nor the purchases module has to know the console exists. Every account and every creator
 * has a row from the moment it exists (zeros until it buys or sells; decision 034), so a list sorts
 * by walking these tables' indexes instead of sorting an outer join.
 */

/** Per creator: sales (charges less refunds), the platform's fees and the buyers with live access. */
export const creatorTotals = pgTable(
  'creator_totals',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull().default(0),
    feesCents: bigint('fees_cents', { mode: 'number' }).notNull().default(0),
    /** Distinct buyers holding a trialing, active or past-due purchase. */
    activeSubscribers: integer('active_subscribers').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('creator_totals_sales_idx').on(t.salesCents, t.creatorId),
    index('creator_totals_subscribers_idx').on(t.activeSubscribers, t.creatorId),
  ],
)

/** Per buyer: charges less refunds, live purchases and when they last bought. */
export const customerTotals = pgTable(
  'customer_totals',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    spentCents: bigint('spent_cents', { mode: 'number' }).notNull().default(0),
    activeSubscriptions: integer('active_subscriptions').notNull().default(0),
    lastPurchaseAt: timestamp('last_purchase_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customer_totals_spent_idx').on(t.spentCents, t.userId),
    index('customer_totals_subscriptions_idx').on(t.activeSubscriptions, t.userId),
    index('customer_totals_last_purchase_idx').on(t.lastPurchaseAt, t.userId),
  ],
)
