import { authMessages, ErrorBody } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import {
  cookieOf,
  latestCode,
  signUpAndVerify,
  testOrigin as origin,
  testPassword as password,
} from '../../test/accounts.ts'
import { createOutboxEmailSender, type EmailMessage, type EmailSender } from '../notifications/notifications.service.ts'
import { emailOutbox } from '../notifications/notifications.table.ts'
import { authEvents, authSessions, authUsers } from './auth.table.ts'
import { createAuth, type Auth } from './auth.service.ts'
import { accountDirectory } from '../users/users.service.ts'
import { googleCallbackPath } from './google.ts'

function post(t: TestApp, url: string, payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: `/api/auth${url}`, remoteAddress, headers: { origin }, payload })
}

describe("the auth library's own request limiter", () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({}, { authRateLimit: true })
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('limits reset requests per client address and answers in our error shape with Retry-After', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post(t, '/request-password-reset', { email: `p${i}@example.com` }, '203.0.113.7')).statusCode).toBe(
        200,
      )
    }
    const limited = await post(t, '/request-password-reset', { email: 'p9@example.com' }, '203.0.113.7')
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    expect(ErrorBody.parse(limited.json()).error).toMatchObject({
      code: 'RATE_LIMITED',
      reason: 'RATE_LIMITED',
      message: authMessages.resetTooMany,
    })
    // The limiter sees each client's own address (passed on from Fastify), not one shared bucket.
    expect((await post(t, '/request-password-reset', { email: 'p9@example.com' }, '198.51.100.9')).statusCode).toBe(200)
  })

  it('never throttles a signed-in person checking their session, however fast they move between pages', async () => {
    const cookie = await signUpAndVerify(t.app, t.database.db, 'quick@example.com')
    const read = (url: string) =>
      t.app.inject({ method: 'GET', url: `/api/auth${url}`, remoteAddress: '192.0.2.44', headers: { origin, cookie } })
    // The library's default allows 100 calls in 10 seconds from one address; a busy tab asks more.
    for (let i = 0; i < 120; i++) {
      const session = await read('/get-session')
      expect(session.statusCode, `call ${i + 1}: ${session.body}`).toBe(200)
      expect(session.json()).toMatchObject({ user: { email: 'quick@example.com' } })
    }
    for (let i = 0; i < 120; i++) expect((await read('/list-accounts')).statusCode).toBe(200)
  })
})

describe('session cookies in production', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({ env: 'production', logLevel: 'silent' }, { authRateLimit: false })
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('are Secure, HttpOnly and SameSite=Lax', async () => {
    expect((await post(t, '/sign-up/email', { name: 'Dana', email: 'dana@example.com', password })).statusCode).toBe(
      200,
    )
    const otp = await latestCode(t.database.db, 'dana@example.com')
    const verified = await post(t, '/email-otp/verify-email', { email: 'dana@example.com', otp })
    expect(verified.statusCode, verified.body).toBe(200)
    const raw = verified.headers['set-cookie']
    const session = (Array.isArray(raw) ? raw : [raw ?? '']).find((c) =>
      c.startsWith('__Secure-better-auth.session_token='),
    )
    expect(session).toMatch(/; Secure/)
    expect(session).toMatch(/HttpOnly/)
    expect(session).toMatch(/SameSite=Lax/)
  })
})

describe('account e-mail over SMTP', () => {
  // Stands in for a slow SMTP server: it takes each message at once but holds it until the test
  // lets go, so an answer that waited for the hand-over could not come while a message is held.
  const handedOver: EmailMessage[] = []
  const delivered: EmailMessage[] = []
  let letGo: () => void = () => {}
  const held = new Promise<void>((resolve) => {
    letGo = resolve
  })
  let heldAtClose: number | null = null
  const slowSmtp: EmailSender = {
    kind: 'smtp',
    async send(message) {
      handedOver.push(message)
      await held
      delivered.push(message)
      return { id: `slow-${delivered.length}` }
    },
    async close() {
      heldAtClose = handedOver.length - delivered.length
    },
  }
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({}, { email: slowSmtp })
  })

  // What timing could tell is whether the answer waits for SMTP, which only a known e-mail uses.
  // So rather than timing the answers, the test holds every message in the SMTP server: both
  // answers must come, the same, while the known e-mail's message is still held.
  it('leaves after the answer, so a known e-mail is answered as fast as an unknown one', async () => {
    expect((await post(t, '/sign-up/email', { name: 'Dana', email: 'dana@example.com', password })).statusCode).toBe(
      200,
    )
    expect(handedOver.map((m) => m.kind)).toEqual(['verification'])
    expect(delivered).toEqual([])

    const answer = async (email: string) => {
      const res = await post(t, '/request-password-reset', { email, redirectTo: '/reset-password' })
      return { body: res.body, status: res.statusCode }
    }
    const known = await answer('dana@example.com')
    const unknown = await answer('nobody@example.com')
    expect(known).toEqual({ status: 200, body: unknown.body })
    expect(handedOver.map((m) => [m.to, m.kind])).toEqual([
      ['dana@example.com', 'verification'],
      ['dana@example.com', 'password_reset'],
    ])
    expect(delivered).toEqual([])

    // Closing the app waits for the messages still on their way before it closes the sender. They
    // are let go once closing has begun: a close that did not wait would find them still held.
    const closing = t.app.close()
    setTimeout(letGo, 100)
    await closing
    expect(heldAtClose).toBe(0)
    expect(delivered.map((m) => [m.to, m.kind])).toEqual([
      ['dana@example.com', 'verification'],
      ['dana@example.com', 'password_reset'],
    ])
  })
})

describe("the auth library's paths our clients do not use", () => {
  let t: TestApp
  // The same library on the same database, for what only the server can do: mint a code as if it
  // had been e-mailed, and list the library's endpoints.
  let library: Auth
  beforeAll(async () => {
    t = await buildTestApp()
    library = createAuth({
      db: t.database.db,
      accounts: accountDirectory({ db: t.database.db }),
      config: testConfig(),
      email: createOutboxEmailSender({ db: t.database.db }),
      log: pino({ level: 'silent' }),
    })
  })
  afterAll(async () => {
    await t.app.close()
  })
  beforeEach(async () => {
    await t.database.reset()
  })

  type OtpType = 'email-verification' | 'sign-in' | 'forget-password'
  const mintCode = (email: string, type: OtpType) => library.api.createVerificationOTP({ body: { email, type } })
  const mailsTo = async (to: string) =>
    (await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to))).length
  const sessionsOf = async (email: string) => {
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email))
    if (!user) return 0
    return (await t.database.db.select().from(authSessions).where(eq(authSessions.userId, user.id))).length
  }
  const setsSession = (res: LightMyRequestResponse) => cookieOf(res).includes('session_token')

  /** A verified account with two-factor sign-in on: the password alone makes no session. */
  async function twoFactorAccount(email = 'dana@example.com') {
    await signUpAndVerify(t.app, t.database.db, email)
    await t.database.db.update(authUsers).set({ twoFactorEnabled: true }).where(eq(authUsers.email, email))
    await t.database.db.delete(authSessions)
    return email
  }

  function expectNotFound(res: LightMyRequestResponse, what: string) {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(404)
    expect(ErrorBody.parse(res.json()).error.code, what).toBe('NOT_FOUND')
    expect(setsSession(res), what).toBe(false)
  }

  it('sends e-mail codes only to verify a sign-up: a sign-in or reset code is refused and nothing is sent', async () => {
    const email = await twoFactorAccount()
    const mailsBefore = await mailsTo(email)
    for (const type of ['sign-in', 'forget-password', 'change-email']) {
      const res = await post(t, '/email-otp/send-verification-otp', { email, type })
      expect(res.statusCode, type).toBe(400)
      expect(ErrorBody.parse(res.json()).error.details, type).toEqual([
        { field: 'body.type', message: expect.any(String) },
      ])
    }
    expect(await post(t, '/email-otp/send-verification-otp', { email })).toMatchObject({ statusCode: 400 })
    expect(await mailsTo(email)).toBe(mailsBefore)
  })

  it('never signs in with an e-mail code: not a two-factor account, and no new account for an unknown e-mail', async () => {
    const email = await twoFactorAccount()
    const signIn = await post(t, '/sign-in/email-otp', { email, otp: await mintCode(email, 'sign-in') })
    expectNotFound(signIn, 'sign-in by code')

    const stranger = 'stranger@example.com'
    const created = await post(t, '/sign-in/email-otp', { email: stranger, otp: await mintCode(stranger, 'sign-in') })
    expectNotFound(created, 'sign-up by code')
    expect(await t.database.db.select().from(authUsers).where(eq(authUsers.email, stranger))).toEqual([])
    expect(await sessionsOf(email)).toBe(0)
  })

  it('never resets a password with an e-mail code: only the link of /request-password-reset does', async () => {
    const email = await twoFactorAccount()
    const mailsBefore = await mailsTo(email)
    expectNotFound(await post(t, '/email-otp/request-password-reset', { email }), 'request a reset code')
    expectNotFound(await post(t, '/forget-password/email-otp', { email }), 'request a reset code (old path)')
    expect(await mailsTo(email)).toBe(mailsBefore)

    const otp = await mintCode(email, 'forget-password')
    const reset = await post(t, '/email-otp/reset-password', { email, otp, password: 'Taken0ver!Pass' })
    expectNotFound(reset, 'reset by code')
    expectNotFound(await post(t, '/email-otp/check-verification-otp', { email, otp, type: 'forget-password' }), 'check')
    const withNew = await post(t, '/sign-in/email', { email, password: 'Taken0ver!Pass' })
    expect(withNew.statusCode).toBe(401)
    expect(await sessionsOf(email)).toBe(0)
  })

  it('does not let a verification code sign in an account that is already verified', async () => {
    const email = await twoFactorAccount()
    const mailsBefore = await mailsTo(email)
    const known = await post(t, '/email-otp/send-verification-otp', { email, type: 'email-verification' })
    const unknown = await post(t, '/email-otp/send-verification-otp', {
      email: 'nobody@example.com',
      type: 'email-verification',
    })
    expect(known.statusCode).toBe(200)
    expect(known.body).toBe(unknown.body)
    expect(await mailsTo(email)).toBe(mailsBefore)

    const verify = await post(t, '/email-otp/verify-email', { email, otp: await mintCode(email, 'email-verification') })
    expect(verify.statusCode).toBe(400)
    expect(ErrorBody.parse(verify.json()).error.reason).toBe('INVALID_CODE')
    expect(setsSession(verify)).toBe(false)
    expect(await sessionsOf(email)).toBe(0)
  })

  it('answers 404 to every other path of the library, as to a path that does not exist', async () => {
    // What our clients use (apps/web/src/auth/auth.ts), the e-mailed reset link, Google's return and the key set.
    const open = new Set([
      'POST /sign-up/email',
      'POST /sign-in/email',
      'POST /sign-out',
      'GET /get-session',
      'POST /email-otp/send-verification-otp',
      'POST /email-otp/verify-email',
      'POST /request-password-reset',
      'GET /reset-password/:token',
      'POST /reset-password',
      'POST /change-password',
      'GET /list-accounts',
      'POST /sign-in/social',
      `GET ${googleCallbackPath}`,
      `POST ${googleCallbackPath}`,
      'GET /token',
      'GET /jwks',
    ])
    const cookie = await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    const refused: string[] = []
    for (const endpoint of Object.values(library.api) as { path?: string; options?: { method?: unknown } }[]) {
      if (!endpoint.path) continue // server-only
      const methods = [endpoint.options?.method].flat().filter((m): m is string => m === 'GET' || m === 'POST')
      for (const method of methods) {
        const path = endpoint.path.replace(':token', 'some-token').replace(':id', 'google')
        if (open.has(`${method} ${endpoint.path}`) || open.has(`${method} ${path}`)) continue
        const res = await t.app.inject({
          method: method as 'GET' | 'POST',
          url: `/api/auth${path}`,
          headers: { origin, cookie },
          ...(method === 'POST' ? { payload: { email: 'dana@example.com', name: 'X', phone: '+15551234567' } } : {}),
        })
        expectNotFound(res, `${method} ${path}`)
        expect(res.json().error.message).toBe(`No route ${method} /api/auth${path}`)
        refused.push(`${method} ${endpoint.path}`)
      }
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'POST /sign-in/email-otp',
        'POST /email-otp/request-password-reset',
        'POST /email-otp/reset-password',
        'POST /forget-password/email-otp',
        'POST /email-otp/check-verification-otp',
        'POST /update-user',
        'POST /get-session',
      ]),
    )
    // Nothing changed behind the refusals (`/update-user` would have set an unverified phone).
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, 'dana@example.com'))
    expect(user).toMatchObject({ name: 'Pat Bettor', phone: null })
    // The same answer for a path or method the library does not have at all.
    expectNotFound(await t.app.inject({ method: 'GET', url: '/api/auth/sign-in/email' }), 'GET sign-in')
    expectNotFound(await t.app.inject({ method: 'POST', url: '/api/auth/nothing-here', payload: {} }), 'unknown')
  })

  it('keeps open what the web app uses with a session: the session, the accounts list, tokens and keys', async () => {
    const cookie = await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/auth${url}`, headers: { cookie } })
    expect((await get('/get-session')).json()).toMatchObject({ user: { email: 'dana@example.com' } })
    expect((await get('/list-accounts')).json()).toEqual([expect.objectContaining({ providerId: 'credential' })])
    expect((await get('/token')).json()).toEqual({ token: expect.any(String) })
    expect((await get('/jwks')).statusCode).toBe(200)
    expect(await t.database.db.select().from(authEvents)).not.toHaveLength(0)
  })
})
