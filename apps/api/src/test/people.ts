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

/** A verified account through the real endpoints, optionally given a role; its cookie and user id. */
export async function person(t: TestApp, email: string, role?: 'admin' | 'moderator'): Promise<Person> {
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  if (role) await t.database.db.update(users).set({ role }).where(eq(users.email, email))
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (!row) throw new Error(`no server user for ${email}`)
  return { email, cookie, id: row.id }
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
