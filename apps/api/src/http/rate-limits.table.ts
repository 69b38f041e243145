import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Every request limiter's counts (http/sliding-window.ts), shared by every API process: one row per
 * limiter and key, holding the times of the requests still in its window. A row whose last request
 * has left the window is deleted now and then.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    limiter: text('limiter').notNull(),
    key: text('key').notNull(),
    /** When each counted request came, oldest first (a batch adds one time per request). */
    hits: timestamp('hits', { withTimezone: true }).array().notNull(),
    /** When the newest request leaves the window: the row counts for nothing after that. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.key] }), index('rate_limits_expires_idx').on(t.expiresAt)],
)
