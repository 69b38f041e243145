import { AppError } from '../../errors.ts'
import { reasons } from './auth.routes.ts'
import type { CodeOutcome } from './challenges.ts'

/** A code that did not work, with the reasons and messages of the e-mail codes (spec §8). */
export function codeError(outcome: Exclude<CodeOutcome, 'ok'>): AppError {
  const known =
    outcome === 'invalid'
      ? reasons.INVALID_OTP
      : outcome === 'expired'
        ? reasons.OTP_EXPIRED
        : reasons.TOO_MANY_ATTEMPTS
  return new AppError('VALIDATION_FAILED', known?.message ?? 'That code did not work.', { reason: known?.reason })
}

/** The wording of the second-factor and texted-code answers (the profile phone's too). */
export const factorMessages = {
  notFound: 'No such factor on this account',
  challengeNotFound: 'No such challenge for this factor. Ask for a new code.',
  totpExists: 'This account already has an authenticator app. Remove it before adding another.',
  phoneExists: 'This phone number is already a verified factor.',
  tooManyPhones: 'An account can have at most 5 phone numbers as factors.',
  passwordRequired: 'Enter your password to confirm this change',
  incorrectPassword: 'Incorrect password',
  signInExpired: 'Your sign-in has expired. Enter your password again.',
  notSent: 'The text message could not be sent. Try again in a moment.',
  wait: (ms: number) => {
    const seconds = Math.max(1, Math.ceil(ms / 1000))
    return seconds < 120
      ? `Wait ${seconds} seconds before asking for another code.`
      : `Too many codes were sent. Wait ${Math.ceil(seconds / 60)} minutes before asking for another.`
  },
} as const

/** The second-factor refusals that several steps answer alike, each with its one status and reason. */
export const factorErrors = {
  /** Another account's factor answers this too, so nobody learns that it exists. */
  notFound: () => new AppError('NOT_FOUND', factorMessages.notFound, { reason: 'FACTOR_NOT_FOUND' }),
  challengeNotFound: () =>
    new AppError('NOT_FOUND', factorMessages.challengeNotFound, { reason: 'CHALLENGE_NOT_FOUND' }),
  totpExists: () => new AppError('CONFLICT', factorMessages.totpExists, { reason: 'FACTOR_EXISTS' }),
  /** The two-factor cookie of a sign-in is gone or stale: the password step starts again. */
  signInExpired: () => new AppError('UNAUTHENTICATED', factorMessages.signInExpired, { reason: 'SIGN_IN_EXPIRED' }),
  notSent: () => new AppError('SERVICE_UNAVAILABLE', factorMessages.notSent, { reason: 'SMS_NOT_SENT' }),
  notSignedIn: () => new AppError('UNAUTHENTICATED', 'Sign in to continue', { reason: 'NOT_SIGNED_IN' }),
}
