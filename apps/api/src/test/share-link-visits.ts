import { ShareLink } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { referralCookieName } from '../modules/creators/referral-touch.ts'
import { users } from '../modules/users/users.table.ts'
import { signUpAndVerify, testOrigin } from './accounts.ts'
import type { TestApp } from './build-test-app.ts'
import { request, type Person } from './people.ts'

/** Someone opening links from their own address and browser. */
export interface Visitor {
  ip: string
  userAgent: string
}

/** The creator's share link, as the creator (or an admin, for `creatorId`) asks for it. */
export async function shareLinkOf(t: TestApp, who: Person, creatorId = who.id): Promise<ShareLink> {
  const res = await request(t, 'GET', `/creators/${creatorId}/share-link`, who)
  if (res.statusCode !== 200) throw new Error(`GET share-link failed: ${res.body}`)
  return ShareLink.parse(res.json())
}

/** The web's lookup of `/{username}?ref=CODE` (path: `username?ref=CODE`), with the browser's cookies. */
export function visitProfile(t: TestApp, path: string, visitor: Visitor, cookie?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/creator/${path}`,
    remoteAddress: visitor.ip,
    headers: { 'user-agent': visitor.userAgent, origin: testOrigin, ...(cookie ? { cookie } : {}) },
  })
}

/** The `Set-Cookie` of the share-link touch an answer set, or null. */
export function touchSetCookie(res: LightMyRequestResponse): string | null {
  const raw = res.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  return list.find((c) => c.startsWith(`${referralCookieName}=`)) ?? null
}

/** The touch cookie an answer set, ready for a `cookie` header (`picks_ref=…`). */
export function touchCookieOf(res: LightMyRequestResponse): string {
  const set = touchSetCookie(res)
  if (!set) throw new Error(`no ${referralCookieName} cookie was set: ${res.statusCode} ${res.body}`)
  return set.split(';')[0] ?? ''
}

/** A visit through the creator's link; the touch cookie it left in the browser. */
export async function visitThroughLink(t: TestApp, link: ShareLink, visitor: Visitor): Promise<string> {
  const url = new URL(link.url)
  const res = await visitProfile(t, `${url.pathname.slice(1)}${url.search}`, visitor)
  if (res.statusCode !== 200) throw new Error(`the profile lookup failed: ${res.body}`)
  return touchCookieOf(res)
}

/** A verified account made in a browser that carries `cookie` (a share link's touch, or not); the same browser after. */
export async function signUpWith(t: TestApp, email: string, cookie: string): Promise<Person> {
  const session = await signUpAndVerify(t.app, t.database.db, email, cookie)
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no server user for ${email}`)
  return { email, id: row.id, cookie: `${session}; ${cookie}` }
}
