import { mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client.ts'
import { seedAudience } from '../../apps/api/src/modules/alerts/alerts-test-support.ts'
import { refreshRecordSummary } from '../../apps/api/src/modules/picks/records.ts'
import { demoCreator } from '../../apps/api/src/seed/demo-creators.ts'
import { latestCode, testPassword } from '../../apps/api/src/test/accounts.ts'
import type { SinkCounts } from '../../apps/api/src/test/smtp-sink.ts'
import { alertSubscribers, startSinks, type Sinks } from './alerts-section.ts'
import { onCleanup, startNodeChild, waitForHttp, waitForLog, type NodeChild } from './children.ts'
import { cpuBetween, cpuSnapshot, postmasterPid, type CpuGroups, type CpuUse } from './cpu.ts'
import { apiEnv, benchAuthSecret, httpCreators, seedShop } from './http-section.ts'
import type { LoadOptions, LoadResult } from './load.ts'
import { measureMixed, mixedPaths, type MixedTargets } from './mixed-workload.ts'
import { freePort } from './net.ts'
import { nginxAvailability, startNginx, type RunningNginx } from './nginx.ts'
import { createDatabase, dropDatabase, type PostgresAvailability } from './postgres.ts'

/**
 * Issue 19, point 5: 1 and then 2 API processes and the worker behind nginx on one PostgreSQL, the
 * mixed public workload through nginx, and a pick published through nginx to 100,000 subscribers
 * during it; for 1 process also the API without nginx.
 */

/** Picks per seeded creator: six graded over the past week and two pending, so feeds and records have content. */
export const picksPerCreator = 8
/** A pick's deliveries are watched until every one is sent, or this long after it was published (--delivery-limit). */
export const defaultDeliveryLimitSec = 600
/** What a delivery still queued at the limit is marked with, so the next run's worker leaves it. */
export const leftAtLimit = 'left by the scale benchmark at its time limit'
/** When, into the measured load, the pick is published. */
const publishAfterMs = 1_000
const publisherEmail = 'scale-publisher@bench.test'
const audiencePrefix = 'scale'

export interface DeliveryCheck {
  pickId: string
  publishStatus: number
  /** The POST /api/picks answer's time through nginx, during the load. */
  publishMs: number
  /** From sending the POST until every delivery row existed (null: not within the limit). */
  allQueuedMs: number | null
  /** Until every delivery was sent (null: not within the limit). */
  allSentMs: number | null
  /** When the load ended: rows and sent so far. */
  atLoadEnd: { rows: number; sent: number }
  expected: number
  rows: number
  sent: number
  failed: number
  /** (pick, subscriber, channel) keys with more than one row: must be 0. */
  duplicateKeys: number
  /** Subscribers without exactly one delivery on a channel: must be 0 for each. */
  notExactlyOnce: { email: number; sms: number }
  /** What the SMTP sink took (fresh for each run: any count above one per recipient is a duplicate). */
  smtp: SinkCounts
  /** The SMS outbox since the pick was published. */
  smsOutbox: { messages: number; duplicates: number }
  stoppedBy: 'all sent' | 'time limit'
  /** Deliveries still queued at the time limit, marked failed by the benchmark (0 when all were sent). */
  abandoned: number
  /** Sent per second from the POST until the last look. */
  sentPerSec: number
}

export interface ScaleLoad {
  label: string
  via: 'nginx' | 'direct'
  load: LoadResult
  /** CPU over the measured window, per process group, and the machine's busy cores. */
  cpu: CpuUse
}

export interface ScaleRun {
  apiProcesses: number
  loads: ScaleLoad[]
  delivery: DeliveryCheck
}

export type ScaleSection =
  | {
      measuredAt: string
      ran: true
      nginx: string
      connections: number
      durationSec: number
      warmupSec: number
      creators: number
      picks: number
      subscribers: number
      seedMs: number
      /** `uptime`'s load averages before and after the runs. */
      loadBefore: string
      loadAfter: string
      runs: ScaleRun[]
    }
  | { measuredAt: string; ran: false; reason: string }

export interface ScaleSectionOptions extends LoadOptions {
  /** Seconds after publishing a pick to stop waiting for its deliveries. */
  deliveryLimitSec: number
  postgres: PostgresAvailability
  apiLogLevel: string
  log(message: string): void
}

interface Cluster {
  apis: Array<{ node: NodeChild; origin: string }>
  worker: NodeChild
  sinks: Sinks
  nginx: RunningNginx
  cpuGroups: CpuGroups
  stop(): Promise<void>
}

/** Graded and pending picks for every seeded creator in one statement, then the target's record. */
async function seedPicks(database: Database, target: string): Promise<number> {
  const spread = sql`(abs(hashtext(cp.user_id::text)) % 600) * interval '1 minute'`
  const gameDate = sql`now() + (g.n - 6.5) * interval '1 day' + ${spread}`
  const pending = sql`g.n > 6`
  const rows = await queryRows<{ n: number }>(
    database.db,
    sql`with inserted as (
      insert into picks (creator_id, sport, home_team, away_team, game_date, bet_type, selection, odds,
        bookmaker, reasoning, is_premium, stake_units, result, graded_at, graded_by, api_version, form_type,
        created_at, updated_at)
      select cp.user_id, cp.specialty_sport, 'Home ' || g.n, 'Away ' || g.n, ${gameDate}, 'moneyline',
        'Home ' || g.n, case when g.n % 2 = 0 then -120 else 110 end, 'DraftKings',
        'Seeded for the scale-out benchmark.', g.n % 3 = 0, 1,
        case when ${pending} then 'pending' when g.n % 3 = 0 then 'lost' when g.n = 5 then 'push' else 'won' end,
        case when ${pending} then null else ${gameDate} + interval '3 hours' end,
        case when ${pending} then null else 'auto' end,
        '2.0', 'optimized',
        least(${gameDate} - interval '6 hours', now() - interval '1 hour'),
        least(${gameDate} - interval '6 hours', now() - interval '1 hour')
      from creator_profiles cp cross join generate_series(1, ${picksPerCreator}::int) as g(n)
      returning 1
    ) select count(*)::int as n from inserted`,
  )
  await database.db.transaction((tx) => refreshRecordSummary(tx, target))
  return rows[0]?.n ?? 0
}

/** Production settings every process of the cluster shares. */
function clusterEnv(databaseUrl: string, publicUrl: string, logLevel: string, workDir: string) {
  return {
    NODE_ENV: 'production',
    AUTH_SECRET: benchAuthSecret,
    SUPPORT_EMAIL: 'support@bench.test',
    LOG_LEVEL: logLevel,
    SEED_DEMO_DATA: 'false',
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: publicUrl,
    DATA_DIR: path.join(workDir, 'data'),
    WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
  }
}

async function startCluster(
  apiCount: number,
  options: { databaseUrl: string; nginxPort: number; workDir: string; logLevel: string },
): Promise<Cluster> {
  const { workDir } = options
  const publicUrl = `http://127.0.0.1:${options.nginxPort}`
  const started: NodeChild[] = []
  const stopAll = async () => {
    for (const child of started.reverse()) await child.stop()
  }
  try {
    const sinks = await startSinks(workDir, `scale-${apiCount}`)
    started.push(sinks.child)
    // The worker sends e-mail to the SMTP sink and texts to the database outbox (no Twilio settings).
    const worker = startNodeChild(
      'apps/api/src/worker.ts',
      apiEnv({
        ...clusterEnv(options.databaseUrl, publicUrl, 'info', workDir),
        SMTP_URL: sinks.smtpUrl,
        EMAIL_FROM: 'Picks <alerts@picks.example>',
      }),
      path.join(workDir, `worker-${apiCount}.log`),
    )
    started.push(worker)
    await waitForLog(worker, 'worker ready', 120_000)
    const apis = await Promise.all(
      Array.from({ length: apiCount }, async (_, i) => {
        const port = await freePort()
        const node = startNodeChild(
          'apps/api/src/server.ts',
          apiEnv({
            ...clusterEnv(options.databaseUrl, publicUrl, options.logLevel, workDir),
            HOST: '127.0.0.1',
            PORT: String(port),
            RUN_WORKER: 'false',
          }),
          path.join(workDir, `api-${apiCount}-${i + 1}.log`),
        )
        started.push(node)
        const origin = `http://127.0.0.1:${port}`
        await waitForHttp(`${origin}/api/ready`, node, 120_000)
        return { node, origin }
      }),
    )
    const nginx = await startNginx({
      prefix: path.join(workDir, `nginx-${apiCount}`),
      port: options.nginxPort,
      upstreamPorts: apis.map((a) => Number(new URL(a.origin).port)),
      readyPath: '/api/ready',
    })
    started.push(nginx.node)
    const pid = (n: NodeChild) => n.child.pid ?? -1
    const postgresPid = postmasterPid(Number(new URL(options.databaseUrl).port || 5432))
    return {
      apis,
      worker,
      sinks,
      nginx,
      cpuGroups: {
        api: { pids: apis.map((a) => pid(a.node)) },
        worker: { pids: [pid(worker)] },
        nginx: { pids: [pid(nginx.node)], withChildren: true },
        // The benchmark's own cluster and its backends; every `postgres` on the machine if it is not found.
        postgres: postgresPid === null ? { comm: 'postgres' } : { pids: [postgresPid], withChildren: true },
        sinks: { pids: [pid(sinks.child)] },
        'load generator': { pids: [process.pid] },
      },
      stop: stopAll,
    }
  } catch (err) {
    await stopAll()
    throw err
  }
}

interface Answer {
  status: number
  text: string
  cookie: string
}

async function call(origin: string, method: 'POST', url: string, body: object, cookie?: string): Promise<Answer> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { origin, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })
  return {
    status: response.status,
    text: await response.text(),
    cookie: response.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  }
}

function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`)
}

/** The verification code the API wrote to the outbox, waiting up to 10 s for it (it may be sent in the background). */
async function codeFor(database: Database, email: string): Promise<string> {
  const deadline = performance.now() + 10_000
  for (;;) {
    try {
      return await latestCode(database.db, email)
    } catch (err) {
      if (performance.now() > deadline) throw err
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}

/** The publishing creator signs up, verifies and registers through nginx; their session cookie and id. */
async function signUpPublisher(origin: string, database: Database): Promise<{ cookie: string; userId: string }> {
  const signedUp = await call(origin, 'POST', '/api/auth/sign-up/email', {
    name: 'Scale Publisher',
    email: publisherEmail,
    password: testPassword,
  })
  expectStatus(signedUp, 200, 'sign-up')
  const verified = await call(origin, 'POST', '/api/auth/email-otp/verify-email', {
    email: publisherEmail,
    otp: await codeFor(database, publisherEmail),
  })
  expectStatus(verified, 200, 'e-mail verification')
  const [user] = await queryRows<{ id: string }>(database.db, sql`select id from users where email = ${publisherEmail}`)
  if (!user) throw new Error('the publisher was not written')
  const registered = await call(
    origin,
    'POST',
    `/api/users/${user.id}/register-creator`,
    { username: 'scale_publisher', specialtySport: 'nba' },
    verified.cookie,
  )
  expectStatus(registered, 201, 'creator registration')
  return { cookie: verified.cookie, userId: user.id }
}

function pickBody(run: number): object {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000)
  return {
    pick_details: JSON.stringify({
      sport: 'nba',
      game_date: tomorrow.toISOString(),
      home_team: 'Boston Celtics',
      away_team: 'New York Knicks',
      bet_type: 'moneyline',
      pick: 'Boston Celtics',
      odds: -150,
      reasoning: `Scale-out benchmark run ${run}: rest edge and a bad matchup for their bigs.`,
      result: 'pending',
    }),
    is_premium: true,
  }
}

interface Published {
  answer: Answer
  sentAt: number
  answeredAt: number
}

interface Progress {
  rows: number
  sent: number
  failed: number
}

async function progressOf(client: pg.Client, pickId: string): Promise<Progress> {
  const result = await client.query<{ rows: number; sent: number; failed: number }>(
    `select count(*)::int as rows,
       count(*) filter (where status in ('sent', 'delivered'))::int as sent,
       count(*) filter (where status = 'failed')::int as failed
     from alert_deliveries where pick_id = $1`,
    [pickId],
  )
  return result.rows[0] ?? { rows: 0, sent: 0, failed: 0 }
}

/** The pick's deliveries checked once sending is over: duplicates, one per subscriber and channel, the sinks. */
async function checkDeliveries(client: pg.Client, pickId: string, sinks: Sinks) {
  const duplicates = await client.query<{ n: number }>(
    `select count(*)::int as n from (
       select 1 from alert_deliveries where pick_id = $1
       group by pick_id, recipient_id, channel having count(*) > 1) as d`,
    [pickId],
  )
  const once = await client.query<{ email: number; sms: number }>(
    `with audience as (select id from users where email like $2),
       counted as (select recipient_id, channel, count(*) as n from alert_deliveries
         where pick_id = $1 group by recipient_id, channel)
     select count(*) filter (where coalesce(e.n, 0) <> 1)::int as email,
       count(*) filter (where coalesce(s.n, 0) <> 1)::int as sms
     from audience a
       left join counted e on e.recipient_id = a.id and e.channel = 'email'
       left join counted s on s.recipient_id = a.id and s.channel = 'sms'`,
    [pickId, `${audiencePrefix}-%@alerts.test`],
  )
  const outbox = await client.query<{ messages: number; duplicates: number }>(
    `select count(*)::int as messages, (count(*) - count(distinct to_number))::int as duplicates
     from sms_outbox where created_at >= (select created_at from picks where id = $1)`,
    [pickId],
  )
  const counts = await sinks.counts()
  return {
    duplicateKeys: duplicates.rows[0]?.n ?? -1,
    notExactlyOnce: { email: once.rows[0]?.email ?? -1, sms: once.rows[0]?.sms ?? -1 },
    smtp: counts.email,
    smsOutbox: outbox.rows[0] ?? { messages: 0, duplicates: 0 },
  }
}

async function measured(
  label: string,
  via: 'nginx' | 'direct',
  origin: string,
  cluster: Cluster,
  paths: string[],
  options: ScaleSectionOptions,
  during?: () => void,
): Promise<ScaleLoad> {
  const load = { connections: options.connections, durationSec: options.durationSec, warmupSec: 0 }
  // The warm-up apart, so the CPU counted is the measured window's alone.
  if (options.warmupSec > 0) await measureMixed(origin, paths, { ...load, durationSec: options.warmupSec })
  const before = cpuSnapshot(cluster.cpuGroups)
  const running = measureMixed(origin, paths, load)
  during?.()
  const result = await running
  const cpu = cpuBetween(before, cpuSnapshot(cluster.cpuGroups))
  options.log(
    `  ${label.padEnd(34)} ${result.reqPerSec.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}; ${cpu.busyCores.toFixed(2)} cores busy`,
  )
  return { label, via, load: result, cpu }
}

async function runWith(
  apiCount: number,
  context: {
    database: Database
    databaseUrl: string
    nginxPort: number
    workDir: string
    paths: string[]
    publisher: () => Promise<{ cookie: string; userId: string }>
  },
  options: ScaleSectionOptions,
): Promise<ScaleRun> {
  const { log } = options
  log(`\n[scale] ${apiCount} API process${apiCount > 1 ? 'es' : ''} + the worker behind nginx`)
  const cluster = await startCluster(apiCount, { ...context, logLevel: options.apiLogLevel })
  const client = new pg.Client({ connectionString: context.databaseUrl })
  await client.connect()
  try {
    const publisher = await context.publisher()
    const loads: ScaleLoad[] = []
    if (apiCount === 1) {
      const direct = cluster.apis[0]!.origin
      loads.push(await measured('API directly, no nginx', 'direct', direct, cluster, context.paths, options))
    }
    const origin = cluster.nginx.origin
    loads.push(await measured('through nginx', 'nginx', origin, cluster, context.paths, options))

    // Set once the load is running: the creator's POST, a moment into the measured window.
    const publication: { done?: Promise<Published> } = {}
    const publish = () => {
      publication.done = new Promise((resolve) => setTimeout(resolve, publishAfterMs)).then(async () => {
        const sentAt = performance.now()
        const answer = await call(origin, 'POST', '/api/picks', pickBody(apiCount), publisher.cookie)
        return { answer, sentAt, answeredAt: performance.now() }
      })
    }
    loads.push(
      await measured('through nginx, a pick published', 'nginx', origin, cluster, context.paths, options, publish),
    )
    if (!publication.done) throw new Error('the pick was not published')
    const { answer, sentAt, answeredAt } = await publication.done
    expectStatus(answer, 201, 'publishing the pick')
    const pickId = (JSON.parse(answer.text) as { pick: { id: string } }).pick.id
    const expected = alertSubscribers * 2
    const atLoadEnd = await progressOf(client, pickId)
    let progress = atLoadEnd
    let allQueuedMs: number | null = null
    let allSentMs: number | null = null
    for (;;) {
      const now = performance.now()
      if (allQueuedMs === null && progress.rows >= expected) allQueuedMs = now - sentAt
      if (progress.sent + progress.failed >= expected) {
        allSentMs = now - sentAt
        break
      }
      if (now - sentAt > options.deliveryLimitSec * 1000) break
      await new Promise((resolve) => setTimeout(resolve, 250))
      progress = await progressOf(client, pickId)
    }
    // Stopped by the limit: what is still queued is marked failed (and counted as not sent below),
    // so that the next run's worker, which sends this creator's due deliveries, does not send it too.
    // The worker is stopped first: marking rows it is claiming at the same time deadlocks.
    if (allSentMs === null) await cluster.worker.stop(15_000)
    const abandoned =
      allSentMs === null
        ? ((
            await client.query(
              `update alert_deliveries set status = 'failed', failed_at = now(), error = $2
               where pick_id = $1 and status in ('queued', 'sending')`,
              [pickId, leftAtLimit],
            )
          ).rowCount ?? 0)
        : 0
    const checks = await checkDeliveries(client, pickId, cluster.sinks)
    const delivery: DeliveryCheck = {
      pickId,
      publishStatus: answer.status,
      publishMs: answeredAt - sentAt,
      allQueuedMs,
      allSentMs,
      atLoadEnd: { rows: atLoadEnd.rows, sent: atLoadEnd.sent },
      expected,
      ...progress,
      ...checks,
      abandoned,
      sentPerSec: progress.sent / ((performance.now() - sentAt) / 1000),
      stoppedBy: allSentMs === null ? 'time limit' : 'all sent',
    }
    const s = (v: number | null) => (v === null ? 'not within the limit' : `${(v / 1000).toFixed(1)} s`)
    log(
      `  pick published in ${delivery.publishMs.toFixed(0)} ms; ${delivery.rows.toLocaleString('en-US')} of ${expected.toLocaleString('en-US')} deliveries queued in ${s(allQueuedMs)}, sent in ${s(allSentMs)} (${delivery.sent.toLocaleString('en-US')} sent, ${delivery.sentPerSec.toFixed(0)}/s; ${delivery.failed} failed, ${abandoned} of them left queued at the limit)`,
    )
    log(
      `  duplicates: ${delivery.duplicateKeys} keys; not exactly once: e-mail ${delivery.notExactlyOnce.email}, SMS ${delivery.notExactlyOnce.sms}; SMTP sink ${delivery.smtp.messages} messages / ${delivery.smtp.duplicates} duplicates; SMS outbox ${delivery.smsOutbox.messages} / ${delivery.smsOutbox.duplicates}`,
    )
    return { apiProcesses: apiCount, loads, delivery }
  } finally {
    await client.end()
    await cluster.stop()
  }
}

/** The 1, 5 and 15 minute load averages, as `uptime` prints them. */
function uptime(): string {
  return `load average: ${os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`
}

/** Section `scale`. */
export async function runScaleSection(options: ScaleSectionOptions): Promise<ScaleSection> {
  const { log } = options
  const measuredAt = new Date().toISOString()
  const nginx = nginxAvailability()
  if (!nginx.available) {
    log(`\n[scale] skipped: ${nginx.reason}`)
    return { measuredAt, ran: false, reason: nginx.reason }
  }
  if (!options.postgres.available) {
    log(`\n[scale] skipped: ${options.postgres.reason}`)
    return { measuredAt, ran: false, reason: options.postgres.reason }
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'picks-bench-scale-'))
  const removeWorkDir = onCleanup(() => rmSync(workDir, { recursive: true, force: true }))
  const serverUrl = options.postgres.server.url
  const name = `bench_${process.pid}_scale`
  try {
    log(`\n[scale] ${nginx.version}; seeding ${httpCreators.toLocaleString('en-US')} creators with picks in ${name}`)
    const databaseUrl = await createDatabase(serverUrl, name)
    const database = await openDatabase({ kind: 'postgres', url: databaseUrl })
    try {
      const seedStarted = performance.now()
      await seedShop(database, log)
      const target = demoCreator(0)
      const [profile] = await queryRows<{ id: string }>(
        database.db,
        sql`select user_id as id from creator_profiles where username = ${target.username}`,
      )
      if (!profile) throw new Error(`demo creator ${target.username} missing`)
      const picks = await seedPicks(database, profile.id)
      await database.db.execute(sql`vacuum analyze`)
      let seedMs = performance.now() - seedStarted
      log(`  ${picks.toLocaleString('en-US')} picks; seeded in ${(seedMs / 1000).toFixed(1)} s`)
      const targets: MixedTargets = { creatorId: profile.id, username: target.username }
      const paths = mixedPaths(targets).map((p) => p.path)

      let publisher: { cookie: string; userId: string } | null = null
      const nginxPort = await freePort()
      const context = {
        database,
        databaseUrl,
        nginxPort,
        workDir,
        paths,
        // The first run signs the creator up through nginx and seeds their audience; the second reuses the session.
        publisher: async () => {
          if (publisher) return publisher
          const origin = `http://127.0.0.1:${nginxPort}`
          const signedUp = await signUpPublisher(origin, database)
          const started = performance.now()
          await seedAudience(database.db, signedUp.userId, {
            count: alertSubscribers,
            prefix: audiencePrefix,
            sms: true,
          })
          await database.db.execute(sql`vacuum analyze`)
          const ms = performance.now() - started
          seedMs += ms
          log(
            `  ${alertSubscribers.toLocaleString('en-US')} subscribers of the publisher seeded in ${(ms / 1000).toFixed(1)} s`,
          )
          publisher = signedUp
          return signedUp
        },
      }
      const loadBefore = uptime()
      const runs: ScaleRun[] = []
      for (const apiCount of [1, 2]) runs.push(await runWith(apiCount, context, options))
      return {
        measuredAt,
        ran: true,
        nginx: nginx.version,
        connections: options.connections,
        durationSec: options.durationSec,
        warmupSec: options.warmupSec,
        creators: httpCreators,
        picks,
        subscribers: alertSubscribers,
        seedMs,
        loadBefore,
        loadAfter: uptime(),
        runs,
      }
    } finally {
      await database.close()
      await dropDatabase(serverUrl, name)
    }
  } finally {
    removeWorkDir.run()
  }
}
