import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'

/**
 * A payee's connected account at the payment provider, and what the provider last said of it. The
 * payee is a creator, or an affiliate (decision 038): `creator_id` holds their user id.
 */
export const payoutAccounts = pgTable(
  'payout_accounts',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'restrict' }),
    provider: text('provider', { enum: ['stripe', 'sandbox'] }).notNull(),
    accountId: text('account_id').notNull(),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_accounts_account_key').on(t.accountId)],
)

/**
 * A payout a creator (or an affiliate: `purse`, decision 038) asked for; `creator_id` is the payee's
 * user id. Its money leaves the purse's ledger when it is asked for.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Whose money: the creator's earnings or the affiliate's commissions. */
    purse: text('purse', { enum: ['creator', 'affiliate'] })
      .notNull()
      .default('creator'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['pending', 'paid', 'failed'] })
      .notNull()
      .default('pending'),
    providerPayoutId: text('provider_payout_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payouts_creator_idx').on(t.creatorId, t.createdAt),
    uniqueIndex('payouts_provider_payout_key').on(t.providerPayoutId),
    check('payouts_amount_positive', sql`${t.amountCents} > 0`),
  ],
)
