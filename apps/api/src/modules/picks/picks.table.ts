import { betTypes, pickResults } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { creatorClients } from '../clients/clients.table.ts'
import { creatorProfiles } from '../creators/creators.table.ts'

/**
 * A creator's pick (spec §3 "Pick (enhanced)"). The server stamps `created_at`; `game_date` is the
 * provider's start time when the pick names a game. Picks are never removed: a delete before the
 * start sets `deleted_at`, so feeds drop it while its audit trail stays whole. Odds are American.
 */
export const picks = pgTable(
  'picks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'restrict' }),
    /**
     * The creator's client the pick is for (spec §3 `client_id`, decision 044): one of the creator's
     * own client records (the server checks), or null. Forgotten if the record goes.
     */
    clientId: uuid('client_id').references(() => creatorClients.id, { onDelete: 'set null' }),
    sport: text('sport').notNull(),
    gameId: text('game_id'),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    gameDate: timestamp('game_date', { withTimezone: true }).notNull(),
    betType: text('bet_type', { enum: betTypes }).notNull(),
    selection: text('selection').notNull(),
    odds: integer('odds').notNull(),
    /** The provider's price for the same selection when the pick was posted; null when not found. */
    marketOdds: integer('market_odds'),
    line: doublePrecision('line'),
    bookmaker: text('bookmaker'),
    player: text('player'),
    stat: text('stat'),
    overUnder: text('over_under', { enum: ['over', 'under'] }),
    reasoning: text('reasoning').notNull(),
    isPremium: boolean('is_premium').notNull().default(false),
    stakeUnits: doublePrecision('stake_units').notNull().default(1),
    result: text('result', { enum: pickResults }).notNull().default('pending'),
    gradedAt: timestamp('graded_at', { withTimezone: true }),
    /** 'auto' for the grader, else the id of the person who graded it. */
    gradedBy: text('graded_by'),
    finalHomeScore: integer('final_home_score'),
    finalAwayScore: integer('final_away_score'),
    apiVersion: text('api_version').notNull(),
    formType: text('form_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * A moderator hid the pick (null: shown): it leaves feeds and alerts but still counts in the
     * creator's record, so hiding cannot curate a record.
     */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenNote: text('hidden_note'),
  },
  (t) => [
    index('picks_feed_idx')
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
    index('picks_creator_idx')
      .on(t.creatorId, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
    index('picks_sport_idx')
      .on(t.sport, sql`${t.createdAt} desc`, sql`${t.id} desc`)
      .where(sql`${t.deletedAt} is null`),
    index('picks_pending_idx')
      .on(t.gameDate)
      .where(sql`${t.result} = 'pending' and ${t.deletedAt} is null`),
    index('picks_client_idx')
      .on(t.clientId)
      .where(sql`${t.clientId} is not null`),
    // The admin console's posted and graded counts by day (decision 030).
    index('picks_created_at_idx').on(t.createdAt),
    index('picks_graded_at_idx')
      .on(t.gradedAt)
      .where(sql`${t.gradedAt} is not null`),
    // A creator's analytics (decision 037): the record over a timeframe, by when picks were graded,
    // with what the record needs of each pick, so it is read off the index alone.
    index('picks_creator_graded_idx')
      .on(t.creatorId, t.gradedAt, t.sport, t.betType, t.result, t.odds, t.stakeUnits)
      .where(sql`${t.gradedAt} is not null and ${t.deletedAt} is null`),
    check('picks_stake_range', sql`${t.stakeUnits} between 0.1 and 10`),
    check('picks_odds_american', sql`abs(${t.odds}) between 100 and 10000`),
    check('picks_result_known', sql`${t.result} in ('pending', 'won', 'lost', 'push', 'void')`),
    check('picks_graded_shape', sql`(${t.result} = 'pending') = (${t.gradedAt} is null and ${t.gradedBy} is null)`),
  ],
)

/**
 * Every write to a pick, with the pick before and after: append-only (a trigger refuses updates
 * and deletes), so a creator cannot quietly rewrite history.
 */
export const pickAudit = pgTable(
  'pick_audit',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pickId: uuid('pick_id')
      .notNull()
      .references(() => picks.id, { onDelete: 'restrict' }),
    /** A user id, or 'auto' for the grader. */
    actorId: text('actor_id').notNull(),
    action: text('action', { enum: ['create', 'update', 'delete', 'grade'] }).notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('pick_audit_pick_idx').on(t.pickId, t.at)],
)
