import { authMessages, ErrorBody } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { latestCode, testOrigin as origin, testPassword as password } from '../../test/accounts.ts'
import type { EmailMessage, EmailSender } from '../notifications/notifications.service.ts'

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
  const delivered: EmailMessage[] = []
  // Stands in for a slow SMTP server: each message takes a second and a half to hand over.
  const slowSmtp: EmailSender = {
    kind: 'smtp',
    async send(message) {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      delivered.push(message)
    },
    async close() {},
  }
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp({}, { email: slowSmtp })
  })

  it('leaves after the answer, so a known e-mail is answered as fast as an unknown one', async () => {
    const started = Date.now()
    expect((await post(t, '/sign-up/email', { name: 'Dana', email: 'dana@example.com', password })).statusCode).toBe(
      200,
    )
    expect(Date.now() - started).toBeLessThan(1500)

    const timed = async (email: string) => {
      const start = Date.now()
      const res = await post(t, '/request-password-reset', { email, redirectTo: '/reset-password' })
      return { ms: Date.now() - start, body: res.body, status: res.statusCode }
    }
    const known = await timed('dana@example.com')
    const unknown = await timed('nobody@example.com')
    expect(known).toMatchObject({ status: 200, body: unknown.body })
    expect(known.ms).toBeLessThan(1000)

    // Closing the app waits for the messages still on their way.
    await t.app.close()
    expect(delivered.map((m) => [m.to, m.kind])).toEqual([
      ['dana@example.com', 'verification'],
      ['dana@example.com', 'password_reset'],
    ])
  })
})
