import type { ServerUser } from '@picks/contracts'
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { AccountDirectory, SignedUpIdentity } from '../auth/auth.service.ts'
import { users } from './users.table.ts'

// People by role, for the admin console.
export { peopleByRole, type RoleFigures } from './people-figures.ts'

type Deps = { db: Db }
type UserRow = typeof users.$inferSelect

/** The account fields a creator's storefront copies (undefined: unchanged). */
export interface AccountFields {
  name?: string | undefined
  profilePicture?: string | null | undefined
  specialtySport?: string | null | undefined
}

/**
 * What the creators module adds to a person's record. A creator profile belongs to a user, so
 * creators builds on users and users cannot import it; creators plugs its part in here when it
 * loads (creators.service.ts). Until then no one is a creator: no creator fields, nothing to copy.
 */
export interface CreatorSide {
  /** The creator fields of the server user (spec §3), or null for someone who is not a creator. */
  creatorFieldsOf(
    deps: Deps,
    userId: string,
  ): Promise<{ username: string; bio: string; priceCents: number | null } | null>
  /** Keeps the storefront in step with the account; runs in the profile change's transaction. */
  mirrorAccountFields(deps: Deps, userId: string, fields: AccountFields): Promise<void>
  /** Hides (a time) or shows again (null) the storefront of a suspended or restored account; in its transaction. */
  suspensionChanged(deps: Deps, userId: string, suspendedAt: Date | null): Promise<void>
}

let creatorSide: CreatorSide = {
  creatorFieldsOf: async () => null,
  mirrorAccountFields: async () => {},
  suspensionChanged: async () => {},
}

export function provideCreatorSide(side: CreatorSide): void {
  creatorSide = side
}

/** The creators module's side as it is now (user-admin.ts: a suspension hides the storefront). */
export function creatorSideOf(): CreatorSide {
  return creatorSide
}

async function toServerUser(deps: Deps, row: UserRow): Promise<ServerUser> {
  const creator = await creatorSide.creatorFieldsOf(deps, row.id)
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    auth_id: row.authId,
    profile_picture: row.profilePicture,
    specialty_sport: row.specialtySport,
    phone: row.phone,
    phone_verified: row.phoneVerified,
    verified: row.emailVerified,
    username: creator?.username ?? null,
    bio: creator?.bio ?? null,
    price_cents: creator?.priceCents ?? null,
    created_at: row.createdAt.toISOString(),
  }
}

/**
 * The server user of an auth identity: created on sign-up with role customer, or linked when an
 * administrator created the record by e-mail before the person signed up. A linked record keeps
 * a role above customer only when a verified administrator granted it (`role_granted_by`): a
 * role written any other way (straight into the database, or by a grant whose administrator is
 * gone) never comes with a self-service sign-up (decision 017).
 */
export async function linkAuthIdentity(deps: Deps, identity: SignedUpIdentity): Promise<void> {
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
      set: {
        authId: identity.authId,
        role: sql`case when ${users.roleGrantedBy} is null then 'customer' else ${users.role} end`,
        updatedAt: sql`now()`,
      },
      setWhere: sql`${users.authId} is null`,
    })
}

/**
 * The server user of a signed-in identity, created (role customer) when it has none yet; calling
 * it again returns the same record. The identity's own e-mail and verification win over the body.
 */
export async function syncIdentity(
  deps: Deps,
  identity: { id: string; email: string; name: string; phone: string | null; emailVerified: boolean },
  body: { name: string; phone?: string | null | undefined },
): Promise<ServerUser> {
  const existing = await findUserByAuthId(deps, identity.id)
  if (existing) return existing
  await linkAuthIdentity(deps, {
    authId: identity.id,
    email: identity.email,
    name: identity.name || body.name,
    phone: identity.phone ?? body.phone ?? null,
    emailVerified: identity.emailVerified,
  })
  const user = await findUserByAuthId(deps, identity.id)
  // Another record holds this e-mail with a different auth id: never take it over.
  if (!user) throw new AppError('CONFLICT', 'Another account already uses this e-mail')
  return user
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

export async function findUserById(deps: Deps, id: string): Promise<ServerUser | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.id, id))
  return row ? toServerUser(deps, row) : null
}

/** The id of the server user with this (normalized) e-mail, or null; nothing else about them. */
export async function userIdByEmail(deps: Deps, email: string): Promise<string | null> {
  const [row] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return row?.id ?? null
}

/**
 * People as other modules compose them into one set-based query (the alert fan-out, its reach
 * counts and a creator's subscriber list): the users' names and contact columns, as a subquery
 * to alias, `from (${peopleColumns}) u`. PostgreSQL folds it into the outer query, so the plan is
 * the one a join on the table would get; the users table stays this module's to change.
 */
export const peopleColumns = sql`select id, name, profile_picture, email, email_verified, phone, phone_verified
  from users`

/**
 * The server user of a signed-in identity, as the access guard sees it: null for a suspended
 * account, so any session it still holds counts for nothing (401) even in the moment before the
 * suspension's deletion of its sessions commits.
 */
export async function signedInUserByAuthId(deps: Deps, authId: string): Promise<ServerUser | null> {
  const [row] = await deps.db.select().from(users).where(eq(users.authId, authId))
  return row && !row.suspendedAt ? toServerUser(deps, row) : null
}

/** Whether the person signing in with this auth identity is suspended (auth refuses them a session). */
export async function isSuspended(deps: Deps, authId: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.authId, authId), isNotNull(users.suspendedAt)))
  return row !== undefined
}

/** Whose number this is: the person who verified it most recently, if anyone did. */
export async function userIdByVerifiedPhone(deps: Deps, phone: string): Promise<string | null> {
  const [owner] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), eq(users.phoneVerified, true)))
    .orderBy(desc(users.updatedAt))
    .limit(1)
  return owner?.id ?? null
}

/**
 * Sets the person's phone to a number a texted code just confirmed. The number is set nowhere
 * else after sign-up (which stores it unconfirmed), so a new number is always a confirmed one.
 */
export async function setVerifiedPhone(deps: Deps, authId: string, phone: string): Promise<ServerUser | null> {
  const [row] = await deps.db
    .update(users)
    .set({ phone, phoneVerified: true, updatedAt: sql`now()` })
    .where(eq(users.authId, authId))
    .returning()
  return row ? toServerUser(deps, row) : null
}

export interface ProfileChanges {
  name?: string | undefined
  profile_picture?: string | null | undefined
  specialty_sport?: string | null | undefined
}

export async function updateProfile(deps: Deps, id: string, changes: ProfileChanges): Promise<ServerUser | null> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({
        ...(changes.name !== undefined ? { name: changes.name } : {}),
        ...(changes.profile_picture !== undefined ? { profilePicture: changes.profile_picture } : {}),
        ...(changes.specialty_sport !== undefined ? { specialtySport: changes.specialty_sport } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning()
    if (!row) return null
    // A creator's storefront shows the same name, picture and specialty as their account.
    await creatorSide.mirrorAccountFields({ db: tx }, id, {
      name: changes.name,
      profilePicture: changes.profile_picture,
      specialtySport: changes.specialty_sport,
    })
    return toServerUser({ db: tx }, row)
  })
}

/**
 * Makes a customer a creator (register-creator). A moderator or an admin keeps their higher rank:
 * a creator profile never lowers a role. Run it in the transaction that adds the profile.
 */
export async function promoteToCreator(deps: Deps, id: string): Promise<void> {
  await deps.db
    .update(users)
    .set({ role: 'creator', updatedAt: sql`now()` })
    .where(sql`${users.id} = ${id} and ${users.role} = 'customer'`)
}

/**
 * An administrator's record of a person before they sign up; their sign-up links to it and keeps
 * its role, which `grantedBy` (the verified administrator creating it) vouches for. Null if the
 * e-mail is taken.
 */
export async function createUser(
  deps: Deps,
  input: { email: string; name: string; role: ServerUser['role'] },
  grantedBy: string,
): Promise<ServerUser | null> {
  const [row] = await deps.db
    .insert(users)
    .values({ ...input, roleGrantedBy: grantedBy })
    .onConflictDoNothing({ target: users.email })
    .returning()
  return row ? toServerUser(deps, row) : null
}

export async function setRole(deps: Deps, email: string, role: ServerUser['role']): Promise<void> {
  await deps.db
    .update(users)
    .set({ role, updatedAt: sql`now()` })
    .where(eq(users.email, email))
}

/** The name of each user in `ids` (for lists that show who bought what). */
export async function userNames(deps: Deps, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows = await deps.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.name]))
}

/** The name and e-mail of each user in `ids` (the moderation queue names who reported). */
export async function userContacts(
  deps: Deps,
  ids: readonly string[],
): Promise<Map<string, { name: string; email: string }>> {
  if (!ids.length) return new Map()
  const rows = await deps.db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
  return new Map(rows.map(({ id, ...contact }) => [id, contact]))
}

/** The users module's side of auth's account directory: app.ts hands it to auth. */
export function accountDirectory(deps: Deps): AccountDirectory {
  return {
    linkAuthIdentity: (identity) => linkAuthIdentity(deps, identity),
    markEmailVerified: (authId, verified) => markEmailVerified(deps, authId, verified),
    setRole: (email, role) => setRole(deps, email, role),
    findByEmail: (email) => findUserByEmail(deps, email),
    findByAuthId: (authId) => findUserByAuthId(deps, authId),
    setVerifiedPhone: (authId, phone) => setVerifiedPhone(deps, authId, phone),
    isSuspended: (authId) => isSuspended(deps, authId),
  }
}
