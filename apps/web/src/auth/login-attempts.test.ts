import { afterEach, describe, expect, it } from 'vitest'
import { clearLoginAttempts, recordLoginFailure, remainingLoginBlockMs } from './login-attempts.ts'

const email = 'dana@example.com'
const minute = 60_000

afterEach(() => localStorage.clear())

describe('the local login rate-limit record', () => {
  it('blocks for 15 minutes after five failures within the window, under the spec key', () => {
    const start = 1_000_000
    for (let i = 0; i < 4; i++) recordLoginFailure(email, null, start + i * 1000)
    expect(remainingLoginBlockMs(email, start + 4000)).toBe(0)
    recordLoginFailure(email, null, start + 4000)
    expect(remainingLoginBlockMs(email, start + 4000)).toBe(15 * minute)
    expect(JSON.parse(localStorage.getItem('login-attempts:dana@example.com') ?? '{}')).toMatchObject({
      attempts: 5,
      lastAttempt: start + 4000,
      blockedUntil: start + 4000 + 15 * minute,
    })
  })

  it('starts counting again when failures are more than five minutes apart', () => {
    for (let i = 0; i < 5; i++) recordLoginFailure(email, null, i * 6 * minute)
    expect(remainingLoginBlockMs(email, 24 * minute)).toBe(0)
  })

  it('takes the server’s announced block over its own count', () => {
    recordLoginFailure(email, 42_000, 0)
    expect(remainingLoginBlockMs(email, 2_000)).toBe(40_000)
  })

  it('forgets the record on success, and after an hour without a block', () => {
    recordLoginFailure(email, null, 0)
    clearLoginAttempts(email)
    expect(localStorage.getItem('login-attempts:dana@example.com')).toBeNull()
    recordLoginFailure(email, null, 0)
    recordLoginFailure(email, null, 61 * minute)
    expect(JSON.parse(localStorage.getItem('login-attempts:dana@example.com') ?? '{}').attempts).toBe(1)
  })
})
