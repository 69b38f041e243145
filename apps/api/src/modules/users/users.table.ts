import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored trimmed and lowercased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['customer', 'creator', 'moderator', 'admin'] })
      .notNull()
      .default('customer'),
    authId: text('auth_id'),
    /**
     * The verified administrator who set this record's role before the person signed up (POST
     * /api/users). A sign-up keeps a role above customer only with this grant (decision 017).
     */
    roleGrantedBy: uuid('role_granted_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    profilePicture: text('profile_picture'),
    specialtySport: text('specialty_sport'),
    phone: text('phone'),
    /** The phone above was confirmed with a texted code; a new phone starts unconfirmed. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Mirrors the auth library's e-mail verification for this person. */
    emailVerified: boolean('email_verified').notNull().default(false),
    /**
     * When an administrator suspended the account (null: active). A suspended person cannot sign
     * in, their sessions were ended, and what they sell is hidden until they are restored.
     */
    suspendedAt: timestamp('suspended_at', { withTimezone: true }),
    suspendedReason: text('suspended_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_auth_id_key').on(t.authId),
    index('users_role_idx').on(t.role),
    index('users_role_granted_by_idx').on(t.roleGrantedBy),
    index('users_created_idx').on(sql`${t.createdAt} desc`, t.id),
    index('users_suspended_idx')
      .on(t.suspendedAt)
      .where(sql`${t.suspendedAt} is not null`),
    // The admin lists (decision 031): customers newest first, and search by name or e-mail; the
    // console's sign-ups by role and day (decision 030) use the first too.
    index('users_role_created_idx').on(t.role, t.createdAt, t.id),
    index('users_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
    index('users_email_trgm_idx').using('gin', sql`${t.email} gin_trgm_ops`),
    check('users_email_lowercase', sql`${t.email} = lower(btrim(${t.email}))`),
    check('users_role_known', sql`${t.role} in ('customer', 'creator', 'moderator', 'admin')`),
  ],
)
