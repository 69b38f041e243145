import { ConnectivityAnswer } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.ts'
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from '../../test/build-test-app.ts'

let t: TestApp
let clock = new Date('2026-12-01T12:34:56.789Z')

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})

describe('GET /api/test', () => {
  it("answers anyone ok with the server's time, never from a cache", async () => {
    const res = await t.app.inject('/api/test')
    expect(res.statusCode).toBe(200)
    expect(ConnectivityAnswer.parse(res.json())).toEqual({ ok: true, time: '2026-12-01T12:34:56.789Z' })
    expect(res.headers['cache-control']).toBe('no-store')
    clock = new Date('2026-12-02T00:00:00.000Z')
    expect((await t.app.inject('/api/test')).json()).toEqual({ ok: true, time: '2026-12-02T00:00:00.000Z' })
  })

  it('answers without the database', async () => {
    const database = await createTestDatabase()
    const app = await buildApp(testConfig(), { database, now: () => clock })
    await database.close()
    const res = await app.inject('/api/test')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ ok: true })
  })
})
