import type { ServerUser } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { creatorFieldsOf } from '../creators/creators.service.ts'
import { users } from './users.table.ts'

type Deps = { db: Db }
type UserRow = typeof users.$inferSelect

async function toServerUser(deps: Deps, row: UserRow): Promise<ServerUser> {
  const creator = await creatorFieldsOf(deps, row.id)
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    auth_id: row.authId,
    profile_picture: row.profilePicture,
    specialty_sport: row.specialtySport,
    phone: row.phone,
    verified: row.emailVerified,
    username: creator?.username ?? null,
    bio: creator?.bio ?? null,
    price_cents: creator?.priceCents ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

export interface AuthIdentity {
  authId: string
  email: string
  name: string
  phone: string | null
  emailVerified: boolean
}

/**
 * The server user of an auth identity: created on sign-up with role customer, or linked when an
 * operator created the record by e-mail before the person signed up. Never changes a role.
 */
export async function linkAuthIdentity(deps: Deps, identity: AuthIdentity): Promise<void> {
  await deps.db
    .insert(users)
    .values({
      email: identity.email,
      name: identity.name,
      authId: identity.authId,
      phone: identity.phone,
      emailVerified: identity.emailVerified,
    })
    .onConflictDoUpdate({
      target: users.email,
      set: { authId: identity.authId, updatedAt: sql`now()` },
      setWhere: sql`${users.authId} is null`,
    })
}

export async function markEmailVerified(deps: Deps, authId: string, verified: boolean): Promise<void> {
  await deps.db
    .update(users)
    .set({ emailVerified: verified, updatedAt: sql`now()` })
    .where(eq(users.authId, authId))
}

export async function findUserByAuthId(deps: Deps, authId: string): Promise<ServerUser | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.authId, authId))
  return row ? toServerUser(deps, row) : null
}

export async function findUserByEmail(deps: Deps, email: string): Promise<ServerUser | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.email, email))
  return row ? toServerUser(deps, row) : null
}
