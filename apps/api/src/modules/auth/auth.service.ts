import { betterAuth } from 'better-auth'
import { APIError } from 'better-auth/api'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import { bearer } from 'better-auth/plugins/bearer'
import { emailOTP } from 'better-auth/plugins/email-otp'
import { jwt } from 'better-auth/plugins/jwt'
import { normalizeEmail, passwordProblem, type ServerUser } from '@picks/contracts'
import { and, eq, gt } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Config } from '../../config.ts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { createSlidingWindows } from '../../http/sliding-window.ts'
import { createOutboxSmsSender, type EmailSender, type SmsSender } from '../notifications/notifications.service.ts'
import {
  authAccounts,
  authEvents,
  authJwks,
  authSessions,
  authTwoFactors,
  authUsers,
  authVerifications,
} from './auth.table.ts'
import { resetPasswordEmail, verificationCodeEmail } from './auth-emails.ts'
import { sessionLengths, verificationCode } from './auth-settings.ts'
import { signUpCodesOnly } from './email-codes.ts'
import { googleSignIn } from './google.ts'
import { mfaPlugins } from './mfa.ts'

export { recordFailure, releaseAttempt, reserveAttempt, throttled } from './login-throttle.ts'

export const authBasePath = '/api/auth'

/** The start of the library's cookie names (set in createAuth); over HTTPS `__Secure-` goes before it. */
const authCookiePrefix = 'better-auth'
export const authCookieName = new RegExp(`^(?:__Secure-)?${authCookiePrefix}[.-]`)

/**
 * Whether a request carries credentials, valid or not: an `Authorization` header or one of the
 * library's cookies (a session, a sign-in waiting for its second factor). Read from the headers
 * alone, without a database query: a request without them is a visitor, who reads what every
 * visitor reads (the public ETags, http/public-etags.ts).
 */
export function carriesCredentials(request: FastifyRequest): boolean {
  if (request.headers.authorization !== undefined) return true
  const cookies = request.headers.cookie
  return cookies !== undefined && cookies.split(';').some((pair) => authCookieName.test(pair.trimStart()))
}

/** An identity the library just signed up, to link to (or create) the person's record. */
export interface SignedUpIdentity {
  authId: string
  email: string
  name: string
  phone: string | null
  emailVerified: boolean
}

/**
 * The person records that auth signs people in to. They belong to the users module, which builds
 * on auth (its routes use the guard), so auth asks through this interface and the caller (app.ts)
 * hands in the users module's side (`accountDirectory` in users.service.ts): auth never imports users.
 */
export interface AccountDirectory {
  linkAuthIdentity(identity: SignedUpIdentity): Promise<void>
  markEmailVerified(authId: string, verified: boolean): Promise<void>
  setRole(email: string, role: ServerUser['role']): Promise<void>
  findByEmail(email: string): Promise<ServerUser | null>
  findByAuthId(authId: string): Promise<ServerUser | null>
  setVerifiedPhone(authId: string, phone: string): Promise<ServerUser | null>
  /** Whether an administrator suspended the person: no session starts for them until restored. */
  isSuspended(authId: string): Promise<boolean>
}

/** What a suspended person is told when they try to sign in (issue 16). */
export const accountSuspendedMessage = 'This account is suspended. Contact support.'

/**
 * Ends every session of an auth identity at once: its cookies and session tokens stop working,
 * and so do the access tokens they minted (an access token is honoured only while its `sid`
 * session exists). For a suspension; returns how many sessions ended.
 */
export async function endSessionsOf(db: Db, authId: string): Promise<number> {
  const ended = await db.delete(authSessions).where(eq(authSessions.userId, authId)).returning({ id: authSessions.id })
  return ended.length
}

export interface AuthDeps {
  db: Db
  /** The person records a sign-up links to and a verified e-mail marks. */
  accounts: AccountDirectory
  config: Config
  email: EmailSender
  /** The library's own messages go to our log (silent in tests); only the message, never its arguments. */
  log: FastifyBaseLogger
  /** The library's request limiter; by default on outside tests. */
  rateLimit?: boolean
  /** The limiter's clock (tests move it); by default the system's. */
  now?: () => Date
  /** Where sign-in codes are texted; by default the database outbox. */
  sms?: SmsSender
  /**
   * Called once an account exists (an e-mail sign-up, a first Google sign-in) with the `Cookie`
   * header of the request that made it: the composition credits the share link the person came
   * through. Best effort: its failure is logged and the sign-up goes on.
   */
  afterSignUp?: (signUp: NewAccount) => Promise<void>
}

/** An account just made, and the cookies its request carried. */
export interface NewAccount {
  authId: string
  cookie: string | null
}

/** better-auth on our database, tables and mail, under /api/auth. */
export function createAuth({ db, accounts, config, email, log, rateLimit, now, sms, afterSignUp }: AuthDeps) {
  // The library's limiter counts in our `rate_limits` table, so every API process shares its counts.
  const windows = createSlidingWindows({ db, name: 'auth', now: now ?? (() => new Date()) })
  return betterAuth({
    appName: 'Picks Marketplace',
    baseURL: config.publicUrl,
    basePath: authBasePath,
    secret: config.authSecret,
    trustedOrigins: [new URL(config.publicUrl).origin],
    telemetry: { enabled: false },
    // An unexpected failure inside the library reaches our error handler (one shape, redacted log)
    // instead of its own console.error, which prints a failed query's parameters.
    onAPIError: { throw: true },
    logger: {
      level: 'warn',
      log: (level, message) => log[level === 'debug' ? 'debug' : level]({ source: 'better-auth' }, message),
    },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: authUsers,
        session: authSessions,
        account: authAccounts,
        verification: authVerifications,
        jwks: authJwks,
        twoFactor: authTwoFactors,
      },
    }),
    user: { additionalFields: { phone: { type: 'string', required: false, input: true } } },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user, url }) {
        await email.send({ to: user.email, ...resetPasswordEmail(url) })
      },
    },
    emailVerification: { autoSignInAfterVerification: true },
    session: { expiresIn: sessionLengths.rememberedSeconds, updateAge: sessionLengths.refreshAfterSeconds },
    advanced: {
      cookiePrefix: authCookiePrefix,
      useSecureCookies: config.env === 'production',
      // The library skips its origin and callback-address checks when NODE_ENV is test; keep them on.
      disableOriginCheck: false,
      // Our route sets x-forwarded-for from Fastify's view of the client (never the client's own header).
      ipAddress: { ipAddressHeaders: ['x-forwarded-for'] },
    },
    // Our own failed-login throttle guards sign-in; the library's limiter guards everything else
    // outside tests (which send many requests from one address on purpose), keyed by client address
    // and path, with its counts in the database (http/sliding-window.ts, decision 047).
    // Sign-up allows 10 accounts a minute from one address (the library's default of 3 in 10 s
    // trips a family behind one router).
    rateLimit: {
      enabled: rateLimit ?? config.env !== 'test',
      customStorage: {
        async consume(key, rule) {
          const waitMs = await windows.take(key, { limit: rule.max, windowMs: rule.window * 1000 })
          return waitMs > 0
            ? { allowed: false, retryAfter: Math.ceil(waitMs / 1000) }
            : { allowed: true, retryAfter: null }
        },
      },
      customRules: {
        '/sign-in/email': false,
        // Reads of the caller's own session, asked on every page change: never throttled into a
        // failure (the guard reads sessions for every other route without the limiter, too).
        '/get-session': false,
        '/list-accounts': false,
        '/sign-up/email': { window: 60, max: 10 },
        // Each code allows 5 tries of its own; this bounds one address across codes.
        '/email-otp/verify-email': { window: 60, max: 10 },
      },
    },
    databaseHooks: {
      // Every way in (password, Google, a second factor, e-mail verification's sign-in) makes a
      // session here: a suspended person gets none, and is told why.
      session: {
        create: {
          async before(session) {
            if (await accounts.isSuspended(session.userId)) {
              throw new APIError('FORBIDDEN', { message: accountSuspendedMessage, code: 'ACCOUNT_SUSPENDED' })
            }
          },
        },
      },
      user: {
        create: {
          async after(user, context) {
            const phone = 'phone' in user && typeof user.phone === 'string' ? user.phone : null
            await accounts.linkAuthIdentity({
              authId: user.id,
              email: user.email,
              name: user.name,
              phone,
              emailVerified: user.emailVerified,
            })
            try {
              await afterSignUp?.({ authId: user.id, cookie: context?.headers?.get('cookie') ?? null })
            } catch (err) {
              log.warn({ err }, 'a new account could not be credited to a share link')
            }
          },
        },
        update: {
          async after(user) {
            await accounts.markEmailVerified(user.id, user.emailVerified)
          },
        },
      },
    },
    plugins: [
      // Admin and service calls: `Authorization: Bearer <session token>`, and short-lived signed
      // access tokens from /api/auth/token, verifiable with the keys at /api/auth/jwks.
      bearer(),
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: '15m',
          // `sid` ties the token to its session: signing out ends it, and an admin's entered
          // admin password (kept per session) counts for it. No more of the user than a caller needs.
          definePayload: ({ user, session }) => ({ email: user.email, name: user.name, sid: session.id }),
        },
      }),
      emailOTP({
        otpLength: verificationCode.length,
        expiresIn: verificationCode.expiresInSeconds,
        allowedAttempts: verificationCode.allowedAttempts,
        sendVerificationOnSignUp: true,
        overrideDefaultEmailVerification: true,
        async sendVerificationOTP({ email: to, otp }) {
          await email.send({ to, ...verificationCodeEmail(otp) })
        },
      }),
      signUpCodesOnly({ db }),
      ...(config.google ? [googleSignIn(config.google)] : []),
      ...mfaPlugins({ db, sms: sms ?? createOutboxSmsSender({ db }) }),
    ],
  })
}

export type Auth = ReturnType<typeof createAuth>

export interface AuthEvent {
  kind: string
  userId?: string | null
  email?: string | null
  detail?: Record<string, unknown>
}

/** Appends to the account audit trail: who, what, from where. Never a password, code or token. */
export async function recordAuthEvent(db: Db, request: FastifyRequest, event: AuthEvent): Promise<void> {
  await db.insert(authEvents).values({
    kind: event.kind,
    userId: event.userId ?? null,
    email: event.email ?? null,
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300) || null,
    detail: event.detail ?? null,
  })
}

function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  return headers
}

export interface RequestSession {
  user: AuthIdentity
  sessionId: string
  expiresAt: Date
}

/** `Authorization: Bearer <token>` when the token has the three parts of a JWT. */
function bearerJwt(request: FastifyRequest): string | null {
  const token = /^bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1]
  return token && token.split('.').length === 3 ? token : null
}

/**
 * The session of a signed access token from /api/auth/token: signed by one of our keys (the key
 * set at /api/auth/jwks), for our issuer and audience, not expired, and its session still open
 * (signing out ends the token too). The subject is the auth user's id.
 */
async function accessTokenSession(auth: Auth, db: Db, token: string): Promise<RequestSession | null> {
  const { payload } = await auth.api.verifyJWT({ body: { token } })
  const sessionId = payload?.sid
  if (!payload || typeof sessionId !== 'string') return null
  const [row] = await db
    .select({ user: authUsers, expiresAt: authSessions.expiresAt })
    .from(authSessions)
    .innerJoin(authUsers, eq(authUsers.id, authSessions.userId))
    .where(
      and(eq(authSessions.id, sessionId), eq(authSessions.userId, payload.sub), gt(authSessions.expiresAt, new Date())),
    )
  if (!row) return null
  const { id, email, name, phone, emailVerified } = row.user
  return { user: { id, email, name, phone, emailVerified }, sessionId, expiresAt: row.expiresAt }
}

/**
 * Who is calling: the session of the cookie or of a session-token bearer (the library), else a
 * signed access token (spec: admin calls send the session's bearer access token).
 */
export async function requestSession(auth: Auth, db: Db, request: FastifyRequest): Promise<RequestSession | null> {
  const session = await auth.api.getSession({ headers: headersOf(request) })
  if (session) {
    const { id, email, name, phone, emailVerified } = session.user
    return {
      user: { id, email, name, phone: phone ?? null, emailVerified },
      sessionId: session.session.id,
      expiresAt: new Date(session.session.expiresAt),
    }
  }
  const token = bearerJwt(request)
  return token ? accessTokenSession(auth, db, token) : null
}

export interface AuthIdentity {
  id: string
  email: string
  name: string
  phone: string | null
  emailVerified: boolean
}

export interface NewAdmin {
  email: string
  name: string
  password: string
}

/**
 * Makes `email` an administrator: creates the account with a verified e-mail when it does not
 * exist, or promotes the existing one (its password stays). For the command line, not the API.
 */
export async function createAdmin(
  { auth, db, accounts }: { auth: Auth; db: Db; accounts: AccountDirectory },
  admin: NewAdmin,
): Promise<{ created: boolean }> {
  const email = normalizeEmail(admin.email)
  const problem = passwordProblem(admin.password)
  const [existing] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email))
  if (!existing) {
    if (problem) throw new AppError('VALIDATION_FAILED', problem)
    await auth.api.signUpEmail({ body: { email, name: admin.name, password: admin.password } })
  }
  await db.update(authUsers).set({ emailVerified: true }).where(eq(authUsers.email, email))
  const [authUser] = await db.select({ id: authUsers.id }).from(authUsers).where(eq(authUsers.email, email))
  if (!authUser) throw new AppError('INTERNAL', `Could not create the account for ${email}`)
  await accounts.markEmailVerified(authUser.id, true)
  // After the sign-up's link (which keeps no role without an administrator's grant): the operator
  // at the console is the one who vouches for this role (decision 017).
  await accounts.setRole(email, 'admin')
  return { created: !existing }
}

/** Whether the request carries a sign-in whose password was right and that waits for its second factor. */
export async function hasPendingSecondFactor(auth: Auth, request: FastifyRequest): Promise<boolean> {
  const pending = await auth.api.pendingTwoFactorUser({ headers: headersOf(request) })
  return Boolean(pending.userId)
}
