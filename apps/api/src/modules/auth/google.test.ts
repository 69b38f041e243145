import { eq } from 'drizzle-orm'
import { OAuth2Server } from 'oauth2-mock-server'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { cookieOf, signUpAndVerify, testOrigin, testPassword } from '../../test/accounts.ts'
import { creator } from '../../test/payments.ts'
import { shareLinkOf, visitThroughLink } from '../../test/share-link-visits.ts'
import { creatorReferralSignups } from '../creators/creator-links.table.ts'
import { users } from '../users/users.table.ts'
import { authAccounts, authEvents, authUsers } from './auth.table.ts'

// A real OpenID Connect server on loopback plays Google: discovery, keys, authorize, token.
const clientId = 'picks-test.apps.googleusercontent.com'
let oidc: OAuth2Server
let t: TestApp

/** Who the next Google sign-in is: the claims of the ID token the provider signs. */
let googleUser: Record<string, unknown> = {}

beforeAll(async () => {
  oidc = new OAuth2Server()
  await oidc.issuer.keys.generate('RS256')
  await oidc.start(0, '127.0.0.1')
  oidc.issuer.url = `http://127.0.0.1:${oidc.address().port}`
  oidc.service.on('beforeTokenSigning', (token) => Object.assign(token.payload, googleUser))
  t = await buildTestApp({
    google: {
      clientId,
      clientSecret: 'picks-test-secret',
      discoveryUrl: `${oidc.issuer.url}/.well-known/openid-configuration`,
    },
  })
})
afterAll(async () => {
  await t.app.close()
  await oidc.stop()
})
beforeEach(async () => {
  await t.database.reset()
  googleUser = { sub: '1098765432101', email: 'dana@example.com', email_verified: true, name: 'Dana Googler' }
})
afterEach(() => {
  oidc.service.removeAllListeners('beforeAuthorizeRedirect')
})

const back = `/auth?${new URLSearchParams({ oauth: 'return', redirect: '/alerts' })}`

/** What the web's "Continue with Google" posts. */
function startGoogleSignIn(app = t.app, body: Record<string, unknown> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: testOrigin },
    payload: { provider: 'google', callbackURL: back, errorCallbackURL: back, disableRedirect: true, ...body },
  })
}

/**
 * The whole dance: start, follow the provider's authorize address (it answers at once with a
 * redirect to our callback), then open the callback in the same browser (with the state cookie).
 */
async function signInWithGoogle(options: { stateCookie?: (cookie: string) => string } = {}) {
  const start = await startGoogleSignIn()
  expect(start.statusCode, start.body).toBe(200)
  const { url } = start.json<{ url: string }>()
  const authorize = new URL(url)
  expect(authorize.origin).toBe(oidc.issuer.url)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect(authorize.searchParams.get('scope')?.split(' ').sort()).toEqual(['email', 'openid', 'profile'])
  expect(authorize.searchParams.get('redirect_uri')).toBe(`${testOrigin}/api/auth/callback/google`)

  const provider = await fetch(url, { redirect: 'manual' })
  expect(provider.status).toBe(302)
  const callback = new URL(provider.headers.get('location') ?? '')
  expect(`${callback.origin}${callback.pathname}`).toBe(`${testOrigin}/api/auth/callback/google`)
  const stateCookie = cookieOf(start)
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: options.stateCookie ? options.stateCookie(stateCookie) : stateCookie },
  })
  return { res, location: new URL(String(res.headers.location ?? ''), testOrigin) }
}

function me(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })
}

async function providersOf(email: string) {
  const rows = await t.database.db
    .select({ providerId: authAccounts.providerId })
    .from(authAccounts)
    .innerJoin(authUsers, eq(authUsers.id, authAccounts.userId))
    .where(eq(authUsers.email, email))
  return rows.map((r) => r.providerId).sort()
}

async function googleEvents() {
  const rows = await t.database.db.select().from(authEvents)
  return rows.filter((r) => r.detail?.provider === 'google').map((r) => ({ kind: r.kind, email: r.email, ...r.detail }))
}

describe('Google sign-in (OpenID Connect)', () => {
  it('makes a new Google identity a verified customer, signed in and back where the visitor was headed', async () => {
    const { res, location } = await signInWithGoogle()
    expect(res.statusCode).toBe(302)
    expect(`${location.pathname}${location.search}`).toBe(back)
    const cookie = cookieOf(res)
    expect(cookie).toContain('session_token=')

    const answer = await me(cookie)
    expect(answer.statusCode, answer.body).toBe(200)
    expect(answer.json()).toMatchObject({
      user: { email: 'dana@example.com', name: 'Dana Googler', role: 'customer', verified: true },
    })
    expect(await providersOf('dana@example.com')).toEqual(['google'])
    expect(await googleEvents()).toEqual([{ kind: 'sign_in', email: 'dana@example.com', provider: 'google' }])

    // The provider's tokens are kept encrypted, never as they came.
    const [account] = await t.database.db.select().from(authAccounts).where(eq(authAccounts.providerId, 'google'))
    expect(account?.accessToken).toBeTruthy()
    expect(account?.accessToken?.split('.')).not.toHaveLength(3)
  })

  it('credits a first Google sign-in to the share link the visitor came through', async () => {
    const lee = await creator(t, 'lee@example.com', 'LeeLines')
    const link = await shareLinkOf(t, lee)
    const touch = await visitThroughLink(t, link, { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Dana)' })
    const { res } = await signInWithGoogle({ stateCookie: (cookie) => `${cookie}; ${touch}` })
    expect(cookieOf(res)).toContain('session_token=')
    const [dana] = await t.database.db.select().from(users).where(eq(users.email, 'dana@example.com'))
    const credited = await t.database.db.select().from(creatorReferralSignups)
    expect(credited.map(({ userId, creatorId, code }) => ({ userId, creatorId, code }))).toEqual([
      { userId: dana?.id, creatorId: lee.id, code: link.code },
    ])
  })

  it('finds the same account on the next Google sign-in', async () => {
    const first = await me(cookieOf((await signInWithGoogle()).res))
    const again = await signInWithGoogle()
    const second = await me(cookieOf(again.res))
    expect(second.json<{ user: { id: string } }>().user.id).toBe(first.json<{ user: { id: string } }>().user.id)
    expect(await t.database.db.select().from(users)).toHaveLength(1)
  })

  it('links Google to an existing password account with the same verified e-mail, never a second user', async () => {
    const passwordCookie = await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    const before = (await me(passwordCookie)).json<{ user: { id: string } }>().user
    googleUser = { ...googleUser, email: 'Dana@Example.com' }

    const { res, location } = await signInWithGoogle()
    expect(location.searchParams.has('error')).toBe(false)
    const after = (await me(cookieOf(res))).json<{ user: { id: string; name: string } }>().user
    expect(after).toMatchObject({ id: before.id, name: 'Pat Bettor' })
    expect(await t.database.db.select().from(users)).toHaveLength(1)
    expect(await t.database.db.select().from(authUsers)).toHaveLength(1)
    expect(await providersOf('dana@example.com')).toEqual(['credential', 'google'])

    const password = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: 'dana@example.com', password: testPassword },
    })
    expect(password.statusCode).toBe(200)
  })

  it('does not let a Google account with an unverified e-mail take over an existing account', async () => {
    await signUpAndVerify(t.app, t.database.db, 'dana@example.com')
    googleUser = { ...googleUser, email_verified: false }

    const { res, location } = await signInWithGoogle()
    expect(res.statusCode).toBe(302)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('redirect')).toBe('/alerts')
    expect(location.searchParams.get('error')).toBe('account_not_linked')
    expect(location.searchParams.get('error_description')).toBe(
      'An account with this email already exists. Sign in with your email and password.',
    )
    expect(cookieOf(res)).not.toContain('session_token=')
    expect(await providersOf('dana@example.com')).toEqual(['credential'])
    expect(await googleEvents()).toEqual([
      { kind: 'sign_in_failed', email: null, provider: 'google', error: location.searchParams.get('error') },
    ])
  })

  it('makes no account from an unverified Google e-mail, and says why', async () => {
    googleUser = { ...googleUser, email: 'new@example.com', email_verified: false }
    const { res, location } = await signInWithGoogle()
    expect(location.searchParams.get('error')).toBe('email_not_verified')
    expect(location.searchParams.get('error_description')).toBe(
      'Google has not verified the email address of this Google account, so it cannot sign in here.',
    )
    expect(cookieOf(res)).not.toContain('session_token=')
    expect(await t.database.db.select().from(authUsers)).toHaveLength(0)
    expect(await t.database.db.select().from(users)).toHaveLength(0)
  })

  it('refuses an ID token made for another app', async () => {
    googleUser = { ...googleUser, aud: 'someone-else.apps.googleusercontent.com' }
    const { res, location } = await signInWithGoogle()
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('error')).toBe('unable_to_get_user_info')
    expect(cookieOf(res)).not.toContain('session_token=')
    expect(await t.database.db.select().from(authUsers)).toHaveLength(0)
  })

  it('sends a refusal at the provider (denied consent) back to the sign-in page with its error', async () => {
    oidc.service.once('beforeAuthorizeRedirect', ({ url }) => {
      url.searchParams.delete('code')
      url.searchParams.set('error', 'access_denied')
    })
    const { res, location } = await signInWithGoogle()
    expect(res.statusCode).toBe(302)
    expect(`${location.pathname}?${location.searchParams.get('oauth')}`).toBe('/auth?return')
    expect(location.searchParams.get('redirect')).toBe('/alerts')
    expect(location.searchParams.get('error')).toBe('access_denied')
    expect(cookieOf(res)).not.toContain('session_token=')
    expect(await googleEvents()).toEqual([
      { kind: 'sign_in_failed', email: null, provider: 'google', error: 'access_denied' },
    ])
  })

  it('refuses a callback whose state this browser did not start', async () => {
    const { res, location } = await signInWithGoogle({ stateCookie: () => '' })
    expect(res.statusCode).toBe(302)
    expect(location.pathname).toBe('/auth')
    expect(location.searchParams.get('error')).toBe('state_mismatch')
    expect(cookieOf(res)).not.toContain('session_token=')

    const forged = await t.app.inject({ method: 'GET', url: '/api/auth/callback/google?code=stolen&state=made-up' })
    expect(forged.statusCode).toBe(302)
    const forgedTo = new URL(String(forged.headers.location), testOrigin)
    expect(`${forgedTo.pathname}?oauth=${forgedTo.searchParams.get('oauth')}`).toBe('/auth?oauth=return')
    expect(forgedTo.searchParams.get('error')).toBe('state_mismatch')
    expect(await t.database.db.select().from(authUsers)).toHaveLength(0)
  })

  it('sends the visitor back only to a path on this site', async () => {
    for (const callbackURL of ['https://evil.example/steal', '//evil.example/steal', '/\\evil.example']) {
      const res = await startGoogleSignIn(t.app, { callbackURL })
      expect(res.statusCode, callbackURL).toBe(400)
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: 'Invalid body.callbackURL' } })
    }
    const error = await startGoogleSignIn(t.app, { errorCallbackURL: 'http://evil.example/' })
    expect(error.json()).toMatchObject({ error: { message: 'Invalid body.errorCallbackURL' } })
    const provider = await startGoogleSignIn(t.app, { provider: 'github' })
    expect(provider.json()).toMatchObject({
      error: { details: [{ field: 'body.provider', message: 'provider must be google' }] },
    })

    // Behind our check, the library's own list of trusted origins refuses foreign addresses too.
    const library = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: 'dana@example.com', password: testPassword, callbackURL: 'https://evil.example/steal' },
    })
    expect(library.statusCode).toBe(403)
  })
})

describe('Google sign-in when not configured', () => {
  it('refuses to start with a clear error, and /api/config says so', async () => {
    const plain = await buildTestApp()
    try {
      const res = await startGoogleSignIn(plain.app)
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({
        error: {
          code: 'NOT_FOUND',
          reason: 'PROVIDER_NOT_CONFIGURED',
          message: 'Google sign-in is not configured on this server.',
        },
      })
      expect((await plain.app.inject('/api/config')).json()).toMatchObject({ auth: { google: false } })
    } finally {
      await plain.app.close()
    }
  })

  it('says Google is unavailable while its discovery document cannot be read', async () => {
    // Nothing listens on the discard port.
    const unreachable = await buildTestApp({
      google: { clientId, clientSecret: 's', discoveryUrl: 'http://127.0.0.1:9/.well-known/openid-configuration' },
    })
    try {
      const res = await startGoogleSignIn(unreachable.app)
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({
        error: {
          code: 'SERVICE_UNAVAILABLE',
          message: 'Google sign-in is not available right now. Please try again later.',
        },
      })
      expect((await unreachable.app.inject('/api/config')).json()).toMatchObject({ auth: { google: true } })
    } finally {
      await unreachable.app.close()
    }
  })
})
