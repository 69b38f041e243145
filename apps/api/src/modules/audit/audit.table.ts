import { auditActions, auditTargets } from '@picks/contracts'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The audit log of every admin and moderator action (issue 16): append-only (a trigger refuses
 * updates and deletes). The actor's name and stored role are copied, so the row still says who
 * acted after the account is renamed, its role changes or it is deleted; `before` and `after` hold
 * what the action changed, never a secret.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** No foreign key: an account can be deleted, and its entries keep its id and name. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    actorRole: text('actor_role').notNull(),
    action: text('action', { enum: auditActions }).notNull(),
    targetType: text('target_type', { enum: auditTargets }).notNull(),
    targetId: text('target_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    requestId: text('request_id'),
  },
  (t) => [
    index('admin_audit_log_at_idx').on(t.at),
    index('admin_audit_log_action_idx').on(t.action, t.at),
    index('admin_audit_log_target_idx').on(t.targetType, t.targetId, t.at),
    index('admin_audit_log_actor_idx').on(t.actorId, t.at),
  ],
)
