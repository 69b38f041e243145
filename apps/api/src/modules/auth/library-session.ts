import { blockedMessage } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { SmsSender } from '../notifications/notifications.service.ts'
import type { Auth } from './auth.service.ts'
import { authSessions } from './auth.table.ts'
import { codeError, factorErrors } from './code-errors.ts'
import { authUserById } from './factors.ts'
import { identityOf } from './guard.ts'

/**
 * Our `/auth/factors` routes drive the library's two-factor steps from the server (decision 008,
 * `mfa.ts`). These helpers say who is calling, carry the request's session to the library, and
 * bring its answer back: cookies to forward, and its failures in our error shape.
 */

export interface FactorDeps {
  auth: Auth
  db: Db
  sms: SmsSender
  now: () => Date
  /** Keys the hashes of texted codes. */
  secret: string
}

/** The request a step serves, and the answer it sets headers on (cookies, `retry-after`) even when it fails. */
export interface Exchange {
  request: FastifyRequest
  reply: FastifyReply
}

/** A signed-in person: their auth user, and the session they came with (cookie, session token or access token). */
export type SignedIn = { userId: string; email: string; sessionId: string }

/** Who is asking: a signed-in person, or someone between their password and their second factor. */
export type FactorCaller = ({ mode: 'session' } & SignedIn) | { mode: 'sign_in'; userId: string; email: string }

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** The signed-in person the guard found (401 for a visitor). */
export async function signedIn(request: FastifyRequest): Promise<SignedIn> {
  const { identity, sessionId } = await identityOf(request)
  return { userId: identity.id, email: identity.email, sessionId }
}

/** The session's person, or else the person whose password step left a valid two-factor cookie. */
export async function factorCaller(
  deps: Pick<FactorDeps, 'auth' | 'db'>,
  request: FastifyRequest,
): Promise<FactorCaller> {
  const user = await signedIn(request).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'UNAUTHENTICATED') return null
    throw error
  })
  if (user) return { mode: 'session', ...user }
  const pending = await deps.auth.api.pendingTwoFactorUser({ headers: headersOf(request) })
  const authUser = pending.userId ? await authUserById(deps, pending.userId) : null
  if (authUser) return { mode: 'sign_in', userId: authUser.id, email: authUser.email }
  throw factorErrors.notSignedIn()
}

/** The request's headers for a server-side call of the library (its cookies; the client's address). */
export function headersOf(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'content-length' || name === 'host') continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  headers.set('x-forwarded-for', request.ip)
  return headers
}

/** Cookies (and the bearer token) a library answer set: the session, or the two-factor cookie's end. */
export function forwardCookies(reply: FastifyReply, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie)
  const token = response.headers.get('set-auth-token')
  if (token) {
    reply.header('set-auth-token', token)
    reply.header('access-control-expose-headers', 'set-auth-token')
  }
}

export interface LibraryAnswer {
  ok: boolean
  status: number
  code: string
  body: unknown
}

export async function read(response: Response): Promise<LibraryAnswer> {
  const body: unknown = await response.json().catch(() => null)
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : ''
  return { ok: response.ok, status: response.status, code, body }
}

/** A library failure we did not expect here, in our shape (never its internals). */
export function unexpected(answer: LibraryAnswer): AppError {
  if (answer.status === 429) return new AppError('RATE_LIMITED', blockedMessage(60_000), { reason: 'RATE_LIMITED' })
  if (answer.status >= 500) return new AppError('INTERNAL', 'Something went wrong. Try again.')
  return new AppError('VALIDATION_FAILED', 'That did not work. Try again.', { reason: answer.code || undefined })
}

/** The library's answer to a code: why the code did not work, in the e-mail codes' words. */
export function libraryCodeError(answer: LibraryAnswer): AppError {
  if (answer.code === 'INVALID_CODE') return codeError('invalid')
  if (answer.code === 'OTP_HAS_EXPIRED') return codeError('expired')
  if (answer.code === 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE') return codeError('too_many')
  if (answer.code === 'INVALID_TWO_FACTOR_COOKIE') return factorErrors.signInExpired()
  if (answer.code === 'ACCOUNT_TEMPORARILY_LOCKED') {
    return new AppError('RATE_LIMITED', blockedMessage(15 * 60_000), { reason: 'BLOCKED' })
  }
  return unexpected(answer)
}

/**
 * For a library call that acts on the caller's session: the library reads only a session's
 * cookie or token, so the request's headers carry the token of the session the guard found,
 * however the caller proved it (an access token names its session in `sid`). `carried` says
 * whether the request itself held that token, rather than only an access token minted by it.
 */
export async function librarySession(deps: Pick<FactorDeps, 'db'>, request: FastifyRequest, user: SignedIn) {
  const [session] = await deps.db
    .select({ token: authSessions.token })
    .from(authSessions)
    .where(eq(authSessions.id, user.sessionId))
  if (!session) throw factorErrors.notSignedIn()
  const carried = `${request.headers.cookie ?? ''} ${request.headers.authorization ?? ''}`.includes(session.token)
  const headers = headersOf(request)
  headers.set('authorization', `Bearer ${session.token}`)
  return { headers, carried }
}

/**
 * The session a library answer started, to the caller that holds the session it replaced. A
 * caller with only an access token never held one and gets none (a 15-minute token is not a
 * way to a session): the new session is revoked, and the token ended with the old session.
 */
export async function handOverSession(
  deps: Pick<FactorDeps, 'db'>,
  reply: FastifyReply,
  response: Response,
  carried: boolean,
): Promise<void> {
  if (carried) return forwardCookies(reply, response)
  const started = response.headers.get('set-auth-token')
  const token = started ? decodeURIComponent(started).split('.')[0] : undefined
  if (token) await deps.db.delete(authSessions).where(eq(authSessions.token, token))
}
