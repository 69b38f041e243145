import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'

/**
 * The key a ledger row's purchase refers to. The ledger sits below the purchases module and does
 * not import it: the foreign key names the `purchases` table by its name and primary key, as the
 * database does. Not exported, so the schema (db/schema.ts) still has one `purchases` table, the
 * purchases module's, and drizzle-kit sees the same constraint as before.
 */
const purchaseKey = pgTable('purchases', { id: uuid('id').primaryKey() })

/**
 * The money ledger: append-only (a trigger refuses updates and deletes), signed cents from the
 * creator's point of view: a charge is positive, the platform's fee, a refund, a payout and an
 * affiliate's commission (decision 038) negative.
 * Balances are sums of these rows. `providerRef` with `kind` is unique, so a provider event that
 * comes twice never books twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'restrict' }),
    purchaseId: uuid('purchase_id').references(() => purchaseKey.id, { onDelete: 'restrict' }),
    payoutId: uuid('payout_id'),
    kind: text('kind', {
      enum: [
        'charge',
        'platform_fee',
        'refund',
        'payout',
        'payout_reversal',
        'affiliate_commission',
        'affiliate_commission_reversal',
      ],
    }).notNull(),
    /**
     * The plan and kind of the purchase the row belongs to, as it was sold — set from the purchase by
     * a trigger when the row is written (migration 0026), never by the code — so a creator's analytics
     * sum the ledger by plan without looking up each purchase (decision 037). No foreign key: the plan
     * may be deleted since.
     */
    planId: uuid('plan_id'),
    purchaseKind: text('purchase_kind', { enum: ['subscription', 'one_time'] }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull(),
    providerRef: text('provider_ref').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** When the money can be paid out: after the hold for charges, at once for everything else. */
    availableAt: timestamp('available_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_kind_ref_key').on(t.kind, t.providerRef),
    index('ledger_entries_creator_idx').on(t.creatorId, t.occurredAt),
    index('ledger_entries_purchase_idx').on(t.purchaseId),
    // Whether a purchase was ever charged (a trial's conversion), off the index alone (decision 037).
    index('ledger_entries_purchase_charge_idx')
      .on(t.purchaseId)
      .where(sql`${t.kind} = 'charge'`),
    index('ledger_entries_payout_idx').on(t.payoutId),
    // The admin console's figures by day (decision 030).
    index('ledger_entries_occurred_idx').on(t.occurredAt),
    check(
      'ledger_entries_sign',
      sql`(${t.kind} in ('charge', 'payout_reversal', 'affiliate_commission_reversal') and ${t.amountCents} > 0)
       or (${t.kind} in ('refund', 'payout', 'affiliate_commission') and ${t.amountCents} < 0)
       or (${t.kind} = 'platform_fee' and ${t.amountCents} <> 0)`,
    ),
  ],
)
