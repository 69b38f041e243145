import { bigint, date, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The console's precomputed figures: one row per settled UTC day and metric (decision 030). A day
 * is written once, when it has been over for the settling time, from the same queries that compute
 * the recent days live; the overview and the revenue report sum these rows instead of millions of
 * source rows. Owned by the console module: no other module writes it.
 */
export const consoleDailyTotals = pgTable(
  'console_daily_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric] })],
)

/**
 * The console's point-in-time figures (people by role, live subscriptions and MRR) as last counted,
 * reused for a minute (decision 030): counting them scans hundreds of thousands of index entries,
 * too slow for every read of the overview. One row per kind of snapshot.
 */
export const consoleSnapshots = pgTable('console_snapshots', {
  key: text('key').primaryKey(),
  figures: jsonb('figures').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
})
