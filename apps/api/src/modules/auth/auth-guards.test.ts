import type { Permission, Role } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { registerErrorHandling } from '../../http/error-handler.ts'
import { signUpAndVerify } from '../../test/accounts.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { createOutboxEmailSender } from '../notifications/notifications.service.ts'
import { users } from '../users/users.table.ts'
import { createAuth, requirePermission, requireRole } from './auth.service.ts'

// The route guards on a server of their own: sessions come from the real sign-up of the test app,
// and each guard answers for the role stored in the database (never for anything the client says).
let t: TestApp
let guarded: FastifyInstance

beforeAll(async () => {
  t = await buildTestApp()
  const db = t.database.db
  const auth = createAuth({
    db,
    config: testConfig(),
    email: createOutboxEmailSender({ db }),
    log: pino({ level: 'silent' }),
  })
  guarded = Fastify()
  registerErrorHandling(guarded)
  guarded.get<{ Params: { role: Role } }>('/role/:role', async (request) => {
    const user = await requireRole(auth, db, request, request.params.role)
    return { email: user.email }
  })
  guarded.get<{ Params: { permission: Permission } }>('/permission/:permission', async (request) => {
    const user = await requirePermission(auth, db, request, request.params.permission)
    return { email: user.email }
  })
  await guarded.ready()
})
afterAll(async () => {
  await guarded.close()
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

async function accountWithRole(role: 'customer' | 'creator' | 'moderator' | 'admin'): Promise<string> {
  const email = `${role}@example.com`
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  await t.database.db.update(users).set({ role }).where(eq(users.email, email))
  return cookie
}

async function statusOf(url: string, cookie?: string): Promise<number> {
  const res = await guarded.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
  return res.statusCode
}

describe('requireRole', () => {
  it('asks a visitor to sign in and passes a role at or above the rank asked for (spec §6)', async () => {
    expect(await statusOf('/role/user')).toBe(401)
    const customer = await accountWithRole('customer')
    const moderator = await accountWithRole('moderator')
    expect(await statusOf('/role/user', customer)).toBe(200)
    expect(await statusOf('/role/creator', customer)).toBe(403)
    // Moderators rank above creators, so they pass the creator check.
    expect(await statusOf('/role/creator', moderator)).toBe(200)
    expect(await statusOf('/role/admin', moderator)).toBe(403)
  })
})

describe('requirePermission', () => {
  it('asks a visitor to sign in', async () => {
    const res = await guarded.inject('/permission/create_pick')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ error: { code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' } })
  })

  it("checks the role's standard permissions: a moderator moderates but does not create picks", async () => {
    const customer = await accountWithRole('customer')
    const creator = await accountWithRole('creator')
    const moderator = await accountWithRole('moderator')
    const admin = await accountWithRole('admin')

    expect(await statusOf('/permission/view_analytics', customer)).toBe(403)
    expect(await statusOf('/permission/create_pick', creator)).toBe(200)
    expect(await statusOf('/permission/moderate_content', creator)).toBe(403)
    expect(await statusOf('/permission/moderate_content', moderator)).toBe(200)
    expect(await statusOf('/permission/create_pick', moderator)).toBe(403)
    expect(await statusOf('/permission/manage_users', admin)).toBe(200)
    expect(await statusOf('/permission/manage_users', creator)).toBe(403)
  })

  it('says what is missing in our error shape', async () => {
    const customer = await accountWithRole('customer')
    const res = await guarded.inject({ method: 'GET', url: '/permission/create_pick', headers: { cookie: customer } })
    expect(res.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: 'You need the create_pick permission for this' },
    })
  })

  it('follows a role change at once: the permission comes from the role stored on the server', async () => {
    const cookie = await accountWithRole('creator')
    expect(await statusOf('/permission/create_pick', cookie)).toBe(200)
    await t.database.db.update(users).set({ role: 'customer' }).where(eq(users.email, 'creator@example.com'))
    expect(await statusOf('/permission/create_pick', cookie)).toBe(403)
  })
})
