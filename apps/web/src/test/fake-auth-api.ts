import type { ServerUser } from '@picks/contracts'
import { vi } from 'vitest'

/** Test double of the account endpoints (and the users lookups of the first sign-in), at the fetch boundary. */
export interface AuthCall {
  method: string
  path: string
  body: Record<string, unknown>
}

export type Answer = { status: number; body: unknown; headers?: Record<string, string> }
type Handler = (call: AuthCall) => Answer | undefined

export const sessionUser = {
  id: 'auth-1',
  email: 'dana@example.com',
  name: 'Dana Ortiz',
  emailVerified: true,
}

export const serverUser: ServerUser = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'dana@example.com',
  name: 'Dana Ortiz',
  role: 'customer',
  auth_id: 'auth-1',
  profile_picture: null,
  specialty_sport: null,
  phone: null,
  verified: true,
  username: null,
  bio: null,
  price_cents: null,
  created_at: '2026-11-01T00:00:00.000Z',
}

export function ok(body: unknown): Answer {
  return { status: 200, body }
}

export function failure(status: number, code: string, message: string, reason?: string): Answer {
  return { status, body: { error: { code, message, requestId: 'req-1', ...(reason ? { reason } : {}) } } }
}

export interface FakeAuthOptions {
  /** Answers first; `undefined` falls through to the default behaviour. */
  handler?: Handler
  /** Whether a session cookie exists at the start. */
  signedIn?: boolean
  /** The server user `/users/email/{email}` finds (null: 404), and what `/users/sync-oauth` creates. */
  serverUser?: ServerUser | null
  syncedUser?: ServerUser | null
  /** When the session ends; default a day after now. */
  expiresAt?: () => string
  google?: boolean
}

/**
 * A small account server: sign-in and code verification open a session, sign-out closes it,
 * get-session reports it, the users endpoints find or sync the server user. Returns the calls made.
 */
export function serveAuth(options: FakeAuthOptions | Handler = {}): AuthCall[] {
  const opts: FakeAuthOptions = typeof options === 'function' ? { handler: options } : options
  const calls: AuthCall[] = []
  let signedIn = opts.signedIn ?? false
  const found = opts.serverUser === undefined ? serverUser : opts.serverUser
  const synced = opts.syncedUser === undefined ? null : opts.syncedUser
  const expiresAt = opts.expiresAt ?? (() => new Date(Date.now() + 86_400_000).toISOString())

  function defaultAnswer(call: AuthCall): Answer {
    switch (call.path) {
      case '/api/auth/sign-in/email':
      case '/api/auth/email-otp/verify-email':
        signedIn = true
        return ok({ status: true, token: 'tok', user: sessionUser })
      case '/api/auth/sign-up/email':
        return ok({ token: null, user: { ...sessionUser, emailVerified: false } })
      case '/api/auth/sign-out':
        signedIn = false
        return ok({ success: true })
      case '/api/auth/get-session':
        return ok(signedIn ? { session: { expiresAt: expiresAt() }, user: sessionUser } : null)
      case '/api/config':
        return ok({ auth: { google: opts.google ?? false, emailDelivery: 'outbox' } })
      case '/api/users/sync-oauth':
        return synced ? ok({ user: synced }) : failure(409, 'CONFLICT', 'Another account already uses this e-mail')
      default:
        // The shop, where a signed-in visitor lands: an empty page of creators.
        if (call.path.startsWith('/api/creators')) {
          return ok({ creators: [], total: 0, page: 1, limit: 20, hasMore: false })
        }
        if (call.path.startsWith('/api/users/email/')) {
          return found ? ok({ user: found }) : failure(404, 'NOT_FOUND', 'User not found')
        }
        return ok({ status: true })
    }
  }

  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost')
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {}
      const call = { method: init?.method ?? 'GET', path: decodeURIComponent(url.pathname), body }
      calls.push(call)
      const answer = opts.handler?.(call) ?? defaultAnswer(call)
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json', ...answer.headers },
      })
    }),
  )
  return calls
}

export function callsTo(calls: AuthCall[], path: string): AuthCall[] {
  return calls.filter((call) => call.path === path)
}
