import type { ClientRecord, ClientsPage } from '@picks/contracts'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { userIdByEmail } from '../users/users.service.ts'
import { creatorClients } from './clients.table.ts'

type Deps = { db: Db }
type ClientRow = typeof creatorClients.$inferSelect

/** The creator's view of an entry: never the linked user id (decision 009). */
function toClientRecord(row: ClientRow): ClientRecord {
  return {
    id: row.id,
    creator_id: row.creatorId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    note: row.note,
    source: row.source,
    created_at: row.createdAt.toISOString(),
  }
}

export interface ClientsQuery {
  creatorId: string
  limit: number
  offset: number
  search?: string | undefined
}

/** One page of a creator's list, newest first; `search` matches the name or the e-mail, any case. */
export async function listClients(deps: Deps, query: ClientsQuery): Promise<ClientsPage> {
  const pattern = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null
  const where = and(
    eq(creatorClients.creatorId, query.creatorId),
    pattern
      ? sql`(${creatorClients.email} like ${pattern} or lower(${creatorClients.name}) like ${pattern})`
      : undefined,
  )
  const [rows, totals] = await Promise.all([
    deps.db
      .select()
      .from(creatorClients)
      .where(where)
      .orderBy(desc(creatorClients.createdAt), desc(creatorClients.id))
      .limit(query.limit)
      .offset(query.offset),
    deps.db
      .select({ total: sql<number>`count(*)::int` })
      .from(creatorClients)
      .where(where),
  ])
  return { clients: rows.map(toClientRecord), total: Number(totals[0]?.total ?? 0) }
}

export interface NewClient {
  name: string
  /** Already trimmed and lowercased by the contract. */
  email: string
  phone: string | null
  note: string | null
}

/**
 * Adds a person to the creator's list by hand (`source` manual), linked to the registered user
 * with that e-mail if there is one: the lookup runs either way and the answer is the same. Null
 * when the e-mail is already on this creator's list.
 */
export async function addClient(deps: Deps, creatorId: string, client: NewClient): Promise<ClientRecord | null> {
  const userId = await userIdByEmail(deps, client.email)
  const [row] = await deps.db
    .insert(creatorClients)
    .values({ creatorId, userId, ...client, source: 'manual' })
    .onConflictDoNothing({ target: [creatorClients.creatorId, creatorClients.email] })
    .returning()
  return row ? toClientRecord(row) : null
}

/** Whether `clientId` is one of `creatorId`'s client records (a pick's `client_id`, decision 044). */
export async function isClientOf(deps: Deps, creatorId: string, clientId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: creatorClients.id })
    .from(creatorClients)
    .where(and(eq(creatorClients.id, clientId), eq(creatorClients.creatorId, creatorId)))
  return row !== undefined
}
