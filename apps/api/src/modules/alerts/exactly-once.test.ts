import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Config } from '../../config.ts'
import { openDatabase, queryRows, type Database } from '../../db/client.ts'
import { migrateDatabase } from '../../db/migrate.ts'
import { openJobQueue } from '../../jobs/queue.ts'
import { killStartedProcesses, spawnLogged, type LoggedProcess } from '../../test/child-processes.ts'
import { createCreator } from '../../test/factories.ts'
import { startSmsSink, startSmtpSink, type SmsSink, type SmtpSink } from '../../test/smtp-sink.ts'
import { databaseUrlWithName } from '../../test/test-database-context.ts'
import { alertJobs, recordPublished, startFanOut } from './alert-jobs.ts'
import { alertFanouts } from './alerts.table.ts'
import { insertPick, seedAudience } from './alerts-test-support.ts'

/**
 * Issue 7, "exactly-once under a killed worker": the worker runs as a real child process
 * (test/worker-process.ts, what `npm run worker` runs), is SIGKILLed in the middle of a pick's
 * fan-out, and is started again. pg-boss sees the dead worker by its missed heartbeat and retries
 * the fan-out job, which resumes from its cursor; only then do the messages go out, through the
 * real SMTP adapter to an SMTP server on loopback and through Twilio's SDK to a local double.
 * Each recipient must get exactly one e-mail and one text.
 */

const subscribers = 120
const fanOutBatch = 10
const batchesInAll = subscribers / fanOutBatch
const prefix = 'killed'
/** pg-boss takes a worker for dead 10 s after its last heartbeat, then retries after 5 s. */
const recoveryBudgetMs = 90_000

interface WorkerDatabase {
  target: Config['database']
  env: Record<string, string>
  dispose(): Promise<void>
}

/** A database of this run's kind (PGlite in a directory, or PostgreSQL) that outlives the processes using it. */
async function prepareDatabase(dataDir: string): Promise<WorkerDatabase> {
  const template = inject('testDatabase')
  if (template.kind === 'postgres') {
    const name = `picks_test_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: template.adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${template.templateName}`)
    await admin.end()
    const url = databaseUrlWithName(template.adminUrl, name)
    return {
      target: { kind: 'postgres', url },
      env: { DATABASE_URL: url },
      async dispose() {
        const cleanup = new pg.Client({ connectionString: template.adminUrl })
        await cleanup.connect()
        await cleanup.query(`drop database if exists ${name} with (force)`)
        await cleanup.end()
      },
    }
  }
  // Config puts the embedded database in DATA_DIR/pglite; one process at a time may open it.
  return { target: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }, env: {}, dispose: async () => {} }
}

interface LogLine {
  msg?: string
  batch?: number
  queued?: number
  outstanding?: number
}

type WorkerChild = LoggedProcess<LogLine> & { batches(): LogLine[] }

const isBatch = (l: LogLine) => l.msg === 'alert fan-out batch queued'

/** Starts the worker; with `killAfterBatch`, SIGKILLs it the moment it logs that fan-out batch. */
function spawnWorker(env: Record<string, string>, killAfterBatch?: number): WorkerChild {
  let batches = 0
  const worker = spawnLogged<LogLine>('test/worker-process.ts', env, (line, child) => {
    if (isBatch(line) && ++batches === killAfterBatch) child.kill('SIGKILL')
  })
  return { ...worker, batches: () => worker.logs.filter(isBatch) }
}

async function within<T>(database: Config['database'], use: (database: Database) => Promise<T>): Promise<T> {
  const opened = await openDatabase(database, { poolSize: 2 })
  try {
    return await use(opened)
  } finally {
    await opened.close()
  }
}

async function deliveryCounts(database: Database, pickId: string) {
  return queryRows<{ channel: string; status: string; count: number }>(
    database.db,
    sql`select channel, status, count(*)::int as count from alert_deliveries
      where pick_id = ${pickId}::uuid group by channel, status order by channel, status`,
  )
}

describe('exactly once when the worker is killed in the middle of a fan-out', () => {
  let dataDir: string
  let smtp: SmtpSink
  let sms: SmsSink
  let database: WorkerDatabase
  let pickId: string
  let env: Record<string, string>

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'picks-exactly-once-'))
    smtp = await startSmtpSink()
    sms = await startSmsSink()
    database = await prepareDatabase(dataDir)

    await within(database.target, async (opened) => {
      await migrateDatabase(opened)
      const creator = await createCreator(opened.db)
      await seedAudience(opened.db, creator.id, { count: subscribers, prefix, sms: true })
      const pick = await insertPick(opened.db, creator.id)
      pickId = pick.id
      await recordPublished(opened.db, pick.id, new Date())
      const jobs = await openJobQueue(opened, alertJobs, { log: console, schedule: false })
      await startFanOut(jobs, pick.id)
      await jobs.stop()
    })

    env = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      ...database.env,
      SMTP_URL: smtp.url,
      TWILIO_ACCOUNT_SID: sms.accountSid,
      TWILIO_AUTH_TOKEN: sms.authToken,
      TWILIO_FROM_NUMBER: '+15550001111',
      TEST_TWILIO_BASE_URL: sms.baseUrl,
      // Small batches with a pause between them: the fan-out takes a couple of seconds to kill into.
      TEST_ALERT_TUNING: JSON.stringify({ fanOutBatch, pauseBetweenBatchesMs: 150 }),
      TEST_REPORT_OUTSTANDING: 'true',
    }
  })

  afterAll(async () => {
    killStartedProcesses()
    await Promise.all([smtp?.close(), sms?.close()])
    await database?.dispose()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  it('sends one e-mail and one text per subscriber after the worker is killed mid fan-out and restarted', async () => {
    const first = spawnWorker(env, 2)
    const ended = await first.exited
    expect(ended.signal, first.output.slice(-20).join('\n')).toBe('SIGKILL')
    const killedAfter = first.batches().length
    expect(killedAfter).toBeGreaterThanOrEqual(2)
    expect(killedAfter).toBeLessThan(batchesInAll)
    // Messages go out once the whole audience is queued, so a stopped fan-out has sent nothing.
    expect(smtp.counts().messages).toBe(0)
    expect(sms.counts().messages).toBe(0)

    await within(database.target, async (opened) => {
      const [fanout] = await opened.db.select().from(alertFanouts).where(eq(alertFanouts.pickId, pickId))
      expect(fanout?.status).toBe('running')
      const counts = await deliveryCounts(opened, pickId)
      expect(counts.every((c) => c.status === 'queued')).toBe(true)
      const queued = counts.reduce((sum, c) => sum + c.count, 0)
      expect(queued).toBeGreaterThanOrEqual(killedAfter * fanOutBatch * 2)
      expect(queued).toBeLessThan(subscribers * 2)
    })

    const second = spawnWorker(env)
    // The restarted worker reports when no delivery, fan-out or job is left: from then on nothing
    // could send a message, so a duplicate would already be in the sinks.
    await second.logged((line) => line.msg === 'outstanding alert work' && line.outstanding === 0, recoveryBudgetMs)
    second.child.kill('SIGTERM')
    expect((await second.exited).code).toBe(0)

    // The restarted worker went on from the cursor instead of starting the audience again.
    const resumedBatches = second.batches().length
    expect(resumedBatches).toBeGreaterThan(0)
    expect(resumedBatches).toBeLessThanOrEqual(batchesInAll - killedAfter)

    const emails = Array.from({ length: subscribers }, (_, i) => `${prefix}-${i + 1}@alerts.test`)
    const phones = Array.from({ length: subscribers }, (_, i) => `+1555${String(i + 1).padStart(7, '0')}`)
    expect(smtp.counts()).toEqual({ messages: subscribers, recipients: subscribers, duplicates: 0 })
    expect([...smtp.perRecipient.keys()].sort()).toEqual(emails.sort())
    expect([...smtp.perRecipient.values()].every((n) => n === 1)).toBe(true)
    expect(sms.counts()).toEqual({ messages: subscribers, recipients: subscribers, duplicates: 0 })
    expect([...sms.perRecipient.keys()].sort()).toEqual(phones.sort())
    expect([...sms.perRecipient.values()].every((n) => n === 1)).toBe(true)

    await within(database.target, async (opened) => {
      expect(await deliveryCounts(opened, pickId)).toEqual([
        { channel: 'email', status: 'sent', count: subscribers },
        { channel: 'sms', status: 'sent', count: subscribers },
      ])
      const [fanout] = await opened.db.select().from(alertFanouts).where(eq(alertFanouts.pickId, pickId))
      expect(fanout).toMatchObject({ status: 'done', queued: subscribers * 2 })
    })
  }, 150_000)
})
