import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { signUpAndVerify, testOrigin } from '../../test/accounts.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { createAuth } from '../auth/auth.service.ts'
import { accountDirectory } from '../users/users.service.ts'
import { authEvents, authSessions } from '../auth/auth.table.ts'
import { createOutboxEmailSender } from '../notifications/notifications.service.ts'
import { users } from '../users/users.table.ts'

let t: TestApp
let clock = new Date('2026-11-22T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-22T12:00:00Z')
})

async function admin(email = 'ops@example.com') {
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email))
  return cookie
}

function call(method: 'GET' | 'POST', url: string, cookie: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie, origin: testOrigin },
    ...(payload ? { payload } : {}),
  })
}

const adminPassword = 'Admin2@Password'

describe('the admin entry', () => {
  it('is for administrators only', async () => {
    const customer = await signUpAndVerify(t.app, t.database.db, 'fan@example.com')
    expect((await call('GET', '/status', customer)).statusCode).toBe(403)
    expect((await call('POST', '/verify-password', customer, { password: adminPassword })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/status' })).statusCode).toBe(401)
  })

  it('sets the admin password once, then every admin call waits for this session to enter it', async () => {
    const cookie = await admin()
    expect((await call('GET', '/status', cookie)).json()).toEqual({ hasPassword: false, verified: false })
    const weak = await call('POST', '/set-password', cookie, { password: 'weak' })
    expect(weak.statusCode).toBe(400)
    expect((await call('POST', '/set-password', cookie, { password: adminPassword })).statusCode).toBe(200)

    const before = await call('GET', '/session', cookie)
    expect(before.statusCode).toBe(403)
    expect(before.json()).toMatchObject({ error: { reason: 'ADMIN_PASSWORD_REQUIRED' } })
    // Changing it now needs the current one first.
    expect((await call('POST', '/set-password', cookie, { password: 'Other3#Password' })).statusCode).toBe(403)

    const wrong = await call('POST', '/verify-password', cookie, { password: 'Wrong1!password' })
    expect(wrong.statusCode).toBe(401)
    expect((await call('POST', '/verify-password', cookie, { password: adminPassword })).statusCode).toBe(200)
    expect((await call('GET', '/session', cookie)).json()).toEqual({ email: 'ops@example.com', name: 'Pat Bettor' })
    expect((await call('GET', '/status', cookie)).json()).toEqual({ hasPassword: true, verified: true })

    const kinds = (await t.database.db.select().from(authEvents)).map((e) => e.kind)
    expect(kinds).toEqual(expect.arrayContaining(['admin_password_set', 'admin_verify_failed', 'admin_verified']))
  })

  it('keeps the verification to the session that entered the password', async () => {
    const first = await admin()
    await call('POST', '/set-password', first, { password: adminPassword })
    await call('POST', '/verify-password', first, { password: adminPassword })
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: 'ops@example.com', password: 'Winning1!Picks' },
    })
    const second = String(signIn.headers['set-cookie']).split(';')[0] ?? ''
    expect((await call('GET', '/session', second)).statusCode).toBe(403)
    expect((await call('GET', '/session', first)).statusCode).toBe(200)
  })

  it('blocks guessing after five wrong passwords', async () => {
    const cookie = await admin()
    await call('POST', '/set-password', cookie, { password: adminPassword })
    for (let i = 0; i < 5; i++) await call('POST', '/verify-password', cookie, { password: `Wrong1!pw${i}` })
    const blocked = await call('POST', '/verify-password', cookie, { password: adminPassword })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toMatchObject({
      error: { reason: 'BLOCKED', message: 'Too many attempts. Please try again in 15 minutes.' },
    })
    expect(blocked.headers['retry-after']).toBe('900')
    clock = new Date(clock.getTime() + 16 * 60 * 1000)
    expect((await call('POST', '/verify-password', cookie, { password: adminPassword })).statusCode).toBe(200)
  })
})

describe('admin calls with the bearer access token', () => {
  /** The session's signed 15-minute access token (GET /api/auth/token). */
  async function accessToken(cookie: string): Promise<string> {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ token: string }>().token
  }

  function withBearer(method: 'GET' | 'POST', url: string, token: string, payload?: Record<string, unknown>) {
    return t.app.inject({
      method,
      url: `/api/admin${url}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })
  }

  /** An administrator whose session entered the admin password; its cookie and access token. */
  async function verifiedAdmin() {
    const cookie = await admin()
    await call('POST', '/set-password', cookie, { password: adminPassword })
    await call('POST', '/verify-password', cookie, { password: adminPassword })
    return { cookie, token: await accessToken(cookie) }
  }

  function claimsOf(token: string): Record<string, unknown> {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>
  }

  function withClaims(token: string, claims: Record<string, unknown>): string {
    const [header, payload, signature] = token.split('.')
    const changed = Buffer.from(JSON.stringify({ ...claimsOf(`${header}.${payload}.x`), ...claims })).toString(
      'base64url',
    )
    return `${header}.${changed}.${signature}`
  }

  it('lets an administrator in with the access token alone, for the session that entered the admin password', async () => {
    const { token } = await verifiedAdmin()
    const res = await withBearer('GET', '/session', token)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ email: 'ops@example.com', name: 'Pat Bettor' })
    expect((await withBearer('GET', '/status', token)).json()).toEqual({ hasPassword: true, verified: true })

    // Another session of the same administrator has not entered the admin password.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: 'ops@example.com', password: 'Winning1!Picks' },
    })
    const other = await accessToken(String(signIn.headers['set-cookie']).split(';')[0] ?? '')
    const unverified = await withBearer('GET', '/session', other)
    expect(unverified.statusCode).toBe(403)
    expect(unverified.json()).toMatchObject({ error: { reason: 'ADMIN_PASSWORD_REQUIRED' } })
  })

  it("answers a customer's valid access token 403", async () => {
    const customer = await signUpAndVerify(t.app, t.database.db, 'fan@example.com')
    const token = await accessToken(customer)
    expect((await withBearer('GET', '/status', token)).statusCode).toBe(403)
    expect((await withBearer('GET', '/session', token)).statusCode).toBe(403)
    expect((await withBearer('POST', '/verify-password', token, { password: adminPassword })).statusCode).toBe(403)
  })

  it('refuses an expired access token with 401', async () => {
    const { token } = await verifiedAdmin()
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 15 * 60 * 1000 + 5000 })
    try {
      const res = await withBearer('GET', '/session', token)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED' } })
    } finally {
      vi.useRealTimers()
    }
    expect((await withBearer('GET', '/session', token)).statusCode).toBe(200)
  })

  it('refuses a tampered token, a token from elsewhere and one whose session signed out, with 401', async () => {
    const { cookie, token } = await verifiedAdmin()
    const customerCookie = await signUpAndVerify(t.app, t.database.db, 'fan@example.com')
    const customerToken = await accessToken(customerCookie)
    // A customer rewrites their token to the administrator's identity and session.
    const claims = claimsOf(token)
    const [sub, sid] = [String(claims.sub), String(claims.sid)]
    const tampered = [
      withClaims(customerToken, { sub, sid }),
      withClaims(token, { exp: Math.floor(Date.now() / 1000) + 3600 * 24 }),
      `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
      `${token.split('.').slice(0, 2).join('.')}.`,
    ]
    for (const forged of tampered) {
      const res = await withBearer('GET', '/session', forged)
      expect(res.statusCode, forged).toBe(401)
    }

    // Signed with our own key, but for another issuer or audience, or with no session.
    const library = createAuth({
      db: t.database.db,
      accounts: accountDirectory({ db: t.database.db }),
      config: testConfig(),
      email: createOutboxEmailSender({ db: t.database.db }),
      log: pino({ level: 'silent' }),
    })
    const sign = async (payload: Record<string, unknown>) =>
      (await library.api.signJWT({ body: { payload: { sub, sid, ...payload } } })).token
    expect((await withBearer('GET', '/session', await sign({}))).statusCode).toBe(200)
    for (const claims of [{ aud: 'https://elsewhere.example' }, { iss: 'https://elsewhere.example' }, { sid: null }]) {
      expect((await withBearer('GET', '/session', await sign(claims))).statusCode, JSON.stringify(claims)).toBe(401)
    }

    // Signing out ends the session, and its access token with it.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie, origin: testOrigin },
      payload: {},
    })
    expect(await t.database.db.select().from(authSessions).where(eq(authSessions.id, sid))).toEqual([])
    expect((await withBearer('GET', '/session', token)).statusCode).toBe(401)
  })
})
