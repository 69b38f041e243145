import { blockDurationMs, loginThrottlePolicy, sessionPolicy } from '@picks/contracts/client'
import { localStore } from '../lib/storage.ts'

/**
 * The spec §3 "login rate-limit record", kept per lowercased e-mail on this device. It mirrors the
 * server's throttle (which is what actually enforces it) so that a blocked visitor is told at once,
 * without another request.
 */
export interface LoginAttempts {
  attempts: number
  lastAttempt: number
  blockedUntil: number | null
}

function read(email: string, now: number): LoginAttempts | null {
  const raw = localStore.getItem(sessionPolicy.loginRecordKey(email))
  if (!raw) return null
  try {
    const record = JSON.parse(raw) as Partial<LoginAttempts>
    if (typeof record.attempts !== 'number' || typeof record.lastAttempt !== 'number') return null
    const blockedUntil = typeof record.blockedUntil === 'number' ? record.blockedUntil : null
    // A record with no block is forgotten an hour after the last attempt (spec §9).
    const stale =
      (blockedUntil === null || blockedUntil <= now) && now - record.lastAttempt >= loginThrottlePolicy.recordTtlMs
    return stale ? null : { attempts: record.attempts, lastAttempt: record.lastAttempt, blockedUntil }
  } catch {
    return null
  }
}

function write(email: string, record: LoginAttempts): void {
  localStore.setItem(sessionPolicy.loginRecordKey(email), JSON.stringify(record))
}

/** Milliseconds this device must still wait before trying `email` again; 0 when it may try. */
export function remainingLoginBlockMs(email: string, now = Date.now()): number {
  const blockedUntil = read(email, now)?.blockedUntil ?? null
  return blockedUntil !== null && blockedUntil > now ? blockedUntil - now : 0
}

/**
 * Counts a failed sign-in. `serverBlockMs` is the block the server announced (Retry-After), which
 * wins over the local count; otherwise the spec schedule applies to failures within the window.
 */
export function recordLoginFailure(email: string, serverBlockMs: number | null = null, now = Date.now()): void {
  const previous = read(email, now)
  const inWindow = previous !== null && now - previous.lastAttempt < loginThrottlePolicy.windowMs
  const attempts = inWindow ? previous.attempts + 1 : 1
  const blockMs = serverBlockMs ?? blockDurationMs(attempts)
  write(email, { attempts, lastAttempt: now, blockedUntil: blockMs > 0 ? now + blockMs : null })
}

export function clearLoginAttempts(email: string): void {
  localStore.removeItem(sessionPolicy.loginRecordKey(email))
}
