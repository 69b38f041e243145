import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'

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
    profilePicture: text('profile_picture'),
    specialtySport: text('specialty_sport'),
    phone: text('phone'),
    /** The phone above was confirmed with a texted code; a new phone starts unconfirmed. */
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** Mirrors the auth library's e-mail verification for this person. */
    emailVerified: boolean('email_verified').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_auth_id_key').on(t.authId),
    index('users_role_idx').on(t.role),
    check('users_email_lowercase', sql`${t.email} = lower(btrim(${t.email}))`),
    check('users_role_known', sql`${t.role} in ('customer', 'creator', 'moderator', 'admin')`),
  ],
)
