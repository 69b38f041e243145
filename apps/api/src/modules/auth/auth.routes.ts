import {
  authMessages,
  blockedMessage,
  EmailAddress,
  NewPassword,
  normalizeEmail,
  PhoneNumber,
  text,
  type ErrorCode,
} from '@picks/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { sendError } from '../../http/error-handler.ts'
import { refuseUnsafeText } from '../../http/validation.ts'
import { accountSuspendedMessage, recordAuthEvent, type AccountDirectory, type Auth } from './auth.service.ts'
import {
  recordFailure,
  releaseAttempt,
  reserveAttempt,
  throttled,
  throttleKeys,
  type Reservation,
  type ThrottleKey,
} from './login-throttle.ts'
import {
  callbackError,
  describeCallbackError,
  googleCallbackPath,
  googleMessages,
  googleProviderId,
  SocialSignInBody,
} from './google.ts'

type Deps = { auth: Auth; db: Db; accounts: AccountDirectory; now: () => Date }

// What our layer checks before the library sees a request: the spec's rules, with our error shape.
const SignUpBody = z.object({
  name: text().trim().min(1, 'Full name is required').max(120),
  email: EmailAddress,
  password: NewPassword,
  phone: PhoneNumber.nullish(),
  callbackURL: text().max(500).optional(),
})
const SignInBody = z.object({
  email: EmailAddress,
  password: text().min(1, 'Password is required').max(128),
  rememberMe: z.boolean().optional(),
  callbackURL: text().max(500).optional(),
})
const ResetPasswordBody = z.object({ newPassword: NewPassword, token: text().min(1).max(500) })
const ChangePasswordBody = z.object({
  currentPassword: text().min(1, 'Current password is required').max(128),
  newPassword: NewPassword,
  revokeOtherSessions: z.boolean().optional(),
})
const EmailOnlyBody = z.object({ email: EmailAddress }).passthrough()
// E-mail codes only verify a sign-up; the plugin's sign-in and reset codes are closed (decision 013).
const SendCodeBody = z.object({ email: EmailAddress, type: z.literal('email-verification') })

/** Every body that sets a password is here, so each new password meets the spec §5 rules. */
const checkedBodies: Record<string, z.ZodType<Record<string, unknown>>> = {
  '/sign-up/email': SignUpBody,
  '/sign-in/email': SignInBody,
  '/reset-password': ResetPasswordBody,
  '/change-password': ChangePasswordBody,
  '/request-password-reset': EmailOnlyBody,
  '/email-otp/send-verification-otp': SendCodeBody,
  '/email-otp/verify-email': EmailOnlyBody,
  '/sign-in/social': SocialSignInBody,
}

/**
 * The library's paths our clients use (decision 013): the calls of apps/web/src/auth/auth.ts, the
 * e-mailed reset link, Google's return, and the access token with its keys. Every other path of
 * the library (sign-in and reset by e-mail code, profile, e-mail and session changes, …) answers
 * 404 like a path that does not exist: each would be a way in, or a change, around our checks,
 * throttle and audit.
 */
const openPaths: Record<string, readonly string[]> = {
  '/sign-up/email': ['POST'],
  '/sign-in/email': ['POST'],
  '/sign-out': ['POST'],
  '/get-session': ['GET'],
  '/email-otp/send-verification-otp': ['POST'],
  '/email-otp/verify-email': ['POST'],
  '/request-password-reset': ['POST'],
  '/reset-password': ['POST'],
  '/change-password': ['POST'],
  '/list-accounts': ['GET'],
  '/sign-in/social': ['POST'],
  [googleCallbackPath]: ['GET', 'POST'],
  '/token': ['GET'],
  '/jwks': ['GET'],
}
/** The link in the reset e-mail: `/reset-password/{token}` redirects to our page with the token. */
const resetLinkPath = /^\/reset-password\/[^/]+$/

function isOpen(method: string, path: string): boolean {
  if (resetLinkPath.test(path)) return method === 'GET'
  return Object.hasOwn(openPaths, path) && (openPaths[path]?.includes(method) ?? false)
}

/** The library's error codes, as the reasons and messages our clients know (spec §8). */
export const reasons: Record<string, { reason: string; message?: string; code?: ErrorCode }> = {
  INVALID_EMAIL_OR_PASSWORD: { reason: 'INVALID_CREDENTIALS', message: authMessages.invalidCredentials },
  EMAIL_NOT_VERIFIED: { reason: 'EMAIL_NOT_VERIFIED', message: authMessages.emailNotConfirmed },
  USER_ALREADY_EXISTS: { reason: 'ALREADY_REGISTERED', message: authMessages.alreadyRegistered, code: 'CONFLICT' },
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: {
    reason: 'ALREADY_REGISTERED',
    message: authMessages.alreadyRegistered,
    code: 'CONFLICT',
  },
  INVALID_OTP: { reason: 'INVALID_CODE', message: 'That code is not right.' },
  OTP_EXPIRED: { reason: 'CODE_EXPIRED', message: 'That code has expired. Ask for a new one.' },
  TOO_MANY_ATTEMPTS: { reason: 'TOO_MANY_CODE_ATTEMPTS', message: 'Too many wrong codes. Ask for a new one.' },
  INVALID_TOKEN: { reason: 'INVALID_TOKEN', message: 'This reset link is invalid or has expired.' },
  ACCOUNT_SUSPENDED: { reason: 'ACCOUNT_SUSPENDED', message: accountSuspendedMessage, code: 'FORBIDDEN' },
  // The library's own length check, behind ours (spec §5 asks more): spec §8's weak-password words.
  PASSWORD_TOO_SHORT: { reason: 'WEAK_PASSWORD', message: authMessages.weakPassword },
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED'
  if (status === 403) return 'FORBIDDEN'
  if (status === 404) return 'NOT_FOUND'
  if (status === 409) return 'CONFLICT'
  if (status === 429) return 'RATE_LIMITED'
  if (status >= 500) return 'INTERNAL'
  return 'VALIDATION_FAILED'
}

function fieldIssues(error: z.ZodError) {
  return error.issues.map((issue) => ({ field: ['body', ...issue.path].join('.'), message: issue.message }))
}

function toRequest(request: FastifyRequest, path: string, body: unknown): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'host') continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  // The library's own limiter keys on the client address, which only Fastify knows.
  headers.set('x-forwarded-for', request.ip)
  const url = new URL(request.url, `${request.protocol}://${request.host}`)
  const init: RequestInit = { method: request.method, headers }
  if (request.method !== 'GET' && request.method !== 'HEAD') init.body = JSON.stringify(body ?? {})
  return new Request(new URL(`/api/auth${path}${url.search}`, url), init)
}

/** The library's own limiter answered: our shape, with a standard Retry-After (it sends X-Retry-After). */
function sendRateLimited(reply: FastifyReply, request: FastifyRequest, response: Response, path: string) {
  const retryAfterSeconds = Math.max(1, Number(response.headers.get('x-retry-after')) || 60)
  const message =
    path === '/request-password-reset' ? authMessages.resetTooMany : blockedMessage(retryAfterSeconds * 1000)
  reply.header('retry-after', String(retryAfterSeconds))
  return sendError(reply, request, new AppError('RATE_LIMITED', message, { reason: 'RATE_LIMITED' }))
}

/**
 * A refusal of the library (`response`, its body `text`) in our error shape: its code becomes a
 * reason our clients know, with the spec §8 message where there is one (`reasons`); any other code
 * goes along as the reason, with the library's own message.
 */
export function libraryRefusal(response: Pick<Response, 'status' | 'statusText'>, text: string): AppError {
  let libraryCode = ''
  let libraryMessage = ''
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown }
    libraryCode = typeof parsed.code === 'string' ? parsed.code : ''
    libraryMessage = typeof parsed.message === 'string' ? parsed.message : ''
  } catch {
    // not JSON: keep the status
  }
  const known = Object.hasOwn(reasons, libraryCode) ? reasons[libraryCode] : undefined
  return new AppError(
    known?.code ?? codeForStatus(response.status),
    known?.message ?? (libraryMessage || response.statusText || 'Request failed'),
    { reason: known?.reason ?? (libraryCode || undefined) },
  )
}

async function relay(
  reply: FastifyReply,
  request: FastifyRequest,
  response: Response,
  path: string,
): Promise<FastifyReply> {
  const text = await response.text()
  if (response.status === 429) return sendRateLimited(reply, request, response, path)
  if (response.status >= 400) {
    const error = libraryRefusal(response, text)
    for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
    const retryAfter = response.headers.get('retry-after')
    if (retryAfter) reply.header('retry-after', retryAfter)
    return sendError(reply, request, error)
  }
  reply.status(response.status)
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie' || name === 'content-length' || name === 'content-encoding') return
    reply.header(name, value)
  })
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  return reply.send(text)
}

/** Audit of a return from Google: the session it made (`sign_in`), or the error it ended with. */
async function recordGoogleReturn(auth: Auth, db: Db, request: FastifyRequest, response: Response): Promise<void> {
  const error = callbackError(response)
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const session = !error && cookie ? await auth.api.getSession({ headers: new Headers({ cookie }) }) : null
  const detail = { provider: googleProviderId }
  if (session) {
    await recordAuthEvent(db, request, { kind: 'sign_in', userId: session.user.id, email: session.user.email, detail })
  } else {
    await recordAuthEvent(db, request, { kind: 'sign_in_failed', detail: { ...detail, error: error ?? 'no_session' } })
  }
}

export function registerAuthRoutes(app: FastifyInstance, { auth, db, accounts, now }: Deps): void {
  const throttle = { db, now }
  const googleOn = auth.options.plugins.some((plugin) => plugin.id === 'generic-oauth')

  app.route({
    method: ['GET', 'POST'],
    url: '/auth/*',
    // The library's own paths: it finds the session of those that need one and guards them itself.
    config: { access: 'public' },
    schema: { hide: true },
    async handler(request, reply) {
      const path = `/${(request.params as { '*': string })['*']}`
      if (!isOpen(request.method, path)) return reply.callNotFound()
      // No route schema sees what reaches the library: the same refusal of NUL and unpaired surrogates.
      refuseUnsafeText({ params: request.params, query: request.query, body: request.body })
      let body: Record<string, unknown> | undefined
      const checker = request.method === 'POST' ? checkedBodies[path] : undefined
      if (checker) {
        const parsed = checker.safeParse(request.body ?? {})
        if (!parsed.success) {
          const details = fieldIssues(parsed.error)
          const fields = [...new Set(details.map((d) => d.field))].join(', ')
          throw new AppError('VALIDATION_FAILED', `Invalid ${fields}`, { details })
        }
        body = parsed.data
      } else if (request.method === 'POST') {
        body = (request.body ?? {}) as Record<string, unknown>
      }
      const email = typeof body?.email === 'string' ? normalizeEmail(body.email) : null

      if (path === '/sign-in/email' && email) {
        // The attempt holds its place before the password is checked, so parallel tries cannot pass the limit.
        const keys = throttleKeys(email, request.ip)
        const attempt = await reserveAttempt(throttle, [keys.email, keys.address])
        if (!attempt.ok) {
          await recordAuthEvent(db, request, { kind: 'blocked', email })
          reply.header('retry-after', String(Math.ceil(attempt.blockedMs / 1000)))
          throw new AppError('RATE_LIMITED', blockedMessage(attempt.blockedMs), { reason: 'BLOCKED' })
        }
        const response = await auth.handler(toRequest(request, path, body))
        if (response.status === 401) {
          const blockMs = await recordFailure(throttle, attempt.reservation)
          await recordAuthEvent(db, request, { kind: 'sign_in_failed', email, detail: { blockedForMs: blockMs } })
        } else if (response.ok) {
          await releaseAttempt(throttle, attempt.reservation, [keys.email.key])
          // The right password of an account with a second factor makes no session yet (decision 008).
          const answer: unknown = await response
            .clone()
            .json()
            .catch(() => null)
          const secondFactor = typeof answer === 'object' && answer !== null && 'twoFactorRedirect' in answer
          await recordAuthEvent(db, request, { kind: secondFactor ? 'mfa_required' : 'sign_in', email })
        } else {
          // Not a wrong password (an unverified e-mail, the library's own limit): it counts for nothing.
          await releaseAttempt(throttle, attempt.reservation)
        }
        return relay(reply, request, response, path)
      }

      if (path === '/sign-in/social') {
        if (!googleOn) {
          throw new AppError('NOT_FOUND', googleMessages.notConfigured, { reason: 'PROVIDER_NOT_CONFIGURED' })
        }
        const response = await auth.handler(toRequest(request, path, body))
        // Configured, but Google's discovery document could not be read (again) just now.
        if (response.status === 404) {
          throw new AppError('SERVICE_UNAVAILABLE', googleMessages.unavailable, { reason: 'PROVIDER_UNAVAILABLE' })
        }
        return relay(reply, request, response, path)
      }
      if (path === googleCallbackPath) {
        const response = describeCallbackError(await auth.handler(toRequest(request, path, body)))
        await recordGoogleReturn(auth, db, request, response)
        return relay(reply, request, response, path)
      }

      // The library answers a second sign-up like a first, to hide who has an account; the spec
      // wants sign-up to say so (the one place an e-mail's registration shows).
      if (path === '/sign-up/email' && email && (await accounts.findByEmail(email))?.auth_id) {
        throw new AppError('CONFLICT', authMessages.alreadyRegistered, { reason: 'ALREADY_REGISTERED' })
      }
      const way = throttledWay(path, email, request.ip)
      let held: Reservation | null = null
      if (way) {
        const attempt = await reserveAttempt(throttle, way.keys)
        if (!attempt.ok) {
          await recordAuthEvent(db, request, { kind: 'blocked', email, detail: { path } })
          reply.header('retry-after', String(Math.ceil(attempt.blockedMs / 1000)))
          throw new AppError('RATE_LIMITED', way.refusal(attempt.blockedMs), { reason: 'BLOCKED' })
        }
        held = attempt.reservation
      }
      const response = await auth.handler(toRequest(request, path, body))
      if (way && held) {
        if (way.failed(response.status, await libraryCodeOf(response))) await recordFailure(throttle, held)
        else await releaseAttempt(throttle, held, response.ok ? way.forget : [])
      }
      const kind = response.ok ? auditedPaths[path] : undefined
      if (kind) {
        const user = await answeredUser(response)
        await recordAuthEvent(db, request, { kind, userId: user?.id, email: email ?? user?.email })
      }
      return relay(reply, request, response, path)
    },
  })
}

interface ThrottledWay {
  /** Narrowest first. */
  keys: ThrottleKey[]
  /** Whether the library's answer is a failure, kept against the keys; any other gives its place back. */
  failed: (status: number, libraryCode: string) => boolean
  /** What a success forgets. */
  forget: string[]
  refusal: (blockedMs: number) => string
}

/** E-mail codes and password reset, behind the same throttle as sign-in (spec §9). */
function throttledWay(path: string, email: string | null, ip: string): ThrottledWay | null {
  if (path === '/email-otp/verify-email' && email) {
    const keys = throttled.emailCode(email, ip)
    return {
      keys: [keys.email, keys.address],
      failed: (_, code) => code === 'INVALID_OTP',
      forget: [keys.email.key],
      refusal: blockedMessage,
    }
  }
  if (path === '/request-password-reset' && email) {
    const keys = throttled.resetRequest(email, ip)
    // Every request counts, known e-mail or not (the answer never tells); one the library refused does not.
    return {
      keys: [keys.email, keys.address],
      failed: (status) => status !== 429,
      forget: [],
      refusal: () => authMessages.resetTooMany,
    }
  }
  if (path === '/reset-password') {
    return {
      keys: [throttled.resetToken(ip)],
      failed: (_, code) => code === 'INVALID_TOKEN',
      forget: [],
      refusal: blockedMessage,
    }
  }
  return null
}

/** The error code of a library refusal ('' for a success or an answer without one). */
async function libraryCodeOf(response: Response): Promise<string> {
  if (response.ok) return ''
  const answer: unknown = await response
    .clone()
    .json()
    .catch(() => null)
  const code = typeof answer === 'object' && answer !== null && 'code' in answer ? answer.code : null
  return typeof code === 'string' ? code : ''
}

const auditedPaths: Record<string, string> = {
  '/sign-up/email': 'sign_up',
  '/sign-out': 'sign_out',
  '/email-otp/verify-email': 'verified',
  '/request-password-reset': 'password_reset_requested',
  '/reset-password': 'password_reset',
  '/change-password': 'password_changed',
}

/** The `user` a successful library answer carries (sign-up, verification, password change), if any. */
async function answeredUser(response: Response): Promise<{ id: string; email: string } | null> {
  const answer: unknown = await response
    .clone()
    .json()
    .catch(() => null)
  const user = typeof answer === 'object' && answer !== null && 'user' in answer ? answer.user : null
  if (typeof user !== 'object' || user === null || !('id' in user) || !('email' in user)) return null
  return typeof user.id === 'string' && typeof user.email === 'string' ? { id: user.id, email: user.email } : null
}
