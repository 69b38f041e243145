import type { Factor, FactorChallenge, SecondFactor, ServerUser } from '@picks/contracts'
import { authMessages, callPolicy, normalizeEmail, transportMessages } from '@picks/contracts/client'
import { api, ApiError } from '../lib/api-client.ts'

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

/** A new authenticator-app factor: the QR code (a data: URL of an SVG) and the secret to type by hand. */
export interface TotpEnrolment {
  factor: Factor
  totp: { qr_code: string; secret: string; uri: string }
}

/** The answer to the password: signed in, or a second factor is needed first (no session yet). */
export type SignInResult = { kind: 'signed-in'; user: SessionUser } | { kind: 'second-factor'; factors: SecondFactor[] }

export interface ProfileChanges {
  name?: string
  /** An https image address or one emoji; null clears it. */
  profile_picture?: string | null
  specialty_sport?: string | null
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

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null
}

// The factor answers are read field by field into the contracts' types (`SecondFactor`, `Factor`,
// `FactorChallenge`): the client entry has no validator for them, and an answer this app cannot
// read must fail with the spec's message rather than break a page.

function secondFactorOf(value: unknown): SecondFactor | null {
  if (!isRecord(value) || typeof value.id !== 'string') return null
  const type = value.factor_type
  if (type !== 'totp' && type !== 'phone') return null
  return {
    id: value.id,
    factor_type: type,
    friendly_name: stringOrNull(value.friendly_name),
    phone: stringOrNull(value.phone),
  }
}

function factorOf(value: unknown): Factor | null {
  const factor = secondFactorOf(value)
  if (!factor || !isRecord(value)) return null
  return {
    ...factor,
    status: value.status === 'verified' ? 'verified' : 'unverified',
    created_at: typeof value.created_at === 'string' ? value.created_at : '',
  }
}

/** `{ factor }` of an answer; an answer without one is a failure the caller words. */
function factorIn(answer: unknown): Factor {
  const factor = isRecord(answer) ? factorOf(answer.factor) : null
  if (!factor) throw new Error(factorMessages.failed)
  return factor
}

/** `{ user }` of an answer, checked for the fields this app reads. */
function serverUserIn(answer: unknown): ServerUser {
  const user = isRecord(answer) ? answer.user : undefined
  const readable =
    isRecord(user) &&
    ['id', 'email', 'name', 'role'].every((key) => typeof user[key] === 'string') &&
    ['profile_picture', 'specialty_sport', 'phone'].every((key) => user[key] === null || typeof user[key] === 'string')
  if (!readable) throw new Error(profileMessages.failed)
  return { ...(user as ServerUser), phone_verified: user.phone_verified === true }
}

const factorPath = (id: string) => `/auth/factors/${encodeURIComponent(id)}`

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

  /**
   * Checks the password. Signed in (the server set the session cookie) with the session user, or,
   * for an account with a verified second factor, no session yet and the factors to choose from.
   */
  async signIn(email: string, password: string, rememberMe: boolean): Promise<SignInResult> {
    const answer = await api.post<unknown>('/auth/sign-in/email', {
      email: normalizeEmail(email),
      password,
      rememberMe,
    })
    if (isRecord(answer) && answer.twoFactorRedirect === true) {
      const listed = Array.isArray(answer.factors) ? answer.factors : []
      const factors = listed.map(secondFactorOf).filter((f): f is SecondFactor => f !== null)
      if (factors.length === 0) throw new Error(authMessages.signInFailed)
      return { kind: 'second-factor', factors }
    }
    const user = sessionUserOf(answer)
    if (!user) throw new Error(authMessages.signInFailed)
    return { kind: 'signed-in', user }
  },

  /**
   * Opens a challenge on a factor: for a phone factor the server texts a code (`channel: 'sms'`);
   * for an authenticator app it only opens the challenge the code is checked against.
   */
  async challengeFactor(factor: Pick<SecondFactor, 'id' | 'factor_type'>): Promise<FactorChallenge> {
    const body = factor.factor_type === 'phone' ? { channel: 'sms' } : {}
    const answer = await api.post<unknown>(`${factorPath(factor.id)}/challenge`, body)
    if (!isRecord(answer) || typeof answer.challenge_id !== 'string') throw new Error(factorMessages.failed)
    return {
      challenge_id: answer.challenge_id,
      expires_at: typeof answer.expires_at === 'string' ? answer.expires_at : '',
    }
  },

  /** The second step of a sign-in: a right code opens the session (the server sets the cookie). */
  async verifySignInCode(factorId: string, challengeId: string, code: string): Promise<SessionUser> {
    const answer = await api.post<unknown>(`${factorPath(factorId)}/verify`, {
      code: code.trim(),
      challenge_id: challengeId,
    })
    const user = sessionUserOf(answer)
    if (!user) throw new Error(authMessages.signInFailed)
    return user
  },

  /** The signed-in account's factors, verified or still being set up. */
  async listFactors(signal?: AbortSignal): Promise<Factor[]> {
    const answer = await api.get<unknown>('/auth/factors', { signal })
    const listed = isRecord(answer) && Array.isArray(answer.factors) ? answer.factors : []
    return listed.map(factorOf).filter((f): f is Factor => f !== null)
  },

  /** Starts an authenticator-app factor; it counts once a code from the app confirms it. */
  async enrollTotp(input: { friendlyName?: string; password?: string }): Promise<TotpEnrolment> {
    const answer = await api.post<unknown>('/auth/factors', {
      factor_type: 'totp',
      ...(input.friendlyName?.trim() ? { friendly_name: input.friendlyName.trim() } : {}),
      ...(input.password ? { password: input.password } : {}),
    })
    const factor = factorIn(answer)
    const totp = isRecord(answer) && isRecord(answer.totp) ? answer.totp : {}
    const { qr_code, secret, uri } = totp
    if (typeof qr_code !== 'string' || typeof secret !== 'string' || typeof uri !== 'string') {
      throw new Error(factorMessages.failed)
    }
    return { factor, totp: { qr_code, secret, uri } }
  },

  /** Starts a text-message factor; it counts once the code texted to `phone` confirms it. */
  async enrollPhone(input: { phone: string; friendlyName?: string; password?: string }): Promise<Factor> {
    const answer = await api.post<unknown>('/auth/factors', {
      factor_type: 'phone',
      phone: input.phone.trim(),
      ...(input.friendlyName?.trim() ? { friendly_name: input.friendlyName.trim() } : {}),
      ...(input.password ? { password: input.password } : {}),
    })
    return factorIn(answer)
  },

  /** Confirms a new factor with a code from it (signed in). */
  async confirmFactor(factorId: string, challengeId: string, code: string): Promise<Factor> {
    return factorIn(
      await api.post<unknown>(`${factorPath(factorId)}/verify`, { code: code.trim(), challenge_id: challengeId }),
    )
  },

  /** Removes a factor; an account with a password confirms it with the password. */
  async removeFactor(factorId: string, password?: string): Promise<void> {
    await api.delete(factorPath(factorId), { body: password ? { password } : {} })
  },

  /**
   * Whether the signed-in account has a password (a credential account), which then confirms
   * changes to its second factors. A Google-only account has none.
   */
  async hasPassword(signal?: AbortSignal): Promise<boolean> {
    const answer = await api.get<unknown>('/auth/list-accounts', { signal })
    if (!Array.isArray(answer)) throw new Error(factorMessages.failed)
    return answer.some((account) => isRecord(account) && account.providerId === 'credential')
  },

  /** The signed-in server user (`GET /me`). */
  async me(signal?: AbortSignal): Promise<ServerUser> {
    return serverUserIn(await api.get<unknown>('/me', { signal }))
  },

  async updateProfile(userId: string, changes: ProfileChanges): Promise<ServerUser> {
    return serverUserIn(await api.put<unknown>(`/users/${encodeURIComponent(userId)}/profile`, changes))
  },

  /** Signs the other devices out too (a changed password should end sessions it may have leaked to). */
  async changePassword(currentPassword: string, newPassword: string): Promise<void> {
    await api.post('/auth/change-password', { currentPassword, newPassword, revokeOtherSessions: true })
  },

  /** Texts a code to `phone`; the number is the account's once the code is verified. */
  async sendPhoneCode(phone: string): Promise<void> {
    await api.post('/users/me/phone', { phone: phone.trim() })
  },

  async verifyPhone(phone: string, code: string): Promise<ServerUser> {
    return serverUserIn(await api.post<unknown>('/users/me/phone/verify', { phone: phone.trim(), code: code.trim() }))
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
   * Starts Google sign-in (genericOAuth on the server, reached through the library's social
   * sign-in) and returns the provider's address to open. The provider sends the visitor back to
   * `/auth?oauth=return`, keeping where they were headed.
   */
  async googleSignInUrl(returnTo: string): Promise<string> {
    const back = `/auth?${new URLSearchParams({ oauth: 'return', redirect: returnTo })}`
    const answer = await api.post<unknown>('/auth/sign-in/social', {
      provider: 'google',
      callbackURL: back,
      errorCallbackURL: back,
      disableRedirect: true,
    })
    if (isRecord(answer) && typeof answer.url === 'string') return answer.url
    throw new Error(authMessages.googleFailed)
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
export type AuthAction =
  | 'sign-in'
  | 'sign-up'
  | 'send-code'
  | 'verify'
  | 'reset-request'
  | 'reset-password'
  /** The code step of a sign-in with a second factor. */
  | 'second-factor'
  /** Texting a code: to a phone factor, or to a phone number being added. */
  | 'send-sms'
  | 'profile'
  | 'change-password'
  | 'phone'
  | 'factors'

/** Where the code being checked came from: the e-mail (default), an authenticator app, a text message. */
export type CodeSource = 'email' | 'app' | 'sms'

/** Texts of this app where spec §8 has none (the code and reset-link answers). */
export const codeMessages = {
  invalidCode: 'That code is not right. Check the latest e-mail and try again.',
  codeExpired: 'That code has expired. Send a new one.',
  tooManyCodeAttempts: 'Too many wrong codes. Send a new one.',
  invalidResetLink: 'This reset link is invalid or has expired.',
  invalidAppCode: 'That code is not right. Enter the code your authenticator app shows now.',
  appCodeExpired: 'That took too long. Enter the code your authenticator app shows now.',
  tooManyAppCodes: 'Too many wrong codes. Wait for the next code in your app and try again.',
  invalidSmsCode: 'That code is not right. Check the latest text message and try again.',
  wrongPassword: 'That is not your current password. Please try again.',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  smsRateLimit: 'Too many codes sent. Please try again in a few minutes.',
} as const

/** Texts of the account page where spec §8 has none; the profile failure is its own ("Failed to update profile"). */
export const profileMessages = {
  failed: 'Failed to update profile',
  passwordFailed: 'Failed to change password. Please try again.',
  phoneFailed: 'Could not verify your phone number. Please try again.',
} as const

export const factorMessages = {
  failed: 'Could not change two-factor authentication. Please try again.',
  smsFailed: 'Could not send a text message. Please try again.',
  codeFailed: 'Could not check the code. Please try again.',
} as const

const fallbacks: Record<AuthAction, string> = {
  'sign-in': authMessages.signInFailed,
  'sign-up': authMessages.signUpFailed,
  'send-code': 'Could not send a new code. Please try again.',
  verify: 'Could not verify your e-mail. Please try again.',
  'reset-request': authMessages.resetFailed,
  'reset-password': 'Could not reset your password. Please try again.',
  'second-factor': factorMessages.codeFailed,
  'send-sms': factorMessages.smsFailed,
  profile: `${profileMessages.failed}. Please try again.`,
  'change-password': profileMessages.passwordFailed,
  phone: profileMessages.phoneFailed,
  factors: factorMessages.failed,
}

/** Calls made signed in: a 401 there means the session is gone (spec §8 "No user logged in"). */
const signedInActions: ReadonlySet<AuthAction> = new Set(['profile', 'change-password', 'phone', 'factors', 'send-sms'])

const codeReasons: Record<CodeSource, Record<string, string>> = {
  email: {
    INVALID_CODE: codeMessages.invalidCode,
    CODE_EXPIRED: codeMessages.codeExpired,
    TOO_MANY_CODE_ATTEMPTS: codeMessages.tooManyCodeAttempts,
  },
  app: {
    INVALID_CODE: codeMessages.invalidAppCode,
    CODE_EXPIRED: codeMessages.appCodeExpired,
    CHALLENGE_NOT_FOUND: codeMessages.appCodeExpired,
    TOO_MANY_CODE_ATTEMPTS: codeMessages.tooManyAppCodes,
  },
  sms: {
    INVALID_CODE: codeMessages.invalidSmsCode,
    CODE_EXPIRED: codeMessages.codeExpired,
    CHALLENGE_NOT_FOUND: codeMessages.codeExpired,
    TOO_MANY_CODE_ATTEMPTS: codeMessages.tooManyCodeAttempts,
  },
}

const messagesByReason: Record<string, string> = {
  INVALID_CREDENTIALS: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  ALREADY_REGISTERED: authMessages.alreadyRegistered,
  // The auth library's own length check (the server relays it with this reason).
  WEAK_PASSWORD: authMessages.weakPassword,
  INVALID_TOKEN: codeMessages.invalidResetLink,
  INVALID_PASSWORD: codeMessages.wrongPassword,
  SIGN_IN_EXPIRED: codeMessages.signInExpired,
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

/**
 * Spec §8: the message to show when the account call `action` failed with `error`; `codeFrom`
 * says where a refused code came from.
 */
export function authErrorMessage(error: unknown, action: AuthAction, codeFrom: CodeSource = 'email'): string {
  const fallback = fallbacks[action]
  if (!(error instanceof ApiError)) {
    if (isNetworkFailure(error)) return authMessages.networkError
    return error instanceof Error && error.message ? error.message : fallback
  }
  const reason = reasonOf(error)
  // The server words the wait ("Too many attempts. Please try again in 15 minutes.", "Wait 42 seconds…").
  if (reason === 'BLOCKED' || reason === 'TOO_MANY_CODES') return error.message || fallback
  const known = reason ? (codeReasons[codeFrom][reason] ?? messagesByReason[reason]) : undefined
  if (known) return known
  if (error.status === 429 || error.code === 'RATE_LIMITED') {
    if (action === 'sign-up' || action === 'send-code') return authMessages.emailRateLimit
    if (action === 'reset-request') return authMessages.resetTooMany
    if (action === 'send-sms') return codeMessages.smsRateLimit
  }
  if (error.status === 401) {
    if (signedInActions.has(action)) return authMessages.noUser
    if (action === 'second-factor') return codeMessages.signInExpired
  }
  // Spec §8 "Failed to update profile: {statusText}".
  if (action === 'profile' && error.status >= 500) return `${profileMessages.failed}: ${error.message}`
  if (reason === 'EMAIL_SERVICE_ERROR') return authMessages.emailServiceError
  // A 5xx message is the server's generic one: the action's own wording says more.
  if (error.status >= 500) return fallback
  const detail = error.details?.[0]?.message
  if (detail) return detail
  return error.message || fallback
}
