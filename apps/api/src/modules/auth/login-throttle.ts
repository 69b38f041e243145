import { loginThrottlePolicy } from '@picks/contracts'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { loginThrottles } from './auth.table.ts'

/**
 * Failed sign-ins per lowercased e-mail (spec §9) and per client address. An address tries many
 * e-mails when it sprays passwords, so its thresholds are four times the e-mail's: 20 failures
 * block it for 15 minutes and 40 for an hour.
 */
export const addressFactor = 4

type Deps = { db: Db; now: () => Date }

export function throttleKeys(email: string, ip: string): { email: string; address: string } {
  return { email: `email:${email}`, address: `ip:${ip}` }
}

/**
 * A block starts when the count reaches a threshold: the 5th failure blocks 15 minutes; failures
 * 6 to 9 (possible once that block ends) add none; the 10th and every later one block an hour.
 */
function blockFor(key: string, failures: number): number {
  const scale = key.startsWith('ip:') ? addressFactor : 1
  const [longest, ...shorter] = loginThrottlePolicy.blocks
  if (failures >= longest.failures * scale) return longest.blockMs
  return shorter.find((b) => failures === b.failures * scale)?.blockMs ?? 0
}

/** The longest remaining block among `keys`, in milliseconds; 0 when none is blocked. */
export async function remainingBlockMs(deps: Deps, keys: string[]): Promise<number> {
  const rows = await deps.db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys))
  const now = deps.now().getTime()
  return Math.max(0, ...rows.map((r) => (r.blockedUntil ? r.blockedUntil.getTime() - now : 0)))
}

/** Counts one failure for each key; returns the longest block that now applies (0 for none). */
export async function recordFailure(deps: Deps, keys: string[]): Promise<number> {
  const now = deps.now()
  let longest = 0
  for (const key of keys) {
    const [row] = await deps.db.select().from(loginThrottles).where(eq(loginThrottles.key, key))
    // Failures count on while each follows the last within the window, and after a block ends the
    // count goes on from where it was, so the next five failures reach the one-hour block.
    const windowOpen =
      row !== undefined &&
      !expired(row, now) &&
      (now.getTime() - row.lastFailureAt.getTime() < loginThrottlePolicy.windowMs || row.blockedUntil !== null)
    const failures = windowOpen ? row.failures + 1 : 1
    const blockMs = blockFor(key, failures)
    const blockedUntil = blockMs > 0 ? new Date(now.getTime() + blockMs) : null
    const values = {
      failures,
      windowStartedAt: windowOpen && row ? row.windowStartedAt : now,
      lastFailureAt: now,
      blockedUntil,
    }
    await deps.db
      .insert(loginThrottles)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: loginThrottles.key, set: values })
    longest = Math.max(longest, blockMs)
  }
  // Failures are what make records, so they also sweep the forgotten ones (the table stays small).
  await pruneThrottles(deps)
  return longest
}

/** A record is forgotten an hour after its last failure, once any block has ended. */
function expired(row: typeof loginThrottles.$inferSelect, now: Date): boolean {
  if (row.blockedUntil && row.blockedUntil > now) return false
  const since = Math.max(row.lastFailureAt.getTime(), row.blockedUntil?.getTime() ?? 0)
  return now.getTime() - since >= loginThrottlePolicy.recordTtlMs
}

/** A successful sign-in forgets the e-mail's failures (the address keeps its count). */
export async function clearFailures(deps: Deps, key: string): Promise<void> {
  await deps.db.delete(loginThrottles).where(eq(loginThrottles.key, key))
}

/** Forgets the records `expired` would ignore: an hour past their last failure and past any block. */
export async function pruneThrottles(deps: Deps): Promise<void> {
  const cutoff = new Date(deps.now().getTime() - loginThrottlePolicy.recordTtlMs)
  await deps.db
    .delete(loginThrottles)
    .where(
      sql`greatest(${loginThrottles.lastFailureAt}, coalesce(${loginThrottles.blockedUntil}, ${loginThrottles.lastFailureAt})) <= ${cutoff.toISOString()}::timestamptz`,
    )
}
