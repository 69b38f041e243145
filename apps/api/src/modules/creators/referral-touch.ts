import { createHmac, timingSafeEqual } from 'node:crypto'
import { parseCookies } from 'better-auth/cookies'

/**
 * The last touch of a share link (decision 036): which creator's link the browser last came
 * through, with which code and when, kept in a signed cookie for 30 days. A sign-up or a purchase
 * within those days is credited to that creator's link.
 */

/** How long a visit through a share link counts toward a sign-up or a purchase. */
export const attributionDays = 30
const attributionMs = attributionDays * 24 * 60 * 60 * 1000
/** A visit time a little ahead of this server's clock (another server's) still counts. */
const clockSkewMs = 5 * 60 * 1000

export const referralCookieName = 'picks_ref'

export interface ReferralTouch {
  creatorId: string
  code: string
  visitedAt: Date
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
const codePattern = /^[A-Za-z0-9_-]{8,64}$/
const timePattern = /^\d{1,15}$/

/** Its own purpose in the HMAC, so this signature can never stand for another use of the same secret. */
function signature(payload: string, secret: string): Buffer {
  return createHmac('sha256', secret).update(`share-link-touch\n${payload}`).digest()
}

/** `creatorId.code.visitedAtMs.signature`: every part is cookie-safe as it is. */
export function sealTouch(touch: ReferralTouch, secret: string): string {
  const payload = [touch.creatorId, touch.code, String(touch.visitedAt.getTime())].join('.')
  return `${payload}.${signature(payload, secret).toString('base64url')}`
}

/** The touch a cookie value holds, when this server signed it and it is at most 30 days old; else null. */
export function openTouch(value: string, secret: string, now: Date): ReferralTouch | null {
  const parts = value.split('.')
  if (parts.length !== 4) return null
  const [creatorId = '', code = '', time = '', given = ''] = parts
  if (!uuidPattern.test(creatorId) || !codePattern.test(code) || !timePattern.test(time)) return null
  const expected = signature(parts.slice(0, 3).join('.'), secret)
  const actual = Buffer.from(given, 'base64url')
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null
  const visitedAt = new Date(Number(time))
  const age = now.getTime() - visitedAt.getTime()
  if (age > attributionMs || age < -clockSkewMs) return null
  return { creatorId, code, visitedAt }
}

/** The valid last touch a request's `Cookie` header carries, if any. */
export function touchOf(cookieHeader: string | null | undefined, secret: string, now: Date): ReferralTouch | null {
  const value = cookieHeader ? parseCookies(cookieHeader).get(referralCookieName) : undefined
  return value ? openTouch(value, secret, now) : null
}

/**
 * The `Set-Cookie` of a touch: only this server reads it (httpOnly), it rides along when a link
 * from another site opens ours (Lax), and it ends 30 days after the visit.
 */
export function touchCookie(touch: ReferralTouch, { secret, secure }: { secret: string; secure: boolean }): string {
  return [
    `${referralCookieName}=${sealTouch(touch, secret)}`,
    `Max-Age=${attributionMs / 1000}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}
