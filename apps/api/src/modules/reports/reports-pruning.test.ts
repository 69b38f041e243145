import { asc } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { createWorker } from '../../jobs/worker.ts'
import { createTestDatabase, testConfig, type TestDatabase } from '../../test/build-test-app.ts'
import { pruneReports } from './reports.service.ts'
import { clientErrorReports, clientPerformanceReports } from './reports.table.ts'

let database: TestDatabase
const now = new Date('2026-12-01T03:20:00Z')
const dayMs = 24 * 60 * 60 * 1000
const daysAgo = (days: number) => new Date(now.getTime() - days * dayMs)
const retention = { errorDays: 30, performanceDays: 14 }

beforeAll(async () => {
  database = await createTestDatabase()
})
afterAll(async () => {
  await database.close()
})
beforeEach(async () => {
  await database.reset()
})

/** Reports received the given days ago, written straight into the tables. */
async function receivedDaysAgo(kind: 'errors' | 'performance', days: number[]): Promise<void> {
  if (kind === 'errors') {
    await database.db.insert(clientErrorReports).values(
      days.map((d) => ({
        receivedAt: daysAgo(d),
        reportedAt: daysAgo(d),
        // The age, to read back exactly.
        message: String(d),
        fingerprint: 'a'.repeat(64),
      })),
    )
  } else {
    await database.db.insert(clientPerformanceReports).values(
      days.map((d) => ({
        receivedAt: daysAgo(d),
        reportedAt: daysAgo(d),
        metric: 'LCP' as const,
        value: d,
        route: '/',
      })),
    )
  }
}

/** The ages in days of the reports left, oldest first. */
const errorAges = async () =>
  (
    await database.db
      .select({ age: clientErrorReports.message })
      .from(clientErrorReports)
      .orderBy(asc(clientErrorReports.receivedAt))
  ).map((r) => Number(r.age))
const performanceAges = async () =>
  (await database.db.select({ value: clientPerformanceReports.value }).from(clientPerformanceReports))
    .map((r) => r.value)
    .sort((a, b) => b - a)

describe('pruning the client reports', () => {
  it('deletes error reports older than 30 days and performance reports older than 14, keeping the rest', async () => {
    await receivedDaysAgo('errors', [45, 30.01, 29.99, 3, 0])
    await receivedDaysAgo('performance', [30, 14.01, 13.99, 1])
    expect(await pruneReports({ db: database.db, now: () => now }, retention)).toEqual({ errors: 2, performance: 2 })
    expect(await errorAges()).toEqual([29.99, 3, 0])
    expect(await performanceAges()).toEqual([13.99, 1])
  })

  it('keeps what the configured retention keeps', async () => {
    await receivedDaysAgo('errors', [45, 20])
    await receivedDaysAgo('performance', [45, 20])
    const longer = { errorDays: 90, performanceDays: 30 }
    expect(await pruneReports({ db: database.db, now: () => now }, longer)).toEqual({ errors: 0, performance: 1 })
    expect(await errorAges()).toEqual([45, 20])
    expect(await performanceAges()).toEqual([20])
  })

  it('deletes in batches until none is left', async () => {
    await receivedDaysAgo('errors', [40, 41, 42, 43, 44, 1])
    await receivedDaysAgo('performance', [20, 21, 22, 2])
    expect(await pruneReports({ db: database.db, now: () => now }, retention, 2)).toEqual({ errors: 5, performance: 3 })
    expect(await errorAges()).toEqual([1])
    expect(await performanceAges()).toEqual([2])
  })

  it('is safe to run again with nothing to delete', async () => {
    await receivedDaysAgo('errors', [1])
    expect(await pruneReports({ db: database.db, now: () => now }, retention)).toEqual({ errors: 0, performance: 0 })
    expect(await errorAges()).toEqual([1])
  })
})

describe('the pruning job', () => {
  it('runs once when the jobs start, with the configured retention', async () => {
    // The worker keeps real time: these ages are from now.
    const real = Date.now()
    const ago = (days: number) => new Date(real - days * dayMs)
    await database.db.insert(clientErrorReports).values(
      [45, 8, 1].map((d) => ({
        receivedAt: ago(d),
        reportedAt: ago(d),
        message: String(d),
        fingerprint: 'b'.repeat(64),
      })),
    )
    const config = testConfig({ runWorker: true, reportRetention: { errorDays: 7, performanceDays: 14 } })
    const worker = await createWorker(config, { database, scheduler: false })
    try {
      await worker.start()
      await vi.waitFor(async () => expect(await errorAges()).toEqual([1]), { timeout: 20_000, interval: 50 })
    } finally {
      await worker.stop()
    }
  })
})
