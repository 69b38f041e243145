import { AdminUsersPage, AuditLogPage, CreatorsPage, PicksAnswer } from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin, testPassword } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { creator } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { createFakeOdds, pickBody, postPick } from '../picks/picks-test-support.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, odds: createFakeOdds(() => clock).provider })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

async function usersPage(query: string, who: Person) {
  const res = await request(t, 'GET', `/users${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return AdminUsersPage.parse(res.json())
}

async function auditOf(who: Person, query: string) {
  const res = await request(t, 'GET', `/admin/audit-log${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return AuditLogPage.parse(res.json()).items
}

function signIn(email: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: testOrigin },
    payload: { email, password: testPassword },
  })
}

describe('GET /users (the admin user list)', () => {
  it('lists newest first, masked, and searches, filters and sorts', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    clock = new Date('2026-11-23T13:00:00Z')
    const zed = await person(t, 'zed@example.com')
    await person(t, 'mod@example.com', 'moderator')
    const page = await usersPage('', boss)
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20, hasMore: false, personal: false })
    expect(page.items.map((u) => u.email)).toEqual(['m•••@example.com', 'z•••@example.com', 'b•••@example.com'])
    expect(page.items[1]).toMatchObject({ id: zed.id, role: 'customer', status: 'active', suspended_at: null })

    expect((await usersPage('?search=ZED', boss)).items.map((u) => u.id)).toEqual([zed.id])
    expect((await usersPage('?role=moderator', boss)).items.map((u) => u.email)).toEqual(['m•••@example.com'])
    expect((await usersPage('?sortBy=email&sortOrder=asc', boss)).items.map((u) => u.email[0])).toEqual(['b', 'm', 'z'])
    expect((await usersPage('?status=suspended', boss)).total).toBe(0)
    expect((await usersPage('?status=active&limit=2', boss)).hasMore).toBe(true)
  })

  it('shows e-mails in full only with includePersonal, and audits that read', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const page = await usersPage('?includePersonal=true&search=boss', boss)
    expect(page).toMatchObject({ personal: true, items: [{ email: 'boss@example.com' }] })
    const [entry] = await auditOf(boss, '?action=personal_data.read')
    expect(entry).toMatchObject({ target: { type: 'admin_list', id: 'users' }, after: { search: 'boss' } })
  })

  it('answers 400 naming a bad sort key, status or role', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    for (const [query, field] of [
      ['?sortBy=phone', 'query.sortBy'],
      ['?status=banned', 'query.status'],
      ['?role=owner', 'query.role'],
      ['?includePersonal=yes', 'query.includePersonal'],
    ] as const) {
      const res = await request(t, 'GET', `/users${query}`, boss)
      expect(res.statusCode, query).toBe(400)
      expect(res.json()).toMatchObject({ error: { details: [{ field }] } })
    }
  })

  it('is for verified administrators only', async () => {
    const pat = await person(t, 'pat@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const half = await person(t, 'half@example.com', 'unverifiedAdmin')
    expect((await request(t, 'GET', '/users', null)).statusCode).toBe(401)
    for (const who of [pat, mod, half]) expect((await request(t, 'GET', '/users', who)).statusCode).toBe(403)
    const role = await request(t, 'PUT', `/admin/users/${pat.id}/role`, mod, { role: 'admin', reason: 'x' })
    expect(role.statusCode).toBe(403)
    const suspend = await request(t, 'POST', `/admin/users/${pat.id}/suspend`, half, { reason: 'x' })
    expect(suspend.json()).toMatchObject({ error: { code: 'FORBIDDEN', reason: 'ADMIN_PASSWORD_REQUIRED' } })
  })
})

describe('PUT /admin/users/{id}/role', () => {
  it('changes the role, audited with before and after', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const pat = await person(t, 'pat@example.com')
    const res = await request(t, 'PUT', `/admin/users/${pat.id}/role`, boss, { role: 'moderator', reason: 'Helps out' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ user: { id: pat.id, role: 'moderator', email: 'pat@example.com' } })
    expect((await request(t, 'GET', '/me', pat)).json()).toMatchObject({ user: { role: 'moderator' } })
    const [entry] = await auditOf(boss, '?action=user.role_changed')
    expect(entry).toMatchObject({
      actor: { id: boss.id },
      target: { type: 'user', id: pat.id },
      before: { role: 'customer' },
      after: { role: 'moderator' },
      reason: 'Helps out',
    })
  })

  it('refuses an administrator demoting themselves, and 404s an unknown person', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const self = await request(t, 'PUT', `/admin/users/${boss.id}/role`, boss, { role: 'customer', reason: 'oops' })
    expect(self.statusCode).toBe(409)
    expect(self.json()).toMatchObject({ error: { reason: 'SELF_DEMOTION' } })
    const unknown = '00000000-0000-4000-8000-000000000001'
    const missing = await request(t, 'PUT', `/admin/users/${unknown}/role`, boss, { role: 'customer', reason: 'x' })
    expect(missing.statusCode).toBe(404)
    const bad = await request(t, 'PUT', `/admin/users/${boss.id}/role`, boss, { role: 'owner', reason: '' })
    expect(bad.statusCode).toBe(400)
    expect(await auditOf(boss, '?action=user.role_changed')).toEqual([])
  })

  it('keeps one administrator when two demote each other at once', async () => {
    const ann = await person(t, 'ann@example.com', 'admin')
    const bob = await person(t, 'bob@example.com', 'admin')
    const answers = await Promise.all([
      request(t, 'PUT', `/admin/users/${bob.id}/role`, ann, { role: 'customer', reason: 'mutiny' }),
      request(t, 'PUT', `/admin/users/${ann.id}/role`, bob, { role: 'customer', reason: 'mutiny' }),
    ])
    const statuses = answers.map((a) => a.statusCode).sort()
    // The second waits for the first: it is no longer an administrator (403) or would leave none (409).
    expect(statuses[0]).toBe(200)
    expect([403, 409]).toContain(statuses[1])
    const winner = answers[0]?.statusCode === 200 ? ann : bob
    expect((await usersPage('?role=admin', winner)).total).toBe(1)
  })
})

describe('suspension', () => {
  it('ends live sessions and access tokens at once, refuses sign-in, and restore lets the person back', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const pat = await person(t, 'pat@example.com')
    const tokenRes = await t.app.inject({ method: 'GET', url: '/api/auth/token', headers: { cookie: pat.cookie } })
    const token = tokenRes.json<{ token: string }>().token
    const withToken = () =>
      t.app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${token}` } })
    expect((await request(t, 'GET', '/me', pat)).statusCode).toBe(200)
    expect((await withToken()).statusCode).toBe(200)

    const res = await request(t, 'POST', `/admin/users/${pat.id}/suspend`, boss, { reason: 'Chargeback fraud' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ user: { status: 'suspended', suspended_reason: 'Chargeback fraud' } })
    expect((await request(t, 'GET', '/me', pat)).statusCode).toBe(401)
    expect((await withToken()).statusCode).toBe(401)

    const refused = await signIn('pat@example.com')
    expect(refused.statusCode).toBe(403)
    expect(refused.json()).toMatchObject({
      error: { reason: 'ACCOUNT_SUSPENDED', message: 'This account is suspended. Contact support.' },
    })
    expect((await usersPage('?status=suspended', boss)).items.map((u) => u.id)).toEqual([pat.id])

    clock = new Date('2026-11-23T14:00:00Z')
    const restored = await request(t, 'POST', `/admin/users/${pat.id}/restore`, boss, { reason: 'Resolved' })
    expect(restored.json()).toMatchObject({ user: { status: 'active', suspended_at: null } })
    expect((await signIn('pat@example.com')).statusCode).toBe(200)

    const entries = await auditOf(boss, `?targetId=${pat.id}`)
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ['user.restored', 'Resolved'],
      ['user.suspended', 'Chargeback fraud'],
    ])
    expect(entries[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended', sessionsEnded: 1 } })
  })

  it("hides a suspended creator's storefront and picks from the shop and feeds until restored", async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const sam = await creator(t, 'sam@example.com', 'sharpsam')
    const pickId = await postPick(t, sam, pickBody())
    const shop = async () => CreatorsPage.parse((await request(t, 'GET', '/creators/paginated', null)).json()).creators
    const feed = async () => PicksAnswer.parse((await request(t, 'GET', '/picks', null)).json()).picks
    expect((await shop()).map((c) => c.id)).toEqual([sam.id])
    expect((await feed()).map((p) => p.id)).toEqual([pickId])

    await request(t, 'POST', `/admin/users/${sam.id}/suspend`, boss, { reason: 'Touting' })
    expect(await shop()).toEqual([])
    expect(await feed()).toEqual([])
    expect((await request(t, 'GET', `/creators/${sam.id}`, null)).statusCode).toBe(404)
    expect((await request(t, 'GET', '/creator/sharpsam', null)).statusCode).toBe(404)
    expect((await request(t, 'GET', `/picks/${pickId}`, null)).statusCode).toBe(404)
    // An administrator still sees the storefront, marked as hidden from the public.
    expect((await request(t, 'GET', `/creators/${sam.id}`, boss)).json()).toMatchObject({ hidden_from_public: true })

    await request(t, 'POST', `/admin/users/${sam.id}/restore`, boss, { reason: 'Appeal upheld' })
    expect((await shop()).map((c) => c.id)).toEqual([sam.id])
    expect((await feed()).map((p) => p.id)).toEqual([pickId])
    expect((await request(t, 'GET', `/creators/${sam.id}`, null)).json()).not.toHaveProperty('hidden_from_public')
  })

  it('refuses suspending oneself', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const res = await request(t, 'POST', `/admin/users/${boss.id}/suspend`, boss, { reason: 'test' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ error: { reason: 'SELF_SUSPENSION' } })
    expect((await request(t, 'POST', `/admin/users/${boss.id}/suspend`, boss, {})).statusCode).toBe(400)
  })
})
