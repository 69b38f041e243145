/**
 * Account rules shared by the browser and the API (spec §5, §8, §9). The API enforces every one
 * again; the browser uses them to answer before a round trip. Zod-free: the browser imports it.
 */

/** E-mails are trimmed and lowercased before use (spec §5). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase()
}

export const passwordMinLength = 8

/** Spec §5 sign-up password rules, in the order they are checked, with their exact messages. */
export const passwordRules = [
  { test: (p: string) => p.length >= passwordMinLength, message: 'Password must be at least 8 characters long' },
  { test: (p: string) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { test: (p: string) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
  { test: (p: string) => /\d/.test(p), message: 'Password must contain at least one number' },
  {
    test: (p: string) => /[^A-Za-z0-9\s]/.test(p),
    message: 'Password must contain at least one special character (!@#$%^&*...)',
  },
] as const

/** The first rule the password breaks, or null when it passes them all. */
export function passwordProblem(password: string): string | null {
  return passwordRules.find((rule) => !rule.test(password))?.message ?? null
}

export type PasswordStrength = 'weak' | 'medium' | 'strong'

/**
 * Spec §5 strength meter: under 8 characters is weak; otherwise one point each for a lowercase
 * letter, an uppercase letter, a digit, a special character and a length of 12 or more; 2 or fewer
 * points is weak, 3 to 4 medium, 5 strong.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length < passwordMinLength) return 'weak'
  const points = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9\s]/].filter((re) => re.test(password)).length
  const total = points + (password.length >= 12 ? 1 : 0)
  if (total <= 2) return 'weak'
  return total === 5 ? 'strong' : 'medium'
}

export const signUpMessages = {
  passwordsDiffer: 'Passwords do not match. Please try again.',
  termsRequired: 'Please accept the Terms of Service and Privacy Policy to continue.',
  nameRequired: 'Full name is required',
  emailRequired: 'Email is required',
} as const

/** Spec §8 messages for sign-in, sign-up and reset, verbatim. */
export const authMessages = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  emailNotConfirmed: 'Please verify your email before logging in.',
  alreadyRegistered: 'An account with this email already exists.',
  weakPassword: 'Password should be at least 6 characters.',
  emailRateLimit: 'Email service rate limit reached. Please try again in a few minutes.',
  emailServiceError: 'Email service configuration error. Please contact support.',
  invalidGrant: 'Authentication failed. Please try again.',
  invalidEmail: 'Please enter a valid email address.',
  signInFailed: 'Failed to log in. Please try again.',
  signUpFailed: 'Failed to create account. Please try again.',
  providerFailed: 'Authentication failed. Please try again.',
  googleFailed: 'Failed to sign in with Google. Please try again.',
  popupBlocked: 'Popup was blocked. Please allow popups and try again.',
  networkError: 'Network error. Please check your connection and try again.',
  resetFailed: 'Failed to send password reset email. Please try again.',
  resetTooMany: 'Too many requests. Please try again in a few minutes.',
  resetSent:
    "If an account exists with that email, we've sent you a password reset link. Please check your inbox and spam folder.",
  noUser: 'No user logged in',
} as const

/** Spec §5: the reset form's only check. */
export function isPlausibleEmail(email: string): boolean {
  return email.includes('@')
}

/** Spec §9 failed-login schedule, counted per lowercased e-mail (and, on the server, per address). */
export const loginThrottlePolicy = {
  windowMs: 5 * 60 * 1000,
  /** A record with no block is forgotten after this long without a failure. */
  recordTtlMs: 60 * 60 * 1000,
  /** Checked from the longest block down: the first whose threshold is reached applies. */
  blocks: [
    { failures: 10, blockMs: 60 * 60 * 1000 },
    { failures: 5, blockMs: 15 * 60 * 1000 },
  ],
} as const

/** How long a block lasts after `failures` failures inside the window; 0 when there is none. */
export function blockDurationMs(failures: number): number {
  return loginThrottlePolicy.blocks.find((b) => failures >= b.failures)?.blockMs ?? 0
}

function unit(n: number, name: string): string {
  return `${n} ${name}${n === 1 ? '' : 's'}`
}

/** "Too many attempts. Please try again in N seconds/minutes/hours." (spec §8), rounded up. */
export function blockedMessage(remainingMs: number): string {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000))
  const wait =
    seconds < 60
      ? unit(seconds, 'second')
      : seconds < 3600
        ? unit(Math.ceil(seconds / 60), 'minute')
        : unit(Math.ceil(seconds / 3600), 'hour')
  return `Too many attempts. Please try again in ${wait}.`
}

/** Spec §9 session upkeep on the client. */
export const sessionPolicy = {
  checkEveryMs: 30_000,
  refreshWithinMs: 90_000,
  profileRefreshDebounceMs: 150,
  /** The local login rate-limit record of spec §3, per lowercased e-mail. */
  loginRecordKey: (email: string) => `login-attempts:${normalizeEmail(email)}`,
} as const

/** At most one emoji (a single grapheme with a pictographic character), as an avatar. */
export function isEmojiAvatar(value: string): boolean {
  const text = value.trim()
  if (text.length === 0 || text.length > 32 || !/\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(text)) {
    return false
  }
  const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)]
  return graphemes.length === 1
}

/** Where this server serves uploaded images (`/media/avatars/<hash>.webp`). */
export const uploadedMediaPattern = /^\/media\/[a-z]+\/[A-Za-z0-9_-]{8,128}\.(webp|png|jpe?g)$/

/**
 * An avatar is an emoji, an image this server stored (`/media/...`), or an image at an https address
 * (http only on this machine's loopback).
 */
export function avatarProblem(value: string): string | null {
  const text = value.trim()
  if (isEmojiAvatar(text) || uploadedMediaPattern.test(text)) return null
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'Use one emoji or an image address starting with https://'
  }
  const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1'
  if (url.protocol === 'https:' || (url.protocol === 'http:' && loopback)) return null
  return 'Use one emoji or an image address starting with https://'
}
