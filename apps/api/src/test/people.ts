import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { users } from '../modules/users/users.table.ts'
import { signUpAndVerify, testOrigin } from './accounts.ts'
import type { TestApp } from './build-test-app.ts'

export interface Person {
  email: string
  cookie: string
  id: string
}

export const testAdminPassword = 'Admin2@Password'

/**
 * A verified account through the real endpoints, optionally given a role; its cookie and user id.
 * An `admin` has set and entered the admin password in this session (admin powers need it);
 * `unverifiedAdmin` is an administrator whose session has not.
 */
export async function person(
  t: TestApp,
  email: string,
  role?: 'admin' | 'moderator' | 'unverifiedAdmin',
): Promise<Person> {
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  if (role) {
    const stored = role === 'unverifiedAdmin' ? 'admin' : role
    await t.database.db.update(users).set({ role: stored }).where(eq(users.email, email))
  }
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no server user for ${email}`)
  const who = { email, cookie, id: row.id }
  if (role === 'admin') await enterAdminPassword(t, who)
  return who
}

/** Sets the admin password (the first time) and enters it, so this session holds admin powers. */
export async function enterAdminPassword(t: TestApp, who: Person, password = testAdminPassword): Promise<void> {
  const set = await request(t, 'POST', '/admin/set-password', who, { password })
  if (set.statusCode !== 200 && set.statusCode !== 403) throw new Error(`set-password failed: ${set.body}`)
  const verified = await request(t, 'POST', '/admin/verify-password', who, { password })
  if (verified.statusCode !== 200) throw new Error(`verify-password failed: ${verified.body}`)
}

/** One API request as `who` (or a visitor), from the site's own origin. */
export function request(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  who: Person | null,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { origin: testOrigin, ...(who ? { cookie: who.cookie } : {}) },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  })
}
