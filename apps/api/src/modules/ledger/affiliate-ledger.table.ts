import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

/**
 * Keys named by table and primary key, as the database does: the ledger sits below the users,
 * purchases and affiliates modules and imports none of them. Not exported, so the schema keeps one
 * definition of each table (see ledger.table.ts).
 */
const userKey = pgTable('users', { id: uuid('id').primaryKey() })
const purchaseKey = pgTable('purchases', { id: uuid('id').primaryKey() })
const arrangementKey = pgTable('affiliate_arrangements', { id: uuid('id').primaryKey() })

/**
 * An affiliate's earnings (decision 038): append-only (a trigger refuses updates and deletes),
 * signed cents from the affiliate's point of view: a commission is positive, its reversal on a
 * refund and a payout negative, a failed payout's return positive. `kind` with `providerRef` is
 * unique, so a provider event that comes twice books once. The creator's side of each commission is
 * in `ledger_entries`.
 */
export const affiliateLedgerEntries = pgTable(
  'affiliate_ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => userKey.id, { onDelete: 'restrict' }),
    /** The arrangement a commission was earned under; null for payouts. */
    arrangementId: uuid('arrangement_id').references(() => arrangementKey.id, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => purchaseKey.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id'),
    kind: text('kind', { enum: ['commission', 'commission_reversal', 'payout', 'payout_reversal'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    providerRef: text('provider_ref').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** When the money can be paid out: with its charge for a commission, at once for everything else. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_ledger_entries_kind_ref_key').on(t.kind, t.providerRef),
    index('affiliate_ledger_entries_affiliate_idx').on(t.affiliateId, t.occurredAt),
    index('affiliate_ledger_entries_arrangement_idx').on(t.arrangementId),
    check(
      'affiliate_ledger_entries_sign',
      sql`(${t.kind} in ('commission', 'payout_reversal') and ${t.amountCents} > 0)
       or (${t.kind} in ('commission_reversal', 'payout') and ${t.amountCents} < 0)`,
    ),
  ],
)
