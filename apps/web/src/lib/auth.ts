import type { ServerUser } from '@picks/contracts'
import { authMessages, callPolicy, normalizeEmail, transportMessages } from '@picks/contracts/client'
import { api, ApiError } from './api-client.ts'

/**
 * The one client of the account endpoints (`/api/auth/*`, better-auth on the server, plus the
 * users lookups of the first sign-in) and the spec §8 messages for their failures. Sessions are
 * HttpOnly cookies; nothing secret passes through here into storage.
 */

/** The auth library's user of a session (spec §3 "Session user"). `id` is the server user's `auth_id`. */
export interface SessionUser {
  id: string
  email: string
  name: string
  emailVerified: boolean
  phone?: string | null
}

export interface SessionAnswer {
  session: { expiresAt: string }
  user: SessionUser
}

export interface AuthConfig {
  auth: { google: boolean; emailDelivery: 'smtp' | 'outbox' }
}

export interface SignUpInput {
  name: string
  email: string
  password: string
  phone?: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** A session user in an answer, or null when the answer carries none (anything unexpected included). */
function sessionUserOf(value: unknown): SessionUser | null {
  if (!isRecord(value) || !isRecord(value.user)) return null
  const { id, email, name, emailVerified, phone } = value.user
  if (typeof id !== 'string' || typeof email !== 'string') return null
  return {
    id,
    email: normalizeEmail(email),
    name: typeof name === 'string' ? name : '',
    emailVerified: emailVerified === true,
    phone: typeof phone === 'string' ? phone : null,
  }
}

/** 404 and every other failure of a lookup the spec makes silent (§8 "Silent fallbacks"). */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch {
    return null
  }
}

export const auth = {
  /** Creates the account; no session yet: the e-mail must be verified with the code first. */
  async signUp(input: SignUpInput): Promise<void> {
    const phone = input.phone?.trim()
    await api.post('/auth/sign-up/email', {
      name: input.name.trim(),
      email: normalizeEmail(input.email),
      password: input.password,
      ...(phone ? { phone } : {}),
    })
  },

  /** Signs in (the server sets the session cookie) and returns the session user. */
  async signIn(email: string, password: string, rememberMe: boolean): Promise<SessionUser> {
    const answer = await api.post<unknown>('/auth/sign-in/email', {
      email: normalizeEmail(email),
      password,
      rememberMe,
    })
    const user = sessionUserOf(answer)
    if (!user) throw new Error(authMessages.signInFailed)
    return user
  },

  async signOut(): Promise<void> {
    await api.post('/auth/sign-out', {})
  },

  /**
   * The current session: an answer, `null` when the server says nobody is signed in, or
   * `undefined` when the answer is not one the client understands (treated as "no news").
   */
  async getSession(): Promise<SessionAnswer | null | undefined> {
    const answer = await api.get<unknown>('/auth/get-session')
    if (answer === null) return null
    const user = sessionUserOf(answer)
    if (!user || !isRecord(answer) || !isRecord(answer.session)) return undefined
    const expiresAt = answer.session.expiresAt
    return { session: { expiresAt: typeof expiresAt === 'string' ? expiresAt : '' }, user }
  },

  async sendVerificationCode(email: string): Promise<void> {
    await api.post('/auth/email-otp/send-verification-otp', {
      email: normalizeEmail(email),
      type: 'email-verification',
    })
  },

  /** The code from the e-mail verifies the address and signs the person in. */
  async verifyEmail(email: string, otp: string): Promise<SessionUser> {
    const answer = await api.post<unknown>('/auth/email-otp/verify-email', {
      email: normalizeEmail(email),
      otp: otp.trim(),
    })
    const user = sessionUserOf(answer)
    if (!user) throw new Error(authMessages.signInFailed)
    return user
  },

  async requestPasswordReset(email: string): Promise<void> {
    await api.post('/auth/request-password-reset', { email: normalizeEmail(email), redirectTo: '/reset-password' })
  },

  async resetPassword(token: string, newPassword: string): Promise<void> {
    await api.post('/auth/reset-password', { newPassword, token })
  },

  /**
   * Starts Google sign-in (genericOAuth on the server) and returns the provider's address to open.
   * The provider sends the visitor back to `/auth?oauth=return`, keeping where they were headed.
   */
  async googleSignInUrl(returnTo: string): Promise<string> {
    const back = `/auth?${new URLSearchParams({ oauth: 'return', redirect: returnTo })}`
    const answer = await api.post<unknown>('/auth/sign-in/oauth2', {
      providerId: 'google',
      callbackURL: back,
      errorCallbackURL: back,
      disableRedirect: true,
    })
    if (isRecord(answer) && typeof answer.url === 'string') return answer.url
    throw new Error(authMessages.googleFailed)
  },

  /** What this server offers: Google sign-in or not, and how it delivers e-mail. Anything unreadable means no Google. */
  async config(signal?: AbortSignal): Promise<AuthConfig> {
    const answer = await api.get<unknown>('/config', { signal })
    const settings = isRecord(answer) && isRecord(answer.auth) ? answer.auth : {}
    return {
      auth: {
        google: settings.google === true,
        emailDelivery: settings.emailDelivery === 'smtp' ? 'smtp' : 'outbox',
      },
    }
  },

  /** The server user with this e-mail; null when absent or on any failure (spec §8 silent fallback). */
  async findUserByEmail(email: string): Promise<ServerUser | null> {
    const answer = await orNull(
      api.get<{ user: ServerUser }>(`/users/email/${encodeURIComponent(normalizeEmail(email))}`),
    )
    return answer?.user ?? null
  },

  /** Creates (or links) the server user of a session user; null on any failure (spec §8 silent fallback). */
  async syncUser(user: SessionUser, provider: string): Promise<ServerUser | null> {
    const answer = await orNull(
      api.post<{ user: ServerUser }>('/users/sync-oauth', {
        email: user.email,
        name: user.name || user.email,
        auth_id: user.id,
        provider,
        phone: user.phone ?? null,
      }),
    )
    return answer?.user ?? null
  },
}

/** Which call failed: the same refusal reads differently on each (spec §8). */
export type AuthAction = 'sign-in' | 'sign-up' | 'send-code' | 'verify' | 'reset-request' | 'reset-password'

const fallbacks: Record<AuthAction, string> = {
  'sign-in': authMessages.signInFailed,
  'sign-up': authMessages.signUpFailed,
  'send-code': 'Could not send a new code. Please try again.',
  verify: 'Could not verify your e-mail. Please try again.',
  'reset-request': authMessages.resetFailed,
  'reset-password': 'Could not reset your password. Please try again.',
}

/** Texts of this app where spec §8 has none (the code and reset-link answers). */
export const codeMessages = {
  invalidCode: 'That code is not right. Check the latest e-mail and try again.',
  codeExpired: 'That code has expired. Send a new one.',
  tooManyCodeAttempts: 'Too many wrong codes. Send a new one.',
  invalidResetLink: 'This reset link is invalid or has expired.',
} as const

const messagesByReason: Record<string, string> = {
  INVALID_CREDENTIALS: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  ALREADY_REGISTERED: authMessages.alreadyRegistered,
  INVALID_CODE: codeMessages.invalidCode,
  CODE_EXPIRED: codeMessages.codeExpired,
  TOO_MANY_CODE_ATTEMPTS: codeMessages.tooManyCodeAttempts,
  INVALID_TOKEN: codeMessages.invalidResetLink,
}

function reasonOf(error: ApiError): string | undefined {
  if (error.reason) return error.reason
  const body = error.body
  if (!isRecord(body) || !isRecord(body.error)) return undefined
  return typeof body.error.reason === 'string' ? body.error.reason : undefined
}

/** A failure before any answer: fetch's TypeError (offline, DNS, refused) or our timeout. */
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    (error instanceof Error && error.message === transportMessages.timeout(callPolicy.timeoutMs))
  )
}

/** Spec §8: the message to show when the account call `action` failed with `error`. */
export function authErrorMessage(error: unknown, action: AuthAction): string {
  const fallback = fallbacks[action]
  if (!(error instanceof ApiError)) {
    if (isNetworkFailure(error)) return authMessages.networkError
    return error instanceof Error && error.message ? error.message : fallback
  }
  const reason = reasonOf(error)
  // The server words the wait ("Too many attempts. Please try again in 15 minutes.").
  if (reason === 'BLOCKED') return error.message || fallback
  const known = reason ? messagesByReason[reason] : undefined
  if (known) return known
  if (error.status === 429 || error.code === 'RATE_LIMITED') {
    if (action === 'sign-up' || action === 'send-code') return authMessages.emailRateLimit
    if (action === 'reset-request') return authMessages.resetTooMany
  }
  if (reason === 'EMAIL_SERVICE_ERROR') return authMessages.emailServiceError
  // A 5xx message is the server's generic one: the action's own wording says more.
  if (error.status >= 500) return fallback
  const detail = error.details?.[0]?.message
  if (detail) return detail
  return error.message || fallback
}
