import { loginThrottlePolicy } from '@picks/contracts'
import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginThrottles } from './auth.table.ts'

/**
 * Failed attempts per key (spec §9): sign-in per lowercased e-mail and per client address, the
 * admin password and second-factor codes per account, e-mail codes and password reset per e-mail
 * and address. The 5th failure blocks 15 minutes and the 10th and every later one an hour, times
 * the key's scale.
 *
 * Parallel attempts must not each see "4 failures so far" and all go ahead, so an attempt reserves
 * its place before it is checked: one statement counts it and refuses it when a block is already in
 * force. The 5th reservation goes ahead and its own count sets the block; every later one is refused
 * until the block ends. What the check then shows settles the reservation: a failure keeps it
 * (`recordFailure`), anything else gives it back (`releaseAttempt`).
 */

/** An address tries many e-mails when it sprays passwords: its thresholds are four times the e-mail's. */
export const addressFactor = 4

type Deps = { db: Db; now: () => Date }

/** A throttled record and how many times the policy's thresholds it allows. */
export interface ThrottleKey {
  key: string
  scale: number
}

/** Sign-in's keys, shared by the password confirmations of signed-in changes. */
export function throttleKeys(email: string, ip: string): { email: ThrottleKey; address: ThrottleKey } {
  return { email: { key: `email:${email}`, scale: 1 }, address: { key: `ip:${ip}`, scale: addressFactor } }
}

type KeyPair = { email: ThrottleKey; address: ThrottleKey }

/** The keys of each other throttled way in; an attempt takes the e-mail's before the address's. */
export const throttled = {
  adminPassword: (userId: string): ThrottleKey => ({ key: `admin:${userId}`, scale: 1 }),
  /** Every wrong second-factor code of an account, across challenges and sign-ins. */
  secondFactor: (authUserId: string): ThrottleKey => ({ key: `mfa:${authUserId}`, scale: 1 }),
  /** Each e-mailed code allows 5 tries of its own; the e-mail gets two codes' worth before a block. */
  emailCode: (email: string, ip: string): KeyPair => ({
    email: { key: `code:email:${email}`, scale: 2 },
    address: { key: `code:ip:${ip}`, scale: addressFactor },
  }),
  /** Every request counts: each one may send an e-mail. */
  resetRequest: (email: string, ip: string): KeyPair => ({
    email: { key: `reset-request:email:${email}`, scale: 1 },
    address: { key: `reset-request:ip:${ip}`, scale: addressFactor },
  }),
  /** Reset links that did not work, per address (a token names no e-mail). */
  resetToken: (ip: string): ThrottleKey => ({ key: `reset-token:ip:${ip}`, scale: addressFactor }),
}

/** A place held on each key by one attempt, and the block its own count set there (if any). */
export interface Reservation {
  at: Date
  held: { key: string; ownBlock: Date | null }[]
}

export type Reserved = { ok: true; reservation: Reservation } | { ok: false; blockedMs: number }

/** The block `failures` failures set, in milliseconds: the 5th; none for the 6th to 9th; the 10th and later. */
function blockMsFor(failures: number, scale: number): number {
  const [longest, ...shorter] = loginThrottlePolicy.blocks
  if (failures >= longest.failures * scale) return longest.blockMs
  return shorter.find((b) => failures === b.failures * scale)?.blockMs ?? 0
}

function at(date: Date): SQL {
  return sql`${date.toISOString()}::timestamptz`
}

/** `blockMsFor` in SQL, never lowering `previous`. */
function blockAfter(count: SQL, previous: SQL, scale: number, now: Date): SQL {
  const [longest, ...shorter] = loginThrottlePolicy.blocks
  const ends = (ms: number) => at(new Date(now.getTime() + ms))
  const cases = [
    sql`when ${count} >= ${longest.failures * scale} then greatest(${previous}, ${ends(longest.blockMs)})`,
    ...shorter.map((b) => sql`when ${count} = ${b.failures * scale} then greatest(${previous}, ${ends(b.blockMs)})`),
  ]
  return sql`case ${sql.join(cases, sql` `)} else ${previous} end`
}

/**
 * Counts one attempt on `key` unless a block is in force there; answers the counted row, or
 * nothing when refused. One statement: the row is locked from the read of its count to the write.
 */
async function reserveOne(db: Db, { key, scale }: ThrottleKey, now: Date) {
  const t = loginThrottles
  const { windowMs, recordTtlMs } = loginThrottlePolicy
  // Failures count on while each follows the last within the window; after a block ends the count
  // goes on from where it was (no failure since it was set), so five more reach the hour. A record
  // is forgotten an hour after its last failure and any block.
  const goesOn = sql`(greatest(${t.lastFailureAt}, coalesce(${t.blockedUntil}, ${t.lastFailureAt})) > ${at(new Date(now.getTime() - recordTtlMs))}
    and (${t.lastFailureAt} > ${at(new Date(now.getTime() - windowMs))} or ${t.blockedUntil} > ${t.lastFailureAt}))`
  const blockMs = blockMsFor(1, scale)
  const [row] = await db
    .insert(t)
    .values({
      key,
      failures: 1,
      windowStartedAt: now,
      lastFailureAt: now,
      blockedUntil: blockMs > 0 ? new Date(now.getTime() + blockMs) : null,
    })
    .onConflictDoUpdate({
      target: t.key,
      // Every expression reads the row as it was before this statement.
      set: {
        failures: sql`case when ${goesOn} then ${t.failures} + 1 else 1 end`,
        windowStartedAt: sql`case when ${goesOn} then ${t.windowStartedAt} else ${at(now)} end`,
        // An attempt still being checked does not stretch the window (it may succeed): only a new
        // window starts now, and `recordFailure` moves the last failure.
        lastFailureAt: sql`case when ${goesOn} then ${t.lastFailureAt} else ${at(now)} end`,
        blockedUntil: sql`case when ${goesOn} then ${blockAfter(sql`${t.failures} + 1`, sql`${t.blockedUntil}`, scale, now)} else ${blockAfter(sql`1`, sql`null::timestamptz`, scale, now)} end`,
      },
      setWhere: sql`${t.blockedUntil} is null or ${t.blockedUntil} <= ${at(now)}`,
    })
    .returning({ blockedUntil: t.blockedUntil })
  return row
}

/**
 * Holds a place on every key for one attempt, or refuses it with the block in force. Keys are taken
 * in order, narrowest first (a refusal there leaves the wider key alone); a refusal gives back the
 * places taken before it.
 */
export async function reserveAttempt(deps: Deps, keys: ThrottleKey[]): Promise<Reserved> {
  for (let round = 1; ; round++) {
    const now = deps.now()
    const reservation: Reservation = { at: now, held: [] }
    let refused: string | null = null
    for (const key of keys) {
      const row = await reserveOne(deps.db, key, now)
      if (!row) {
        refused = key.key
        break
      }
      // No block was in force before this count, so a block on the row now is the one it set.
      const ownBlock = row.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null
      reservation.held.push({ key: key.key, ownBlock })
    }
    if (refused === null) return { ok: true, reservation }
    await giveBack(deps.db, reservation.held)
    const blockedMs = await remainingBlockMs(deps, [refused])
    // A block that is gone by now was an attempt's that then succeeded and withdrew it: try again.
    if (blockedMs > 0 || round === 3) return { ok: false, blockedMs: Math.max(blockedMs, 1000) }
  }
}

/** The longest remaining block among `keys`, in milliseconds; 0 when none is blocked. */
export async function remainingBlockMs(deps: Deps, keys: string[]): Promise<number> {
  const rows = await deps.db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys))
  const now = deps.now().getTime()
  return Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now : 0)))
}

/** The attempt failed: it stays counted. Returns the longest block its count set (0 for none). */
export async function recordFailure(deps: Deps, reservation: Reservation): Promise<number> {
  const { at: when, held } = reservation
  if (held.length > 0) {
    await deps.db
      .update(loginThrottles)
      .set({ lastFailureAt: sql`greatest(${loginThrottles.lastFailureAt}, ${at(when)})` })
      .where(
        inArray(
          loginThrottles.key,
          held.map((h) => h.key),
        ),
      )
  }
  // Failures are what make records, so they also sweep the forgotten ones (the table stays small).
  await pruneThrottles(deps)
  return Math.max(0, ...held.map((h) => (h.ownBlock ? h.ownBlock.getTime() - when.getTime() : 0)))
}

/**
 * The attempt was no failure (it succeeded, or was refused before any check): it gives its places
 * back, and the keys in `forget` lose their failures altogether (a successful sign-in forgets the
 * e-mail's). Successes from one address (an office behind one router) so never add up to a block.
 */
export async function releaseAttempt(deps: Deps, reservation: Reservation, forget: string[] = []): Promise<void> {
  if (forget.length > 0) await deps.db.delete(loginThrottles).where(inArray(loginThrottles.key, forget))
  await giveBack(
    deps.db,
    reservation.held.filter((h) => !forget.includes(h.key)),
  )
}

/**
 * Takes one count back from each key. A block this attempt's own count set goes too: without that
 * count the threshold was not reached, and while that block stood no other attempt could add to the
 * count. Any other block stays; a failure never lowers one.
 */
async function giveBack(db: Db, held: Reservation['held']): Promise<void> {
  const t = loginThrottles
  for (const { key, ownBlock } of held) {
    await db
      .update(t)
      .set({
        failures: sql`greatest(${t.failures} - 1, 0)`,
        ...(ownBlock
          ? { blockedUntil: sql`case when ${t.blockedUntil} = ${at(ownBlock)} then null else ${t.blockedUntil} end` }
          : {}),
      })
      .where(eq(t.key, key))
  }
}

/** Forgets a key's failures and any block. */
export async function clearFailures(deps: Deps, key: string): Promise<void> {
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, key))
}

/** Forgets the records that no longer count: an hour past their last failure and past any block. */
export async function pruneThrottles(deps: Deps): Promise<void> {
  const cutoff = new Date(deps.now().getTime() - loginThrottlePolicy.recordTtlMs)
  await deps.db
    .delete(loginThrottles)
    .where(
      sql`greatest(${loginThrottles.lastFailureAt}, coalesce(${loginThrottles.blockedUntil}, ${loginThrottles.lastFailureAt})) <= ${at(cutoff)}`,
    )
}
