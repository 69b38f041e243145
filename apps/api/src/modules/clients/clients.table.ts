import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { users } from '../users/users.table.ts'

/**
 * A creator's client list (decision 009): one row per person a creator serves or wants to serve,
 * one e-mail once per creator. `user_id` links the entry to a registered user with that e-mail;
 * the creator is never told whether it is set.
 */
export const creatorClients = pgTable(
  'creator_clients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Always stored trimmed and lowercased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    phone: text('phone'),
    note: text('note'),
    source: text('source', { enum: ['manual', 'purchase', 'follow'] })
      .notNull()
      .default('manual'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('creator_clients_creator_email_key').on(t.creatorId, t.email),
    index('creator_clients_creator_newest_idx').on(t.creatorId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('creator_clients_user_idx').on(t.userId),
    check('creator_clients_email_lowercase', sql`${t.email} = lower(btrim(${t.email}))`),
    check('creator_clients_name_length', sql`char_length(${t.name}) between 1 and 120`),
    check('creator_clients_note_length', sql`${t.note} is null or char_length(${t.note}) <= 500`),
    check('creator_clients_source_known', sql`${t.source} in ('manual', 'purchase', 'follow')`),
  ],
)
