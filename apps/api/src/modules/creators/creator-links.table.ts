import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'
import { creatorProfiles } from './creators.table.ts'

/**
 * Usernames a creator gave up. For 30 days (usernameHoldDays) from `released_at` the old name still
 * leads to the creator and nobody else can take it; after that it is free, and whoever takes it
 * removes the row. One row per name, whatever its case.
 */
export const creatorPreviousUsernames = pgTable(
  'creator_previous_usernames',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('creator_previous_usernames_lower_key').on(sql`lower(${t.username})`),
    index('creator_previous_usernames_creator_idx').on(t.creatorId),
    check('creator_previous_usernames_format', sql`${t.username} ~ '^[A-Za-z0-9_]{3,30}$'`),
  ],
)

/** The referral code of a creator's share link: made on the first request, then never changed. */
export const creatorShareCodes = pgTable(
  'creator_share_codes',
  {
    creatorId: uuid('creator_id')
      .primaryKey()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('creator_share_codes_code_key').on(t.code),
    check('creator_share_codes_format', sql`${t.code} ~ '^[A-Za-z0-9_-]{8,64}$'`),
  ],
)

/**
 * Visits through a creator's share link. `visitor_hash` is an HMAC-SHA256 of the visitor's address,
 * user agent and UTC day keyed with the auth secret: the same visitor counts once a day, and no
 * address is stored.
 */
export const creatorReferralVisits = pgTable(
  'creator_referral_visits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [
    uniqueIndex('creator_referral_visits_visitor_key').on(t.creatorId, t.visitorHash),
    index('creator_referral_visits_creator_time_idx').on(t.creatorId, t.visitedAt),
    check('creator_referral_visits_hash_format', sql`${t.visitorHash} ~ '^[0-9a-f]{64}$'`),
  ],
)

/**
 * Sign-ups through a creator's share link (issue 17): the account made within the attribution window
 * after a visit through the link (last touch). One row per account, kept for the creator's results.
 */
export const creatorReferralSignups = pgTable(
  'creator_referral_signups',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull(),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('creator_referral_signups_creator_time_idx').on(t.creatorId, t.signedUpAt)],
)
