import { eq } from 'drizzle-orm'
import { ErrorBody } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { signUpAndVerify, testOrigin as origin } from '../../test/accounts.ts'
import { person } from '../../test/people.ts'
import { users } from './users.table.ts'

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

/**
 * A verified account through the real endpoints, optionally an administrator (`admin` has entered
 * the admin password in this session, `unverifiedAdmin` has not); its cookie and ids.
 */
async function account(email: string, role?: 'admin' | 'unverifiedAdmin') {
  const { cookie } = await person(t, email, role)
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
  return { cookie, id: row?.id ?? '', authId: row?.authId ?? '' }
}

async function stored(email: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.email, email))
  return row
}

function call(method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api${url}`, headers: { cookie, origin }, ...(payload ? { payload } : {}) })
}

describe('PUT /api/users/{id}/profile', () => {
  it('lets the owner change their profile and refuses anyone else but an admin', async () => {
    const dana = await account('dana@example.com')
    const lee = await account('lee@example.com')
    const admin = await account('admin@example.com', 'admin')

    const own = await call('PUT', `/users/${dana.id}/profile`, dana.cookie, { name: 'Dana O.', profile_picture: '🦅' })
    expect(own.statusCode, own.body).toBe(200)
    expect(own.json()).toMatchObject({ user: { name: 'Dana O.', profile_picture: '🦅' } })

    expect((await call('PUT', `/users/${dana.id}/profile`, lee.cookie, { name: 'Hijack' })).statusCode).toBe(403)
    const byAdmin = await call('PUT', `/users/${dana.id}/profile`, admin.cookie, { specialty_sport: 'nba' })
    expect(byAdmin.json()).toMatchObject({ user: { name: 'Dana O.', specialty_sport: 'nba' } })
  })

  it('names bad fields and refuses fields it does not know, such as role', async () => {
    const dana = await account('dana@example.com')
    const res = await call('PUT', `/users/${dana.id}/profile`, dana.cookie, { name: '', role: 'admin' })
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('body')
    const [row] = await t.database.db.select().from(users).where(eq(users.id, dana.id))
    expect(row?.role).toBe('customer')
  })

  it('takes an avatar only as one emoji or an https image, and a sport only from the list', async () => {
    const dana = await account('dana@example.com')
    const script = await call('PUT', `/users/${dana.id}/profile`, dana.cookie, {
      profile_picture: 'javascript:alert(1)',
    })
    expect(script.statusCode).toBe(400)
    expect(ErrorBody.parse(script.json()).error.details).toEqual([
      { field: 'body.profile_picture', message: 'Use one emoji or an image address starting with https://' },
    ])
    const sport = await call('PUT', `/users/${dana.id}/profile`, dana.cookie, { specialty_sport: 'curling' })
    expect(ErrorBody.parse(sport.json()).error.details).toEqual([
      { field: 'body.specialty_sport', message: 'Choose one of the listed sports' },
    ])
    const image = await call('PUT', `/users/${dana.id}/profile`, dana.cookie, {
      profile_picture: 'https://cdn.example.com/dana.png',
      specialty_sport: null,
    })
    expect(image.json()).toMatchObject({
      user: { profile_picture: 'https://cdn.example.com/dana.png', specialty_sport: null },
    })
  })

  it('refuses a change sent from another site', async () => {
    const dana = await account('dana@example.com')
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${dana.id}/profile`,
      headers: { cookie: dana.cookie, origin: 'https://evil.example' },
      payload: { name: 'Pwned' },
    })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ error: { reason: 'CROSS_SITE' } })
  })

  it('asks a visitor to sign in', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/00000000-0000-4000-8000-000000000001/profile',
      payload: { name: 'x' },
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('POST /api/users/sync-oauth', () => {
  it('returns the server user of the signed-in identity, and nobody else’s', async () => {
    const dana = await account('dana@example.com')
    const body = { email: 'dana@example.com', name: 'Dana', auth_id: dana.authId, provider: 'email' }
    const res = await call('POST', '/users/sync-oauth', dana.cookie, body)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ user: { id: dana.id, auth_id: dana.authId } })
    const other = await call('POST', '/users/sync-oauth', dana.cookie, { ...body, email: 'lee@example.com' })
    expect(other.statusCode).toBe(403)
    const otherId = await call('POST', '/users/sync-oauth', dana.cookie, { ...body, auth_id: 'someone-else' })
    expect(otherId.statusCode).toBe(403)
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/users/sync-oauth',
      headers: { origin },
      payload: body,
    })
    expect(visitor.statusCode).toBe(401)
  })

  it('creates the missing server user of a signed-in identity once, as a customer', async () => {
    const dana = await account('dana@example.com')
    await t.database.db.delete(users).where(eq(users.id, dana.id))
    const body = { email: 'dana@example.com', name: 'Dana', auth_id: dana.authId, provider: 'google' }
    const first = await call('POST', '/users/sync-oauth', dana.cookie, body)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({
      user: { email: 'dana@example.com', auth_id: dana.authId, role: 'customer', verified: true },
    })
    const again = await call('POST', '/users/sync-oauth', dana.cookie, body)
    expect(again.json()).toEqual(first.json())
    expect(await t.database.db.select().from(users).where(eq(users.email, 'dana@example.com'))).toHaveLength(1)
  })
})

describe('the users list and new users (admin)', () => {
  it('lists and searches users for an admin only', async () => {
    const dana = await account('dana@example.com')
    const admin = await account('admin@example.com', 'admin')
    expect((await call('GET', '/users', dana.cookie)).statusCode).toBe(403)
    const all = await call('GET', '/users?limit=1', admin.cookie)
    expect(all.json()).toMatchObject({ total: 2, limit: 1, hasMore: true })
    const found = await call('GET', '/users?search=DANA', admin.cookie)
    expect(found.json()).toMatchObject({ total: 1, items: [{ email: 'd•••@example.com' }], personal: false })
    expect((await call('GET', '/users?limit=500', admin.cookie)).statusCode).toBe(400)
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401)
  })

  it('ranks a moderator below an admin', async () => {
    const mod = await account('mod@example.com')
    await t.database.db.update(users).set({ role: 'moderator' }).where(eq(users.email, 'mod@example.com'))
    const res = await call('GET', '/users', mod.cookie)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } })
    expect((await call('POST', '/users', mod.cookie, { email: 'x@example.com', name: 'X' })).statusCode).toBe(403)
  })

  it('creates a user that the person’s later sign-up links to, and refuses a taken e-mail', async () => {
    const admin = await account('admin@example.com', 'admin')
    const created = await call('POST', '/users', admin.cookie, {
      email: 'Mod@Example.com',
      name: 'Mo',
      role: 'moderator',
    })
    expect(created.statusCode, created.body).toBe(201)
    expect(created.json()).toMatchObject({ user: { email: 'mod@example.com', role: 'moderator', auth_id: null } })
    expect((await call('POST', '/users', admin.cookie, { email: 'mod@example.com', name: 'Mo' })).statusCode).toBe(409)

    const mod = await account('mod@example.com')
    const me = await call('GET', '/me', mod.cookie)
    expect(me.json()).toMatchObject({ user: { email: 'mod@example.com', role: 'moderator', verified: true } })
    expect(await stored('mod@example.com')).toMatchObject({ role: 'moderator', roleGrantedBy: admin.id })
  })
})

describe('roles given in advance (decision 017)', () => {
  it('refuses an administrator who has not entered the admin password, and the address then signs up a customer', async () => {
    const admin = await account('admin@example.com', 'unverifiedAdmin')
    const res = await call('POST', '/users', admin.cookie, { email: 'mallory@example.com', name: 'M', role: 'admin' })
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' } })
    expect(await stored('mallory@example.com')).toBeUndefined()

    const mallory = await account('mallory@example.com')
    expect((await call('GET', '/me', mallory.cookie)).json()).toMatchObject({ user: { role: 'customer' } })
    expect((await call('GET', '/users', mallory.cookie)).statusCode).toBe(403)
  })

  it('makes a customer of a sign-up whose record got its role without a grant', async () => {
    await t.database.db.insert(users).values([
      { email: 'planted@example.com', name: 'Planted', role: 'admin' },
      { email: 'mod@example.com', name: 'Mo', role: 'moderator' },
    ])
    const planted = await account('planted@example.com')
    expect((await call('GET', '/me', planted.cookie)).json()).toMatchObject({
      user: { email: 'planted@example.com', role: 'customer' },
    })
    expect((await call('GET', '/users', planted.cookie)).statusCode).toBe(403)
    await account('mod@example.com')
    expect(await stored('mod@example.com')).toMatchObject({ role: 'customer', roleGrantedBy: null })
  })

  it('drops a grant whose administrator is gone before the sign-up', async () => {
    const admin = await account('admin@example.com', 'admin')
    const created = await call('POST', '/users', admin.cookie, {
      email: 'mod@example.com',
      name: 'Mo',
      role: 'moderator',
    })
    expect(created.statusCode, created.body).toBe(201)
    await t.database.db.delete(users).where(eq(users.id, admin.id))
    expect(await stored('mod@example.com')).toMatchObject({ role: 'moderator', roleGrantedBy: null })

    const mod = await account('mod@example.com')
    expect((await call('GET', '/me', mod.cookie)).json()).toMatchObject({ user: { role: 'customer' } })
  })

  it('gives an administrator who has not entered the admin password nobody else’s records', async () => {
    const dana = await account('dana@example.com')
    const admin = await account('admin@example.com', 'unverifiedAdmin')
    const list = await call('GET', '/users', admin.cookie)
    expect(list.statusCode).toBe(403)
    expect(list.json()).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' } })
    expect((await call('GET', '/users/email/dana@example.com', admin.cookie)).statusCode).toBe(404)
    const edit = await call('PUT', `/users/${dana.id}/profile`, admin.cookie, { name: 'Hijack' })
    expect(edit.statusCode).toBe(403)
    expect((await stored('dana@example.com'))?.name).toBe('Pat Bettor')
    // Their own record stays theirs.
    expect((await call('GET', '/users/email/admin@example.com', admin.cookie)).statusCode).toBe(200)
  })
})

describe('GET /api/me', () => {
  it('answers the signed-in server user, and a visitor 401', async () => {
    const dana = await account('dana@example.com')
    const me = await call('GET', '/me', dana.cookie)
    expect(me.statusCode).toBe(200)
    expect(me.json()).toMatchObject({ user: { id: dana.id, email: 'dana@example.com' }, admin_entry: false })
    expect((await t.app.inject('/api/me')).statusCode).toBe(401)
  })

  it('offers the Admin Dashboard entry to the ADMIN_EMAIL account only, never sending the address', async () => {
    const configured = await buildTestApp({ adminEmail: 'ops@example.com' })
    try {
      const ops = await signUpAndVerify(configured.app, configured.database.db, 'ops@example.com')
      const dana = await signUpAndVerify(configured.app, configured.database.db, 'dana@example.com')
      const asOps = await configured.app.inject({ url: '/api/me', headers: { cookie: ops } })
      expect(asOps.json()).toMatchObject({ user: { email: 'ops@example.com' }, admin_entry: true })
      const asDana = await configured.app.inject({ url: '/api/me', headers: { cookie: dana } })
      expect(asDana.json()).toMatchObject({ user: { email: 'dana@example.com' }, admin_entry: false })
      expect(asDana.body).not.toContain('ops@example.com')
      expect((await configured.app.inject('/api/config')).body).not.toContain('ops@example.com')
    } finally {
      await configured.app.close()
    }
  })

  it('offers the entry to nobody when ADMIN_EMAIL is not set, administrators included', async () => {
    const admin = await account('admin@example.com', 'admin')
    expect((await call('GET', '/me', admin.cookie)).json()).toMatchObject({ admin_entry: false })
  })
})

describe('GET /api/config', () => {
  it('tells the client how e-mail is delivered, that Google sign-in is not configured, and that payments are the sandbox', async () => {
    const res = await t.app.inject('/api/config')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({
      auth: { google: false, emailDelivery: 'outbox' },
      payments: { provider: 'sandbox', publishable_key: null },
      odds: { provider: 'fixtures' },
      support: { email: 'support@picks.local' },
    })
  })

  it('tells the client the support address of SUPPORT_EMAIL', async () => {
    const configured = await buildTestApp({ supportEmail: 'help@example.com' })
    try {
      const res = await configured.app.inject('/api/config')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ support: { email: 'help@example.com' } })
    } finally {
      await configured.app.close()
    }
  })

  it('says when Google sign-in is configured', async () => {
    // Nothing listens on the discard port: no test reaches Google.
    const discoveryUrl = 'http://127.0.0.1:9/.well-known/openid-configuration'
    const configured = await buildTestApp({
      google: { clientId: 'id.apps.googleusercontent.com', clientSecret: 's', discoveryUrl },
    })
    try {
      expect((await configured.app.inject('/api/config')).json()).toEqual({
        auth: { google: true, emailDelivery: 'outbox' },
        payments: { provider: 'sandbox', publishable_key: null },
        odds: { provider: 'fixtures' },
        support: { email: 'support@picks.local' },
      })
    } finally {
      await configured.app.close()
    }
  })
})
