import { ErrorBody, unsafeTextMessage } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creatorReferralVisits } from '../modules/creators/creator-links.table.ts'
import { users } from '../modules/users/users.table.ts'
import { testOrigin } from '../test/accounts.ts'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { createCreator } from '../test/factories.ts'
import { person, request, type Person } from '../test/people.ts'

/**
 * U+0000 and unpaired surrogates, sent where an attacker found a 500 (issue point 3): each is a
 * 400 naming the field, in the one error shape, and nothing stored changes.
 */

let t: TestApp
let lee: Person
let creatorUsername: string

beforeAll(async () => {
  t = await buildTestApp()
  lee = await person(t, 'lee@test.example')
  await t.database.db.update(users).set({ name: 'Lee Quinn' }).where(eq(users.id, lee.id))
  creatorUsername = (await createCreator(t.database.db, { username: 'nul_creator' })).username
})

afterAll(async () => {
  await t.app.close()
})

function refusedFields(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body).toBe(400)
  const { error } = ErrorBody.parse(res.json())
  expect(error.code).toBe('VALIDATION_FAILED')
  for (const detail of error.details ?? []) expect(detail.message).toContain(unsafeTextMessage)
  return (error.details ?? []).map((d) => d.field)
}

async function storedName(): Promise<string | undefined> {
  const [row] = await t.database.db.select({ name: users.name }).from(users).where(eq(users.id, lee.id))
  return row?.name
}

describe('text a client sends', () => {
  it('refuses a NUL in the shop search (anonymous)', async () => {
    const res = await t.app.inject('/api/creators/paginated?search=%00')
    expect(refusedFields(res)).toEqual(['query.search'])
  })

  it('refuses a NUL in a share link’s referral code (anonymous), counting no visit', async () => {
    const res = await t.app.inject(`/api/creator/${creatorUsername}?ref=%00`)
    expect(refusedFields(res)).toEqual(['query.ref'])
    expect(await t.database.db.select().from(creatorReferralVisits)).toEqual([])
  })

  it('refuses a NUL in a query parameter no schema names (the validator’s own check)', async () => {
    const res = await t.app.inject(`/api/creator/${creatorUsername}?utm_source=a%00b`)
    expect(refusedFields(res)).toEqual(['query.utm_source'])
  })

  it('refuses a NUL in a password reset token before the auth library looks it up (anonymous)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: testOrigin },
      payload: { newPassword: 'Another1!Password', token: 'abc\u0000def' },
    })
    expect(refusedFields(res)).toEqual(['body.token'])
  })

  it('refuses a NUL in the reset link’s token', async () => {
    const res = await t.app.inject('/api/auth/reset-password/abc%00def')
    expect(refusedFields(res)).toEqual(['params.*'])
  })

  it('refuses a NUL in a name; the stored name stays', async () => {
    const res = await request(t, 'PUT', `/users/${lee.id}/profile`, lee, { name: 'Lee\u0000Quinn' })
    expect(refusedFields(res)).toEqual(['body.name'])
    expect(await storedName()).toBe('Lee Quinn')
  })

  it('refuses a lone surrogate in a JSON string (it would be stored as U+FFFD); the stored name stays', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${lee.id}/profile`,
      headers: { origin: testOrigin, cookie: lee.cookie, 'content-type': 'application/json' },
      payload: '{"name":"Lee \\ud800 Quinn"}',
    })
    expect(refusedFields(res)).toEqual(['body.name'])
    expect(await storedName()).toBe('Lee Quinn')
  })

  it('refuses a NUL in a field name, naming the object and not repeating the name', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${lee.id}/profile`,
      headers: { origin: testOrigin, cookie: lee.cookie, 'content-type': 'application/json' },
      payload: '{"na\\u0000me":"Lee"}',
    })
    expect(refusedFields(res)).toEqual(['body'])
    expect(res.body).not.toContain('na\\u0000me')
    expect(await storedName()).toBe('Lee Quinn')
  })

  it('refuses a body nested deeper than any of ours, on a route with a schema and on the auth library’s', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${lee.id}/profile`,
      headers: { origin: testOrigin, cookie: lee.cookie, 'content-type': 'application/json' },
      payload: `{"name":${deep}}`,
    })
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: testOrigin, cookie: lee.cookie, 'content-type': 'application/json' },
      payload: deep,
    })
    for (const res of [profile, signOut]) {
      expect(res.statusCode, res.body).toBe(400)
      const { error } = ErrorBody.parse(res.json())
      expect(error.details?.[0]?.message).toBe('must not nest deeper than 32 levels')
    }
    expect(await storedName()).toBe('Lee Quinn')
  })

  it('still accepts emoji and accents, surrogate pairs included', async () => {
    const res = await request(t, 'PUT', `/users/${lee.id}/profile`, lee, { name: 'Zoë 😀 Quinn' })
    expect(res.statusCode, res.body).toBe(200)
    expect(await storedName()).toBe('Zoë 😀 Quinn')
  })
})
