import { AsyncLocalStorage } from 'node:async_hooks'
import type { BetterAuthPlugin } from 'better-auth'
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api'
import { twoFactor } from 'better-auth/plugins/two-factor'
import { normalizeEmail } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import type { SmsSender } from '../notifications/notifications.service.ts'
import { codeText, textedCode } from './challenges.ts'
import { authUserIdByEmail, signInFactors, verifiedPhoneOf } from './factors.ts'

/**
 * Multi-factor sign-in on better-auth's two-factor plugin (decision 008). The plugin owns the gate:
 * a correct password of an account with `twoFactorEnabled` answers `twoFactorRedirect` with no
 * session and a short-lived signed two-factor cookie, and only its verify-totp / verify-otp steps
 * then create the session. Our `/auth/factors` routes drive those steps from the server, so the
 * plugin's own `/two-factor/*` paths are closed to the outside (one audited, throttled way in).
 */

/**
 * A sign-in text our route asked for: which phone factor it goes to, and whether it went. The
 * plugin passes `sendOTP` only the user, and only logs a failed send; this carries the rest.
 */
export interface SignInText {
  factorId: string
  failed: boolean
}
export const signInText = new AsyncLocalStorage<SignInText>()

const TWO_FACTOR_COOKIE = 'two_factor'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

export interface MfaDeps {
  db: Db
  sms: SmsSender
}

/** Our side of the plugin: the sign-in answer lists the factors; who is mid-sign-in; closed paths. */
function picksFactors({ db }: { db: Db }) {
  return {
    id: 'picks-factors',
    endpoints: {
      /** The account a signed two-factor cookie belongs to while its sign-in waits for a code (server only). */
      pendingTwoFactorUser: createAuthEndpoint.serverOnly({ method: 'GET' }, async (ctx) => {
        const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE)
        const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret)
        if (!identifier) return { userId: null }
        const pending = await ctx.context.internalAdapter.findVerificationValue(identifier)
        if (!pending || pending.expiresAt.getTime() <= Date.now()) return { userId: null }
        return { userId: pending.value }
      }),
    },
    hooks: {
      before: [
        {
          // The plugin's endpoints answer only our server's own calls (which carry no request).
          matcher: (ctx) => ctx.path?.startsWith('/two-factor/') ?? false,
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.request) throw new APIError('NOT_FOUND', { message: 'Not found', code: 'NOT_FOUND' })
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/sign-in/email',
          handler: createAuthMiddleware(async (ctx) => {
            const returned: unknown = ctx.context.returned
            if (!isRecord(returned) || returned.twoFactorRedirect !== true) return
            // The password was right (the plugin only redirects then): offer that account's factors.
            const body: unknown = ctx.body
            const email = isRecord(body) && typeof body.email === 'string' ? normalizeEmail(body.email) : ''
            const userId = email ? await authUserIdByEmail({ db }, email) : null
            const factors = userId ? await signInFactors({ db }, userId) : []
            return ctx.json({ twoFactorRedirect: true, factors })
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin
}

/** The two-factor plugin and ours; one entry of the auth plugins list (`...mfaPlugins(deps)`). */
export function mfaPlugins({ db, sms }: MfaDeps) {
  return [
    twoFactor({
      issuer: 'Picks Marketplace',
      // Our routes ask for the password when the account has one (a Google-only account has none).
      allowPasswordless: true,
      otpOptions: {
        period: textedCode.expiresInSeconds / 60,
        digits: textedCode.length,
        allowedAttempts: textedCode.allowedAttempts,
        storeOTP: 'hashed',
        // A sign-in code goes only to a VERIFIED phone factor of this account, the one asked for.
        async sendOTP({ user, otp }) {
          const asked = signInText.getStore()
          const phone = asked ? await verifiedPhoneOf({ db }, user.id, asked.factorId) : null
          try {
            if (!phone) throw new Error('no verified phone factor to text')
            await sms.send({ to: phone, body: codeText(otp), kind: 'mfa_code' })
          } catch (error) {
            if (asked) asked.failed = true
            throw error
          }
        },
      },
    }),
    picksFactors({ db }),
  ] as const
}
