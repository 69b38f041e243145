import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signUpAndVerify, testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { authEvents } from '../auth/auth.table.ts'
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
    clock = new Date(clock.getTime() + 16 * 60 * 1000)
    expect((await call('POST', '/verify-password', cookie, { password: adminPassword })).statusCode).toBe(200)
  })
})
