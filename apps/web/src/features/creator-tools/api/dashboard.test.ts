import { describe, expect, it } from 'vitest'
import { ApiError, toApiError } from '../../../lib/api-client.ts'
import { createPlanErrorMessage, registerCreatorErrorMessage } from './dashboard.ts'

describe('register creator failure (spec §8)', () => {
  it("uses the server's error field", () => {
    const ours = toApiError(409, 'Conflict', {
      error: { code: 'CONFLICT', message: 'That username is already taken', reason: 'USERNAME_TAKEN' },
    })
    expect(registerCreatorErrorMessage(ours)).toBe('That username is already taken')
    expect(registerCreatorErrorMessage(toApiError(400, 'Bad Request', { error: 'Bio is too long' }))).toBe(
      'Bio is too long',
    )
  })

  it('else says "Failed to register as creator"', () => {
    expect(registerCreatorErrorMessage(toApiError(500, 'Internal Server Error', { ok: false }))).toBe(
      'Failed to register as creator',
    )
    expect(registerCreatorErrorMessage(toApiError(500, 'Internal Server Error', { error: '' }))).toBe(
      'Failed to register as creator',
    )
    expect(registerCreatorErrorMessage(new TypeError('Failed to fetch'))).toBe('Failed to register as creator')
  })

  it('else says "Server error: {status} {statusText}" for an answer that is not JSON', () => {
    expect(registerCreatorErrorMessage(toApiError(502, 'Bad Gateway', '<html>oops</html>'))).toBe(
      'Server error: 502 Bad Gateway',
    )
    expect(registerCreatorErrorMessage(toApiError(504, '', undefined))).toBe('Server error: 504')
  })
})

describe('create pricing failure (spec §8)', () => {
  it('says "Failed to create pricing: {status} - {text}"', () => {
    const limit = new ApiError({
      status: 409,
      code: 'CONFLICT',
      message: 'A creator can have at most 5 active plans',
      body: {},
    })
    expect(createPlanErrorMessage(limit)).toBe(
      'Failed to create pricing: 409 - A creator can have at most 5 active plans',
    )
    expect(createPlanErrorMessage(new Error('Request timeout after 10000ms'))).toBe(
      'Failed to create pricing: Request timeout after 10000ms',
    )
  })
})
