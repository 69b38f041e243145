import { authMessages, ErrorBody, Factor, FactorChallenge, NewFactorAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cookieOf, signUpAndVerify, testOrigin, testPassword } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, testAdminPassword } from '../../test/people.ts'
import { totpCode, wrongTotp } from '../../test/totp.ts'
import { authUsers, loginThrottles } from './auth.table.ts'

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

const attacker = '203.0.113.7'
const wrongPassword = 'Wrong1!pass'

function post(url: string, payload: Record<string, unknown>, remoteAddress = attacker, cookie?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    remoteAddress,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    payload,
  })
}

function signIn(email: string, password: string, remoteAddress = attacker) {
  return post('/auth/sign-in/email', { email, password }, remoteAddress)
}

function errorOf(res: LightMyRequestResponse) {
  return ErrorBody.parse(res.json()).error
}

/** All at once: every request is under way before any answers. */
function together(count: number, send: (i: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: count }, (_, i) => send(i)))
}

/** How many answers had each status. */
function tally(answers: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const res of answers) counts[res.statusCode] = (counts[res.statusCode] ?? 0) + 1
  return counts
}

function expectBlocked(res: LightMyRequestResponse, retryAfter: string, message: string) {
  expect(res.statusCode, res.body).toBe(429)
  expect(res.headers['retry-after']).toBe(retryAfter)
  expect(errorOf(res)).toMatchObject({ code: 'RATE_LIMITED', reason: 'BLOCKED', message })
}

const fifteenMinutes = 'Too many attempts. Please try again in 15 minutes.'

async function authUserOf(email: string) {
  const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email))
  if (!user) throw new Error(`no auth user ${email}`)
  return user
}

async function throttleRow(key: string) {
  const [row] = await t.database.db.select().from(loginThrottles).where(eq(loginThrottles.key, key))
  return row
}

describe('parallel wrong passwords for one account', () => {
  it.each([30, 100])('%i at once: exactly 5 are checked, the rest get 429 with Retry-After', async (count) => {
    await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    const answers = await together(count, () => signIn('dana@example.com', wrongPassword))

    expect(tally(answers)).toEqual({ 401: 5, 429: count - 5 })
    for (const res of answers.filter((r) => r.statusCode === 401)) {
      expect(errorOf(res)).toMatchObject({ reason: 'INVALID_CREDENTIALS', message: authMessages.invalidCredentials })
    }
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '900', fifteenMinutes)
    expect(await throttleRow('email:dana@example.com')).toMatchObject({ failures: 5 })
    expect(await throttleRow(`ip:${attacker}`)).toMatchObject({ failures: 5 })

    // The block the 5th failure set outlasted the four failures that finished after it.
    expectBlocked(await signIn('dana@example.com', testPassword), '900', fifteenMinutes)
  })

  it('goes on to the hour after the first block: the next burst is checked 5 more times, then 429 for an hour', async () => {
    await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    await together(30, () => signIn('dana@example.com', wrongPassword))
    clock = new Date(clock.getTime() + 16 * 60_000)

    const answers = await together(30, () => signIn('dana@example.com', wrongPassword))
    expect(tally(answers)).toEqual({ 401: 5, 429: 25 })
    const oneHour = 'Too many attempts. Please try again in 1 hour.'
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '3600', oneHour)
    // Failures 6 to 9, which set no block of their own, did not lower the one the 10th set.
    expectBlocked(await signIn('dana@example.com', testPassword), '3600', oneHour)
  })
})

describe('parallel wrong passwords from one address', () => {
  it('25 at once over 25 e-mails: exactly 20 are checked, 5 get 429, and the address stays blocked', async () => {
    const answers = await together(25, (i) => signIn(`victim${i}@example.com`, wrongPassword))

    expect(tally(answers)).toEqual({ 401: 20, 429: 5 })
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '900', fifteenMinutes)
    expect(await throttleRow(`ip:${attacker}`)).toMatchObject({ failures: 20 })
    // No e-mail was blocked: the address was, and still is; another address is not.
    expect(await throttleRow('email:victim0@example.com')).toMatchObject({ blockedUntil: null })
    expectBlocked(await signIn('fresh@example.com', wrongPassword), '900', fifteenMinutes)
    expect((await signIn('fresh@example.com', wrongPassword, '198.51.100.9')).statusCode).toBe(401)
  })

  it('counts no successful sign-in: after 25 of them, 20 wrong passwords are still all checked', async () => {
    const office = ['ana', 'ben', 'cy', 'dee', 'eli'].map((name) => `${name}@example.com`)
    for (const email of office) await signUpAndVerify(t.app, t.database.db, email)
    // Five rounds of the five colleagues signing in at once.
    for (let round = 0; round < 5; round++) {
      const answers = await together(office.length, (i) => signIn(office[i] ?? '', testPassword))
      expect(tally(answers)).toEqual({ 200: 5 })
    }
    expect(await throttleRow(`ip:${attacker}`)).toMatchObject({ failures: 0, blockedUntil: null })

    const typos = await together(20, (i) => signIn(`guest${i}@example.com`, wrongPassword))
    expect(tally(typos)).toEqual({ 401: 20 })
    expectBlocked(await signIn('guest99@example.com', wrongPassword), '900', fifteenMinutes)
  })

  it('a success whose own count reached the threshold withdraws that block, and no failure does', async () => {
    await signUpAndVerify(t.app, t.database.db, 'ana@example.com')
    for (let i = 0; i < 19; i++) expect((await signIn(`guest${i}@example.com`, wrongPassword)).statusCode).toBe(401)
    // The 20th attempt from the address is a colleague's right password: it counts for nothing.
    expect((await signIn('ana@example.com', testPassword)).statusCode).toBe(200)
    expect(await throttleRow(`ip:${attacker}`)).toMatchObject({ failures: 19, blockedUntil: null })

    expect((await signIn('guest19@example.com', wrongPassword)).statusCode).toBe(401)
    expectBlocked(await signIn('ana@example.com', testPassword), '900', fifteenMinutes)
  })
})

describe('parallel wrong admin passwords', () => {
  it('30 at once: exactly 5 are checked; the right one is then refused until the block ends', async () => {
    const ops = await person(t, 'ops@example.com', 'unverifiedAdmin')
    expect((await request(t, 'POST', '/admin/set-password', ops, { password: testAdminPassword })).statusCode).toBe(200)
    const answers = await together(30, (i) =>
      request(t, 'POST', '/admin/verify-password', ops, { password: `Wrong1!pw${i}` }),
    )

    expect(tally(answers)).toEqual({ 401: 5, 429: 25 })
    for (const res of answers.filter((r) => r.statusCode === 401)) {
      expect(errorOf(res).reason).toBe('INVALID_CREDENTIALS')
    }
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expect(errorOf(res)).toMatchObject({ reason: 'BLOCKED', message: fifteenMinutes })
    }
    const right = await request(t, 'POST', '/admin/verify-password', ops, { password: testAdminPassword })
    expect(errorOf(right)).toMatchObject({ reason: 'BLOCKED', message: fifteenMinutes })

    clock = new Date(clock.getTime() + 15 * 60_000 + 1000)
    expect((await request(t, 'POST', '/admin/verify-password', ops, { password: testAdminPassword })).statusCode).toBe(
      200,
    )
  })
})

describe('parallel wrong second-factor codes', () => {
  it('30 at once in one sign-in: at most 5 are checked, the rest get 429 with Retry-After', async () => {
    // Challenges end by the app's clock, and the authenticator's codes follow the real time.
    clock = new Date()
    const cookie = await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    const enrolled = await post('/auth/factors', { factor_type: 'totp', password: testPassword }, attacker, cookie)
    expect(enrolled.statusCode, enrolled.body).toBe(201)
    const { factor, totp } = NewFactorAnswer.parse(enrolled.json())
    if (!totp) throw new Error('no authenticator secret')
    const opened = await post(`/auth/factors/${factor.id}/challenge`, {}, attacker, cookie)
    const confirm = FactorChallenge.parse(opened.json())
    const confirmed = await post(
      `/auth/factors/${factor.id}/verify`,
      { code: totpCode(totp.secret), challenge_id: confirm.challenge_id },
      attacker,
      cookie,
    )
    expect(Factor.parse(confirmed.json().factor).status).toBe('verified')

    // Someone with the password, at the second step, tries 30 codes at once.
    const step = await signIn('dana@example.com', testPassword)
    expect(step.json()).toMatchObject({ twoFactorRedirect: true })
    const pending = cookieOf(step)
    const { challenge_id } = FactorChallenge.parse(
      (await post(`/auth/factors/${factor.id}/challenge`, {}, attacker, pending)).json(),
    )
    const wrong = wrongTotp(totp.secret)
    const answers = await together(30, () =>
      post(`/auth/factors/${factor.id}/verify`, { code: wrong, challenge_id }, attacker, pending),
    )

    const passed = answers.filter((r) => r.statusCode !== 429)
    expect(passed.length).toBeGreaterThanOrEqual(5)
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '900', fifteenMinutes)
    // The library takes one code at a time per sign-in and turns away the others unchecked (the
    // sign-in gone, or its own count of tries reached): those give their place back (so one more
    // may get through our throttle), and only the codes it checked count: never more than 5.
    const reasons = passed.map((r) => errorOf(r).reason)
    for (const reason of reasons)
      expect(['INVALID_CODE', 'SIGN_IN_EXPIRED', 'TOO_MANY_CODE_ATTEMPTS']).toContain(reason)
    const checked = reasons.filter((r) => r === 'INVALID_CODE').length
    expect(checked).toBeGreaterThanOrEqual(1)
    expect(checked).toBeLessThanOrEqual(5)
    expect(await throttleRow(`mfa:${(await authUserOf('dana@example.com')).id}`)).toMatchObject({ failures: checked })
  })
})

describe('parallel e-mail codes and password resets', () => {
  it('30 wrong verification codes at once for one e-mail: exactly 10 (two codes’ tries) are checked', async () => {
    const answers = await together(30, () =>
      post('/auth/email-otp/verify-email', { email: 'dana@example.com', otp: '000000' }),
    )
    expect(tally(answers)).toEqual({ 400: 10, 429: 20 })
    for (const res of answers.filter((r) => r.statusCode === 400)) expect(errorOf(res).reason).toBe('INVALID_CODE')
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '900', fifteenMinutes)
  })

  it('30 reset requests at once for one e-mail: exactly 5 are sent on, the rest get 429 with the reset message', async () => {
    const answers = await together(30, () =>
      post('/auth/request-password-reset', { email: 'dana@example.com', redirectTo: '/reset-password' }),
    )
    expect(tally(answers)).toEqual({ 200: 5, 429: 25 })
    for (const res of answers.filter((r) => r.statusCode === 429)) {
      expectBlocked(res, '900', authMessages.resetTooMany)
    }
  })

  it('25 wrong reset links at once from one address: exactly 20 are checked, 5 get 429', async () => {
    const answers = await together(25, (i) =>
      post('/auth/reset-password', { newPassword: 'Fresh2@Password', token: `not-a-token-${i}` }),
    )
    expect(tally(answers)).toEqual({ 400: 20, 429: 5 })
    for (const res of answers.filter((r) => r.statusCode === 400)) expect(errorOf(res).reason).toBe('INVALID_TOKEN')
    for (const res of answers.filter((r) => r.statusCode === 429)) expectBlocked(res, '900', fifteenMinutes)
  })
})
