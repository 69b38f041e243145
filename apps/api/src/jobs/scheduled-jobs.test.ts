import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { sweepAlertsJob } from '../modules/alerts/alert-jobs.ts'
import { gradeDueJob } from '../modules/picks/grading-jobs.ts'
import { billingJob } from '../modules/billing/billing.service.ts'
import { createTestDatabase, testConfig, type TestDatabase } from '../test/build-test-app.ts'
import { scheduledTick, type Jobs } from './queue.ts'
import type { JobDefinition } from './registry.ts'
import { createWorker, type JobWorker } from './worker.ts'

/**
 * Issue 14, "two API processes plus a worker never double-run a job": two API instances and a
 * worker share one database: on PostgreSQL each through pools of its own, as separate processes
 * would; on PGlite, which one process holds, through the same connection. pg-boss's own cron is off
 * in all three, so the test sends the ticks itself, from every process, as the scheduler would (the
 * same singleton key), and counts the runs of the real billing and grading work in each.
 */

let database: TestDatabase
let apis: FastifyInstance[] = []
let worker: JobWorker
const runs: { billing: MockInstance[]; grading: MockInstance[] } = { billing: [], grading: [] }

/** One more process's handle on the test database: its own pool on PostgreSQL, else the shared PGlite. */
async function connectionOfAnotherProcess(): Promise<Database> {
  if (database.kind === 'postgres' && database.url) return openDatabase({ kind: 'postgres', url: database.url })
  // Left open when that "process" closes: the test database closes once, after all of them.
  return { ...database, close: async () => {} }
}

const timesRun = (kind: keyof typeof runs) => runs[kind].reduce((sum, spy) => sum + spy.mock.calls.length, 0)

async function untilCompleted(jobs: Jobs, job: JobDefinition, id: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const taken = await jobs.boss.getJobById(job.name, id)
      expect(taken?.state).toBe('completed')
    },
    { timeout: 20_000, interval: 50 },
  )
}

describe('scheduled jobs across processes', () => {
  beforeAll(async () => {
    database = await createTestDatabase()
    const config = testConfig({ runWorker: true })
    for (let i = 0; i < 2; i++) {
      apis.push(await buildApp(config, { database: await connectionOfAnotherProcess(), scheduler: false }))
    }
    worker = await createWorker(config, { database: await connectionOfAnotherProcess(), scheduler: false })
    // Built, not yet taking jobs: every process's work is watched before any of it can run.
    for (const services of [...apis, worker]) {
      runs.billing.push(vi.spyOn(services.billing, 'runScheduled'))
      runs.grading.push(vi.spyOn(services.grader, 'gradeDue'))
    }
  })

  afterAll(async () => {
    await worker?.stop()
    for (const api of apis) await api.close()
    apis = []
    await database?.close()
  })

  it('runs a tick sent by every process once', async () => {
    const everyQueue = [...apis.map((api) => api.alerts.jobs), worker.jobs]
    const ticks = new Map<JobDefinition, string>()
    for (const job of [billingJob, gradeDueJob]) {
      const ids = await Promise.all(everyQueue.map((jobs) => jobs.send(job, {}, scheduledTick(job))))
      // The first send holds the tick; the other processes' sends of it are dropped by the queue.
      const queued = ids.filter((id) => id !== null)
      expect(queued).toHaveLength(1)
      ticks.set(job, queued[0]!)
    }
    await Promise.all([...apis.map((api) => api.ready()), worker.start()])

    for (const [job, id] of ticks) await untilCompleted(worker.jobs, job, id)
    expect(timesRun('billing')).toBe(1)
    expect(timesRun('grading')).toBe(1)
  })

  it('runs the next tick again, in whichever process takes it', async () => {
    const jobs = apis[1]!.alerts.jobs
    // The last ticks are done, so these are not held back by them.
    for (const job of [billingJob, gradeDueJob]) {
      const id = await jobs.send(job, {}, scheduledTick(job))
      expect(id).toEqual(expect.any(String))
      await untilCompleted(jobs, job, id!)
    }
    expect(timesRun('billing')).toBe(2)
    expect(timesRun('grading')).toBe(2)
  })

  it('keeps one schedule per job, however many processes put it on the cron', async () => {
    const schedules = await apis[0]!.alerts.jobs.boss.getSchedules()
    const mine = schedules.filter((s) => [billingJob, gradeDueJob, sweepAlertsJob].some((j) => j.name === s.name))
    expect(
      mine
        .map((s) => ({ name: s.name, cron: s.cron, key: s.options?.singletonKey }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    ).toEqual([
      { name: 'alerts.sweep', cron: '* * * * *', key: 'alerts.sweep' },
      { name: 'billing.scheduled', cron: '* * * * *', key: 'billing.scheduled' },
      { name: 'picks.grade-due', cron: '*/5 * * * *', key: 'picks.grade-due' },
    ])
  })
})
