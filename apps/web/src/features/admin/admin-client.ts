import { api, ApiError, type RequestOptions } from '../../lib/api-client.ts'

/**
 * An admin call that failed, as spec §8 has admin errors: thrown with the server's answer (`data`,
 * our error body) and its HTTP `status` (0 when no answer came: the network, a timeout).
 */
export class AdminCallError extends Error {
  readonly data: unknown
  readonly status: number
  /** Our error body's finer cause (`ADMIN_PASSWORD_REQUIRED`, …), when it has one. */
  readonly reason: string | undefined

  constructor(message: string, data: unknown, status: number, reason?: string) {
    super(message)
    this.name = 'AdminCallError'
    this.data = data
    this.status = status
    this.reason = reason
  }
}

function toAdminError(error: unknown): AdminCallError {
  // After its retries the client throws "failed after retries" with the last failure as the cause.
  const last = error instanceof Error && !(error instanceof ApiError) && error.cause !== undefined ? error.cause : error
  if (last instanceof ApiError) return new AdminCallError(last.message, last.body, last.status, last.reason)
  return new AdminCallError(error instanceof Error ? error.message : String(error), undefined, 0)
}

/** A minted access token, and when to stop using it: a minute before it ends. */
let held: { value: string; renewAt: number } | null = null

/** Seconds-since-epoch `exp` of a JWT, read without checking it (the server checks it). */
function expiresAtMs(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')))
    const exp = typeof claims === 'object' && claims !== null && 'exp' in claims ? claims.exp : null
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}

/**
 * The session's short-lived access token (`GET /auth/token`), minted from the session cookie and
 * kept in memory only, never in storage: admin calls send it as `Authorization: Bearer` (spec §6).
 */
async function accessToken(signal: AbortSignal | undefined): Promise<string> {
  if (held && Date.now() < held.renewAt) return held.value
  const { token } = await api.get<{ token: string }>('/auth/token', { signal, retry: true })
  const expiresAt = expiresAtMs(token) ?? Date.now() + 5 * 60_000
  held = { value: token, renewAt: expiresAt - 60_000 }
  return token
}

/** Forgets the access token: after signing out, or when the server refused it. */
export function forgetAdminToken(): void {
  held = null
}

async function call<T>(run: (headers: Record<string, string>) => Promise<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await run({ Authorization: `Bearer ${await accessToken(signal)}` })
  } catch (error) {
    const failure = toAdminError(error)
    if (failure.status === 401) forgetAdminToken()
    throw failure
  }
}

type AdminQuery = RequestOptions['query']

/**
 * The admin calls of spec §7: the bearer access token, 2 more attempts on a 5xx, a network error
 * or a timeout (backoff min(1000·2^n, 3000) ms), and an `AdminCallError` on failure.
 */
export const adminApi = {
  get<T>(path: string, query?: AdminQuery, signal?: AbortSignal): Promise<T> {
    return call((headers) => api.get<T>(path, { query, signal, headers, retry: true }), signal)
  },
  /** `extra` headers go beside the bearer token (an `Idempotency-Key`); they cannot replace it. */
  post<T>(path: string, body?: unknown, extra?: Record<string, string>): Promise<T> {
    return call((headers) => api.post<T>(path, body, { headers: { ...extra, ...headers }, retry: true }))
  },
  put<T>(path: string, body?: unknown): Promise<T> {
    return call((headers) => api.put<T>(path, body, { headers, retry: true }))
  },
}
