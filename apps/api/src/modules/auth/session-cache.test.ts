import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest'
import { buildApp } from '../../app.ts'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, testConfig, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'

/**
 * Decision 050: a signed-in request's session and user are kept a while in each process (here far
 * longer than any test), and every write that may change them forgets them everywhere before its
 * answer leaves, so a signed-out, revoked or suspended session stops working at once.
 */

const ttlMs = 60_000
let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ sessionCacheTtlMs: ttlMs })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const feedOf = (who: Person, app: FastifyInstance = t.app) =>
  app.inject({
    method: 'GET',
    url: `/api/picks/subscribed/${who.id}`,
    headers: { origin: testOrigin, cookie: who.cookie },
  })

describe('the session cache', () => {
  it('refuses a session at once once it signs out', async () => {
    const pat = await person(t, 'pat@example.com')
    expect((await feedOf(pat)).statusCode).toBe(200)
    expect((await feedOf(pat)).statusCode).toBe(200)
    expect((await request(t, 'POST', '/auth/sign-out', pat, {})).statusCode).toBe(200)
    expect((await feedOf(pat)).statusCode).toBe(401)
  })

  it('refuses every session of an account at once once an administrator suspends it', async () => {
    const pat = await person(t, 'pat@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    expect((await feedOf(pat)).statusCode).toBe(200)
    const suspended = await request(t, 'POST', `/admin/users/${pat.id}/suspend`, admin, { reason: 'Chargebacks' })
    expect(suspended.statusCode, suspended.body).toBe(200)
    expect((await feedOf(pat)).statusCode).toBe(401)
  })

  it("keeps one person's session apart from another's", async () => {
    const pat = await person(t, 'pat@example.com')
    const sam = await person(t, 'sam@example.com')
    expect((await feedOf(pat)).statusCode).toBe(200)
    // Sam's cookie on Pat's feed is someone else's feed: refused, not answered from Pat's session.
    expect((await feedOf({ ...pat, cookie: sam.cookie })).statusCode).toBe(403)
    expect((await feedOf(sam)).statusCode).toBe(200)
  })
})

// PGlite is embedded: a second API instance on the same database stands for a second process, as in
// scale-out.test.ts.
describe.runIf(inject('testDatabase').kind === 'pglite')('the session cache across two API instances', () => {
  let other: FastifyInstance
  beforeAll(async () => {
    other = await buildApp(testConfig({ sessionCacheTtlMs: ttlMs }), {
      database: { ...t.database, close: async () => {} },
    })
    await other.ready()
  })
  afterAll(async () => {
    await other.close()
  })

  it('refuses a session signed out through one instance in the other once the notice arrives', async () => {
    const pat = await person(t, 'pat@example.com')
    expect((await feedOf(pat, other)).statusCode).toBe(200)
    expect((await request(t, 'POST', '/auth/sign-out', pat, {})).statusCode).toBe(200)
    await vi.waitFor(async () => expect((await feedOf(pat, other)).statusCode).toBe(401), { timeout: 5_000 })
  })
})
