import { AuditLogPage } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, testAdminPassword } from '../../test/people.ts'
import { createFixtureOddsProvider } from '../odds/fixture-odds.ts'
import { users } from '../users/users.table.ts'
import { adminAuditLog } from './audit.table.ts'

let t: TestApp
let clock = new Date('2026-11-22T12:00:00Z')
const fixtureNow = new Date('2026-11-22T12:00:00Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, odds: createFixtureOddsProvider({ now: () => fixtureNow }) })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-22T12:00:00Z')
})

async function auditLog(query = '', who: Awaited<ReturnType<typeof person>>) {
  const res = await request(t, 'GET', `/admin/audit-log${query}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return AuditLogPage.parse(res.json())
}

describe('the audit log', () => {
  it('records who set the admin password, never the password, and lists it with the request id', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const page = await auditLog('', boss)
    expect(page.items).toEqual([
      {
        id: expect.any(String),
        at: '2026-11-22T12:00:00.000Z',
        actor: { id: boss.id, name: expect.any(String), role: 'admin' },
        action: 'admin_password.set',
        target: { type: 'user', id: boss.id },
        before: { hadPassword: false },
        after: { hasPassword: true },
        reason: null,
        requestId: expect.any(String),
      },
    ])
    expect(JSON.stringify(page)).not.toContain(testAdminPassword)
    expect(page).toMatchObject({ total: 1, page: 1, limit: 20, hasMore: false, personal: false })
  })

  it('records a move of the fixture clock with the clock before and after', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    clock = new Date('2026-11-22T13:00:00Z')
    const moved = await request(t, 'POST', '/admin/odds-fixtures/advance', boss, { hours: 3 })
    expect(moved.statusCode, moved.body).toBe(200)
    const page = await auditLog('?action=fixture_clock.advanced', boss)
    expect(page.items.map(({ at, target, before, after }) => ({ at, target, before, after }))).toEqual([
      {
        at: '2026-11-22T13:00:00.000Z',
        target: { type: 'fixture_clock', id: null },
        before: { clock: '2026-11-22T12:00:00.000Z' },
        after: { clock: '2026-11-22T15:00:00.000Z', hours: 3 },
      },
    ])
  })

  it('filters by action, target, actor and time, newest first or oldest first', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    clock = new Date('2026-11-22T14:00:00Z')
    const ops = await person(t, 'ops@example.com', 'admin')
    clock = new Date('2026-11-22T15:00:00Z')
    await request(t, 'POST', '/admin/odds-fixtures/advance', ops, { hours: 1 })

    const all = await auditLog('', boss)
    expect(all.items.map((entry) => [entry.action, entry.actor.id])).toEqual([
      ['fixture_clock.advanced', ops.id],
      ['admin_password.set', ops.id],
      ['admin_password.set', boss.id],
    ])
    const oldest = await auditLog('?sortOrder=asc&limit=1', boss)
    expect(oldest.items.map((entry) => entry.actor.id)).toEqual([boss.id])
    expect(oldest).toMatchObject({ total: 3, hasMore: true })
    expect((await auditLog(`?actorId=${ops.id}&action=admin_password.set`, boss)).total).toBe(1)
    expect((await auditLog(`?targetType=user&targetId=${boss.id}`, boss)).total).toBe(1)
    const window = await auditLog('?from=2026-11-22T13:30:00Z&to=2026-11-22T14:30:00Z', boss)
    expect(window.items.map((entry) => entry.actor.id)).toEqual([ops.id])
  })

  it('answers a filter it does not know with a 400 naming the field', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    for (const [query, field] of [
      ['?action=user.deleted', 'query.action'],
      ['?sortOrder=sideways', 'query.sortOrder'],
      ['?sortBy=actor', 'query.sortBy'],
      ['?targetType=planet', 'query.targetType'],
      ['?includePersonal=yes', 'query.includePersonal'],
      ['?from=yesterday', 'query.from'],
    ] as const) {
      const res = await request(t, 'GET', `/admin/audit-log${query}`, boss)
      expect(res.statusCode, query).toBe(400)
      expect((res.json() as { error: { details: { field: string }[] } }).error.details.map((d) => d.field)).toEqual([
        field,
      ])
    }
  })

  it('is for verified administrators only', async () => {
    const fan = await person(t, 'fan@example.com')
    const mod = await person(t, 'mod@example.com', 'moderator')
    const unverified = await person(t, 'new@example.com', 'unverifiedAdmin')
    expect((await request(t, 'GET', '/admin/audit-log', null)).statusCode).toBe(401)
    for (const who of [fan, mod, unverified]) {
      expect((await request(t, 'GET', '/admin/audit-log', who)).statusCode).toBe(403)
    }
  })

  it('keeps who acted after their account is deleted', async () => {
    const boss = await person(t, 'boss@example.com', 'admin')
    const gone = await person(t, 'gone@example.com', 'admin')
    await t.database.db.delete(users).where(eq(users.id, gone.id))
    const page = await auditLog(`?actorId=${gone.id}`, boss)
    expect(page.items.map((entry) => entry.actor)).toEqual([{ id: gone.id, name: expect.any(String), role: 'admin' }])
  })

  it('keeps every entry as written: the database refuses to change or delete one', async () => {
    await person(t, 'boss@example.com', 'admin')
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause ?? error)
    const update = await t.database.db.update(adminAuditLog).set({ reason: 'edited' }).catch(refusal)
    expect(update).toMatch(/admin_audit_log is append-only: UPDATE refused/)
    const removal = await t.database.db.delete(adminAuditLog).catch(refusal)
    expect(removal).toMatch(/admin_audit_log is append-only: DELETE refused/)
    expect(await t.database.db.select({ reason: adminAuditLog.reason }).from(adminAuditLog)).toEqual([{ reason: null }])
  })
})
