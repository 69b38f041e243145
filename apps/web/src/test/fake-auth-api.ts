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
  phone_verified: false,
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

/** The code the fake accepts for every factor, phone check and challenge. */
export const rightCode = '123456'
/** The account password the fake checks on password change and factor changes. */
export const accountPassword = 'Winning1!Picks'
export const totpSecret = 'JBSWY3DPEHPK3PXP'

export interface FakeFactor {
  id: string
  factor_type: 'totp' | 'phone'
  status: 'verified' | 'unverified'
  friendly_name: string | null
  phone: string | null
  created_at: string
}

export function fakeFactor(overrides: Partial<FakeFactor> & Pick<FakeFactor, 'id' | 'factor_type'>): FakeFactor {
  return {
    status: 'verified',
    friendly_name: null,
    phone: overrides.factor_type === 'phone' ? '+1•••••4567' : null,
    created_at: '2026-11-02T00:00:00.000Z',
    ...overrides,
  }
}

/** As the server masks a factor's number: the country code and the last four digits. */
function masked(phone: string): string {
  return `${phone.slice(0, 2)}•••••${phone.slice(-4)}`
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
  /** The account's second factors: with a verified one, sign-in asks for a code before the session. */
  factors?: FakeFactor[]
  /** Whether the account has a password (default) or signs in with Google only. */
  hasPassword?: boolean
}

/**
 * A small account server: sign-in and code verification open a session, sign-out closes it,
 * get-session reports it, the users endpoints find or sync the server user. An account with a
 * verified factor signs in in two steps (password, then a code through a challenge). Signed in,
 * `/me`, the profile, password, phone and factor endpoints work on the account's state; every code
 * is `rightCode`, the password `accountPassword`. Returns the calls made.
 */
export function serveAuth(options: FakeAuthOptions | Handler = {}): AuthCall[] {
  const opts: FakeAuthOptions = typeof options === 'function' ? { handler: options } : options
  const calls: AuthCall[] = []
  let signedIn = opts.signedIn ?? false
  const found = opts.serverUser === undefined ? serverUser : opts.serverUser
  const synced = opts.syncedUser === undefined ? null : opts.syncedUser
  const expiresAt = opts.expiresAt ?? (() => new Date(Date.now() + 86_400_000).toISOString())
  let factors = [...(opts.factors ?? [])]
  let me: ServerUser | null = found
  /** Between a right password and a right code of a two-step sign-in. */
  let awaitingCode = false
  const challenges = new Map<string, string>()
  let nextId = 1
  let pendingPhone: string | null = null

  /** An account with a password confirms factor changes with it; a Google-only one has none to give. */
  const passwordOk = (call: AuthCall) =>
    opts.hasPassword === false ? call.body.password === undefined : call.body.password === accountPassword
  const wrongCode = () => failure(400, 'VALIDATION_FAILED', 'That code is not right.', 'INVALID_CODE')
  const wrongPassword = () => failure(400, 'VALIDATION_FAILED', 'Invalid password', 'INVALID_PASSWORD')
  const signedOut = () => failure(401, 'UNAUTHENTICATED', 'Sign in first')

  function factorAnswer(call: AuthCall, id: string, action: string): Answer {
    const factor = factors.find((f) => f.id === id)
    if (!factor) return failure(404, 'NOT_FOUND', 'Factor not found')
    if (call.method === 'DELETE') {
      if (!signedIn) return signedOut()
      if (!passwordOk(call)) return wrongPassword()
      factors = factors.filter((f) => f.id !== id)
      return { status: 204, body: null }
    }
    if (!signedIn && !awaitingCode) return signedOut()
    if (action === 'challenge') {
      const challengeId = `ch-${nextId++}`
      challenges.set(challengeId, id)
      return ok({ challenge_id: challengeId, expires_at: new Date(Date.now() + 300_000).toISOString() })
    }
    if (challenges.get(String(call.body.challenge_id)) !== id) {
      return failure(400, 'VALIDATION_FAILED', 'That code has expired.', 'CODE_EXPIRED')
    }
    if (call.body.code !== rightCode) return wrongCode()
    challenges.delete(String(call.body.challenge_id))
    if (awaitingCode) {
      awaitingCode = false
      signedIn = true
      return ok({ user: sessionUser })
    }
    factor.status = 'verified'
    return ok({ factor })
  }

  function accountAnswer(call: AuthCall): Answer | undefined {
    const factorPath = /^\/api\/auth\/factors\/([^/]+)(?:\/(challenge|verify))?$/.exec(call.path)
    if (factorPath) return factorAnswer(call, factorPath[1] ?? '', factorPath[2] ?? '')
    const account = [
      '/api/me',
      '/api/auth/list-accounts',
      '/api/auth/factors',
      '/api/auth/change-password',
      '/api/users/me/phone',
      '/api/users/me/phone/verify',
    ]
    const profile = /^\/api\/users\/([^/]+)\/profile$/.exec(call.path)
    if (!account.includes(call.path) && !profile) return undefined
    if (!signedIn || !me) return signedOut()
    const user = me
    if (profile) {
      if (profile[1] !== user.id) return failure(403, 'FORBIDDEN', 'You can only change your own profile')
      me = { ...user, ...call.body }
      return ok({ user: me })
    }
    switch (call.path) {
      case '/api/me':
        return ok({ user, admin_entry: false })
      case '/api/auth/list-accounts':
        return ok([{ id: 'acc-1', providerId: opts.hasPassword === false ? 'google' : 'credential' }])
      case '/api/auth/change-password':
        return call.body.currentPassword === accountPassword ? ok({ token: null }) : wrongPassword()
      case '/api/users/me/phone':
        pendingPhone = String(call.body.phone)
        return { status: 202, body: { sent: true } }
      case '/api/users/me/phone/verify':
        if (call.body.phone !== pendingPhone)
          return failure(400, 'VALIDATION_FAILED', 'Send a code first.', 'CODE_EXPIRED')
        if (call.body.code !== rightCode) return wrongCode()
        me = { ...user, phone: pendingPhone, phone_verified: true }
        return ok({ user: me })
      default: {
        if (call.method === 'GET') return ok({ factors })
        if (!passwordOk(call)) return wrongPassword()
        const id = `factor-${nextId++}`
        const created = new Date().toISOString()
        if (call.body.factor_type === 'totp') {
          const factor = fakeFactor({ id, factor_type: 'totp', status: 'unverified', created_at: created })
          factors.push(factor)
          const uri = `otpauth://totp/Picks:${user.email}?secret=${totpSecret}&issuer=Picks`
          const qr = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`
          return { status: 201, body: { factor, totp: { qr_code: qr, secret: totpSecret, uri } } }
        }
        const phone = String(call.body.phone)
        const factor = fakeFactor({
          id,
          factor_type: 'phone',
          status: 'unverified',
          phone: masked(phone),
          created_at: created,
        })
        factors.push(factor)
        return { status: 201, body: { factor } }
      }
    }
  }

  function defaultAnswer(call: AuthCall): Answer {
    const forAccount = accountAnswer(call)
    if (forAccount) return forAccount
    switch (call.path) {
      case '/api/auth/sign-in/email':
        if (factors.some((f) => f.status === 'verified')) {
          awaitingCode = true
          const listed = factors.filter((f) => f.status === 'verified')
          return ok({
            twoFactorRedirect: true,
            factors: listed.map(({ id, factor_type, friendly_name, phone }) => ({
              id,
              factor_type,
              friendly_name,
              phone,
            })),
          })
        }
        signedIn = true
        return ok({ status: true, token: 'tok', user: sessionUser })
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
          // The account as it is now (a profile change included).
          return me ? ok({ user: me }) : failure(404, 'NOT_FOUND', 'User not found')
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
      if (answer.body === null && answer.status === 204) return new Response(null, { status: 204 })
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
