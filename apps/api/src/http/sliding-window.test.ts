import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/client.ts'
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.ts'
import { createSlidingWindow, createSlidingWindows } from './sliding-window.ts'
import { rateLimits } from './rate-limits.table.ts'

let database: TestDatabase
/** A second process's connection to the same database: its own pool on PostgreSQL, else the one PGlite. */
let other: Database

beforeAll(async () => {
  database = await createTestDatabase()
  other = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database
})

afterAll(async () => {
  if (other !== database) await other.close()
  await database.close()
})

describe('a sliding window', () => {
  let at = 0
  const now = () => new Date(Date.UTC(2027, 0, 1) + at)
  const window = (name = 'test', db = database.db) => createSlidingWindow({ db, name, limit: 5, windowMs: 60_000, now })

  beforeEach(async () => {
    at = 0
    await database.reset()
  })

  it('counts a batch as its size, all or none, and says when it would fit', async () => {
    const limiter = window()
    expect(await limiter.take('a', 3)).toBe(0)
    at = 10_000
    expect(await limiter.take('a', 2)).toBe(0)
    at = 20_000
    // Full: room for 3 comes when the first three (taken at 0) leave the window.
    expect(await limiter.take('a', 3)).toBe(40_000)
    expect(await limiter.take('a')).toBe(40_000)
    at = 60_001
    expect(await limiter.take('a', 4)).toBe(9_999)
    expect(await limiter.take('a', 3)).toBe(0)
    // A batch larger than the limit never fits.
    expect(await limiter.take('b', 6)).toBe(60_000)
    expect(await limiter.take('b', 5)).toBe(0)
  })

  it('gives back what another limit refused', async () => {
    const limiter = window()
    expect(await limiter.take('a', 4)).toBe(0)
    await limiter.giveBack('a', 3)
    expect(await limiter.take('a', 4)).toBe(0)
    expect(await limiter.take('a')).toBeGreaterThan(0)
    await limiter.giveBack('nobody')
  })

  it('counts across processes: two limiters on one database share each key', async () => {
    const here = window('shared', database.db)
    const there = window('shared', other.db)
    expect(await here.take('a', 3)).toBe(0)
    expect(await there.take('a', 2)).toBe(0)
    expect(await here.take('a')).toBe(60_000)
    expect(await there.take('a')).toBe(60_000)
    // Another limiter's counts are its own.
    expect(await window('another', other.db).take('a', 5)).toBe(0)
  })

  it('lets exactly the limit through when requests for one key arrive together', async () => {
    const limiters = [window('burst', database.db), window('burst', other.db)]
    const waits = await Promise.all(Array.from({ length: 20 }, (_, i) => limiters[i % 2]!.take('a')))
    expect(waits.filter((ms) => ms === 0)).toHaveLength(5)
    expect(waits.filter((ms) => ms > 0)).toHaveLength(15)
  })

  it('takes a different rule per key when the caller names it', async () => {
    const windows = createSlidingWindows({ db: database.db, name: 'rules', now })
    const strict = { limit: 1, windowMs: 10_000 }
    expect(await windows.take('sign-up', strict)).toBe(0)
    expect(await windows.take('sign-up', strict)).toBe(10_000)
    expect(await windows.take('session', { limit: 100, windowMs: 10_000 })).toBe(0)
  })

  it('forgets keys whose last request has left the window', async () => {
    const limiter = window()
    expect(await limiter.take('old')).toBe(0)
    at = 59_000
    expect(await limiter.take('recent')).toBe(0)
    at = 70_000
    expect(await limiter.take('new')).toBe(0)
    const left = await database.db.select({ key: rateLimits.key }).from(rateLimits)
    expect(left.map((r) => r.key).sort()).toEqual(['new', 'recent'])
  })
})
