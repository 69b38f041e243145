import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthMiddleware } from 'better-auth/api'
import { normalizeEmail } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { authUsers } from './auth.table.ts'

/**
 * E-mail codes verify a sign-up and nothing else (decision 013). The email-otp plugin would also
 * e-mail a code to an account that is already verified, and its verify step signs in whoever
 * brings that code: for an account with two-factor on, a full session by e-mail alone. Both stop
 * here, inside the library, so its limiter counts these requests like any other, and a verified
 * account is answered exactly like an unknown e-mail (no one learns which e-mails have accounts).
 */
export function signUpCodesOnly({ db }: { db: Db }) {
  async function isVerified(body: unknown): Promise<boolean> {
    const email = typeof body === 'object' && body !== null && 'email' in body ? body.email : undefined
    if (typeof email !== 'string') return false
    const [user] = await db
      .select({ emailVerified: authUsers.emailVerified })
      .from(authUsers)
      .where(eq(authUsers.email, normalizeEmail(email)))
    return user?.emailVerified === true
  }

  return {
    id: 'picks-sign-up-codes',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/email-otp/send-verification-otp',
          handler: createAuthMiddleware(async (ctx) => {
            // The plugin's own answer to an unknown e-mail, and no code is made or sent.
            if (await isVerified(ctx.body)) return ctx.json({ success: true })
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/email-otp/verify-email',
          handler: createAuthMiddleware(async (ctx) => {
            // The plugin's own answer when no code is waiting for the e-mail.
            if (await isVerified(ctx.body)) {
              throw new APIError('BAD_REQUEST', { message: 'Invalid OTP', code: 'INVALID_OTP' })
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}
