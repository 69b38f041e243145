import { ClientCreated, ClientsPage, ErrorBody } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { signUpAndVerify, testOrigin as origin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { enterAdminPassword } from '../../test/people.ts'
import { users } from '../users/users.table.ts'
import { creatorClients } from './clients.table.ts'

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

type Role = 'customer' | 'creator' | 'moderator' | 'admin' | 'unverifiedAdmin'

/**
 * A verified account through the real endpoints, with `role` stored on the server; its cookie and id.
 * An `admin` has entered the admin password in this session; an `unverifiedAdmin` has not.
 */
async function account(email: string, role: Role = 'creator') {
  const cookie = await signUpAndVerify(t.app, t.database.db, email)
  const stored = role === 'unverifiedAdmin' ? 'admin' : role
  await t.database.db.update(users).set({ role: stored }).where(eq(users.email, email))
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
  const who = { email, cookie, id: row?.id ?? '' }
  if (role === 'admin') await enterAdminPassword(t, who)
  return who
}

function list(cookie: string | null, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/clients${query}`, headers: cookie ? { cookie } : {} })
}

function add(cookie: string | null, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/clients',
    headers: { origin, ...(cookie ? { cookie } : {}) },
    payload,
  })
}

const pageOf = (res: LightMyRequestResponse) => ClientsPage.parse(res.json())
const errorOf = (res: LightMyRequestResponse) => ErrorBody.parse(res.json()).error

describe('who may use the client list', () => {
  it('asks a visitor to sign in', async () => {
    expect((await list(null)).statusCode).toBe(401)
    const res = await add(null, { name: 'Lee', email: 'lee@example.com' })
    expect(res.statusCode).toBe(401)
    expect(errorOf(res)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
  })

  it('asks a visitor to sign in before looking at what they sent', async () => {
    const invalid = await add(null, { name: ' ', email: 'not-an-email', source: 'purchase' })
    expect(invalid.statusCode).toBe(401)
    expect(errorOf(invalid)).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'NOT_SIGNED_IN' })
    expect((await list(null, '?creatorId=bo&limit=500')).statusCode).toBe(401)
    expect(await t.database.db.select().from(creatorClients)).toHaveLength(0)
  })

  it('refuses a customer, reading or adding', async () => {
    const customer = await account('pat@example.com', 'customer')
    expect((await list(customer.cookie)).statusCode).toBe(403)
    const res = await add(customer.cookie, { name: 'Lee', email: 'lee@example.com' })
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', message: 'Only creators can do this' })
    expect(await t.database.db.select().from(creatorClients)).toHaveLength(0)
  })

  it('refuses an addition sent from another site', async () => {
    const creator = await account('cara@example.com')
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/clients',
      headers: { cookie: creator.cookie, origin: 'https://evil.example' },
      payload: { name: 'Lee', email: 'lee@example.com' },
    })
    expect(res.statusCode).toBe(403)
    expect(await t.database.db.select().from(creatorClients)).toHaveLength(0)
  })
})

describe('POST /api/clients', () => {
  it('adds a person to the creator’s own list, tidied, by hand', async () => {
    const cara = await account('cara@example.com')
    const res = await add(cara.cookie, {
      name: '  Lee Park ',
      email: ' Lee@Example.COM ',
      phone: '+1 555-123-4567',
      note: '  Met at the draft party  ',
    })
    expect(res.statusCode, res.body).toBe(201)
    const { client } = ClientCreated.parse(res.json())
    expect(client).toMatchObject({
      creator_id: cara.id,
      name: 'Lee Park',
      email: 'lee@example.com',
      phone: '+15551234567',
      note: 'Met at the draft party',
      source: 'manual',
    })
    expect(pageOf(await list(cara.cookie))).toEqual({ clients: [client], total: 1 })
  })

  it('keeps phone and note empty when they are left out or blank', async () => {
    const cara = await account('cara@example.com')
    const res = await add(cara.cookie, { name: 'Lee', email: 'lee@example.com', phone: null, note: '   ' })
    expect(ClientCreated.parse(res.json()).client).toMatchObject({ phone: null, note: null })
  })

  it('names each bad field', async () => {
    const cara = await account('cara@example.com')
    const res = await add(cara.cookie, {
      name: ' ',
      email: 'not-an-email',
      phone: '555',
      note: 'x'.repeat(501),
    })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).details).toEqual(
      expect.arrayContaining([
        { field: 'body.name', message: 'Name is required' },
        { field: 'body.email', message: 'Please enter a valid email address.' },
        { field: 'body.phone', message: 'Phone numbers start with + and the country code' },
        { field: 'body.note', message: 'Notes are at most 500 characters' },
      ]),
    )
    const missing = await add(cara.cookie, { email: 'lee@example.com' })
    expect(errorOf(missing).details).toEqual([{ field: 'body.name', message: 'Name is required' }])
    expect(await t.database.db.select().from(creatorClients)).toHaveLength(0)
  })

  it('refuses fields a creator may not set, such as the source or the linked user', async () => {
    const cara = await account('cara@example.com')
    const res = await add(cara.cookie, { name: 'Lee', email: 'lee@example.com', source: 'purchase' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).code).toBe('VALIDATION_FAILED')
    const linked = await add(cara.cookie, { name: 'Lee', email: 'lee@example.com', user_id: cara.id })
    expect(linked.statusCode).toBe(400)
  })

  it('says clearly when the e-mail is already on the list, in any case, and keeps the first entry', async () => {
    const cara = await account('cara@example.com')
    expect((await add(cara.cookie, { name: 'Lee', email: 'lee@example.com' })).statusCode).toBe(201)
    const again = await add(cara.cookie, { name: 'Lee Again', email: 'LEE@example.com' })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({
      code: 'CONFLICT',
      message: 'A client with this e-mail is already on your list',
      details: [{ field: 'body.email', message: 'Already on your client list' }],
    })
    expect(pageOf(await list(cara.cookie)).clients.map((c) => c.name)).toEqual(['Lee'])

    // Another creator's list is separate.
    const bo = await account('bo@example.com')
    expect((await add(bo.cookie, { name: 'Lee', email: 'lee@example.com' })).statusCode).toBe(201)
  })

  it('answers the same whether or not the e-mail belongs to a registered user', async () => {
    const cara = await account('cara@example.com')
    await account('member@example.com', 'customer')
    const registered = await add(cara.cookie, { name: 'Member', email: 'member@example.com' })
    const stranger = await add(cara.cookie, { name: 'Stranger', email: 'stranger@example.com' })
    expect(registered.statusCode).toBe(201)
    expect(stranger.statusCode).toBe(201)
    // Apart from what the creator typed and the new entry's own id and time, the answers are equal.
    const blank = (res: LightMyRequestResponse) => ({
      ...ClientCreated.parse(res.json()).client,
      id: '',
      name: '',
      email: '',
      created_at: '',
    })
    expect(blank(registered)).toEqual(blank(stranger))
    expect(Object.keys(registered.json().client)).toEqual(Object.keys(stranger.json().client))
    expect(registered.body).not.toContain('user_id')
    expect(JSON.stringify(pageOf(await list(cara.cookie)))).not.toContain('user_id')

    // The link exists on the server, for later features, but is never shown.
    const rows = await t.database.db.select().from(creatorClients).orderBy(creatorClients.email)
    const [member] = await t.database.db.select().from(users).where(eq(users.email, 'member@example.com'))
    expect(rows.map((r) => [r.email, r.userId])).toEqual([
      ['member@example.com', member?.id],
      ['stranger@example.com', null],
    ])
  })
})

describe('GET /api/clients', () => {
  it('shows each creator only their own list', async () => {
    const cara = await account('cara@example.com')
    const bo = await account('bo@example.com')
    await add(cara.cookie, { name: 'Lee', email: 'lee@example.com' })
    await add(bo.cookie, { name: 'Kim', email: 'kim@example.com' })
    await add(bo.cookie, { name: 'Ash', email: 'ash@example.com' })

    const caras = pageOf(await list(cara.cookie))
    expect(caras.total).toBe(1)
    expect(caras.clients.map((c) => c.email)).toEqual(['lee@example.com'])
    const bos = pageOf(await list(bo.cookie))
    expect(bos.total).toBe(2)
    expect(bos.clients.every((c) => c.creator_id === bo.id)).toBe(true)
  })

  it("refuses a creator who asks for another creator's list, and allows asking for their own", async () => {
    const cara = await account('cara@example.com')
    const bo = await account('bo@example.com')
    await add(bo.cookie, { name: 'Kim', email: 'kim@example.com' })
    const res = await list(cara.cookie, `?creatorId=${bo.id}`)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res).message).toBe("Only administrators can see another creator's clients")
    expect(pageOf(await list(cara.cookie, `?creatorId=${cara.id}`)).total).toBe(0)
    // A moderator ranks above a creator but is not an administrator.
    const mod = await account('mod@example.com', 'moderator')
    expect((await list(mod.cookie, `?creatorId=${bo.id}`)).statusCode).toBe(403)
  })

  it("lets an admin read any creator's list by creatorId", async () => {
    const bo = await account('bo@example.com')
    const admin = await account('admin@example.com', 'admin')
    await add(bo.cookie, { name: 'Kim', email: 'kim@example.com' })
    const res = await list(admin.cookie, `?creatorId=${bo.id}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(pageOf(res)).toMatchObject({ total: 1, clients: [{ email: 'kim@example.com', creator_id: bo.id }] })
    // Without creatorId an admin sees their own list.
    expect(pageOf(await list(admin.cookie)).total).toBe(0)
    const unknown = await list(admin.cookie, '?creatorId=00000000-0000-4000-8000-000000000009')
    expect(unknown.statusCode).toBe(404)
    const malformed = await list(admin.cookie, '?creatorId=bo')
    expect(malformed.statusCode).toBe(400)
    expect(errorOf(malformed).details?.[0]?.field).toBe('query.creatorId')
  })

  it("asks an admin for the admin password before showing another creator's list", async () => {
    const bo = await account('bo@example.com')
    const admin = await account('admin@example.com', 'unverifiedAdmin')
    await add(bo.cookie, { name: 'Kim', email: 'kim@example.com' })
    const res = await list(admin.cookie, `?creatorId=${bo.id}`)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res)).toMatchObject({ code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' })

    await enterAdminPassword(t, admin)
    expect(pageOf(await list(admin.cookie, `?creatorId=${bo.id}`)).total).toBe(1)
  })

  it('pages newest first and searches names and e-mails, taking % and _ literally', async () => {
    const cara = await account('cara@example.com')
    for (const [name, email] of [
      ['Ann Lee', 'ann@example.com'],
      ['Ben Park', 'ben@example.com'],
      ['Cy 100%', 'cy@sample.org'],
    ]) {
      expect((await add(cara.cookie, { name, email })).statusCode).toBe(201)
    }
    const first = pageOf(await list(cara.cookie, '?limit=2'))
    expect(first.total).toBe(3)
    expect(first.clients.map((c) => c.name)).toEqual(['Cy 100%', 'Ben Park'])
    const second = pageOf(await list(cara.cookie, '?limit=2&offset=2'))
    expect(second.clients.map((c) => c.name)).toEqual(['Ann Lee'])

    expect(pageOf(await list(cara.cookie, '?search=PARK')).clients.map((c) => c.name)).toEqual(['Ben Park'])
    expect(pageOf(await list(cara.cookie, '?search=sample.org')).total).toBe(1)
    expect(pageOf(await list(cara.cookie, `?search=${encodeURIComponent('%')}`)).clients.map((c) => c.name)).toEqual([
      'Cy 100%',
    ])
    expect(pageOf(await list(cara.cookie, '?search=_')).total).toBe(0)
  })

  it('names a bad paging value', async () => {
    const cara = await account('cara@example.com')
    const res = await list(cara.cookie, '?limit=500&offset=-1')
    expect(res.statusCode).toBe(400)
    expect(
      errorOf(res)
        .details?.map((d) => d.field)
        .sort(),
    ).toEqual(['query.limit', 'query.offset'])
  })
})
