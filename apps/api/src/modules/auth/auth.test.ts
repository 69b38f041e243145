import { ErrorBody } from '@picks/contracts'
import { and, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { createOutboxEmailSender } from '../notifications/notifications.service.ts'
import { libraryRefusal } from './auth.routes.ts'
import { createAdmin, createAuth } from './auth.service.ts'
import { accountDirectory } from '../users/users.service.ts'
import { cookieOf, latestCode, latestMail as latestMailOf, testOrigin, testPassword } from '../../test/accounts.ts'
import { enterAdminPassword } from '../../test/people.ts'
import { users } from '../users/users.table.ts'
import { authEvents, authSessions, authVerifications, loginThrottles } from './auth.table.ts'

let t: TestApp
let clock = new Date('2026-11-22T12:00:00Z')
const origin = testOrigin
const password = testPassword

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

function post(url: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/auth${url}`,
    headers: { origin, ...(cookie ? { cookie } : {}) },
    payload: payload as Record<string, unknown>,
  })
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : raw ? [raw] : []
}

function errorOf(res: LightMyRequestResponse) {
  return ErrorBody.parse(res.json()).error
}

const latestMail = (to: string) => latestMailOf(t.database.db, to)
const codeFor = (to: string) => latestCode(t.database.db, to)

async function signUp(email = 'dana@example.com') {
  const res = await post('/sign-up/email', { name: 'Dana Ortiz', email, password })
  expect(res.statusCode, res.body).toBe(200)
  return email
}

async function verifiedAccount(email = 'dana@example.com') {
  await signUp(email)
  const res = await post('/email-otp/verify-email', { email, otp: await codeFor(email) })
  expect(res.statusCode, res.body).toBe(200)
  return cookieOf(res)
}

describe('sign-up', () => {
  it('creates a customer with a lowercased e-mail, whatever role the body asks for, and e-mails a code', async () => {
    const res = await post('/sign-up/email', {
      name: 'Dana Ortiz',
      email: '  Dana@Example.COM ',
      password,
      phone: '+1 555-123-4567',
      role: 'admin',
    })
    expect(res.statusCode, res.body).toBe(200)
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'dana@example.com'))
    expect(user).toMatchObject({ role: 'customer', name: 'Dana Ortiz', emailVerified: false, phone: '+15551234567' })
    expect(user?.authId).toBeTruthy()
    const mail = await latestMail('dana@example.com')
    expect(mail.subject).toBe('Your Picks Marketplace verification code')
    expect(mail.textBody).toMatch(/\b\d{6}\b/)
  })

  it('names each field the spec rules reject', async () => {
    const res = await post('/sign-up/email', { name: '', email: 'not-an-email', password: 'lowercase1!', phone: '12' })
    expect(res.statusCode).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('VALIDATION_FAILED')
    expect(error.details).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Full name is required' },
        { field: 'body.email', message: 'Please enter a valid email address.' },
        { field: 'body.password', message: 'Password must contain at least one uppercase letter' },
        { field: 'body.phone', message: 'Phone numbers start with + and the country code' },
      ]),
    )
  })

  it('says so when the e-mail already has an account', async () => {
    await signUp()
    const res = await post('/sign-up/email', { name: 'Someone Else', email: 'DANA@example.com', password })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toMatchObject({
      reason: 'ALREADY_REGISTERED',
      message: 'An account with this email already exists.',
    })
  })
})

describe('e-mail verification', () => {
  it('signs the person in with the e-mailed code and marks them verified', async () => {
    const cookie = await verifiedAccount()
    expect(cookie).toContain('session_token')
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json()).toMatchObject({ user: { email: 'dana@example.com', role: 'customer', verified: true } })
  })

  it('refuses a wrong code, and a code used once cannot be used again', async () => {
    await signUp()
    const code = await codeFor('dana@example.com')
    const wrong = await post('/email-otp/verify-email', {
      email: 'dana@example.com',
      otp: code === '000000' ? '111111' : '000000',
    })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong).reason).toBe('INVALID_CODE')
    expect((await post('/email-otp/verify-email', { email: 'dana@example.com', otp: code })).statusCode).toBe(200)
    const again = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: code })
    expect(again.statusCode).toBe(400)
  })

  it('stops accepting a code after five wrong tries, even the right one', async () => {
    await signUp()
    const code = await codeFor('dana@example.com')
    const wrongCode = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const res = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: wrongCode })
      expect(errorOf(res).reason).toBe('INVALID_CODE')
    }
    const res = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: code })
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(errorOf(res).reason).toBe('TOO_MANY_CODE_ATTEMPTS')
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'dana@example.com'))
    expect(user?.emailVerified).toBe(false)
  })

  it('refuses an expired code', async () => {
    await signUp()
    const code = await codeFor('dana@example.com')
    await t.database.db
      .update(authVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authVerifications.identifier, 'email-verification-otp-dana@example.com'))
    const res = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: code })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).reason).toBe('CODE_EXPIRED')
  })

  it('sends a new code on resend that replaces the old one, and answers an unknown e-mail the same way', async () => {
    await signUp()
    const first = await codeFor('dana@example.com')
    const resend = (email: string) => post('/email-otp/send-verification-otp', { email, type: 'email-verification' })
    const known = await resend('Dana@Example.com')
    expect(known.statusCode, known.body).toBe(200)
    const second = await codeFor('dana@example.com')
    expect(second).not.toBe(first)

    const unknown = await resend('nobody@example.com')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.body).toBe(known.body)
    await expect(latestMail('nobody@example.com')).rejects.toThrow()
    expect(await t.database.db.select().from(users).where(eq(users.email, 'nobody@example.com'))).toEqual([])

    const old = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: first })
    expect(old.statusCode).toBe(400)
    expect(errorOf(old).reason).toBe('INVALID_CODE')
    const fresh = await post('/email-otp/verify-email', { email: 'dana@example.com', otp: second })
    expect(fresh.statusCode, fresh.body).toBe(200)
    // Spent, the old code does not come back either.
    expect((await post('/email-otp/verify-email', { email: 'dana@example.com', otp: first })).statusCode).toBe(400)
  })

  it('keeps an unverified account from signing in', async () => {
    await signUp()
    const res = await post('/sign-in/email', { email: 'dana@example.com', password })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({
      reason: 'EMAIL_NOT_VERIFIED',
      message: 'Please verify your email before logging in.',
    })
  })
})

describe('sign-in and the failed-login throttle', () => {
  it('signs in with the right password and out again', async () => {
    await verifiedAccount()
    const res = await post('/sign-in/email', { email: 'Dana@Example.com', password, rememberMe: true })
    expect(res.statusCode, res.body).toBe(200)
    const cookie = cookieOf(res)
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } })
    expect(session.json()).toMatchObject({ user: { email: 'dana@example.com' } })
    expect((await post('/sign-out', {}, cookie)).statusCode).toBe(200)
    const after = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
    expect(after.statusCode).toBe(401)
  })

  it('keeps a remembered session 30 days, and otherwise a browser session that ends on the server after a day', async () => {
    await verifiedAccount()
    const remembered = await post('/sign-in/email', { email: 'dana@example.com', password, rememberMe: true })
    const rememberedCookie = setCookies(remembered).find((c) => c.startsWith('better-auth.session_token='))
    expect(rememberedCookie).toMatch(/Max-Age=2592000/)
    expect(rememberedCookie).toMatch(/HttpOnly/)
    expect(rememberedCookie).toMatch(/SameSite=Lax/)
    expect(rememberedCookie).not.toMatch(/Secure/)

    const brief = await post('/sign-in/email', { email: 'dana@example.com', password, rememberMe: false })
    expect(brief.statusCode, brief.body).toBe(200)
    const briefCookies = setCookies(brief)
    const sessionCookie = briefCookies.find((c) => c.startsWith('better-auth.session_token='))
    expect(sessionCookie).toBeDefined()
    expect(sessionCookie).not.toMatch(/Max-Age|Expires/)
    expect(briefCookies.some((c) => c.startsWith('better-auth.dont_remember='))).toBe(true)
    const token = brief.json<{ token: string }>().token
    const [row] = await t.database.db.select().from(authSessions).where(eq(authSessions.token, token))
    const hoursLeft = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000
    expect(hoursLeft).toBeGreaterThan(23)
    expect(hoursLeft).toBeLessThanOrEqual(24)
  })

  it('answers a wrong password with the spec message, and blocks the fifth failure for 15 minutes', async () => {
    await verifiedAccount()
    for (let i = 0; i < 4; i++) {
      const res = await post('/sign-in/email', { email: 'dana@example.com', password: 'Wrong1!pass' })
      expect(res.statusCode).toBe(401)
      expect(errorOf(res)).toMatchObject({
        reason: 'INVALID_CREDENTIALS',
        message: 'Invalid email or password. Please try again.',
      })
    }
    expect((await post('/sign-in/email', { email: 'dana@example.com', password: 'Wrong1!pass' })).statusCode).toBe(401)

    const blocked = await post('/sign-in/email', { email: 'dana@example.com', password })
    expect(blocked.statusCode).toBe(429)
    expect(blocked.headers['retry-after']).toBe('900')
    expect(errorOf(blocked)).toMatchObject({
      reason: 'BLOCKED',
      message: 'Too many attempts. Please try again in 15 minutes.',
    })

    clock = new Date(clock.getTime() + 15 * 60 * 1000 + 1000)
    expect((await post('/sign-in/email', { email: 'dana@example.com', password })).statusCode).toBe(200)
    const kinds = (await t.database.db.select().from(authEvents).where(eq(authEvents.email, 'dana@example.com'))).map(
      (e) => e.kind,
    )
    expect(kinds.filter((k) => k === 'sign_in_failed')).toHaveLength(5)
    expect(kinds).toContain('blocked')
  })

  it('blocks for an hour when failures go on to ten after the first block', async () => {
    await verifiedAccount()
    for (let i = 0; i < 5; i++) await post('/sign-in/email', { email: 'dana@example.com', password: 'Wrong1!pass' })
    clock = new Date(clock.getTime() + 16 * 60 * 1000)
    for (let i = 0; i < 5; i++) await post('/sign-in/email', { email: 'dana@example.com', password: 'Wrong1!pass' })
    const blocked = await post('/sign-in/email', { email: 'dana@example.com', password })
    expect(blocked.statusCode).toBe(429)
    expect(errorOf(blocked).message).toBe('Too many attempts. Please try again in 1 hour.')
  })

  it('blocks an address that sprays passwords over many e-mails at 20 failures, and no other address', async () => {
    const attempt = (email: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress,
        headers: { origin },
        payload: { email, password: 'Wrong1!pass' },
      })
    for (let i = 0; i < 20; i++) {
      const res = await attempt(`victim${i % 5}@example.com`, '203.0.113.7')
      expect(res.statusCode).toBe(401)
    }
    const blocked = await attempt('fresh@example.com', '203.0.113.7')
    expect(blocked.statusCode).toBe(429)
    expect(errorOf(blocked).reason).toBe('BLOCKED')
    expect(blocked.headers['retry-after']).toBe('900')
    expect((await attempt('fresh@example.com', '198.51.100.9')).statusCode).toBe(401)
  })

  it('forgets failures with no block an hour after the last one', async () => {
    for (let i = 0; i < 4; i++) await post('/sign-in/email', { email: 'dana@example.com', password: 'Wrong1!pass' })
    const keys = async () => (await t.database.db.select().from(loginThrottles)).map((r) => r.key).sort()
    expect(await keys()).toEqual(['email:dana@example.com', 'ip:127.0.0.1'])
    clock = new Date(clock.getTime() + 60 * 60 * 1000)
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '198.51.100.9',
      headers: { origin },
      payload: { email: 'lee@example.com', password: 'Wrong1!pass' },
    })
    expect(await keys()).toEqual(['email:lee@example.com', 'ip:198.51.100.9'])
  })
})

describe('password reset', () => {
  it('answers the same for known and unknown e-mails, and only the known one gets a link', async () => {
    await verifiedAccount()
    const known = await post('/request-password-reset', { email: 'dana@example.com', redirectTo: '/reset-password' })
    const unknown = await post('/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    })
    expect(known.statusCode).toBe(200)
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toBe(known.body)
    await expect(latestMail('nobody@example.com')).rejects.toThrow()

    const mail = await latestMail('dana@example.com')
    const link = mail.textBody.match(/(http\S+)/)?.[1] ?? ''
    expect(link).toContain('/api/auth/reset-password/')
    const visit = await t.app.inject({ method: 'GET', url: new URL(link).pathname + new URL(link).search })
    expect(visit.statusCode).toBe(302)
    const landing = new URL(String(visit.headers.location), origin)
    expect(landing.pathname).toBe('/reset-password')
    const token = landing.searchParams.get('token') ?? ''
    expect(token).not.toBe('')

    const weak = await post('/reset-password', { newPassword: 'short', token })
    expect(weak.statusCode).toBe(400)
    expect(errorOf(weak).details?.[0]).toEqual({
      field: 'body.newPassword',
      message: 'Password must be at least 8 characters long',
    })
    expect((await post('/reset-password', { newPassword: 'Fresh2@Password', token })).statusCode).toBe(200)
    const reused = await post('/reset-password', { newPassword: 'Other3#Password', token })
    expect(reused.statusCode).toBe(400)
    expect(errorOf(reused).reason).toBe('INVALID_TOKEN')
    expect((await post('/sign-in/email', { email: 'dana@example.com', password: 'Fresh2@Password' })).statusCode).toBe(
      200,
    )
    expect((await post('/sign-in/email', { email: 'dana@example.com', password })).statusCode).toBe(401)
  })
})

describe('password change', () => {
  const change = (cookie: string, body: Record<string, unknown>) => post('/change-password', body, cookie)

  it('holds the new password to the spec §5 rules, naming the field', async () => {
    const cookie = await verifiedAccount()
    for (const [weak, message] of [
      ['abcdefgh', 'Password must contain at least one uppercase letter'],
      ['Abcdefgh', 'Password must contain at least one number'],
      ['Abcdefg1', 'Password must contain at least one special character (!@#$%^&*...)'],
      ['Ab1!', 'Password must be at least 8 characters long'],
    ] as const) {
      const res = await change(cookie, { currentPassword: password, newPassword: weak, revokeOtherSessions: true })
      expect(res.statusCode, weak).toBe(400)
      expect(errorOf(res).details, weak).toEqual([{ field: 'body.newPassword', message }])
    }
    expect((await post('/sign-in/email', { email: 'dana@example.com', password })).statusCode).toBe(200)
  })

  it('changes a password that meets the rules, and writes it to the audit trail', async () => {
    const cookie = await verifiedAccount()
    const wrong = await change(cookie, { currentPassword: 'Wrong1!pass', newPassword: 'Fresh2@Password' })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong).reason).toBe('INVALID_PASSWORD')

    const res = await change(cookie, {
      currentPassword: password,
      newPassword: 'Fresh2@Password',
      revokeOtherSessions: true,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect((await post('/sign-in/email', { email: 'dana@example.com', password: 'Fresh2@Password' })).statusCode).toBe(
      200,
    )
    expect((await post('/sign-in/email', { email: 'dana@example.com', password })).statusCode).toBe(401)

    const [authUser] = await t.database.db.select().from(users).where(eq(users.email, 'dana@example.com'))
    const changed = await t.database.db.select().from(authEvents).where(eq(authEvents.kind, 'password_changed'))
    expect(changed).toEqual([
      expect.objectContaining({ kind: 'password_changed', email: 'dana@example.com', userId: authUser?.authId }),
    ])
    expect(JSON.stringify(changed)).not.toContain('Fresh2@Password')
  })

  it('is for the signed-in person only', async () => {
    await verifiedAccount()
    const res = await post('/change-password', { currentPassword: password, newPassword: 'Fresh2@Password' })
    expect(res.statusCode).toBe(401)
    expect(await t.database.db.select().from(authEvents).where(eq(authEvents.kind, 'password_changed'))).toEqual([])
  })
})

describe('users by e-mail', () => {
  it("shows one's own record, and answers 404 alike for someone else's and for no one", async () => {
    const cookie = await verifiedAccount()
    await verifiedAccount('lee@example.com')
    const get = (email: string, c = cookie) =>
      t.app.inject({ method: 'GET', url: `/api/users/email/${encodeURIComponent(email)}`, headers: { cookie: c } })

    expect((await get('DANA@example.com')).json()).toMatchObject({ user: { email: 'dana@example.com' } })
    const other = await get('lee@example.com')
    const nobody = await get('nobody@example.com')
    expect(other.statusCode).toBe(404)
    expect(nobody.statusCode).toBe(404)
    expect(errorOf(other).message).toBe(errorOf(nobody).message)
    expect((await t.app.inject({ method: 'GET', url: '/api/users/email/lee@example.com' })).statusCode).toBe(401)

    const [dana] = await t.database.db
      .update(users)
      .set({ role: 'admin' })
      .where(and(eq(users.email, 'dana@example.com')))
      .returning()
    // An administrator sees anyone's record once the session has entered the admin password.
    expect((await get('lee@example.com')).statusCode).toBe(404)
    await enterAdminPassword(t, { email: 'dana@example.com', cookie, id: dana?.id ?? '' })
    expect((await get('lee@example.com')).json()).toMatchObject({ user: { email: 'lee@example.com' } })
  })
})

describe('creating an administrator from the command line', () => {
  it('creates a verified admin who can sign in, and promotes an existing account without touching its password', async () => {
    const accounts = accountDirectory({ db: t.database.db })
    const auth = createAuth({
      db: t.database.db,
      accounts,
      config: testConfig(),
      email: createOutboxEmailSender({ db: t.database.db }),
      log: t.app.log,
    })
    expect(
      await createAdmin({ auth, db: t.database.db, accounts }, { email: 'Ops@Example.com', name: 'Ops', password }),
    ).toEqual({ created: true })
    const signIn = await post('/sign-in/email', { email: 'ops@example.com', password })
    expect(signIn.statusCode, signIn.body).toBe(200)
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookieOf(signIn) } })
    expect(me.json()).toMatchObject({ user: { email: 'ops@example.com', role: 'admin', verified: true } })

    await verifiedAccount('lee@example.com')
    expect(
      await createAdmin(
        { auth, db: t.database.db, accounts },
        { email: 'lee@example.com', name: 'Lee', password: 'ignored' },
      ),
    ).toEqual({ created: false })
    expect((await post('/sign-in/email', { email: 'lee@example.com', password })).statusCode).toBe(200)
    await expect(
      createAdmin({ auth, db: t.database.db, accounts }, { email: 'new@example.com', name: 'New', password: 'weak' }),
    ).rejects.toThrow('Password must be at least 8 characters long')

    // The operator at the console needs no grant: a record made before the account still ends up admin.
    await t.database.db.insert(users).values({ email: 'early@example.com', name: 'Early' })
    await createAdmin({ auth, db: t.database.db, accounts }, { email: 'early@example.com', name: 'Early', password })
    const [early] = await t.database.db.select().from(users).where(eq(users.email, 'early@example.com'))
    expect(early).toMatchObject({ role: 'admin', roleGrantedBy: null })
    expect(early?.authId).not.toBeNull()
  })
})

describe("the library's weak-password refusal", () => {
  it('reaches clients in spec §8 words: "Password should be at least 6 characters."', async () => {
    const auth = createAuth({
      db: t.database.db,
      accounts: accountDirectory({ db: t.database.db }),
      config: testConfig(),
      email: createOutboxEmailSender({ db: t.database.db }),
      log: t.app.log,
    })
    // Straight to the library, past our own (stricter) check: what it answers for a short password.
    const response = await auth.handler(
      new Request(`${origin}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: 'short@example.com', name: 'Short', password: 'Ab1!' }),
      }),
    )
    const text = await response.text()
    expect(response.status, text).toBe(400)
    expect(JSON.parse(text)).toMatchObject({ code: 'PASSWORD_TOO_SHORT' })

    const refusal = libraryRefusal(response, text)
    expect(refusal).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'WEAK_PASSWORD',
      message: 'Password should be at least 6 characters.',
    })
    // A code the library may send that we do not know goes along as it is.
    const other = libraryRefusal({ status: 400, statusText: 'Bad Request' }, '{"code":"SOMETHING_NEW","message":"No"}')
    expect(other).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'SOMETHING_NEW', message: 'No' })
  })
})

describe('tokens for admin and service calls', () => {
  it('accepts the session token as a bearer, and signs access tokens that the published keys verify', async () => {
    await verifiedAccount()
    const signIn = await post('/sign-in/email', { email: 'dana@example.com', password })
    const { token } = signIn.json<{ token: string }>()
    expect(token).toBeTruthy()
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
    expect(me.statusCode, me.body).toBe(200)
    expect(me.json()).toMatchObject({ user: { email: 'dana@example.com' } })
    const forged = await t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: 'Bearer forged' } })
    expect(forged.statusCode).toBe(401)

    const issued = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: cookieOf(signIn) } })
    expect(issued.statusCode, issued.body).toBe(200)
    const accessToken = issued.json<{ token: string }>().token
    const jwks = await t.app.inject({ method: 'GET', url: '/api/auth/jwks' })
    expect(jwks.statusCode).toBe(200)
    const keys = createLocalJWKSet(jwks.json<JSONWebKeySet>())
    const { payload } = await jwtVerify(accessToken, keys, { issuer: origin, audience: origin })
    expect(payload.email).toBe('dana@example.com')
    expect(JSON.stringify(jwks.json())).not.toContain('"d"')

    // The same key set at the root path of spec §7, cacheable for its 10 minutes.
    const wellKnown = await t.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })
    expect(wellKnown.statusCode).toBe(200)
    expect(wellKnown.headers['content-type']).toContain('application/json')
    expect(wellKnown.headers['cache-control']).toBe('public, max-age=600')
    expect(wellKnown.json()).toEqual(jwks.json())
  })
})
