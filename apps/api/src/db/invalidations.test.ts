import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openJobQueue, type Jobs } from '../jobs/queue.ts'
import { createTestDatabase, type TestDatabase } from '../test/build-test-app.ts'
import { openDatabase, type Database } from './client.ts'
import { openInvalidations, type Invalidations } from './invalidations.ts'

/**
 * Two processes on one database, each with its own job queue (whose listener carries the notices)
 * and its own invalidations: on PostgreSQL through connections of their own, as separate processes
 * have; on PGlite, which one process holds, through the one embedded database.
 */
let database: TestDatabase
const processes: { database: Database; jobs: Jobs; invalidations: Invalidations }[] = []
const log = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {} }

beforeAll(async () => {
  database = await createTestDatabase()
  for (let i = 0; i < 2; i++) {
    const own = database.url ? await openDatabase({ kind: 'postgres', url: database.url }) : database
    const jobs = await openJobQueue(own, [], { log, schedule: false })
    processes.push({
      database: own,
      jobs,
      invalidations: await openInvalidations({ db: own.db, listen: jobs.listen, log }),
    })
  }
})

afterAll(async () => {
  for (const { database: own, jobs, invalidations } of processes) {
    await invalidations.close()
    await jobs.stop()
    if (own !== database) await own.close()
  }
  await database.close()
})

/** How many times each topic's caches were told to forget, in one process. */
function watch(invalidations: Invalidations, topics: string[]): Record<string, number> {
  const forgotten: Record<string, number> = Object.fromEntries(topics.map((topic) => [topic, 0]))
  for (const topic of topics) invalidations.subscribe(topic, () => (forgotten[topic] = (forgotten[topic] ?? 0) + 1))
  return forgotten
}

describe('cache invalidations between processes', () => {
  it("forget the topic's answers here at once and in the other process when the notice arrives", async () => {
    const [a, b] = processes
    const inA = watch(a!.invalidations, ['shop', 'feed'])
    const inB = watch(b!.invalidations, ['shop', 'feed'])

    const published = a!.invalidations.publish('shop')
    // Before the notice is even sent: the process that made the change never answers from before it.
    expect(inA).toEqual({ shop: 1, feed: 0 })
    await published
    await vi.waitFor(() => expect(inB.shop).toBe(1), { timeout: 5_000, interval: 5 })
    expect(inB.feed).toBe(0)

    // A notice from B reaches A after A's own (one connection hears notices in the order they were
    // committed): by then A has heard its own notice back, and did not forget twice.
    await b!.invalidations.publish('feed')
    await vi.waitFor(() => expect(inA.feed).toBe(1), { timeout: 5_000, interval: 5 })
    expect(inA.shop).toBe(1)
    expect(inB).toEqual({ shop: 1, feed: 1 })
  })
})
