import { permissionNames } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../http/error-handler.ts'
import { cookieOf, signUpAndVerify, testOrigin, testPassword } from '../../test/accounts.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { enterAdminPassword, person, type Person } from '../../test/people.ts'
import { isVerified } from '../admin/admin.service.ts'
import { createOutboxEmailSender } from '../notifications/notifications.service.ts'
import { accountDirectory, findUserByAuthId } from '../users/users.service.ts'
import { users } from '../users/users.table.ts'
import { createAuth, requestSession } from './auth.service.ts'
import { callerOf, installGuard, type GuardDeps } from './guard.ts'

// The access guard on a server of its own: sessions come from the real sign-up of the test app,
// and each declaration answers for the role stored in the database (never for anything the client
// says), an administrator's only once the session has entered the admin password.
let t: TestApp
let guarded: FastifyInstance
/** The same guard on a server with a METRICS_TOKEN. */
let withToken: FastifyInstance
const metricsToken = 'a-metrics-token-of-the-guard-tests-0123456789'

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  const auth = createAuth({
    db,
    accounts: accountDirectory({ db }),
    config: testConfig(),
    email: createOutboxEmailSender({ db }),
    log: pino({ level: 'silent' }),
  })
  const deps: GuardDeps = {
    session: (request) => requestSession(auth, db, request),
    userOf: (authId) => findUserByAuthId({ db }, authId),
    adminVerified: (sessionId) => isVerified({ db, now: () => new Date() }, sessionId),
  }
  guarded = Fastify()
  registerErrorHandling(guarded)
  installGuard(guarded, deps)
  withToken = Fastify()
  registerErrorHandling(withToken)
  installGuard(withToken, { ...deps, metricsToken })
  withToken.get('/metrics', { config: { access: 'metrics' } }, async () => ({ ok: true }))
  await withToken.ready()
  const answer = async (request: Parameters<typeof callerOf>[0]) => {
    const { user, actor } = await callerOf(request)
    return { email: user.email, actsAs: actor.role }
  }
  guarded.get('/signed-in', { config: { access: 'signedIn' } }, answer)
  guarded.get('/creator', { config: { access: 'creator' } }, answer)
  guarded.post('/creator', { config: { access: 'creator' } }, answer)
  guarded.get('/moderator', { config: { access: 'moderator' } }, answer)
  guarded.get('/verified-admin', { config: { access: 'verifiedAdmin' } }, answer)
  guarded.get('/metrics', { config: { access: 'metrics' } }, answer)
  for (const permission of permissionNames) {
    guarded.get(`/permission/${permission}`, { config: { access: { permission } } }, answer)
  }
  await guarded.ready()
})
afterAll(async () => {
  await guarded.close()
  await withToken.close()
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

async function accountWithRole(role: 'customer' | 'creator' | 'moderator'): Promise<string> {
  const email = `${role}@example.com`
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  await t.database.db.update(users).set({ role }).where(eq(users.email, email))
  return cookie
}

function get(url: string, headers: Record<string, string> = {}) {
  return guarded.inject({ method: 'GET', url, headers })
}

async function statusOf(url: string, cookie?: string): Promise<number> {
  return (await get(url, cookie ? { cookie } : {})).statusCode
}

/** A signed access token (GET /api/auth/token) of the session behind `who`'s cookie. */
async function accessTokenOf(who: Person): Promise<string> {
  const res = await t.app.inject({ url: '/api/auth/token', headers: { cookie: who.cookie } })
  if (res.statusCode !== 200) throw new Error(`no access token: ${res.body}`)
  return res.json<{ token: string }>().token
}

describe('rank declarations', () => {
  it('ask a visitor to sign in and pass a role at or above the rank asked for (spec §6)', async () => {
    expect(await statusOf('/signed-in')).toBe(401)
    const customer = await accountWithRole('customer')
    const moderator = await accountWithRole('moderator')
    expect(await statusOf('/signed-in', customer)).toBe(200)
    expect(await statusOf('/creator', customer)).toBe(403)
    // Moderators rank above creators, so they pass the creator check.
    expect(await statusOf('/creator', moderator)).toBe(200)
    expect(await statusOf('/verified-admin', moderator)).toBe(403)
  })

  it('answer before the body is read: a visitor gets 401 whatever it sends', async () => {
    const res = await guarded.inject({
      method: 'POST',
      url: '/creator',
      headers: { 'content-type': 'application/json' },
      payload: '{ not json',
    })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' } })
  })
})

describe('permission declarations', () => {
  it('ask a visitor to sign in', async () => {
    const res = await get('/permission/create_pick')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' } })
  })

  it("check the role's standard permissions: a moderator moderates but does not create picks", async () => {
    const customer = await accountWithRole('customer')
    const creator = await accountWithRole('creator')
    const moderator = await accountWithRole('moderator')
    const admin = await person(t, 'admin@example.com', 'admin')

    expect(await statusOf('/permission/view_analytics', customer)).toBe(403)
    expect(await statusOf('/permission/create_pick', creator)).toBe(200)
    expect(await statusOf('/permission/moderate_content', creator)).toBe(403)
    expect(await statusOf('/permission/moderate_content', moderator)).toBe(200)
    expect(await statusOf('/permission/create_pick', moderator)).toBe(403)
    expect(await statusOf('/permission/manage_users', admin.cookie)).toBe(200)
    expect(await statusOf('/permission/manage_users', creator)).toBe(403)
  })

  it('say what is missing in our error shape', async () => {
    const customer = await accountWithRole('customer')
    const res = await get('/permission/create_pick', { cookie: customer })
    expect(res.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'You need the create_pick permission for this' },
    })
  })

  it('follow a role change at once: the permission comes from the role stored on the server', async () => {
    const cookie = await accountWithRole('creator')
    expect(await statusOf('/permission/create_pick', cookie)).toBe(200)
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.email, 'creator@example.com'))
    expect(await statusOf('/permission/create_pick', cookie)).toBe(403)
  })
})

describe("an administrator's powers (decision 017)", () => {
  it('come only from a session that entered the admin password; before that it acts as a customer', async () => {
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    for (const url of ['/permission/manage_users', '/creator', '/verified-admin']) {
      const res = await get(url, { cookie: admin.cookie })
      expect(res.statusCode, url).toBe(403)
      expect(res.json(), url).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' } })
    }
    expect((await get('/signed-in', { cookie: admin.cookie })).json()).toEqual({
      email: 'admin@example.com',
      actsAs: 'customer',
    })

    await enterAdminPassword(t, admin)
    expect(await statusOf('/permission/manage_users', admin.cookie)).toBe(200)
    expect(await statusOf('/verified-admin', admin.cookie)).toBe(200)
    expect((await get('/signed-in', { cookie: admin.cookie })).json()).toMatchObject({ actsAs: 'admin' })
    // Another session of the same administrator has not entered it.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: testOrigin },
      payload: { email: admin.email, password: testPassword },
    })
    expect(other.statusCode, other.body).toBe(200)
    expect(await statusOf('/permission/manage_users', cookieOf(other))).toBe(403)
  })

  it("hold for an access token as for its session: the token's sid ties it to the session's admin password", async () => {
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const token = await accessTokenOf(admin)
    const bearer = { authorization: `Bearer ${token}` }
    expect((await get('/verified-admin', bearer)).json()).toMatchObject({
      error: { reason: 'ADMIN_PASSWORD_REQUIRED' },
    })
    await enterAdminPassword(t, admin)
    // The token minted before the password was entered now holds the session's powers.
    expect((await get('/verified-admin', bearer)).statusCode).toBe(200)
    expect((await get('/permission/manage_users', bearer)).statusCode).toBe(200)
  })
})

describe('the metrics declaration (decision 040)', () => {
  it("lets in a verified administrator, and the METRICS_TOKEN's bearer only where the server has one", async () => {
    const admin = await person(t, 'admin@example.com', 'unverifiedAdmin')
    const customer = await accountWithRole('customer')
    const bearer = { authorization: `Bearer ${metricsToken}` }
    expect((await get('/metrics')).statusCode).toBe(401)
    expect(await statusOf('/metrics', customer)).toBe(403)
    expect((await get('/metrics', { cookie: admin.cookie })).json()).toMatchObject({
      error: { reason: 'ADMIN_PASSWORD_REQUIRED' },
    })
    // Without a token of its own, the server takes a bearer as a session's, and finds none.
    expect((await get('/metrics', bearer)).statusCode).toBe(401)
    await enterAdminPassword(t, admin)
    expect(await statusOf('/metrics', admin.cookie)).toBe(200)
    // The session's access token holds the session's powers here too.
    expect((await get('/metrics', { authorization: `Bearer ${await accessTokenOf(admin)}` })).statusCode).toBe(200)

    const withTokenGet = (headers: Record<string, string>) =>
      withToken.inject({ method: 'GET', url: '/metrics', headers })
    expect((await withTokenGet(bearer)).statusCode).toBe(200)
    expect((await withTokenGet({ authorization: `bearer  ${metricsToken}` })).statusCode).toBe(200)
    for (const authorization of [
      `Bearer ${metricsToken.toUpperCase()}`,
      `Bearer ${metricsToken}0`,
      `Token ${metricsToken}`,
    ]) {
      expect((await withTokenGet({ authorization })).statusCode, authorization).toBe(401)
    }
    expect((await withTokenGet({ cookie: customer })).statusCode).toBe(403)
    expect((await withTokenGet({ cookie: admin.cookie })).statusCode).toBe(200)
  })
})
