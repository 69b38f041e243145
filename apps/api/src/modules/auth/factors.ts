import { randomUUID } from 'node:crypto'
import type { Factor, SecondFactor } from '@picks/contracts'
import { and, asc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { authAccounts, authChallenges, authPhoneFactors, authTwoFactors, authUsers } from './auth.table.ts'

/**
 * The account's second factors: its authenticator app (the two-factor plugin's row, named by us)
 * and its phones. The plugin's sign-in gate (`auth_users.two_factor_enabled`) is on exactly while
 * one of them is verified; `syncGate` keeps it so after every change.
 */
type Deps = { db: Db }

/** At most this many phones per account. */
export const maxPhoneFactors = 5

/** +15551234567 → +1•••••4567: always five dots, so the mask does not tell the number's length. */
export function maskPhone(phone: string): string {
  return `${phone.slice(0, 2)}•••••${phone.slice(-4)}`
}

export type FoundFactor =
  | { kind: 'totp'; row: typeof authTwoFactors.$inferSelect }
  | { kind: 'phone'; row: typeof authPhoneFactors.$inferSelect }

function totpFactor(row: typeof authTwoFactors.$inferSelect): Factor {
  return {
    id: row.id,
    factor_type: 'totp',
    status: row.verified ? 'verified' : 'unverified',
    friendly_name: row.friendlyName,
    phone: null,
    created_at: row.createdAt.toISOString(),
  }
}

function phoneFactor(row: typeof authPhoneFactors.$inferSelect): Factor {
  return {
    id: row.id,
    factor_type: 'phone',
    status: row.verifiedAt ? 'verified' : 'unverified',
    friendly_name: row.friendlyName,
    phone: maskPhone(row.phone),
    created_at: row.createdAt.toISOString(),
  }
}

export function factorOf(found: FoundFactor): Factor {
  return found.kind === 'totp' ? totpFactor(found.row) : phoneFactor(found.row)
}

/** Every factor of the account, oldest first, verified or still being set up. */
export async function listFactors(deps: Deps, userId: string): Promise<Factor[]> {
  const [totp, phones] = await Promise.all([
    deps.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, userId)),
    deps.db
      .select()
      .from(authPhoneFactors)
      .where(eq(authPhoneFactors.userId, userId))
      .orderBy(asc(authPhoneFactors.createdAt), asc(authPhoneFactors.id)),
  ])
  return [...totp.map(totpFactor), ...phones.map(phoneFactor)].sort((a, b) => a.created_at.localeCompare(b.created_at))
}

/** The verified factors a sign-in may use, without their status and creation time. */
export async function signInFactors(deps: Deps, userId: string): Promise<SecondFactor[]> {
  const factors = await listFactors(deps, userId)
  return factors
    .filter((f) => f.status === 'verified')
    .map(({ id, factor_type, friendly_name, phone }) => ({ id, factor_type, friendly_name, phone }))
}

/** The account's factor with this id; null when it has none (another account's factor included). */
export async function findFactor(deps: Deps, userId: string, id: string): Promise<FoundFactor | null> {
  const [totp] = await deps.db
    .select()
    .from(authTwoFactors)
    .where(and(eq(authTwoFactors.id, id), eq(authTwoFactors.userId, userId)))
  if (totp) return { kind: 'totp', row: totp }
  const [phone] = await deps.db
    .select()
    .from(authPhoneFactors)
    .where(and(eq(authPhoneFactors.id, id), eq(authPhoneFactors.userId, userId)))
  return phone ? { kind: 'phone', row: phone } : null
}

export async function findTotpFactor(deps: Deps, userId: string) {
  const [row] = await deps.db.select().from(authTwoFactors).where(eq(authTwoFactors.userId, userId))
  return row ?? null
}

/** The number of the account's verified phone factor `factorId`; null for anything else. */
export async function verifiedPhoneOf(deps: Deps, userId: string, factorId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ phone: authPhoneFactors.phone })
    .from(authPhoneFactors)
    .where(
      and(
        eq(authPhoneFactors.id, factorId),
        eq(authPhoneFactors.userId, userId),
        isNotNull(authPhoneFactors.verifiedAt),
      ),
    )
  return row?.phone ?? null
}

export type NewPhoneFactor = { ok: true; factor: Factor } | { ok: false; reason: 'FACTOR_EXISTS' | 'TOO_MANY_FACTORS' }

/**
 * Adds an unverified phone factor. The same number again replaces its unverified factor (new name,
 * new time) and is refused once verified.
 */
export async function addPhoneFactor(
  deps: Deps,
  input: { userId: string; phone: string; friendlyName: string | null; now: Date },
): Promise<NewPhoneFactor> {
  return deps.db.transaction(async (tx) => {
    const mine = await tx.select().from(authPhoneFactors).where(eq(authPhoneFactors.userId, input.userId))
    const same = mine.find((f) => f.phone === input.phone)
    if (same?.verifiedAt) return { ok: false, reason: 'FACTOR_EXISTS' } as const
    if (same) {
      const [row] = await tx
        .update(authPhoneFactors)
        .set({ friendlyName: input.friendlyName, createdAt: input.now })
        .where(eq(authPhoneFactors.id, same.id))
        .returning()
      return { ok: true, factor: phoneFactor(row ?? same) } as const
    }
    if (mine.length >= maxPhoneFactors) return { ok: false, reason: 'TOO_MANY_FACTORS' } as const
    const [row] = await tx
      .insert(authPhoneFactors)
      .values({
        id: randomUUID(),
        userId: input.userId,
        phone: input.phone,
        friendlyName: input.friendlyName,
        createdAt: input.now,
      })
      // Two requests for the same new number at once: the second finds the first's row.
      .onConflictDoUpdate({
        target: [authPhoneFactors.userId, authPhoneFactors.phone],
        set: { friendlyName: input.friendlyName, createdAt: input.now },
        setWhere: sql`${authPhoneFactors.verifiedAt} is null`,
      })
      .returning()
    return row ? ({ ok: true, factor: phoneFactor(row) } as const) : ({ ok: false, reason: 'FACTOR_EXISTS' } as const)
  })
}

/** Names the authenticator-app factor the plugin just (re)created, and dates it now. */
export async function nameTotpFactor(
  deps: Deps,
  input: { userId: string; friendlyName: string | null; now: Date },
): Promise<Factor | null> {
  const [row] = await deps.db
    .update(authTwoFactors)
    .set({ friendlyName: input.friendlyName, createdAt: input.now })
    .where(eq(authTwoFactors.userId, input.userId))
    .returning()
  return row ? totpFactor(row) : null
}

/** Marks a phone factor verified and turns the sign-in gate on. */
export async function markPhoneFactorVerified(deps: Deps, userId: string, id: string, now: Date): Promise<Factor> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(authPhoneFactors)
      .set({ verifiedAt: sql`coalesce(${authPhoneFactors.verifiedAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(authPhoneFactors.id, id), eq(authPhoneFactors.userId, userId)))
      .returning()
    if (!row) throw new Error('the phone factor is gone')
    await syncGate({ db: tx }, userId)
    return phoneFactor(row)
  })
}

/** Removes the account's factor and its open challenges; the gate turns off with the last verified one. */
export async function removeFactor(deps: Deps, userId: string, found: FoundFactor): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (found.kind === 'totp') {
      await tx.delete(authTwoFactors).where(and(eq(authTwoFactors.id, found.row.id), eq(authTwoFactors.userId, userId)))
    } else {
      await tx
        .delete(authPhoneFactors)
        .where(and(eq(authPhoneFactors.id, found.row.id), eq(authPhoneFactors.userId, userId)))
    }
    await tx
      .delete(authChallenges)
      .where(and(eq(authChallenges.userId, userId), eq(authChallenges.factorId, found.row.id)))
    await syncGate({ db: tx }, userId)
  })
}

/** The plugin's sign-in gate: on exactly while the account has a verified factor. */
export async function syncGate(deps: Deps, userId: string): Promise<void> {
  await deps.db
    .update(authUsers)
    .set({
      twoFactorEnabled: sql`(exists (select 1 from ${authTwoFactors} where ${authTwoFactors.userId} = ${userId} and ${authTwoFactors.verified})
        or exists (select 1 from ${authPhoneFactors} where ${authPhoneFactors.userId} = ${userId} and ${authPhoneFactors.verifiedAt} is not null))`,
      updatedAt: sql`now()`,
    })
    .where(eq(authUsers.id, userId))
}

/** The account's password hash, or null when it has none (a Google-only account). */
export async function passwordHashOf(deps: Deps, userId: string): Promise<string | null> {
  const [row] = await deps.db
    .select({ password: authAccounts.password })
    .from(authAccounts)
    .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, 'credential')))
  return row?.password ?? null
}

export async function authUserById(deps: Deps, id: string) {
  const [row] = await deps.db.select().from(authUsers).where(eq(authUsers.id, id))
  return row ?? null
}

export async function authUserIdByEmail(deps: Deps, email: string): Promise<string | null> {
  const [row] = await deps.db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email))
  return row?.id ?? null
}
