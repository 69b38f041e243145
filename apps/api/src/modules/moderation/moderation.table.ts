import { reportStatuses, reportTargetTypes } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'

/**
 * A signed-in person's report of a pick or a creator profile (issue 16, point 4). The target is
 * named by type and id, not by a foreign key: a report outlives nothing it names (picks are never
 * removed, profiles go with their user), and the queue must not lock the content's tables.
 * One open report per reporter and target; a moderator's hide resolves a target's open reports.
 */
export const contentReports = pgTable(
  'content_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    targetType: text('target_type', { enum: reportTargetTypes }).notNull(),
    targetId: uuid('target_id').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: reportStatuses }).notNull().default('open'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
    resolutionNote: text('resolution_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('content_reports_one_open_key')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.status} = 'open'`),
    index('content_reports_queue_idx').on(t.status, sql`${t.createdAt} desc`, t.id),
    index('content_reports_target_idx').on(t.targetType, t.targetId, t.status),
    check('content_reports_target_known', sql`${t.targetType} in ('pick', 'creator')`),
    check('content_reports_status_known', sql`${t.status} in ('open', 'actioned', 'dismissed')`),
    check('content_reports_reason_length', sql`char_length(${t.reason}) between 1 and 500`),
    check('content_reports_resolved_shape', sql`(${t.status} = 'open') = (${t.resolvedAt} is null)`),
  ],
)
