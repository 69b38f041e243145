import { describe, expect, it } from 'vitest'
import { openTouch, referralCookieName, sealTouch, touchCookie, touchOf, type ReferralTouch } from './referral-touch.ts'

const secret = 'a-test-secret-of-some-length-0123456789'
const visitedAt = new Date('2026-03-01T12:00:00Z')
const touch: ReferralTouch = { creatorId: '6f1c1b9e-2a4d-4c3e-9b8a-0d1e2f3a4b5c', code: 'Ab3_x-Yz9Qw2', visitedAt }
const minute = 60 * 1000
const day = 24 * 60 * minute

describe('the share-link touch cookie', () => {
  it('opens what it sealed for 30 days from the visit, and not after', () => {
    const value = sealTouch(touch, secret)
    expect(openTouch(value, secret, visitedAt)).toEqual(touch)
    expect(openTouch(value, secret, new Date(visitedAt.getTime() + 30 * day))).toEqual(touch)
    expect(openTouch(value, secret, new Date(visitedAt.getTime() + 30 * day + 1))).toBeNull()
  })

  it('takes a visit a few minutes ahead of this clock (another server’s), not one from the future', () => {
    const value = sealTouch(touch, secret)
    expect(openTouch(value, secret, new Date(visitedAt.getTime() - 5 * minute))).toEqual(touch)
    expect(openTouch(value, secret, new Date(visitedAt.getTime() - 6 * minute))).toBeNull()
  })

  it('refuses another secret’s signature and any changed part', () => {
    const value = sealTouch(touch, secret)
    expect(openTouch(value, 'another-secret', visitedAt)).toBeNull()
    const [id, code, time, signature] = value.split('.')
    expect(openTouch([id, 'Zb3_x-Yz9Qw2', time, signature].join('.'), secret, visitedAt)).toBeNull()
    expect(openTouch([id, code, String(Number(time) + 1), signature].join('.'), secret, visitedAt)).toBeNull()
    expect(openTouch([id, code, time].join('.'), secret, visitedAt)).toBeNull()
    expect(openTouch(`${value}.x`, secret, visitedAt)).toBeNull()
  })

  it('is read from a Cookie header among others', () => {
    const header = `better-auth.session_token=abc; ${referralCookieName}=${sealTouch(touch, secret)}; theme=dark`
    expect(touchOf(header, secret, visitedAt)).toEqual(touch)
    expect(touchOf('theme=dark', secret, visitedAt)).toBeNull()
    expect(touchOf(undefined, secret, visitedAt)).toBeNull()
  })

  it('is Secure on an https site only', () => {
    const https = touchCookie(touch, { secret, secure: true }).split('; ')
    expect(https.slice(1)).toEqual(['Max-Age=2592000', 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Secure'])
    expect(touchCookie(touch, { secret, secure: false }).split('; ')).not.toContain('Secure')
  })
})
