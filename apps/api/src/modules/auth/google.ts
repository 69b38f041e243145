import { text } from '@picks/contracts'
import type { BetterAuthPlugin, ValidateUserInfoResult, ValidateUserInfoSource } from 'better-auth'
import { genericOAuth } from 'better-auth/plugins/generic-oauth'
import { z } from 'zod'
import type { Config } from '../../config.ts'

export const googleProviderId = 'google'

/** Where Google sends the visitor back (register `{PUBLIC_URL}/api/auth/callback/google` with Google). */
export const googleCallbackPath = `/callback/${googleProviderId}`

/**
 * Where a failed Google sign-in lands when the library cannot read the address the visitor asked
 * for (no `state`, or one this server never issued): the sign-in page, which shows the error.
 */
const fallbackErrorPath = '/auth?oauth=return'

export const googleMessages = {
  notConfigured: 'Google sign-in is not configured on this server.',
  unavailable: 'Google sign-in is not available right now. Please try again later.',
  emailNotVerified: 'Google has not verified the email address of this Google account, so it cannot sign in here.',
  accountNotLinked: 'An account with this email already exists. Sign in with your email and password.',
} as const

/**
 * Google's identity must come with an e-mail Google itself has verified: otherwise anyone could
 * make a Google account with someone else's address and take over, or squat on, their account.
 * Refuses creating, linking and signing in alike; other sign-in methods pass untouched.
 */
function requireVerifiedGoogleEmail(data: {
  user: { emailVerified?: unknown }
  source: ValidateUserInfoSource
}): ValidateUserInfoResult | undefined {
  if (data.source.oauth?.providerId !== googleProviderId) return undefined
  if (data.user.emailVerified === true) return undefined
  return { error: 'email_not_verified', errorDescription: googleMessages.emailNotVerified }
}

/**
 * Google sign-in through OpenID Connect: better-auth's genericOAuth with the discovery document
 * (Google's own, or a local server in tests), PKCE, and ID tokens verified against the provider's
 * keys (issuer, audience, nonce). A new Google identity becomes an account like a sign-up does
 * (the user-create hook makes the server user); one with the e-mail of an existing account is
 * linked to it when both e-mails are verified, never made a second user.
 *
 * `google` is not in `account.accountLinking.trustedProviders` on purpose: a trusted provider is
 * linked even when it reports an unverified e-mail. Linking on Google's verified e-mail is the
 * library's default.
 */
export function googleSignIn(google: NonNullable<Config['google']>) {
  const oauth = genericOAuth({
    config: [
      {
        providerId: googleProviderId,
        name: 'Google',
        discoveryUrl: google.discoveryUrl,
        // Without the provider's issuer and keys no ID token could be checked: no sign-in then.
        requireIdTokenVerification: true,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
      },
    ],
  })
  return {
    ...oauth,
    async init(ctx) {
      const result = await oauth.init(ctx)
      return {
        ...result,
        options: {
          user: { validateUserInfo: requireVerifiedGoogleEmail },
          // We never call Google with its tokens; stored, they are encrypted with AUTH_SECRET.
          account: { encryptOAuthTokens: true },
          onAPIError: { errorURL: fallbackErrorPath },
        },
      }
    },
  } satisfies BetterAuthPlugin
}

/** A path on this site (`/auth?oauth=return`), never an address elsewhere (`https://…`, `//host`). */
function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || value.startsWith('//')) return false
  // A backslash reads as a slash to browsers (`/\host`); control characters hide in logs and URLs.
  if ([...value].some((ch) => ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f)) return false
  const base = 'http://site.invalid'
  try {
    return new URL(value, base).origin === base
  } catch {
    return false
  }
}

const SitePath = (field: string) =>
  text().max(500).refine(isSitePath, `${field} must be a path on this site, such as /auth`).optional()

/** What the web sends to start Google sign-in; anything else (an ID token, extra scopes) is dropped. */
export const SocialSignInBody = z.object({
  provider: z.literal(googleProviderId, 'provider must be google'),
  callbackURL: SitePath('callbackURL'),
  errorCallbackURL: SitePath('errorCallbackURL'),
  newUserCallbackURL: SitePath('newUserCallbackURL'),
  disableRedirect: z.boolean().optional(),
})

/** Words for the library's callback errors it sends without any, so the sign-in page can say what happened. */
const callbackErrorDescriptions: Record<string, string> = {
  account_not_linked: googleMessages.accountNotLinked,
  email_not_verified: googleMessages.emailNotVerified,
}

/** The callback's redirect, with `error_description` added to a library error that had none. */
export function describeCallbackError(response: Response): Response {
  const location = response.headers.get('location')
  if (!location) return response
  const base = 'http://site.invalid'
  const url = new URL(location, base)
  const error = url.searchParams.get('error')
  const description = error ? callbackErrorDescriptions[error] : undefined
  if (!description || url.searchParams.has('error_description')) return response
  url.searchParams.set('error_description', description)
  const headers = new Headers(response.headers)
  headers.set('location', url.origin === base ? `${url.pathname}${url.search}${url.hash}` : url.href)
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}

/** The callback's outcome for the audit trail: the error code it redirected with, or null. */
export function callbackError(response: Response): string | null {
  const location = response.headers.get('location')
  if (!location) return 'no_redirect'
  return new URL(location, 'http://site.invalid').searchParams.get('error')
}
