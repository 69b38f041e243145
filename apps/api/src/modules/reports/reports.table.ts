import { performanceMetrics, type ReportContext } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { check, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'

/**
 * What browsers report of their errors (spec §3 "Error report", issue 18, decision 039): one row per
 * report, as sent, beside the server's time of receipt, the person of the session (never the body's
 * word for it), and the group it falls in (`fingerprint`: the message without its numbers and ids,
 * and the top stack frame). Pruned after `ERROR_REPORT_RETENTION_DAYS` by the scheduled job.
 */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The report's `timestamp`: the browser's clock, which may be wrong. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    lineNumber: integer('line_number'),
    columnNumber: integer('column_number'),
    userAgent: text('user_agent'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    route: text('route'),
    additionalContext: jsonb('additional_context').$type<ReportContext>(),
    /** From `additionalContext.release` / `.environment` when the client sent them (spec §9: 1.0.0, production). */
    release: text('release'),
    environment: text('environment'),
    /** SHA-256 (hex) of the normalised message and the top frame: reports of one fault share it. */
    fingerprint: text('fingerprint').notNull(),
  },
  (t) => [
    index('client_error_reports_fingerprint_idx').on(t.fingerprint, t.receivedAt),
    index('client_error_reports_received_idx').on(t.receivedAt),
    index('client_error_reports_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check('client_error_reports_message_length', sql`char_length(${t.message}) between 1 and 2000`),
    check('client_error_reports_fingerprint_format', sql`${t.fingerprint} ~ '^[0-9a-f]{64}$'`),
  ],
)

/** What browsers report of their speed (spec §3 "Performance report"): one Web Vital or route change a row. */
export const clientPerformanceReports = pgTable(
  'client_performance_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    metric: text('metric', { enum: performanceMetrics }).notNull(),
    /** Milliseconds, except CLS (no unit). */
    value: doublePrecision('value').notNull(),
    route: text('route').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    additionalData: jsonb('additional_data').$type<ReportContext>(),
  },
  (t) => [
    index('client_performance_reports_metric_route_idx').on(t.metric, t.route, t.receivedAt),
    index('client_performance_reports_received_idx').on(t.receivedAt),
    index('client_performance_reports_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    check(
      'client_performance_reports_metric_known',
      sql`${t.metric} in ('LCP', 'INP', 'CLS', 'FCP', 'TTFB', 'route-change')`,
    ),
    check('client_performance_reports_value_range', sql`${t.value} >= 0 and ${t.value} < 'Infinity'::float8`),
  ],
)
