import { createHash } from 'node:crypto'
import type { ServerUser } from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { Invalidations } from '../../db/invalidations.ts'
import { authCookieName, type RequestSession } from './auth.service.ts'

/** The topic every change to sessions and signed-in users is published on (decision 050). */
export const sessionsTopic = 'sessions'

/**
 * What a signed-in request costs before its handler runs: the auth library's session lookup and the
 * server user's, each a database round trip. This cache keeps both for a few seconds in the
 * process, keyed by a hash of the request's credentials (never the token itself) and by auth id.
 * Any write that may change them — every non-GET request to the auth library (sign-out, revoking
 * sessions, a password reset) and every non-GET request that carries credentials (an administrator
 * suspending an account or changing a role, a person changing their own) — forgets every entry in
 * every process before its answer leaves (`sessions` topic): a revoked session stops working at once
 * everywhere. A session is never kept past its own expiry; a missing one is never kept.
 */
export interface SessionCache {
  session(request: FastifyRequest, load: () => Promise<RequestSession | null>): Promise<RequestSession | null>
  userOf(authId: string, load: () => Promise<ServerUser | null>): Promise<ServerUser | null>
  /** Forgets every session and user here and in every other process; after a write that may change one. */
  invalidate(): Promise<void>
  readonly size: number
}

export interface SessionCacheOptions {
  /** 0 turns the cache off. */
  ttlMs: number
  maxEntries?: number
  now?: () => number
  invalidations: Pick<Invalidations, 'publish' | 'subscribe'>
}

interface Entry<T> {
  value: T
  expiresAt: number
}

/** The request's credentials (the auth library's cookies and the Authorization header), hashed; null for none. */
function credentialKey(request: FastifyRequest): string | null {
  const cookies = (request.headers.cookie ?? '')
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => authCookieName.test(pair))
    .sort()
  const authorization = request.headers.authorization ?? ''
  if (!cookies.length && !authorization) return null
  return createHash('sha256')
    .update(`${cookies.join('; ')}\n${authorization}`)
    .digest('base64url')
}

export function createSessionCache({
  ttlMs,
  maxEntries = 10_000,
  now = Date.now,
  invalidations,
}: SessionCacheOptions): SessionCache {
  const sessions = new Map<string, Entry<RequestSession>>()
  const users = new Map<string, Entry<ServerUser>>()
  // A lookup that started before an invalidation must not store what it found.
  let generation = 0
  invalidations.subscribe(sessionsTopic, () => {
    generation += 1
    sessions.clear()
    users.clear()
  })

  async function cached<T>(
    map: Map<string, Entry<T>>,
    key: string,
    load: () => Promise<T | null>,
    until: (value: T) => number,
  ): Promise<T | null> {
    const hit = map.get(key)
    if (hit && hit.expiresAt > now()) return hit.value
    if (hit) map.delete(key)
    const startedIn = generation
    const value = await load()
    if (value === null || startedIn !== generation) return value
    const expiresAt = Math.min(now() + ttlMs, until(value))
    if (expiresAt <= now()) return value
    map.set(key, { value, expiresAt })
    while (map.size > maxEntries) {
      const oldest = map.keys().next().value
      if (oldest === undefined) break
      map.delete(oldest)
    }
    return value
  }

  return {
    session(request, load) {
      const key = ttlMs > 0 ? credentialKey(request) : null
      if (key === null) return load()
      return cached(sessions, key, load, (s) => s.expiresAt.getTime())
    },
    userOf(authId, load) {
      if (ttlMs <= 0) return load()
      return cached(users, authId, load, () => Number.POSITIVE_INFINITY)
    },
    invalidate: () => invalidations.publish(sessionsTopic),
    get size() {
      return sessions.size + users.size
    },
  }
}

/**
 * Whether a request may change a session or a signed-in user, so that the session cache must forget
 * before its answer leaves: any non-GET request to the auth library, and any non-GET request that
 * carries credentials.
 */
export function mayChangeSessions(request: FastifyRequest, carriesCredentials: boolean): boolean {
  if (['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return false
  return carriesCredentials || request.url.startsWith('/api/auth/')
}
