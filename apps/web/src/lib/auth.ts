import type { ServerUser } from '@picks/contracts'
import { authMessages, normalizeEmail } from '@picks/contracts/client'
import { api, ApiError } from './api-client.ts'
import { clearLocalSession, storeServerUser } from './stored-user.ts'

/**
 * The one client of the account endpoints (`/api/auth/*`, better-auth on the server) and the
 * spec §8 messages for their failures. Sessions are HttpOnly cookies; nothing secret is stored here.
 */

export interface SignUpInput {
  name: string
  email: string
  password: string
  phone?: string
}

export async function signUp(input: SignUpInput): Promise<void> {
  await api.post('/auth/sign-up/email', {
    name: input.name.trim(),
    email: normalizeEmail(input.email),
    password: input.password,
    ...(input.phone?.trim() ? { phone: input.phone.trim() } : {}),
  })
}

/** Signs in, then stores the local user record from the server user. */
export async function signIn(email: string, password: string, rememberMe: boolean): Promise<ServerUser> {
  await api.post('/auth/sign-in/email', { email: normalizeEmail(email), password, rememberMe })
  return completeSignIn()
}

/** The code from the e-mail signs the person in. */
export async function verifyEmail(email: string, otp: string): Promise<ServerUser> {
  await api.post('/auth/email-otp/verify-email', { email: normalizeEmail(email), otp: otp.trim() })
  return completeSignIn()
}

export async function resendVerificationCode(email: string): Promise<void> {
  await api.post('/auth/email-otp/send-verification-otp', {
    email: normalizeEmail(email),
    type: 'email-verification',
  })
}

export async function requestPasswordReset(email: string): Promise<void> {
  await api.post('/auth/request-password-reset', { email: normalizeEmail(email), redirectTo: '/reset-password' })
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await api.post('/auth/reset-password', { token, newPassword })
}

/** After the server set the session cookie: fetch the server user and keep the local record. */
export async function completeSignIn(): Promise<ServerUser> {
  const { user } = await api.get<{ user: ServerUser }>('/me')
  storeServerUser(user)
  return user
}

/** Signs out on the server when it can; the local record is cleared either way (spec §4). */
export async function signOut(): Promise<void> {
  try {
    await api.post('/auth/sign-out', {})
  } catch {
    // a failed server call still signs this device out
  } finally {
    clearLocalSession()
  }
}

const messagesByReason: Record<string, string> = {
  INVALID_CREDENTIALS: authMessages.invalidCredentials,
  EMAIL_NOT_VERIFIED: authMessages.emailNotConfirmed,
  ALREADY_REGISTERED: authMessages.alreadyRegistered,
  INVALID_CODE: 'That code is not right. Check the latest e-mail and try again.',
  CODE_EXPIRED: 'That code has expired. Send a new one.',
  TOO_MANY_CODE_ATTEMPTS: 'Too many wrong codes. Send a new one.',
  INVALID_TOKEN: 'This reset link is invalid or has expired.',
}

/** Spec §8: the message to show for a failed account call. */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) {
    return error instanceof TypeError ? authMessages.networkError : fallback
  }
  if (error.reason === 'BLOCKED') return error.message
  const known = error.reason ? messagesByReason[error.reason] : undefined
  if (known) return known
  if (error.status === 429) return authMessages.emailRateLimit
  if (error.details?.[0]) return error.details[0].message
  return error.message || fallback
}
