import { ErrorBody, Factor, FactorChallenge, NewFactorAnswer } from '@picks/contracts'
import { and, desc, eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cookieOf, signUpAndVerify, testOrigin, testPassword } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { nextTotp, otherCode, totpCode, wrongTotp } from '../../test/totp.ts'
import { smsOutbox } from '../notifications/notifications.table.ts'
import { users } from '../users/users.table.ts'
import { authAccounts, authChallenges, authEvents, authSessions, authTwoFactors, authUsers } from './auth.table.ts'

let t: TestApp
let clock = new Date()

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date()
})

/** Moves the app's clock (code expiry, resend waits, throttles); TOTP codes follow the real time. */
function later(ms: number) {
  clock = new Date(clock.getTime() + ms)
}

type Method = 'GET' | 'POST' | 'DELETE'

function call(method: Method, url: string, cookie?: string, payload?: Record<string, unknown>) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  })
}

function errorOf(res: LightMyRequestResponse) {
  return ErrorBody.parse(res.json()).error
}

function setCookies(res: LightMyRequestResponse): string[] {
  const raw = res.headers['set-cookie']
  return Array.isArray(raw) ? raw : raw ? [raw] : []
}

/** Whether a response set a live (not expiring) session cookie. */
function setsSession(res: LightMyRequestResponse): boolean {
  return setCookies(res).some((c) => c.startsWith('better-auth.session_token=') && !/max-age=0/i.test(c))
}

async function account(email = 'dana@example.com') {
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.email, email))
  if (!user) throw new Error('no auth user')
  return { email, cookie, authId: user.id }
}

function signIn(email: string, password = testPassword) {
  return call('POST', '/auth/sign-in/email', undefined, { email, password })
}

/** The newest code texted to `phone`. */
async function textedCode(phone: string): Promise<string> {
  const [sms] = await t.database.db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.toNumber, phone))
    .orderBy(desc(smsOutbox.createdAt))
    .limit(1)
  const code = sms?.body.match(/^Your Picks Marketplace code is (\d{6})$/)?.[1]
  if (!code) throw new Error(`no code texted to ${phone}`)
  return code
}

async function textsTo(phone: string) {
  return t.database.db.select().from(smsOutbox).where(eq(smsOutbox.toNumber, phone))
}

async function eventsOf(authId: string) {
  const rows = await t.database.db.select().from(authEvents).where(eq(authEvents.userId, authId))
  return rows.map((r) => r.kind)
}

async function enrolTotp(cookie: string, extra: Record<string, unknown> = {}) {
  const res = await call('POST', '/auth/factors', cookie, { factor_type: 'totp', password: testPassword, ...extra })
  expect(res.statusCode, res.body).toBe(201)
  const answer = NewFactorAnswer.parse(res.json())
  if (!answer.totp) throw new Error('no totp answer')
  return { factor: answer.factor, totp: answer.totp }
}

async function challenge(cookie: string, factorId: string, body: Record<string, unknown> = {}) {
  const res = await call('POST', `/auth/factors/${factorId}/challenge`, cookie, body)
  expect(res.statusCode, res.body).toBe(200)
  return FactorChallenge.parse(res.json())
}

function verify(cookie: string, factorId: string, challengeId: string, code: string) {
  return call('POST', `/auth/factors/${factorId}/verify`, cookie, { code, challenge_id: challengeId })
}

/** A confirmed authenticator app; the session cookie the confirmation set replaces the old one. */
async function withTotp(email = 'dana@example.com') {
  const user = await account(email)
  const { factor, totp } = await enrolTotp(user.cookie, { friendly_name: 'My phone app' })
  const { challenge_id } = await challenge(user.cookie, factor.id)
  const usedCode = totpCode(totp.secret)
  const res = await verify(user.cookie, factor.id, challenge_id, usedCode)
  expect(res.statusCode, res.body).toBe(200)
  return { ...user, cookie: cookieOf(res) || user.cookie, factorId: factor.id, secret: totp.secret, usedCode }
}

/** A confirmed phone factor on +15551234567. */
async function withPhone(email = 'dana@example.com', phone = '+15551234567') {
  const user = await account(email)
  const res = await call('POST', '/auth/factors', user.cookie, {
    factor_type: 'phone',
    phone,
    friendly_name: 'Work phone',
    password: testPassword,
  })
  expect(res.statusCode, res.body).toBe(201)
  const factor = Factor.parse(res.json().factor)
  const { challenge_id } = await challenge(user.cookie, factor.id, { channel: 'sms' })
  const verified = await verify(user.cookie, factor.id, challenge_id, await textedCode(phone))
  expect(verified.statusCode, verified.body).toBe(200)
  later(31_000)
  return { ...user, factorId: factor.id, phone }
}

/** The password step of a two-factor account: the two-factor cookie, and the factors offered. */
async function passwordStep(email: string) {
  const res = await signIn(email)
  expect(res.statusCode, res.body).toBe(200)
  expect(setsSession(res)).toBe(false)
  return { cookie: cookieOf(res), body: res.json() as { twoFactorRedirect: boolean; factors: unknown[] } }
}

describe('an authenticator app (TOTP)', () => {
  it('is enrolled with a QR code and secret, confirmed with a code from them, and then asked for at sign-in', async () => {
    const dana = await account()
    const { factor, totp } = await enrolTotp(dana.cookie, { friendly_name: 'My phone app' })
    expect(factor).toMatchObject({
      factor_type: 'totp',
      status: 'unverified',
      friendly_name: 'My phone app',
      phone: null,
    })
    expect(totp.uri).toMatch(/^otpauth:\/\/totp\/Picks%20Marketplace:dana%40example\.com\?/)
    expect(new URL(totp.uri).searchParams.get('secret')).toBe(totp.secret)
    expect(totp.secret).toMatch(/^[A-Z2-7]{32,}$/)
    expect(totp.qr_code.startsWith('data:image/svg+xml;base64,')).toBe(true)
    expect(Buffer.from(totp.qr_code.split(',')[1] ?? '', 'base64').toString()).toContain('<svg')

    // Not confirmed yet: the password alone still signs in.
    expect(setsSession(await signIn(dana.email))).toBe(true)

    const { challenge_id, expires_at } = await challenge(dana.cookie, factor.id)
    expect(new Date(expires_at).getTime() - clock.getTime()).toBe(5 * 60_000)
    const confirmed = await verify(dana.cookie, factor.id, challenge_id, totpCode(totp.secret))
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().factor).toMatchObject({ id: factor.id, status: 'verified', friendly_name: 'My phone app' })
    const listed = await call('GET', '/auth/factors', cookieOf(confirmed))
    expect(listed.json().factors).toEqual([expect.objectContaining({ id: factor.id, status: 'verified' })])

    const step = await passwordStep(dana.email)
    expect(step.body).toEqual({
      twoFactorRedirect: true,
      factors: [{ id: factor.id, factor_type: 'totp', friendly_name: 'My phone app', phone: null }],
    })
    const before = await t.app.inject({ url: '/api/auth/get-session', headers: { cookie: step.cookie } })
    expect(before.json()).toBeNull()

    const signInChallenge = await challenge(step.cookie, factor.id)
    const done = await verify(step.cookie, factor.id, signInChallenge.challenge_id, nextTotp(totp.secret))
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().user).toMatchObject({
      id: dana.authId,
      email: dana.email,
      name: 'Pat Bettor',
      emailVerified: true,
    })
    expect(setsSession(done)).toBe(true)
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: cookieOf(done) } })
    expect(me.statusCode).toBe(200)
    expect(me.json().user.email).toBe(dana.email)

    // The sign-in is complete: the same challenge and cookie do not make a second session.
    const again = await verify(step.cookie, factor.id, signInChallenge.challenge_id, nextTotp(totp.secret))
    expect(again.statusCode).toBe(401)
    expect(setsSession(again)).toBe(false)

    expect(await eventsOf(dana.authId)).toEqual(
      expect.arrayContaining(['factor_enrolled', 'mfa_challenge', 'factor_verified', 'sign_in']),
    )
    const [required] = await t.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.email, dana.email), eq(authEvents.kind, 'mfa_required')))
    expect(required).toBeDefined()
  })

  it('refuses a wrong code at sign-in without a session, and audits it', async () => {
    const dana = await withTotp()
    const step = await passwordStep(dana.email)
    const { challenge_id } = await challenge(step.cookie, dana.factorId)
    const res = await verify(step.cookie, dana.factorId, challenge_id, wrongTotp(dana.secret))
    expect(res.statusCode).toBe(400)
    expect(errorOf(res)).toMatchObject({ reason: 'INVALID_CODE', message: 'That code is not right.' })
    expect(setsSession(res)).toBe(false)
    expect(await eventsOf(dana.authId)).toContain('mfa_failed')
    // The right code still works on the same challenge.
    const ok = await verify(step.cookie, dana.factorId, challenge_id, nextTotp(dana.secret))
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('refuses a code that already worked (it may have been seen), and audits the reuse', async () => {
    const dana = await withTotp()
    const step = await passwordStep(dana.email)
    const { challenge_id } = await challenge(step.cookie, dana.factorId)
    // The code that confirmed the app a moment ago is still inside the time window, but used.
    const reused = await verify(step.cookie, dana.factorId, challenge_id, dana.usedCode)
    expect(errorOf(reused).reason).toBe('INVALID_CODE')
    expect(setsSession(reused)).toBe(false)
    const [event] = await t.database.db
      .select()
      .from(authEvents)
      .where(and(eq(authEvents.userId, dana.authId), eq(authEvents.kind, 'mfa_failed')))
    expect(event?.detail).toMatchObject({ reused: true, purpose: 'sign_in' })
    const ok = await verify(step.cookie, dana.factorId, challenge_id, nextTotp(dana.secret))
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('blocks the second step after five wrong codes, across new sign-ins, until 15 minutes pass', async () => {
    const dana = await withTotp()
    const wrong = wrongTotp(dana.secret)
    for (let i = 0; i < 5; i++) {
      const step = await passwordStep(dana.email)
      const { challenge_id } = await challenge(step.cookie, dana.factorId)
      expect((await verify(step.cookie, dana.factorId, challenge_id, wrong)).statusCode).toBe(400)
    }
    const step = await passwordStep(dana.email)
    const { challenge_id } = await challenge(step.cookie, dana.factorId)
    const blocked = await verify(step.cookie, dana.factorId, challenge_id, totpCode(dana.secret))
    expect(blocked.statusCode).toBe(429)
    expect(errorOf(blocked).reason).toBe('BLOCKED')
    expect(setsSession(blocked)).toBe(false)

    later(15 * 60_000 + 1000)
    const next = await passwordStep(dana.email)
    const fresh = await challenge(next.cookie, dana.factorId)
    const ok = await verify(next.cookie, dana.factorId, fresh.challenge_id, nextTotp(dana.secret))
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('spends a challenge after five tries and refuses an expired one', async () => {
    const dana = await account()
    const { factor, totp } = await enrolTotp(dana.cookie)
    const first = await challenge(dana.cookie, factor.id)
    for (let i = 0; i < 5; i++) {
      const res = await verify(dana.cookie, factor.id, first.challenge_id, wrongTotp(totp.secret))
      expect(errorOf(res).reason).toBe('INVALID_CODE')
    }
    const sixth = await verify(dana.cookie, factor.id, first.challenge_id, totpCode(totp.secret))
    expect(errorOf(sixth)).toMatchObject({ reason: 'TOO_MANY_CODE_ATTEMPTS' })

    const second = await challenge(dana.cookie, factor.id)
    later(5 * 60_000 + 1000)
    const expired = await verify(dana.cookie, factor.id, second.challenge_id, totpCode(totp.secret))
    expect(errorOf(expired)).toMatchObject({ reason: 'CODE_EXPIRED' })
    const [row] = await t.database.db.select().from(authTwoFactors).where(eq(authTwoFactors.id, factor.id))
    expect(row?.verified).toBe(false)
  })

  it('allows one per account: a confirmed one is kept (409), an unconfirmed one is replaced', async () => {
    const dana = await account()
    const first = await enrolTotp(dana.cookie)
    const second = await enrolTotp(dana.cookie, { friendly_name: 'Tablet' })
    expect(second.totp.secret).not.toBe(first.totp.secret)
    const listed = await call('GET', '/auth/factors', dana.cookie)
    expect(listed.json().factors).toEqual([expect.objectContaining({ friendly_name: 'Tablet', status: 'unverified' })])
    // The first secret is gone: only the second confirms.
    const { challenge_id } = await challenge(dana.cookie, second.factor.id)
    const res = await verify(dana.cookie, second.factor.id, challenge_id, totpCode(second.totp.secret))
    expect(res.statusCode, res.body).toBe(200)
    const third = await call('POST', '/auth/factors', cookieOf(res), { factor_type: 'totp', password: testPassword })
    expect(third.statusCode).toBe(409)
    expect(errorOf(third).reason).toBe('FACTOR_EXISTS')
  })

  it('needs the password of an account that has one, and counts a wrong one as a failed login', async () => {
    const dana = await account()
    const missing = await call('POST', '/auth/factors', dana.cookie, { factor_type: 'totp' })
    expect(missing.statusCode).toBe(400)
    expect(errorOf(missing).details).toEqual([
      { field: 'body.password', message: 'Enter your password to confirm this change' },
    ])
    const wrong = await call('POST', '/auth/factors', dana.cookie, { factor_type: 'totp', password: 'Wrong1!Password' })
    expect(wrong.statusCode).toBe(400)
    expect(errorOf(wrong)).toMatchObject({ reason: 'INVALID_PASSWORD', message: 'Incorrect password' })
    expect(await t.database.db.select().from(authTwoFactors)).toHaveLength(0)
    expect(await eventsOf(dana.authId)).toContain('reauth_failed')
  })
})

describe('a phone factor (SMS)', () => {
  it('is enrolled masked, confirmed with a texted code, and then texts a code at sign-in', async () => {
    const dana = await account()
    const added = await call('POST', '/auth/factors', dana.cookie, {
      factor_type: 'phone',
      phone: '+1 555-123-4567',
      password: testPassword,
    })
    expect(added.statusCode, added.body).toBe(201)
    const factor = Factor.parse(added.json().factor)
    expect(factor).toMatchObject({
      factor_type: 'phone',
      status: 'unverified',
      phone: '+1•••••4567',
      friendly_name: null,
    })
    expect(added.body).not.toContain('5551234567')

    const first = await challenge(dana.cookie, factor.id, { channel: 'sms' })
    const code = await textedCode('+15551234567')
    const [text] = await textsTo('+15551234567')
    expect(text).toMatchObject({ body: `Your Picks Marketplace code is ${code}`, kind: 'mfa_code' })
    const wrong = await verify(dana.cookie, factor.id, first.challenge_id, otherCode(code))
    expect(errorOf(wrong).reason).toBe('INVALID_CODE')
    const ok = await verify(dana.cookie, factor.id, first.challenge_id, code)
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().factor).toMatchObject({ id: factor.id, status: 'verified', phone: '+1•••••4567' })
    // A code works once.
    const reused = await verify(dana.cookie, factor.id, first.challenge_id, code)
    expect(errorOf(reused).reason).toBe('CODE_EXPIRED')
    const [stored] = await t.database.db.select().from(authChallenges).where(eq(authChallenges.id, first.challenge_id))
    expect(stored?.codeHash).not.toContain(code)

    later(31_000)
    const step = await passwordStep(dana.email)
    expect(step.body).toEqual({
      twoFactorRedirect: true,
      factors: [{ id: factor.id, factor_type: 'phone', friendly_name: null, phone: '+1•••••4567' }],
    })
    const signInChallenge = await challenge(step.cookie, factor.id, { channel: 'sms' })
    const signInCode = await textedCode('+15551234567')
    expect(signInCode).not.toBe(code)
    const bad = await verify(step.cookie, factor.id, signInChallenge.challenge_id, otherCode(signInCode))
    expect(errorOf(bad).reason).toBe('INVALID_CODE')
    const done = await verify(step.cookie, factor.id, signInChallenge.challenge_id, signInCode)
    expect(done.statusCode, done.body).toBe(200)
    expect(setsSession(done)).toBe(true)
    expect(done.json().user).toMatchObject({ id: dana.authId, email: dana.email })
    expect((await t.app.inject({ url: '/api/me', headers: { cookie: cookieOf(done) } })).statusCode).toBe(200)
    expect(await eventsOf(dana.authId)).toEqual(
      expect.arrayContaining(['factor_enrolled', 'mfa_challenge', 'mfa_failed', 'factor_verified', 'sign_in']),
    )
  })

  it('refuses an expired sign-in code', async () => {
    const dana = await withPhone()
    const step = await passwordStep(dana.email)
    const { challenge_id } = await challenge(step.cookie, dana.factorId)
    const code = await textedCode(dana.phone)
    later(5 * 60_000 + 1000)
    const res = await verify(step.cookie, dana.factorId, challenge_id, code)
    expect(errorOf(res).reason).toBe('CODE_EXPIRED')
    expect(setsSession(res)).toBe(false)
  })

  it('texts a sign-in code to the chosen verified phone only; a newer text replaces the older', async () => {
    const dana = await withPhone('dana@example.com', '+15551234567')
    const added = await call('POST', '/auth/factors', dana.cookie, {
      factor_type: 'phone',
      phone: '+15559876543',
      password: testPassword,
    })
    const second = Factor.parse(added.json().factor)
    const confirm = await challenge(dana.cookie, second.id)
    await verify(dana.cookie, second.id, confirm.challenge_id, await textedCode('+15559876543'))
    later(31_000)

    const step = await passwordStep(dana.email)
    expect(step.body.factors).toHaveLength(2)
    const first = await challenge(step.cookie, dana.factorId)
    const firstCode = await textedCode('+15551234567')
    expect(await textsTo('+15559876543')).toHaveLength(1)
    later(31_000)
    const next = await challenge(step.cookie, second.id)
    const nextCode = await textedCode('+15559876543')
    const old = await verify(step.cookie, dana.factorId, first.challenge_id, firstCode)
    expect(errorOf(old).reason).toBe('CODE_EXPIRED')
    const done = await verify(step.cookie, second.id, next.challenge_id, nextCode)
    expect(done.statusCode, done.body).toBe(200)
  })

  it('texts one account at most every 30 seconds', async () => {
    const dana = await withPhone()
    await challenge(dana.cookie, dana.factorId)
    const soon = await call('POST', `/auth/factors/${dana.factorId}/challenge`, dana.cookie, {})
    expect(soon.statusCode).toBe(429)
    expect(errorOf(soon).reason).toBe('TOO_MANY_CODES')
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(0)
    later(31_000)
    await challenge(dana.cookie, dana.factorId)
    expect(await textsTo(dana.phone)).toHaveLength(3)
  })

  it('refuses the same verified number twice and a number that is not E.164', async () => {
    const dana = await withPhone()
    const again = await call('POST', '/auth/factors', dana.cookie, {
      factor_type: 'phone',
      phone: '+15551234567',
      password: testPassword,
    })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again).reason).toBe('FACTOR_EXISTS')
    const bad = await call('POST', '/auth/factors', dana.cookie, {
      factor_type: 'phone',
      phone: '555-1234',
      password: testPassword,
    })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['body.phone'])
    const unknown = await call('POST', '/auth/factors', dana.cookie, { factor_type: 'email' })
    expect(unknown.statusCode).toBe(400)
  })

  it('needs no password for an account without one (Google only)', async () => {
    const dana = await account()
    await t.database.db.delete(authAccounts).where(eq(authAccounts.userId, dana.authId))
    const res = await call('POST', '/auth/factors', dana.cookie, { factor_type: 'phone', phone: '+15551234567' })
    expect(res.statusCode, res.body).toBe(201)
  })
})

describe('removing a factor', () => {
  it('needs the password, and turns the sign-in gate off with the last verified factor', async () => {
    const dana = await withTotp()
    const missing = await call('DELETE', `/auth/factors/${dana.factorId}`, dana.cookie)
    expect(missing.statusCode).toBe(400)
    const wrong = await call('DELETE', `/auth/factors/${dana.factorId}`, dana.cookie, { password: 'Wrong1!Password' })
    expect(errorOf(wrong).reason).toBe('INVALID_PASSWORD')
    const removed = await call('DELETE', `/auth/factors/${dana.factorId}`, dana.cookie, { password: testPassword })
    expect(removed.statusCode, removed.body).toBe(204)
    expect((await call('GET', '/auth/factors', dana.cookie)).json()).toEqual({ factors: [] })
    expect(setsSession(await signIn(dana.email))).toBe(true)
    expect(await eventsOf(dana.authId)).toContain('factor_removed')
  })

  it('keeps the gate on while another verified factor remains', async () => {
    const dana = await withPhone()
    const { factor, totp } = await enrolTotp(dana.cookie)
    const { challenge_id } = await challenge(dana.cookie, factor.id)
    expect((await verify(dana.cookie, factor.id, challenge_id, totpCode(totp.secret))).statusCode).toBe(200)
    const removed = await call('DELETE', `/auth/factors/${dana.factorId}`, dana.cookie, { password: testPassword })
    expect(removed.statusCode).toBe(204)
    const step = await passwordStep(dana.email)
    expect(step.body.factors).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp' })])
  })
})

describe("another account's factor", () => {
  it('cannot be challenged, verified or removed, with a session or mid-sign-in (404)', async () => {
    const dana = await withPhone('dana@example.com', '+15551234567')
    const lee = await withTotp('lee@example.com')
    const danaChallenge = await challenge(dana.cookie, dana.factorId)

    for (const cookie of [lee.cookie, (await passwordStep(lee.email)).cookie]) {
      const asked = await call('POST', `/auth/factors/${dana.factorId}/challenge`, cookie, {})
      expect(asked.statusCode).toBe(404)
      const checked = await verify(cookie, dana.factorId, danaChallenge.challenge_id, '123456')
      expect(checked.statusCode).toBe(404)
    }
    const removed = await call('DELETE', `/auth/factors/${dana.factorId}`, lee.cookie, { password: testPassword })
    expect(removed.statusCode).toBe(404)
    // Nor can Dana's challenge be used on Lee's own factor.
    const crossed = await verify(lee.cookie, lee.factorId, danaChallenge.challenge_id, totpCode(lee.secret))
    expect(errorOf(crossed).reason).toBe('CHALLENGE_NOT_FOUND')
    expect(await textsTo('+15551234567')).toHaveLength(2)
  })

  it('an unconfirmed factor cannot be used to sign in', async () => {
    const dana = await withTotp()
    const added = await call('POST', '/auth/factors', dana.cookie, {
      factor_type: 'phone',
      phone: '+15559876543',
      password: testPassword,
    })
    const step = await passwordStep(dana.email)
    expect(step.body.factors).toHaveLength(1)
    const res = await call('POST', `/auth/factors/${added.json().factor.id}/challenge`, step.cookie, {})
    expect(res.statusCode).toBe(404)
    expect(await textsTo('+15559876543')).toHaveLength(0)
  })
})

describe('the guards', () => {
  it('answers a visitor 401 and refuses a foreign origin', async () => {
    expect((await t.app.inject({ url: '/api/auth/factors' })).statusCode).toBe(401)
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/factors/x/challenge', payload: {} })
    expect(res.statusCode).toBe(401)
    const dana = await account()
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/factors',
      headers: { origin: 'https://evil.example', cookie: dana.cookie },
      payload: { factor_type: 'totp', password: testPassword },
    })
    expect(foreign.statusCode).toBe(403)
  })

  it("closes the plugin's own /two-factor paths, so every code goes through the audited routes", async () => {
    const dana = await withTotp()
    const step = await passwordStep(dana.email)
    for (const path of [
      '/two-factor/verify-totp',
      '/two-factor/send-otp',
      '/two-factor/verify-otp',
      '/two-factor/disable',
    ]) {
      const res = await call('POST', `/auth${path}`, step.cookie, {
        code: totpCode(dana.secret),
        password: testPassword,
      })
      expect(res.statusCode, path).toBe(404)
      expect(setsSession(res)).toBe(false)
    }
    const [user] = await t.database.db.select().from(authUsers).where(eq(authUsers.id, dana.authId))
    expect(user?.twoFactorEnabled).toBe(true)
  })

  it('leaves no session behind the password step of a two-factor account', async () => {
    const dana = await withTotp()
    const before = await t.database.db.select().from(authSessions).where(eq(authSessions.userId, dana.authId))
    await passwordStep(dana.email)
    const after = await t.database.db.select().from(authSessions).where(eq(authSessions.userId, dana.authId))
    expect(after).toHaveLength(before.length)
  })
})

describe('with an access token (GET /api/auth/token) instead of the cookie', () => {
  /** A signed 15-minute access token of the session behind `cookie`. */
  async function accessTokenOf(cookie: string): Promise<string> {
    const res = await t.app.inject({ url: '/api/auth/token', headers: { cookie } })
    expect(res.statusCode, res.body).toBe(200)
    return res.json<{ token: string }>().token
  }

  /** A request that carries only the access token: no cookie. */
  function withToken(method: Method, url: string, token: string, payload?: Record<string, unknown>) {
    return t.app.inject({
      method,
      url: `/api${url}`,
      headers: { origin: testOrigin, authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    })
  }

  it('lists, adds, challenges, confirms and removes a phone factor, and changes the profile phone', async () => {
    const dana = await account()
    const token = await accessTokenOf(dana.cookie)
    const empty = await withToken('GET', '/auth/factors', token)
    expect(empty.statusCode, empty.body).toBe(200)
    expect(empty.json()).toEqual({ factors: [] })

    const added = await withToken('POST', '/auth/factors', token, {
      factor_type: 'phone',
      phone: '+15551234567',
      password: testPassword,
    })
    expect(added.statusCode, added.body).toBe(201)
    const factor = Factor.parse(added.json().factor)
    const asked = await withToken('POST', `/auth/factors/${factor.id}/challenge`, token, { channel: 'sms' })
    expect(asked.statusCode, asked.body).toBe(200)
    const { challenge_id } = FactorChallenge.parse(asked.json())
    const confirmed = await withToken('POST', `/auth/factors/${factor.id}/verify`, token, {
      code: await textedCode('+15551234567'),
      challenge_id,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().factor).toMatchObject({ id: factor.id, status: 'verified' })
    expect((await withToken('GET', '/auth/factors', token)).json().factors).toEqual([
      expect.objectContaining({ id: factor.id, status: 'verified' }),
    ])

    const wrong = await withToken('DELETE', `/auth/factors/${factor.id}`, token, { password: 'Wrong1!Password' })
    expect(errorOf(wrong).reason).toBe('INVALID_PASSWORD')
    const removed = await withToken('DELETE', `/auth/factors/${factor.id}`, token, { password: testPassword })
    expect(removed.statusCode, removed.body).toBe(204)
    expect(await eventsOf(dana.authId)).toEqual(
      expect.arrayContaining([
        'factor_enrolled',
        'mfa_challenge',
        'factor_verified',
        'reauth_failed',
        'factor_removed',
      ]),
    )

    later(31_000)
    const phone = await withToken('POST', '/users/me/phone', token, { phone: '+442079460958' })
    expect(phone.statusCode, phone.body).toBe(202)
    const phoneOk = await withToken('POST', '/users/me/phone/verify', token, {
      phone: '+442079460958',
      code: await textedCode('+442079460958'),
    })
    expect(phoneOk.statusCode, phoneOk.body).toBe(200)
    expect(phoneOk.json().user).toMatchObject({ email: dana.email, phone: '+442079460958', phone_verified: true })

    // The token lives only as long as its session.
    const signOut = await call('POST', '/auth/sign-out', dana.cookie, {})
    expect(signOut.statusCode, signOut.body).toBe(200)
    expect((await withToken('GET', '/auth/factors', token)).statusCode).toBe(401)
  })

  it('enrols and confirms an authenticator app; turning the gate on ends the session, its token with it, and hands the token no session', async () => {
    const dana = await account()
    const token = await accessTokenOf(dana.cookie)
    const enrolled = await withToken('POST', '/auth/factors', token, {
      factor_type: 'totp',
      password: testPassword,
      friendly_name: 'Script',
    })
    expect(enrolled.statusCode, enrolled.body).toBe(201)
    const { factor, totp } = NewFactorAnswer.parse(enrolled.json())
    if (!totp) throw new Error('no totp answer')
    const asked = await withToken('POST', `/auth/factors/${factor.id}/challenge`, token, {})
    expect(asked.statusCode, asked.body).toBe(200)
    const { challenge_id } = FactorChallenge.parse(asked.json())
    const wrong = await withToken('POST', `/auth/factors/${factor.id}/verify`, token, {
      code: wrongTotp(totp.secret),
      challenge_id,
    })
    expect(errorOf(wrong).reason).toBe('INVALID_CODE')
    const confirmed = await withToken('POST', `/auth/factors/${factor.id}/verify`, token, {
      code: totpCode(totp.secret),
      challenge_id,
    })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().factor).toMatchObject({ id: factor.id, status: 'verified', friendly_name: 'Script' })
    expect(setCookies(confirmed)).toEqual([])
    expect(confirmed.headers['set-auth-token']).toBeUndefined()

    // The library replaced the session to turn two-factor sign-in on; the token holder never held
    // one, so the new one is gone too, and signing in now asks for the code.
    expect(await t.database.db.select().from(authSessions).where(eq(authSessions.userId, dana.authId))).toEqual([])
    expect((await withToken('GET', '/auth/factors', token)).statusCode).toBe(401)
    expect((await call('GET', '/auth/factors', dana.cookie)).statusCode).toBe(401)
    const step = await passwordStep(dana.email)
    expect(step.body.factors).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp' })])
  })

  it('refuses a forged or foreign token on every factor route', async () => {
    const dana = await withPhone()
    const token = await accessTokenOf(dana.cookie)
    const [head, , signature] = token.split('.')
    const forgedBody = Buffer.from(JSON.stringify({ sub: 'someone-else', sid: 'x' })).toString('base64url')
    const forged = `${head}.${forgedBody}.${signature}`
    const challengeId = '00000000-0000-4000-8000-000000000001'
    for (const [method, url, payload] of [
      ['GET', '/auth/factors', undefined],
      ['POST', '/auth/factors', { factor_type: 'totp', password: testPassword }],
      ['POST', `/auth/factors/${dana.factorId}/challenge`, {}],
      ['POST', `/auth/factors/${dana.factorId}/verify`, { code: '123456', challenge_id: challengeId }],
      ['DELETE', `/auth/factors/${dana.factorId}`, { password: testPassword }],
      ['POST', '/users/me/phone', { phone: '+15550001111' }],
      ['POST', '/users/me/phone/verify', { phone: '+15550001111', code: '123456' }],
    ] as const) {
      const res = await withToken(method, url, forged, payload)
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401)
    }
    const lee = await account('lee@example.com')
    const leeToken = await accessTokenOf(lee.cookie)
    const removed = await withToken('DELETE', `/auth/factors/${dana.factorId}`, leeToken, { password: testPassword })
    expect(removed.statusCode).toBe(404)
    expect((await call('GET', '/auth/factors', dana.cookie)).json().factors).toHaveLength(1)
  })
})

describe('the profile phone', () => {
  it('changes only with the code texted to the new number, and is then verified', async () => {
    const dana = await account()
    const asked = await call('POST', '/users/me/phone', dana.cookie, { phone: '+44 20 7946 0958' })
    expect(asked.statusCode, asked.body).toBe(202)
    const code = await textedCode('+442079460958')
    const [text] = await textsTo('+442079460958')
    expect(text?.kind).toBe('phone_verification')
    const [unchanged] = await t.database.db.select().from(users).where(eq(users.email, dana.email))
    expect(unchanged).toMatchObject({ phone: null, phoneVerified: false })

    const wrong = await call('POST', '/users/me/phone/verify', dana.cookie, {
      phone: '+442079460958',
      code: otherCode(code),
    })
    expect(errorOf(wrong).reason).toBe('INVALID_CODE')
    const otherNumber = await call('POST', '/users/me/phone/verify', dana.cookie, { phone: '+15551234567', code })
    expect(errorOf(otherNumber).reason).toBe('CODE_EXPIRED')
    const ok = await call('POST', '/users/me/phone/verify', dana.cookie, { phone: '+442079460958', code })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().user).toMatchObject({ email: dana.email, phone: '+442079460958', phone_verified: true })
    expect(await eventsOf(dana.authId)).toContain('phone_verified')
    const me = await t.app.inject({ url: '/api/me', headers: { cookie: dana.cookie } })
    expect(me.json().user).toMatchObject({ phone: '+442079460958', phone_verified: true })
    const reused = await call('POST', '/users/me/phone/verify', dana.cookie, { phone: '+442079460958', code })
    expect(errorOf(reused).reason).toBe('CODE_EXPIRED')
  })

  it('starts unverified for a phone given at sign-up, and names a bad number', async () => {
    const res = await call('POST', '/auth/sign-up/email', undefined, {
      name: 'Lee',
      email: 'lee@example.com',
      password: testPassword,
      phone: '+15550001111',
    })
    expect(res.statusCode).toBe(200)
    const [lee] = await t.database.db.select().from(users).where(eq(users.email, 'lee@example.com'))
    expect(lee).toMatchObject({ phone: '+15550001111', phoneVerified: false })
    const dana = await account()
    const bad = await call('POST', '/users/me/phone', dana.cookie, { phone: 'call me' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['body.phone'])
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/users/me/phone', payload: { phone: '+15550001111' } }))
        .statusCode,
    ).toBe(401)
  })
})
