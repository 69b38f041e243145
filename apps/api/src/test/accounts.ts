import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Db } from '../db/client.ts'
import { emailOutbox } from '../modules/notifications/notifications.table.ts'

export const testOrigin = 'http://localhost:3000'
export const testPassword = 'Winning1!Picks'

/** The session cookie a response set, ready for a `cookie` header. */
export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie']
  const list = Array.isArray(raw) ? raw : raw ? [raw] : []
  return list.map((c) => c.split(';')[0]).join('; ')
}

/** The newest e-mail to `to` in the outbox. */
export async function latestMail(db: Db, to: string) {
  const [mail] = await db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1)
  if (!mail) throw new Error(`no e-mail to ${to}`)
  return mail
}

/** The verification code of the newest e-mail to `to`. */
export async function latestCode(db: Db, to: string): Promise<string> {
  const code = (await latestMail(db, to)).textBody.match(/verification code is (\d{6})/)?.[1]
  if (!code) throw new Error(`no verification code in the e-mail to ${to}`)
  return code
}

/**
 * Signs up and verifies through the real endpoints; returns the session cookie. `cookie` is what
 * the browser already carries (a share link's touch).
 */
export async function signUpAndVerify(app: FastifyInstance, db: Db, email: string, cookie?: string): Promise<string> {
  const headers = { origin: testOrigin, ...(cookie ? { cookie } : {}) }
  const post = (url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url: `/api/auth${url}`, headers, payload })
  const signUp = await post('/sign-up/email', { name: 'Pat Bettor', email, password: testPassword })
  if (signUp.statusCode !== 200) throw new Error(`sign-up failed: ${signUp.body}`)
  const verified = await post('/email-otp/verify-email', { email, otp: await latestCode(db, email) })
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`)
  return cookieOf(verified)
}
