import { bigint, date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { creatorProfiles } from '../creators/creators.table.ts'

/**
 * A creator's settled days in figures (decision 037): one row per creator, UTC day, metric and key
 * with a value other than zero — `gross`, `fees`, `refunds` and affiliates' `commission` (net of
 * those returned) in cents keyed by the plan (`plan:` and its id, or the purchase's kind when it
 * has no plan), `sent` and `failed` pick alerts keyed by channel — and a `settled` row (key '', value 0) on the last day of every batch stored, so the
 * newest stored day is known. A day is written once, when it has been over for two whole days, by
 * the same query that computes the recent days live from the ledger and the deliveries; the
 * analytics sum these rows instead of millions of ledger rows. Owned by the analytics module.
 */
export const creatorDailyFigures = pgTable(
  'creator_daily_figures',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.day, t.metric, t.key] })],
)

/**
 * The sums of a creator's stored days by calendar month (UTC), for the long timeframes: written with
 * the month's last day, in the same transaction, from the days stored — levels and the `settled`
 * marker aside. Derived like the days, never edited.
 */
export const creatorMonthlyFigures = pgTable(
  'creator_monthly_figures',
  {
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creatorProfiles.userId, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.creatorId, t.month, t.metric, t.key] })],
)
