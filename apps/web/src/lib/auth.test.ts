import { authMessages, transportMessages } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import { toApiError } from './api-client.ts'
import { authErrorMessage, type AuthAction } from './auth.ts'

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
