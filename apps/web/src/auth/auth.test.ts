import { authMessages, transportMessages } from '@picks/contracts/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toApiError } from '../lib/api-client.ts'
import {
  auth,
  authErrorMessage,
  codeMessages,
  factorMessages,
  profileMessages,
  type AuthAction,
  type CodeSource,
} from './auth.ts'

function refusal(status: number, code: string, message: string, reason?: string, details?: unknown[]) {
  return toApiError(status, '', {
    error: { code, message, requestId: 'r', ...(reason ? { reason } : {}), ...(details ? { details } : {}) },
  })
}

describe('the spec §8 message of a failed account call', () => {
  it.each<[string, ReturnType<typeof refusal>, AuthAction, string]>([
    [
      'wrong credentials',
      refusal(401, 'UNAUTHENTICATED', 'x', 'INVALID_CREDENTIALS'),
      'sign-in',
      authMessages.invalidCredentials,
    ],
    [
      'unverified e-mail',
      refusal(403, 'FORBIDDEN', 'x', 'EMAIL_NOT_VERIFIED'),
      'sign-in',
      authMessages.emailNotConfirmed,
    ],
    [
      'registered e-mail',
      refusal(409, 'CONFLICT', 'x', 'ALREADY_REGISTERED'),
      'sign-up',
      authMessages.alreadyRegistered,
    ],
    [
      'the auth library’s weak password, on sign-up',
      refusal(400, 'VALIDATION_FAILED', 'Password too short', 'WEAK_PASSWORD'),
      'sign-up',
      authMessages.weakPassword,
    ],
    [
      'the auth library’s weak password, on a reset',
      refusal(400, 'VALIDATION_FAILED', 'Password too short', 'WEAK_PASSWORD'),
      'reset-password',
      'Password should be at least 6 characters.',
    ],
    [
      'the auth library’s weak password, on a change',
      refusal(400, 'VALIDATION_FAILED', 'Password too short', 'WEAK_PASSWORD'),
      'change-password',
      'Password should be at least 6 characters.',
    ],
    [
      'a block, in the server’s words',
      refusal(429, 'RATE_LIMITED', 'Too many attempts. Please try again in 2 hours.', 'BLOCKED'),
      'sign-in',
      'Too many attempts. Please try again in 2 hours.',
    ],
    [
      'rate limit on sign-up',
      refusal(429, 'RATE_LIMITED', 'x', 'RATE_LIMITED'),
      'sign-up',
      authMessages.emailRateLimit,
    ],
    ['rate limit on a code resend', refusal(429, 'RATE_LIMITED', 'x'), 'send-code', authMessages.emailRateLimit],
    ['rate limit on a reset request', refusal(429, 'RATE_LIMITED', 'x'), 'reset-request', authMessages.resetTooMany],
    [
      'a failed e-mail service',
      refusal(503, 'SERVICE_UNAVAILABLE', 'x', 'EMAIL_SERVICE_ERROR'),
      'sign-up',
      authMessages.emailServiceError,
    ],
    [
      'a wrong code',
      refusal(400, 'VALIDATION_FAILED', 'x', 'INVALID_CODE'),
      'verify',
      'That code is not right. Check the latest e-mail and try again.',
    ],
    [
      'an expired code',
      refusal(400, 'VALIDATION_FAILED', 'x', 'CODE_EXPIRED'),
      'verify',
      'That code has expired. Send a new one.',
    ],
    [
      'too many codes',
      refusal(400, 'VALIDATION_FAILED', 'x', 'TOO_MANY_CODE_ATTEMPTS'),
      'verify',
      'Too many wrong codes. Send a new one.',
    ],
    [
      'a dead reset link',
      refusal(400, 'VALIDATION_FAILED', 'x', 'INVALID_TOKEN'),
      'reset-password',
      'This reset link is invalid or has expired.',
    ],
    [
      'a named field',
      refusal(400, 'VALIDATION_FAILED', 'Invalid request', undefined, [
        { field: 'body.password', message: 'Too weak' },
      ]),
      'sign-up',
      'Too weak',
    ],
    [
      'anything else: the server’s message',
      refusal(400, 'VALIDATION_FAILED', 'Something specific'),
      'sign-in',
      'Something specific',
    ],
    [
      'a server failure on sign-in',
      refusal(500, 'INTERNAL', 'Internal server error'),
      'sign-in',
      authMessages.signInFailed,
    ],
    [
      'a server failure on sign-up',
      refusal(500, 'INTERNAL', 'Internal server error'),
      'sign-up',
      authMessages.signUpFailed,
    ],
    ['a server failure on a reset request', refusal(502, 'HTTP_502', ''), 'reset-request', authMessages.resetFailed],
    ['an empty message on sign-up', refusal(400, 'VALIDATION_FAILED', ''), 'sign-up', authMessages.signUpFailed],
  ])('%s', (_name, error, action, message) => {
    expect(authErrorMessage(error, action)).toBe(message)
  })

  it('reads the reason from the body when the error object lacks it', () => {
    const error = refusal(401, 'UNAUTHENTICATED', 'x')
    Object.assign(error, { body: { error: { code: 'UNAUTHENTICATED', reason: 'INVALID_CREDENTIALS' } } })
    expect(authErrorMessage(error, 'sign-in')).toBe(authMessages.invalidCredentials)
  })

  it('says "network error" when no answer came, offline or after the timeout', () => {
    expect(authErrorMessage(new TypeError('Failed to fetch'), 'sign-in')).toBe(authMessages.networkError)
    expect(authErrorMessage(new Error(transportMessages.timeout(10_000)), 'sign-up')).toBe(authMessages.networkError)
  })

  it('falls back to the action’s own failure text', () => {
    expect(authErrorMessage('??', 'sign-in')).toBe(authMessages.signInFailed)
    expect(authErrorMessage(new Error(''), 'sign-up')).toBe(authMessages.signUpFailed)
  })
})

describe('the second-factor and account messages', () => {
  it.each<[string, ReturnType<typeof refusal>, AuthAction, CodeSource, string]>([
    [
      'a wrong app code',
      refusal(400, 'VALIDATION_FAILED', 'x', 'INVALID_CODE'),
      'second-factor',
      'app',
      'That code is not right. Enter the code your authenticator app shows now.',
    ],
    [
      'an expired app challenge',
      refusal(400, 'VALIDATION_FAILED', 'x', 'CODE_EXPIRED'),
      'second-factor',
      'app',
      'That took too long. Enter the code your authenticator app shows now.',
    ],
    [
      'too many app codes',
      refusal(400, 'VALIDATION_FAILED', 'x', 'TOO_MANY_CODE_ATTEMPTS'),
      'second-factor',
      'app',
      'Too many wrong codes. Wait for the next code in your app and try again.',
    ],
    [
      'a wrong texted code',
      refusal(400, 'VALIDATION_FAILED', 'x', 'INVALID_CODE'),
      'phone',
      'sms',
      'That code is not right. Check the latest text message and try again.',
    ],
    [
      'an expired texted code',
      refusal(400, 'VALIDATION_FAILED', 'x', 'CODE_EXPIRED'),
      'second-factor',
      'sms',
      'That code has expired. Send a new one.',
    ],
    [
      'too many texted codes',
      refusal(400, 'VALIDATION_FAILED', 'x', 'TOO_MANY_CODE_ATTEMPTS'),
      'factors',
      'sms',
      'Too many wrong codes. Send a new one.',
    ],
    [
      'a sign-in whose password step timed out',
      refusal(401, 'UNAUTHENTICATED', 'x'),
      'second-factor',
      'app',
      'Your sign-in has expired. Please sign in again.',
    ],
    [
      'too many texts',
      refusal(429, 'RATE_LIMITED', 'x', 'RATE_LIMITED'),
      'send-sms',
      'sms',
      'Too many codes sent. Please try again in a few minutes.',
    ],
    [
      'a wrong current password',
      refusal(400, 'VALIDATION_FAILED', 'Invalid password', 'INVALID_PASSWORD'),
      'change-password',
      'email',
      'That is not your current password. Please try again.',
    ],
    [
      'a second authenticator app, in the server’s words',
      refusal(409, 'CONFLICT', 'This account already has an authenticator app.', 'FACTOR_EXISTS'),
      'factors',
      'app',
      'This account already has an authenticator app.',
    ],
    [
      'a texted code asked for again too soon, in the server’s words',
      refusal(429, 'RATE_LIMITED', 'Wait 42 seconds before asking for another code.', 'TOO_MANY_CODES'),
      'send-sms',
      'sms',
      'Wait 42 seconds before asking for another code.',
    ],
    [
      'a sign-in text after the password step timed out',
      refusal(401, 'UNAUTHENTICATED', 'x', 'SIGN_IN_EXPIRED'),
      'send-sms',
      'sms',
      'Your sign-in has expired. Please sign in again.',
    ],
    [
      'a challenge the server no longer has',
      refusal(404, 'NOT_FOUND', 'x', 'CHALLENGE_NOT_FOUND'),
      'second-factor',
      'app',
      'That took too long. Enter the code your authenticator app shows now.',
    ],
    [
      'a profile change after the session ended',
      refusal(401, 'UNAUTHENTICATED', 'x'),
      'profile',
      'email',
      'No user logged in',
    ],
    [
      'a factor change after the session ended',
      refusal(401, 'UNAUTHENTICATED', 'x'),
      'factors',
      'email',
      'No user logged in',
    ],
    [
      'a server failure on a profile change',
      refusal(503, 'SERVICE_UNAVAILABLE', 'Service Unavailable'),
      'profile',
      'email',
      'Failed to update profile: Service Unavailable',
    ],
    [
      'a server failure on a password change',
      refusal(500, 'INTERNAL', 'Internal server error'),
      'change-password',
      'email',
      'Failed to change password. Please try again.',
    ],
  ])('%s', (_name, error, action, codeFrom, message) => {
    expect(authErrorMessage(error, action, codeFrom)).toBe(message)
  })

  it('keeps the e-mail wording for codes by default', () => {
    expect(authErrorMessage(refusal(400, 'VALIDATION_FAILED', 'x', 'INVALID_CODE'), 'verify')).toBe(
      codeMessages.invalidCode,
    )
  })
})

describe('the account client', () => {
  function serve(answers: Record<string, { status: number; body: unknown }>) {
    const calls: { method: string; path: string; body: unknown }[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const path = new URL(String(input), 'http://localhost').pathname
        const method = init?.method ?? 'GET'
        calls.push({ method, path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
        const answer = answers[`${method} ${path}`] ?? {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'x' } },
        }
        if (answer.status === 204) return new Response(null, { status: 204 })
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        })
      }),
    )
    return calls
  }
  const user = { id: 'auth-1', email: 'Dana@Example.com', name: 'Dana', emailVerified: true, phone: null }
  const factor = {
    id: 'f-1',
    factor_type: 'totp',
    status: 'unverified',
    friendly_name: 'Phone app',
    phone: null,
    created_at: '2026-11-02T00:00:00.000Z',
  }

  afterEach(() => vi.unstubAllGlobals())

  it('signs in at once when the account has no second factor', async () => {
    serve({ 'POST /api/auth/sign-in/email': { status: 200, body: { token: 't', user } } })
    await expect(auth.signIn('dana@example.com', 'pw', true)).resolves.toEqual({
      kind: 'signed-in',
      user: { ...user, email: 'dana@example.com' },
    })
  })

  it('asks for a second factor when the server says so, keeping only factors it can offer', async () => {
    serve({
      'POST /api/auth/sign-in/email': {
        status: 200,
        body: {
          twoFactorRedirect: true,
          factors: [
            { id: 'f-1', factor_type: 'totp', friendly_name: null, phone: null },
            { id: 'f-2', factor_type: 'phone', friendly_name: 'Work', phone: '+1•••••4567' },
            { id: 'f-3', factor_type: 'webauthn' },
          ],
        },
      },
    })
    await expect(auth.signIn('dana@example.com', 'pw', true)).resolves.toEqual({
      kind: 'second-factor',
      factors: [
        { id: 'f-1', factor_type: 'totp', friendly_name: null, phone: null },
        { id: 'f-2', factor_type: 'phone', friendly_name: 'Work', phone: '+1•••••4567' },
      ],
    })
  })

  it('fails a second-factor answer that offers nothing usable', async () => {
    serve({ 'POST /api/auth/sign-in/email': { status: 200, body: { twoFactorRedirect: true, factors: [] } } })
    await expect(auth.signIn('dana@example.com', 'pw', true)).rejects.toThrow(authMessages.signInFailed)
  })

  it('texts a code for a phone factor and only opens a challenge for an app', async () => {
    const calls = serve({
      'POST /api/auth/factors/f-1/challenge': { status: 200, body: { challenge_id: 'c-1', expires_at: 'soon' } },
      'POST /api/auth/factors/f-2/challenge': { status: 200, body: { challenge_id: 'c-2', expires_at: 'soon' } },
    })
    await expect(auth.challengeFactor({ id: 'f-1', factor_type: 'totp' })).resolves.toEqual({
      challenge_id: 'c-1',
      expires_at: 'soon',
    })
    await auth.challengeFactor({ id: 'f-2', factor_type: 'phone' })
    expect(calls.map((c) => c.body)).toEqual([{}, { channel: 'sms' }])
  })

  it('verifies a sign-in code into the session user, and a new factor’s code into the factor', async () => {
    const calls = serve({
      'POST /api/auth/factors/f-1/verify': { status: 200, body: { user } },
      'POST /api/auth/factors/f-9/verify': {
        status: 200,
        body: { factor: { ...factor, id: 'f-9', status: 'verified' } },
      },
    })
    await expect(auth.verifySignInCode('f-1', 'c-1', ' 123456 ')).resolves.toMatchObject({ id: 'auth-1' })
    await expect(auth.confirmFactor('f-9', 'c-2', '654321')).resolves.toMatchObject({ id: 'f-9', status: 'verified' })
    expect(calls[0]?.body).toEqual({ code: '123456', challenge_id: 'c-1' })
    // A sign-in answer without a user is a failed sign-in, not a session.
    serve({ 'POST /api/auth/factors/f-1/verify': { status: 200, body: { factor } } })
    await expect(auth.verifySignInCode('f-1', 'c-1', '123456')).rejects.toThrow(authMessages.signInFailed)
  })

  it('enrols an authenticator app with its QR code and secret, and a phone with its number', async () => {
    const totp = { qr_code: 'data:image/svg+xml;base64,PHN2Zy8+', secret: 'JBSWY3DPEHPK3PXP', uri: 'otpauth://totp/x' }
    const calls = serve({ 'POST /api/auth/factors': { status: 200, body: { factor, totp } } })
    await expect(auth.enrollTotp({ password: 'pw' })).resolves.toEqual({ factor, totp })
    await auth.enrollPhone({ phone: ' +15551234567 ', friendlyName: ' Work ' })
    expect(calls.map((c) => c.body)).toEqual([
      { factor_type: 'totp', password: 'pw' },
      { factor_type: 'phone', phone: '+15551234567', friendly_name: 'Work' },
    ])
  })

  it('refuses an enrolment answer without the QR code', async () => {
    serve({ 'POST /api/auth/factors': { status: 200, body: { factor } } })
    await expect(auth.enrollTotp({})).rejects.toThrow(factorMessages.failed)
  })

  it('lists factors and removes one with the password', async () => {
    const calls = serve({
      'GET /api/auth/factors': { status: 200, body: { factors: [factor, { id: 'broken' }] } },
      'DELETE /api/auth/factors/f-1': { status: 204, body: null },
    })
    await expect(auth.listFactors()).resolves.toEqual([factor])
    await auth.removeFactor('f-1', 'pw')
    expect(calls[1]).toEqual({ method: 'DELETE', path: '/api/auth/factors/f-1', body: { password: 'pw' } })
  })

  it('knows an account has a password from its credential account, and a Google-only one has none', async () => {
    serve({
      'GET /api/auth/list-accounts': { status: 200, body: [{ providerId: 'google' }, { providerId: 'credential' }] },
    })
    await expect(auth.hasPassword()).resolves.toBe(true)
    serve({ 'GET /api/auth/list-accounts': { status: 200, body: [{ providerId: 'google' }] } })
    await expect(auth.hasPassword()).resolves.toBe(false)
    serve({ 'GET /api/auth/list-accounts': { status: 200, body: { odd: true } } })
    await expect(auth.hasPassword()).rejects.toThrow(factorMessages.failed)
  })

  it('starts Google sign-in through the social route, coming back to /auth where the visitor was headed', async () => {
    const calls = serve({
      'POST /api/auth/sign-in/social': {
        status: 200,
        body: { url: 'https://accounts.google.com/o/oauth2/v2/auth?state=s', redirect: false },
      },
    })
    await expect(auth.googleSignInUrl('/alerts')).resolves.toBe('https://accounts.google.com/o/oauth2/v2/auth?state=s')
    const back = '/auth?oauth=return&redirect=%2Falerts'
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/auth/sign-in/social',
        body: { provider: 'google', callbackURL: back, errorCallbackURL: back, disableRedirect: true },
      },
    ])
    serve({ 'POST /api/auth/sign-in/social': { status: 200, body: { redirect: false } } })
    await expect(auth.googleSignInUrl('/alerts')).rejects.toThrow(authMessages.googleFailed)
  })

  it('saves the profile, changes the password and verifies a phone through their endpoints', async () => {
    const serverUser = {
      id: 'u-1',
      email: 'dana@example.com',
      name: 'Dana',
      role: 'customer',
      profile_picture: '🏀',
      specialty_sport: 'nba',
      phone: '+15551234567',
    }
    const calls = serve({
      'PUT /api/users/u-1/profile': { status: 200, body: { user: serverUser } },
      'POST /api/auth/change-password': { status: 200, body: { token: null } },
      'POST /api/users/me/phone': { status: 202, body: {} },
      'POST /api/users/me/phone/verify': { status: 200, body: { user: { ...serverUser, phone_verified: true } } },
      'GET /api/me': { status: 200, body: { user: { ...serverUser, name: 7 } } },
    })
    // Without the flag in the answer, the phone counts as not verified.
    await expect(auth.updateProfile('u-1', { profile_picture: '🏀' })).resolves.toEqual({
      ...serverUser,
      phone_verified: false,
    })
    await auth.changePassword('Old1!pass', 'New2@Password')
    await auth.sendPhoneCode(' +15551234567 ')
    await expect(auth.verifyPhone('+15551234567', ' 123456')).resolves.toEqual({ ...serverUser, phone_verified: true })
    expect(calls.map((c) => c.body)).toEqual([
      { profile_picture: '🏀' },
      { currentPassword: 'Old1!pass', newPassword: 'New2@Password', revokeOtherSessions: true },
      { phone: '+15551234567' },
      { phone: '+15551234567', code: '123456' },
    ])
    // An answer without a readable user is a failure, not a record to keep.
    await expect(auth.me()).rejects.toThrow(profileMessages.failed)
  })
})
