import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { authChallenges, authVerifications } from './auth.table.ts'

/**
 * Codes sent by text message (a factor's set-up, a sign-in, the profile phone): six digits, valid
 * five minutes, five tries each. One account is texted at most once every 30 seconds and ten times
 * an hour, so nobody turns the form into a way to flood a phone (or run up the SMS bill).
 */
export const textedCode = {
  length: 6,
  expiresInSeconds: 5 * 60,
  allowedAttempts: 5,
  resendAfterSeconds: 30,
  perHour: 10,
} as const

/** The one wording of every texted code. */
export function codeText(code: string): string {
  return `Your Picks Marketplace code is ${code}`
}

export type ChallengePurpose = 'enrol' | 'sign_in' | 'profile_phone'
export type Challenge = typeof authChallenges.$inferSelect

export interface ChallengeDeps {
  db: Db
  now: () => Date
  /** Keys the code hashes: a stolen table alone gives no code back. */
  secret: string
}

export function newCode(): string {
  return randomInt(0, 10 ** textedCode.length)
    .toString()
    .padStart(textedCode.length, '0')
}

function hashCode(secret: string, challengeId: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('base64url')
}

/** How long before another text may go to this account; 0 when one may go now. */
export async function textWaitMs(deps: ChallengeDeps, userId: string): Promise<number> {
  const now = deps.now().getTime()
  const hourAgo = new Date(now - 60 * 60 * 1000)
  const texted = await deps.db
    .select({ createdAt: authChallenges.createdAt })
    .from(authChallenges)
    .where(
      and(eq(authChallenges.userId, userId), isNotNull(authChallenges.phone), gt(authChallenges.createdAt, hourAgo)),
    )
    .orderBy(asc(authChallenges.createdAt))
  const latest = texted.at(-1)
  const cooldown = latest ? latest.createdAt.getTime() + textedCode.resendAfterSeconds * 1000 - now : 0
  const oldest = texted[0]
  const hourly = oldest && texted.length >= textedCode.perHour ? oldest.createdAt.getTime() + 60 * 60 * 1000 - now : 0
  return Math.max(0, cooldown, hourly)
}

export interface NewChallenge {
  userId: string
  purpose: ChallengePurpose
  factorId?: string | null
  /** The number a code is texted to; null when nothing is texted. */
  phone?: string | null
  /** The texted code, stored only as a keyed hash; null when another party checks the code. */
  code?: string | null
}

/**
 * Opens a challenge and closes the open ones it replaces: same account, purpose and factor, and
 * during a sign-in every texted one too (the plugin keeps one code per sign-in: only the newest works).
 */
export async function openChallenge(deps: ChallengeDeps, input: NewChallenge): Promise<Challenge> {
  const now = deps.now()
  const id = randomUUID()
  const factorId = input.factorId ?? null
  return deps.db.transaction(async (tx) => {
    await tx
      .update(authChallenges)
      .set({ consumedAt: now })
      .where(
        and(
          eq(authChallenges.userId, input.userId),
          eq(authChallenges.purpose, input.purpose),
          or(
            factorId === null ? isNull(authChallenges.factorId) : eq(authChallenges.factorId, factorId),
            input.purpose === 'sign_in' && input.phone ? isNotNull(authChallenges.phone) : undefined,
          ),
          isNull(authChallenges.consumedAt),
        ),
      )
    const [row] = await tx
      .insert(authChallenges)
      .values({
        id,
        userId: input.userId,
        purpose: input.purpose,
        factorId,
        phone: input.phone ?? null,
        codeHash: input.code ? hashCode(deps.secret, id, input.code) : null,
        expiresAt: new Date(now.getTime() + textedCode.expiresInSeconds * 1000),
        createdAt: now,
      })
      .returning()
    if (!row) throw new Error('the challenge was not stored')
    // Spent and expired challenges older than a day tell nobody anything; the table stays small.
    await tx.delete(authChallenges).where(lt(authChallenges.createdAt, new Date(now.getTime() - 24 * 60 * 60 * 1000)))
    return row
  })
}

export interface ChallengeQuery {
  id: string
  userId: string
  purpose: ChallengePurpose
  factorId?: string | null
}

/** The account's challenge with this id and purpose (and factor), spent or not; null if there is none. */
export async function findChallenge(deps: ChallengeDeps, query: ChallengeQuery): Promise<Challenge | null> {
  const [row] = await deps.db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.id, query.id),
        eq(authChallenges.userId, query.userId),
        eq(authChallenges.purpose, query.purpose),
        query.factorId === undefined
          ? undefined
          : query.factorId === null
            ? isNull(authChallenges.factorId)
            : eq(authChallenges.factorId, query.factorId),
      ),
    )
  return row ?? null
}

/** The newest open challenge of the account for this purpose and number (profile phone checks). */
export async function latestChallengeFor(
  deps: ChallengeDeps,
  query: { userId: string; purpose: ChallengePurpose; phone: string },
): Promise<Challenge | null> {
  const [row] = await deps.db
    .select()
    .from(authChallenges)
    .where(
      and(
        eq(authChallenges.userId, query.userId),
        eq(authChallenges.purpose, query.purpose),
        eq(authChallenges.phone, query.phone),
      ),
    )
    .orderBy(sql`${authChallenges.createdAt} desc`)
    .limit(1)
  return row ?? null
}

export type CodeOutcome = 'ok' | 'invalid' | 'expired' | 'too_many'

/** Whether a challenge still takes a try: a spent one counts as expired (a code works once). */
export function challengeState(deps: ChallengeDeps, row: Challenge): 'open' | 'expired' | 'too_many' {
  if (row.consumedAt !== null || row.expiresAt.getTime() <= deps.now().getTime()) return 'expired'
  if (row.attempts >= textedCode.allowedAttempts) return 'too_many'
  return 'open'
}

/**
 * Counts one try against the challenge, atomically: false when none is left (spent, expired or
 * out of tries), so two requests at once cannot both use the last try.
 */
export async function spendAttempt(deps: ChallengeDeps, id: string): Promise<boolean> {
  const rows = await deps.db
    .update(authChallenges)
    .set({ attempts: sql`${authChallenges.attempts} + 1` })
    .where(
      and(
        eq(authChallenges.id, id),
        isNull(authChallenges.consumedAt),
        gt(authChallenges.expiresAt, deps.now()),
        lt(authChallenges.attempts, textedCode.allowedAttempts),
      ),
    )
    .returning({ id: authChallenges.id })
  return rows.length === 1
}

/** Marks the challenge used; false when another request used it first. */
export async function consumeChallenge(deps: ChallengeDeps, id: string): Promise<boolean> {
  const rows = await deps.db
    .update(authChallenges)
    .set({ consumedAt: deps.now() })
    .where(and(eq(authChallenges.id, id), isNull(authChallenges.consumedAt)))
    .returning({ id: authChallenges.id })
  return rows.length === 1
}

/** Checks a texted code against its challenge: one try spent, and on success the challenge used up. */
export async function checkTextedCode(deps: ChallengeDeps, row: Challenge, code: string): Promise<CodeOutcome> {
  const state = challengeState(deps, row)
  if (state !== 'open') return state
  if (!(await spendAttempt(deps, row.id))) {
    const [fresh] = await deps.db.select().from(authChallenges).where(eq(authChallenges.id, row.id))
    return fresh && challengeState(deps, fresh) === 'too_many' ? 'too_many' : 'expired'
  }
  if (!row.codeHash) return 'invalid'
  const expected = Buffer.from(row.codeHash)
  const given = Buffer.from(hashCode(deps.secret, row.id, code))
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return 'invalid'
  return (await consumeChallenge(deps, row.id)) ? 'ok' : 'expired'
}

/**
 * Authenticator-app codes are good for a step either side of now, so one seen over a shoulder
 * would work again for a minute or so: a code that worked is remembered (hashed) for 3 minutes
 * and refused as used (RFC 6238 §5.2).
 */
const usedTotpMs = 3 * 60 * 1000

function usedTotpKey(secret: string, factorId: string, code: string): string {
  return `totp-used:${createHmac('sha256', secret).update(`${factorId}:${code}`).digest('base64url')}`
}

export async function totpCodeUsed(deps: ChallengeDeps, factorId: string, code: string): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: authVerifications.id })
    .from(authVerifications)
    .where(
      and(
        eq(authVerifications.identifier, usedTotpKey(deps.secret, factorId, code)),
        gt(authVerifications.expiresAt, new Date()),
      ),
    )
  return row !== undefined
}

export async function markTotpCodeUsed(deps: ChallengeDeps, factorId: string, code: string): Promise<void> {
  await deps.db.insert(authVerifications).values({
    id: randomUUID(),
    identifier: usedTotpKey(deps.secret, factorId, code),
    value: factorId,
    expiresAt: new Date(Date.now() + usedTotpMs),
  })
}
