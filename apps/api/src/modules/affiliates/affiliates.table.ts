import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { users } from '../users/users.table.ts'

/**
 * A creator's arrangement with an affiliate (decision 038): invited by e-mail, accepted by the
 * account signed in with that e-mail, then the affiliate's link (`?aff=code`) earns the reward on the
 * payments of the purchases it brings. The invite's token is kept only as its SHA-256.
 */
export const affiliateArrangements = pgTable(
  'affiliate_arrangements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    /** Stored trimmed and lowercased. */
    invitedEmail: text('invited_email').notNull(),
    affiliateId: uuid('affiliate_id').references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    rewardKind: text('reward_kind', { enum: ['fixed', 'percent'] }).notNull(),
    /** The fixed reward in cents (`fixed`). */
    amountCents: integer('amount_cents'),
    /** The percentage in basis points, 1–10000 (`percent`). */
    percentBps: integer('percent_bps'),
    payments: text('payments', { enum: ['first', 'every'] }).notNull(),
    /** The plans the reward covers; null for all of the creator's plans. */
    planIds: uuid('plan_ids').array(),
    status: text('status', { enum: ['invited', 'active', 'ended'] })
      .notNull()
      .default('invited'),
    inviteTokenHash: text('invite_token_hash').notNull(),
    inviteExpiresAt: timestamp('invite_expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_arrangements_code_key').on(t.code),
    uniqueIndex('affiliate_arrangements_token_key').on(t.inviteTokenHash),
    index('affiliate_arrangements_creator_idx').on(t.creatorId, t.createdAt),
    index('affiliate_arrangements_affiliate_idx').on(t.affiliateId),
    check('affiliate_arrangements_code_format', sql`${t.code} ~ '^[A-Za-z0-9_-]{8,64}$'`),
    check(
      'affiliate_arrangements_reward',
      sql`(${t.rewardKind} = 'fixed' and ${t.amountCents} > 0 and ${t.percentBps} is null)
       or (${t.rewardKind} = 'percent' and ${t.percentBps} between 1 and 10000 and ${t.amountCents} is null)`,
    ),
    // Invited: nobody yet; active: the affiliate who accepted; ended: either (an invitation withdrawn).
    check(
      'affiliate_arrangements_accepted',
      sql`(${t.status} <> 'invited' or ${t.affiliateId} is null) and (${t.status} <> 'active' or ${t.affiliateId} is not null)`,
    ),
  ],
)

/**
 * Clicks on an affiliate's link: each visitor (a keyed hash of address, user agent and UTC day, as
 * the share link's visits) counts once a day.
 */
export const affiliateClicks = pgTable(
  'affiliate_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    arrangementId: uuid('arrangement_id')
      .notNull()
      .references(() => affiliateArrangements.id, { onDelete: 'cascade' }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [
    uniqueIndex('affiliate_clicks_visitor_key').on(t.arrangementId, t.visitorHash),
    check('affiliate_clicks_hash_format', sql`${t.visitorHash} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** The purchases an affiliate's link brought (last touch within 30 days): one arrangement per purchase. */
export const affiliateReferrals = pgTable(
  'affiliate_referrals',
  {
    purchaseId: uuid('purchase_id')
      .primaryKey()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    arrangementId: uuid('arrangement_id')
      .notNull()
      .references(() => affiliateArrangements.id, { onDelete: 'restrict' }),
    /** The click the purchase is credited to. */
    clickedAt: timestamp('clicked_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('affiliate_referrals_arrangement_idx').on(t.arrangementId)],
)

/**
 * The commission's money at the provider (decision 038): each transfer of a charge's commission to
 * the affiliate's connected account, and each reversal of one, as made. What the ledger says the
 * affiliate earned from a charge less what these rows moved is what the next pass moves
 * (affiliate-money.ts). `idempotencyKey` is the one sent to the provider, so a pass repeated after
 * the provider answered records the same movement once.
 */
export const affiliateCommissionTransfers = pgTable(
  'affiliate_commission_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The referred charge, as the ledger booked its commission. */
    paymentRef: text('payment_ref').notNull(),
    affiliateId: uuid('affiliate_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: ['transfer', 'reversal'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    /** The provider's transfer: the one made (`transfer`), or the one reversed (`reversal`). */
    providerTransferId: text('provider_transfer_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('affiliate_commission_transfers_key').on(t.idempotencyKey),
    index('affiliate_commission_transfers_ref_idx').on(t.paymentRef),
    check('affiliate_commission_transfers_amount', sql`${t.amountCents} > 0`),
  ],
)
