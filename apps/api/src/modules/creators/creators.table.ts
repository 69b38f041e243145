import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'

/**
 * A creator's public storefront. The shop reads this one table: display name, sports and the
 * lowest price on sale are kept here (in the same transaction as their source) so that
 * filtering and every sort order run off an index at 100k creators.
 */
export const creatorProfiles = pgTable(
  'creator_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    bio: text('bio').notNull().default(''),
    profilePicture: text('profile_picture'),
    specialtySport: text('specialty_sport'),
    otherSports: text('other_sports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** specialty_sport plus other_sports, for the sport filter. */
    sports: text('sports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    socialLinks: jsonb('social_links').$type<Record<string, string>>().notNull().default({}),
    country: text('country'),
    /** The cheapest plan on sale: active, and only while accepting_payments (null: nothing on sale). */
    lowestPriceCents: integer('lowest_price_cents'),
    /**
     * Whether the creator's payout account can take charges now, as the payouts module last stored
     * it (payouts' `takesCharges`, the rule checkout applies). Plans are on sale only while it holds.
     */
    acceptingPayments: boolean('accepting_payments').notNull().default(false),
    currency: text('currency').notNull().default('usd'),
    /** Whether the creator gets an e-mail for each new subscriber (billing's notice; on unless turned off). */
    newSubscriberEmails: boolean('new_subscriber_emails').notNull().default(true),
    /** A moderator hid the profile (null: shown); the note says why. Hidden from the shop and feeds. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
    /** The account is suspended (kept here from users.suspended_at so the shop reads one table). */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        (): ReturnType<typeof sql> =>
          sql`lower(${creatorProfiles.displayName} || ' ' || ${creatorProfiles.username} || ' ' || ${creatorProfiles.bio})`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('creator_profiles_username_lower_key').on(sql`lower(${t.username})`),
    index('creator_profiles_name_sort_idx').on(sql`lower(${t.displayName})`, t.userId),
    index('creator_profiles_price_low_idx').on(sql`${t.lowestPriceCents} asc nulls last`, t.userId),
    index('creator_profiles_price_high_idx').on(sql`${t.lowestPriceCents} desc nulls last`, t.userId),
    index('creator_profiles_newest_idx').on(sql`${t.createdAt} desc`, t.userId),
    index('creator_profiles_sports_idx').using('gin', t.sports),
    index('creator_profiles_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('creator_profiles_username_format', sql`${t.username} ~ '^[A-Za-z0-9_]{3,30}$'`),
    check('creator_profiles_price_positive', sql`${t.lowestPriceCents} is null or ${t.lowestPriceCents} > 0`),
  ],
)

/** What a creator sells (product-decisions.md "What is sold"). Prices in integer cents. */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['subscription', 'one_time'] }).notNull(),
    interval: text('interval', { enum: ['week', 'month', 'year'] }),
    accessDays: integer('access_days'),
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    trialDays: integer('trial_days').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscription_plans_creator_idx').on(t.creatorId, t.active),
    check('subscription_plans_price_range', sql`${t.priceCents} between 100 and 1000000`),
    check('subscription_plans_trial_range', sql`${t.trialDays} between 0 and 30`),
    check(
      'subscription_plans_kind_shape',
      sql`(${t.kind} = 'subscription' and ${t.interval} is not null and ${t.accessDays} is null)
       or (${t.kind} = 'one_time' and ${t.interval} is null and ${t.accessDays} between 1 and 365)`,
    ),
  ],
)
