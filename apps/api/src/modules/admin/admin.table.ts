import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { authSessions } from '../auth/auth.table.ts'
import { users } from '../users/users.table.ts'

/** The admin area's second password, one per administrator, hashed by the auth library (scrypt). */
export const adminPasswords = pgTable('admin_passwords', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Sessions whose administrator entered the admin password; a verification ends with its session. */
export const adminVerifications = pgTable('admin_verifications', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => authSessions.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
})
