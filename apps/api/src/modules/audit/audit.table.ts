import { auditActions, auditTargets } from '@picks/contracts'
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/**
 * The key an entry's actor refers to. The audit module sits below the users module (users audits
 * role changes) and does not import it: the foreign key names the `users` table by its name and
 * primary key, as the ledger names `purchases`. Not exported, so the schema has one `users` table.
 */
const userKey = pgTable('users', { id: uuid('id').primaryKey() })

/**
 * The audit log of every admin and moderator action (issue 16): append-only (a trigger refuses
 * updates and deletes). The actor's name and stored role are copied, so the row
 * still says who acted after the account is renamed or its role changes, and an account that acted
 * cannot be deleted; `before` and `after` hold what the action changed, never a secret.
 */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    actorId: uuid('actor_id').references(() => userKey.id, { onDelete: 'restrict' }),
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
