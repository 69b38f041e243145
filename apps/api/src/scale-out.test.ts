import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreatorsPage } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { buildApp } from './app.ts'
import { openDatabase, queryRows, type Database, type Db } from './db/client.ts'
import { allJobs } from './jobs/all-jobs.ts'
import type { Jobs } from './jobs/queue.ts'
import { createWorker, type JobWorker } from './jobs/worker.ts'
import { creatorProfiles } from './modules/creators/creators.table.ts'
import { users } from './modules/users/users.table.ts'
import { cookieOf, latestCode, testOrigin, testPassword } from './test/accounts.ts'
import { createTestDatabase, testConfig } from './test/build-test-app.ts'
import { startPostgresSandbox } from './test/postgres-sandbox.ts'
import { buildServer } from './build-server.ts'
import { apiRoot } from './config.ts'
import { prepareEmptyDatabase } from './build-template.ts'
import { killStartedProcesses, spawnLogged, type LoggedProcess } from './test/child-processes.ts'

/**
 * Issue 19, "stateless API processes": any API process may answer any request. Two API processes
 * and a worker share one database; a write through one API is visible through the other's read
 * cache at once (LISTEN/NOTIFY), a rate limit counts requests sent to either, and each scheduled
 * tick runs once although all three send ticks and take jobs.
 *
 * On PostgreSQL they are real processes: `server.ts` twice and `worker.ts`, as `npm start` and
 * `npm run worker` start them, reached over HTTP — on the pass's server when the pass is on
 * PostgreSQL (`TEST_DATABASE_URL`), and on a server this file starts (scripts/postgres-sandbox.sh)
 * in `npm test`'s PGlite pass. PGlite is embedded: one process holds it, so the PGlite pass also runs
 * the same checks against two API instances and a worker built in this process on one embedded
 * database, through the same code (PGlite's LISTEN/NOTIFY, the `rate_limits` table, pg-boss's cron)
 * without the process boundary.
 */

const template = inject('testDatabase')
const onPostgres = template.kind === 'postgres'

/** Longer than any test here: an answer that changed can only have come from an invalidation. */
const shopCacheTtlMs = 300_000
/** The scheduled jobs pg-boss's cron alone starts (the nightly ones are also sent once when the jobs start). */
const cronOnly = ['alerts.sweep', 'billing.scheduled', 'picks.grade-due']
const scheduledNames = allJobs.filter((job) => job.cron).map((job) => job.name)

interface Answer {
  status: number
  text: string
  header(name: string): string | null
  /** The cookies it set, ready for a `cookie` header. */
  cookie: string
  json(): unknown
}

/** One API process, as a browser from 127.0.0.1 on the site's own origin reaches it. */
interface Api {
  name: string
  call(method: 'GET' | 'POST' | 'PUT', url: string, init?: { body?: object; cookie?: string }): Promise<Answer>
}

/** A tick of a scheduled job that a process ran. */
interface ScheduledRun {
  process: string
  job: string
  jobId: string
}

interface Cluster {
  apis: [Api, Api]
  /** The scheduled ticks each process has run so far. */
  runs(): ScheduledRun[]
  /**
   * PostgreSQL: ends every connection listening for cache invalidations (a failover, an
   * administrator), and resolves once every process has subscribed again.
   */
  cutListeners?(): Promise<void>
  /** Spawned processes: how long each invalidation notice took to reach each other process (their debug logs). */
  noticeDelays?(): number[]
  close(): Promise<void>
}

interface LogLine {
  msg?: string
  url?: string
  job?: string
  jobId?: string
  delayMs?: number
}

/** Two `server.ts` and one `worker.ts` on the test's PostgreSQL database, each its own process. */
async function spawnCluster(database: Database): Promise<Cluster> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'picks-scale-out-'))
  // B runs the server bundled as `npm run build` bundles it and `npm start` runs it; A from source.
  const bundleDir = path.join(apiRoot, `dist-bundle-test-${process.pid}`)
  await buildServer(bundleDir)
  const env = {
    PATH: process.env.PATH ?? '',
    // Development, not test: the auth library's limiter is on, and the logs are written.
    NODE_ENV: 'development',
    LOG_LEVEL: 'debug',
    DATABASE_URL: database.url!,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    SOURCE_MAPS_DIR: path.join(dataDir, 'no-source-maps'),
    PUBLIC_URL: testOrigin,
    SEED_DEMO_DATA: 'false',
    // Both API processes also take jobs and send the cron's ticks, as `npm start` does by default.
    RUN_WORKER: 'true',
    SHOP_CACHE_TTL_MS: String(shopCacheTtlMs),
  }
  const api = (name: string, entry: string) => ({
    name,
    process: spawnLogged<LogLine>(entry, { ...env, HOST: '127.0.0.1', PORT: '0' }),
  })
  const started = [
    api('A', 'server.ts'),
    api('B', path.join(bundleDir, 'server.js')),
    { name: 'worker', process: spawnLogged<LogLine>('worker.ts', env) },
  ]
  const startMs = 100_000
  const [a, b] = await Promise.all(
    started.slice(0, 2).map(async ({ name, process: child }) => {
      const ready = await child.logged((line) => line.msg === 'picks marketplace ready', startMs)
      const port = new URL(ready.url!).port
      return httpApi(name, `http://127.0.0.1:${port}`)
    }),
  )
  await started[2]!.process.logged((line) => line.msg === 'worker ready', startMs)
  const linesOf = (matches: (line: LogLine) => boolean) =>
    started.map(({ process: child }) => child.logs.filter(matches).length)
  const isResubscribed = (line: LogLine) => line.msg === 'listening for cache invalidations again; caches forgotten'
  return {
    apis: [a!, b!],
    runs: () =>
      started.flatMap(({ name, process: child }) =>
        child.logs
          .filter((line) => line.msg === 'scheduled work done')
          .map((line) => ({ process: name, job: line.job!, jobId: line.jobId! })),
      ),
    noticeDelays: () =>
      started.flatMap(({ process: child }) =>
        child.logs.filter((line) => line.msg === 'cache invalidation heard').map((line) => line.delayMs!),
      ),
    async cutListeners() {
      const before = linesOf(isResubscribed)
      const cut = await queryRows<{ pid: number }>(
        database.db,
        sql`select pg_terminate_backend(pid), pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (query like 'LISTEN "picks_cache"%' or query like '%pg_listening_channels()%')`,
      )
      expect(cut.length, 'one listening connection per process').toBe(3)
      await vi.waitFor(() => expect(linesOf(isResubscribed).every((count, i) => count > before[i]!)).toBe(true), {
        timeout: 20_000,
        interval: 50,
      })
    },
    async close() {
      const ended = await Promise.all(started.map(({ process: child }) => stopped(child)))
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(bundleDir, { recursive: true, force: true })
      expect(ended, 'every process stops gracefully').toEqual([0, 0, 0])
    },
  }
}

async function stopped(child: LoggedProcess<LogLine>): Promise<number | null> {
  return (await child.stop()).code
}

function httpApi(name: string, base: string): Api {
  return {
    name,
    async call(method, url, { body, cookie } = {}) {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: {
          origin: testOrigin,
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(cookie ? { cookie } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
      })
      const text = await response.text()
      return {
        status: response.status,
        text,
        header: (header) => response.headers.get(header),
        cookie: response.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        json: () => JSON.parse(text) as unknown,
      }
    },
  }
}

/** Two API instances and a worker in this process, on the one embedded database. */
async function inProcessCluster(database: Database): Promise<Cluster> {
  // Each instance closes "its" database when it closes; the test closes the real one, once.
  const shared: Database = { ...database, close: async () => {} }
  const config = testConfig({ runWorker: true, shopCacheTtlMs })
  const runs: ScheduledRun[] = []
  const apps: FastifyInstance[] = []
  for (const name of ['A', 'B']) {
    const app = await buildApp(config, { database: shared, authRateLimit: true })
    recordRuns(name, app.alerts.jobs, runs)
    apps.push(app)
  }
  const worker: JobWorker = await createWorker(config, { database: shared })
  recordRuns('worker', worker.jobs, runs)
  await Promise.all([...apps.map((app) => app.ready()), worker.start()])
  return {
    apis: [injectedApi('A', apps[0]!), injectedApi('B', apps[1]!)],
    runs: () => [...runs],
    async close() {
      await worker.stop()
      for (const app of apps) await app.close()
    },
  }
}

/** Notes each scheduled tick a process's handlers finish, as the spawned processes' logs do. */
function recordRuns(process: string, jobs: Jobs, runs: ScheduledRun[]): void {
  const work: Jobs['work'] = jobs.work.bind(jobs)
  jobs.work = (job, handler) =>
    work(job, async (payload, context) => {
      await handler(payload, context)
      if (scheduledNames.includes(job.name)) runs.push({ process, job: job.name, jobId: context.id })
    })
}

function injectedApi(name: string, app: FastifyInstance): Api {
  return {
    name,
    async call(method, url, { body, cookie } = {}) {
      const response = await app.inject({
        method,
        url,
        remoteAddress: '127.0.0.1',
        headers: { origin: testOrigin, ...(cookie ? { cookie } : {}) },
        ...(body ? { payload: body } : {}),
      })
      return {
        status: response.statusCode,
        text: response.body,
        header: (header) => {
          const value = response.headers[header]
          return value === undefined ? null : String(value)
        },
        cookie: cookieOf(response),
        json: () => response.json<unknown>(),
      }
    },
  }
}

/** A verified account signed up through `api`: its session cookie and user id. */
async function signUp(api: Api, db: Db, email: string): Promise<{ cookie: string; userId: string }> {
  const signedUp = await api.call('POST', '/api/auth/sign-up/email', {
    body: { name: 'Casey Scale', email, password: testPassword },
  })
  expect(signedUp.status, signedUp.text).toBe(200)
  const verified = await api.call('POST', '/api/auth/email-otp/verify-email', {
    body: { email, otp: await latestCode(db, email) },
  })
  expect(verified.status, verified.text).toBe(200)
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  return { cookie: verified.cookie, userId: user!.id }
}

/**
 * Reads `url` through `api` until `fresh` holds, and answers how long after `since` the first fresh
 * answer came (ms). Bounded: a cache that never hears of the change fails here, long before its TTL.
 */
async function untilFresh(api: Api, url: string, fresh: (page: CreatorsPage) => boolean, since: number) {
  for (;;) {
    const answer = await api.call('GET', url)
    expect(answer.status, answer.text).toBe(200)
    if (fresh(CreatorsPage.parse(answer.json()))) return performance.now() - since
    if (performance.now() - since > 5_000) throw new Error(`${api.name} still answers from before the change`)
  }
}

/** A database and the processes on it, for one run of the checks below. */
interface Setup {
  name: string
  open(): Promise<{ database: Database; cluster: Cluster; close(): Promise<void> }>
}

/** Spawned processes on the pass's PostgreSQL (a copy of its template). */
const onPassDatabase: Setup = {
  name: 'two API processes and a worker on one PostgreSQL database',
  async open() {
    const database = await createTestDatabase()
    return { database, cluster: await spawnCluster(database), close: () => database.close() }
  },
}

/**
 * Spawned processes on a PostgreSQL server of this file's own, so that `npm test`, whose pass is on
 * PGlite, checks the real process boundary on a real server too.
 */
const onOwnServer: Setup = {
  name: 'two API processes and a worker on one PostgreSQL server started for this test',
  async open() {
    const server = await startPostgresSandbox()
    let database: Database | undefined
    const close = async () => {
      try {
        await database?.close()
      } finally {
        await server.stop()
      }
    }
    try {
      database = await openDatabase({ kind: 'postgres', url: server.url })
      await prepareEmptyDatabase(database)
      return { database, cluster: await spawnCluster(database), close }
    } catch (err) {
      await close()
      throw err
    }
  },
}

const inProcess: Setup = {
  name: 'two API instances and a worker in one process, on one embedded PGlite database',
  async open() {
    const database = await createTestDatabase()
    return { database, cluster: await inProcessCluster(database), close: () => database.close() }
  },
}

describe.each(onPostgres ? [onPassDatabase] : [inProcess, onOwnServer])('$name', ({ open }) => {
  let database: Database
  let cluster: Cluster
  let closeDatabase: (() => Promise<void>) | undefined

  beforeAll(async () => {
    ;({ database, cluster, close: closeDatabase } = await open())
  })

  afterAll(async () => {
    try {
      await cluster?.close()
    } finally {
      killStartedProcesses()
      await closeDatabase?.()
    }
  })

  it("shows a creator's change made through one API in the other's cached shop at once", async ({ annotate }) => {
    const [a, b] = cluster.apis
    const username = `scale_${randomUUID().slice(0, 8)}`
    const creator = await signUp(a, database.db, `${username}@example.com`)
    const registered = await a.call('POST', `/api/users/${creator.userId}/register-creator`, {
      cookie: creator.cookie,
      body: { username, specialtySport: 'nba' },
    })
    expect(registered.status, registered.text).toBe(201)

    const shop = `/api/creators/paginated?search=${username}`
    const bioIn = async (api: Api) =>
      CreatorsPage.parse((await api.call('GET', shop)).json()).creators.map((c) => c.bio)
    expect(await bioIn(b)).toEqual([''])
    // Written behind every cache's back: B answers from its cache, so a change that reaches it
    // from now on can only have come as an invalidation.
    await database.db
      .update(creatorProfiles)
      .set({ bio: 'changed behind the caches' })
      .where(eq(creatorProfiles.userId, creator.userId))
    expect(await bioIn(b)).toEqual([''])

    let shown = ''
    const delays: number[] = []
    const change = async (through: Api, readBy: Api, bio: string) => {
      // The reader holds the answer from before the change.
      expect(await bioIn(readBy)).toEqual([shown])
      const changed = await through.call('PUT', `/api/creators/${creator.userId}/profile`, {
        cookie: creator.cookie,
        body: { bio },
      })
      expect(changed.status, changed.text).toBe(200)
      delays.push(await untilFresh(readBy, shop, (page) => page.creators[0]?.bio === bio, performance.now()))
      shown = bio
    }
    await change(a, b, 'Sharp NBA totals')
    await change(b, a, 'Sharp NBA totals, every night')
    if (cluster.cutListeners) {
      // Every listening connection cut at once: each process subscribes again, forgets what it may
      // have missed meanwhile, and hears the next change like the first.
      await cluster.cutListeners()
      await change(a, b, 'Back after a failover')
    }
    await annotate(`the other API answered the change after ${delays.map((ms) => ms.toFixed(1)).join(', ')} ms`)
    const notices = cluster.noticeDelays?.()
    if (notices) await annotate(`the notices reached the other processes after ${notices.join(', ')} ms`)
  })

  it('counts a rate limit across both APIs: ours and the auth library’s', async () => {
    const [a, b] = cluster.apis
    const alternately = (i: number) => (i % 2 === 0 ? a : b)

    // Promo code quotes: 30 a minute from one address, whichever process answers.
    const quote = `/api/promo-codes/quote?plan_id=${randomUUID()}&code=NOPE`
    for (let i = 0; i < 30; i++) {
      const answer = await alternately(i).call('GET', quote)
      expect(answer.status, `quote ${i + 1} through ${alternately(i).name}: ${answer.text}`).not.toBe(429)
    }
    for (const api of [a, b]) {
      const refused = await api.call('GET', quote)
      expect(refused.status, `through ${api.name}`).toBe(429)
      expect(Number(refused.header('retry-after'))).toBeGreaterThan(0)
    }

    // The auth library's own limiter: 3 verification codes a minute from one address.
    const sendCode = (api: Api, i: number) =>
      api.call('POST', '/api/auth/email-otp/send-verification-otp', {
        body: { email: `nobody-${i}@example.com`, type: 'email-verification' },
      })
    for (let i = 0; i < 3; i++) {
      const answer = await sendCode(alternately(i), i)
      expect(answer.status, `code ${i + 1} through ${alternately(i).name}: ${answer.text}`).toBe(200)
    }
    for (const api of [b, a]) {
      const refused = await sendCode(api, 9)
      expect(refused.status, `through ${api.name}: ${refused.text}`).toBe(429)
      expect(Number(refused.header('retry-after'))).toBeGreaterThan(0)
    }
  })

  it('runs each scheduled tick once, though all three processes send ticks and take jobs', async ({ annotate }) => {
    // The cron's first pass comes as the first process starts; every minute has a tick of these two.
    await vi.waitFor(
      () => {
        const ran = new Set(cluster.runs().map((run) => run.job))
        expect(ran.has('billing.scheduled') && ran.has('alerts.sweep')).toBe(true)
      },
      { timeout: 90_000, interval: 200 },
    )
    const runs = cluster.runs()
    // Read after the runs, so every tick they ran is among these.
    const ticks = await queryRows<{ name: string; slot: string; sent: number }>(
      database.db,
      sql`select data->>'name' as name, data->>'slot' as slot, count(*)::int as sent
          from pgboss.job where name = '__pgboss__send-it' group by 1, 2`,
    )
    const context = JSON.stringify({ runs, ticks })
    // pg-boss sent each occurrence once, whichever processes' cron passes saw it.
    expect(
      ticks.every((tick) => tick.sent === 1),
      context,
    ).toBe(true)
    // Each job ran in one process, once; and no cron-only job ran more often than it had ticks.
    const ids = runs.map((run) => run.jobId)
    expect(new Set(ids).size, context).toBe(ids.length)
    for (const job of cronOnly) {
      const slots = ticks.filter((tick) => tick.name === job).length
      expect(runs.filter((run) => run.job === job).length, `${job}: ${context}`).toBeLessThanOrEqual(slots)
    }
    // pg-boss's record agrees: each of them taken once and completed, none retried.
    await vi.waitFor(
      async () => {
        const states = await queryRows<{ state: string; retry_count: number }>(
          database.db,
          sql`select state, retry_count from pgboss.job
              where id::text in (${sql.join(
                ids.map((id) => sql`${id}`),
                sql`, `,
              )})`,
        )
        expect(states).toEqual(ids.map(() => ({ state: 'completed', retry_count: 0 })))
      },
      { timeout: 10_000, interval: 100 },
    )
    await annotate(`ticks run: ${runs.map((run) => `${run.job} by ${run.process}`).join(', ')}`)
  }, 120_000)
})
