import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows, type Database } from '../../apps/api/src/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts'
import { sendDueAlerts } from '../../apps/api/src/modules/alerts/alert-delivery.ts'
import { fanOutPick } from '../../apps/api/src/modules/alerts/alert-fanout.ts'
import { defaultAlertTuning, recordPublished, type AlertDeps } from '../../apps/api/src/modules/alerts/alert-jobs.ts'
import { insertPick, seedAudience } from '../../apps/api/src/modules/alerts/alerts-test-support.ts'
import {
  createSmtpEmailSender,
  createTwilioSmsSender,
  type EmailSender,
  type SmsSender,
} from '../../apps/api/src/modules/notifications/notifications.service.ts'
import { createCreator } from '../../apps/api/src/test/factories.ts'
import type { SinkCounts } from '../../apps/api/src/test/smtp-sink.ts'
import { onCleanup, startNodeChild, waitForHttp, type NodeChild } from './children.ts'
import { freePort } from './net.ts'
import { createDatabase, dropDatabase, type PostgresAvailability } from './postgres.ts'
import { median } from './stats.ts'

/** Issue 7: a creator with this many entitled subscribers (e-mail and SMS on) publishes a pick. */
export const alertSubscribers = 100_000
/** Sending is measured over the first deliveries claimed, up to this many or this long. */
export const sendSample = 20_000
export const sendTimeLimitMs = 60_000
/** Then the same pipeline with senders that answer at once: what the database and rendering allow. */
export const bareSample = 5_000
export const alertTargets = { fanOutMs: 5_000, messagesPerSec: 1_000 } as const

export interface FanOutTiming {
  /** From calling `fanOutPick` until it returned: every delivery queued. */
  ms: number
  queued: number
  batches: number
  batchMedianMs: number
  batchMaxMs: number
  /** Rows in alert_deliveries for the pick afterwards (must equal `queued`). */
  rows: number
}

export interface SendTiming {
  sent: number
  retrying: number
  failed: number
  elapsedMs: number
  perSec: number
  stoppedBy: 'sample' | 'time limit' | 'queue empty'
  /** What the sinks counted (per recipient: any count above one is a duplicate). */
  sinks: { email: SinkCounts; sms: SinkCounts }
  /** Deliveries marked `sent` in the database, per channel. */
  marked: { email: number; sms: number }
  /** CPU time while sending: this process (claims, rendering, SMTP and HTTP clients) and the sinks' process. */
  senderCpuMs: number
  sinkCpuMs: number
  /** The next deliveries through senders that return at once (no SMTP, no HTTP). */
  withoutProviders: { sent: number; elapsedMs: number; perSec: number }
}

export type AlertsDatabaseResult =
  | {
      database: 'pglite' | 'postgres'
      ran: true
      subscribers: number
      seedMs: number
      fanOut: FanOutTiming
      sending: SendTiming
    }
  | { database: 'pglite' | 'postgres'; ran: false; reason: string }

export interface AlertsSection {
  measuredAt: string
  subscribers: number
  sendSample: number
  sendTimeLimitSec: number
  bareSample: number
  tuning: {
    fanOutBatch: number
    fanOutParallel: number
    sendBatch: number
    concurrency: number
    smtpConnections: number
  }
  databases: AlertsDatabaseResult[]
}

/** The SMTP adapter's pool: its default, which is what SMTP_URL gives in production. */
const smtpConnections = 5
const links = { publicUrl: 'https://picks.example', secret: 'benchmark-only-secret-at-least-32-characters' }

export interface Sinks {
  child: NodeChild
  smtpUrl: string
  smsBaseUrl: string
  accountSid: string
  authToken: string
  counts(): Promise<SinkReport>
}

interface SinkReport {
  email: SinkCounts
  sms: SinkCounts
  cpuMs: number
}

export async function startSinks(workDir: string, kind: string): Promise<Sinks> {
  const [port, smtpPort, smsPort] = [await freePort(), await freePort(), await freePort()]
  const child = startNodeChild(
    'bench/alerts-sinks.ts',
    { PATH: process.env.PATH ?? '', PORT: String(port), SMTP_PORT: String(smtpPort), SMS_PORT: String(smsPort) },
    path.join(workDir, `sinks-${kind}.log`),
  )
  const base = `http://127.0.0.1:${port}`
  await waitForHttp(`${base}/ready`, child)
  const ready = (await (await fetch(`${base}/ready`)).json()) as Omit<Sinks, 'child' | 'counts'>
  return {
    child,
    ...ready,
    counts: async () => (await (await fetch(`${base}/counts`)).json()) as SinkReport,
  }
}

/** Counts messages handed over and aborts the run once `limit` have been. */
function counted(limit: number, controller: AbortController) {
  let handedOver = 0
  const tally = () => {
    handedOver += 1
    if (handedOver >= limit) controller.abort()
  }
  return {
    email: (inner: EmailSender): EmailSender => ({
      kind: inner.kind,
      send: async (message) => {
        const sent = await inner.send(message)
        tally()
        return sent
      },
      close: () => inner.close(),
    }),
    sms: (inner: SmsSender): SmsSender => ({
      kind: inner.kind,
      send: async (message) => {
        const sent = await inner.send(message)
        tally()
        return sent
      },
    }),
  }
}

/** The same claims, rendering and status writes, with senders that take each message at once. */
async function sendWithoutProviders(deps: AlertDeps, creatorId: string): Promise<SendTiming['withoutProviders']> {
  const controller = new AbortController()
  const count = counted(bareSample, controller)
  const instant: AlertDeps = {
    ...deps,
    email: count.email({
      kind: 'smtp',
      send: async () => ({ id: `<${randomUUID()}@bench.invalid>` }),
      close: async () => {},
    }),
    sms: count.sms({ kind: 'twilio', send: async () => ({ id: `SM${randomUUID().replaceAll('-', '')}` }) }),
  }
  const started = performance.now()
  const run = await sendDueAlerts(instant, creatorId, {
    deadline: Date.now() + sendTimeLimitMs,
    signal: controller.signal,
  })
  const elapsedMs = performance.now() - started
  return { sent: run.sent, elapsedMs, perSec: run.sent / (elapsedMs / 1000) }
}

async function runOn(
  database: Database,
  workDir: string,
  log: (message: string) => void,
): Promise<Extract<AlertsDatabaseResult, { ran: true }>> {
  const kind = database.kind
  await migrateDatabase(database)
  const { db } = database
  const seedStarted = performance.now()
  const creator = await createCreator(db)
  await seedAudience(db, creator.id, { count: alertSubscribers, prefix: 'bench', sms: true })
  const pick = await insertPick(db, creator.id)
  await recordPublished(db, pick.id, new Date())
  // Statistics as a server has them some time after the subscribers came (autovacuum's ANALYZE).
  await db.execute(sql`analyze`)
  const seedMs = performance.now() - seedStarted
  log(
    `  ${alertSubscribers.toLocaleString('en-US')} subscribers seeded in ${(seedMs / 1000).toFixed(1)} s (not measured)`,
  )

  const sinks = await startSinks(workDir, kind)
  const controller = new AbortController()
  const count = counted(sendSample, controller)
  const email = count.email(
    createSmtpEmailSender({
      url: sinks.smtpUrl,
      from: 'Picks <alerts@picks.example>',
      maxConnections: smtpConnections,
    }),
  )
  const sms = count.sms(
    createTwilioSmsSender({
      accountSid: sinks.accountSid,
      authToken: sinks.authToken,
      from: '+15550001111',
      baseUrl: sinks.smsBaseUrl,
    }),
  )
  const batchEnds: number[] = []
  let sendingStarted = 0
  const deps: AlertDeps = {
    db,
    email,
    sms,
    now: () => new Date(),
    log: {
      info: (_obj, msg) => {
        if (msg === 'alert fan-out batch queued') batchEnds.push(performance.now())
      },
      warn: (obj, msg) => log(`  warning: ${msg} ${JSON.stringify(obj)}`),
    },
    links,
    tuning: defaultAlertTuning,
    startSending: async () => {
      sendingStarted += 1
    },
  }
  try {
    const fanOutStarted = performance.now()
    const result = await fanOutPick(deps, pick.id)
    const fanOutMs = performance.now() - fanOutStarted
    const batchMs = batchEnds.map((end, i) => end - (i === 0 ? fanOutStarted : (batchEnds[i - 1] as number)))
    const [row] = await queryRows<{ rows: number }>(
      db,
      sql`select count(*)::int as rows from alert_deliveries where pick_id = ${pick.id}::uuid`,
    )
    const fanOut: FanOutTiming = {
      ms: fanOutMs,
      queued: result.queued,
      batches: result.batches,
      batchMedianMs: median(batchMs),
      batchMaxMs: Math.max(...batchMs),
      rows: row?.rows ?? 0,
    }
    log(
      `  fan-out: ${fanOut.queued.toLocaleString('en-US')} deliveries queued in ${(fanOutMs / 1000).toFixed(2)} s (${fanOut.batches} batches of ${defaultAlertTuning.fanOutBatch} recipients, median ${fanOut.batchMedianMs.toFixed(0)} ms, max ${fanOut.batchMaxMs.toFixed(0)} ms; sending started ${sendingStarted}×)`,
    )
    if (fanOut.rows !== alertSubscribers * 2 || fanOut.queued !== fanOut.rows) {
      throw new Error(
        `expected ${alertSubscribers * 2} deliveries, fan-out said ${fanOut.queued}, table has ${fanOut.rows}`,
      )
    }

    const sinksBefore = await sinks.counts()
    const cpuBefore = process.cpuUsage()
    const deadline = Date.now() + sendTimeLimitMs
    const sendStarted = performance.now()
    const run = await sendDueAlerts(deps, creator.id, { deadline, signal: controller.signal })
    const elapsedMs = performance.now() - sendStarted
    const cpu = process.cpuUsage(cpuBefore)
    const sinksAfter = await sinks.counts()
    const marked = await queryRows<{ channel: 'email' | 'sms'; n: number }>(
      db,
      sql`select channel, count(*)::int as n from alert_deliveries
        where pick_id = ${pick.id}::uuid and status = 'sent' group by channel`,
    )
    const sending: SendTiming = {
      ...run,
      elapsedMs,
      perSec: run.sent / (elapsedMs / 1000),
      stoppedBy: controller.signal.aborted ? 'sample' : Date.now() > deadline ? 'time limit' : 'queue empty',
      sinks: { email: sinksAfter.email, sms: sinksAfter.sms },
      marked: {
        email: marked.find((m) => m.channel === 'email')?.n ?? 0,
        sms: marked.find((m) => m.channel === 'sms')?.n ?? 0,
      },
      senderCpuMs: (cpu.user + cpu.system) / 1000,
      sinkCpuMs: sinksAfter.cpuMs - sinksBefore.cpuMs,
      withoutProviders: await sendWithoutProviders(deps, creator.id),
    }
    log(
      `  sending: ${run.sent.toLocaleString('en-US')} sent in ${(elapsedMs / 1000).toFixed(1)} s = ${sending.perSec.toFixed(0)} messages/s (${run.retrying} retrying, ${run.failed} failed; stopped by ${sending.stoppedBy})`,
    )
    log(
      `  CPU while sending: ${(sending.senderCpuMs / 1000).toFixed(1)} s in this process, ${(sending.sinkCpuMs / 1000).toFixed(1)} s in the sinks; without providers: ${sending.withoutProviders.sent} in ${(sending.withoutProviders.elapsedMs / 1000).toFixed(1)} s = ${sending.withoutProviders.perSec.toFixed(0)} messages/s`,
    )
    log(
      `  sinks: e-mail ${sending.sinks.email.messages} messages / ${sending.sinks.email.duplicates} duplicates, SMS ${sending.sinks.sms.messages} / ${sending.sinks.sms.duplicates}; marked sent: ${sending.marked.email} e-mail, ${sending.marked.sms} SMS`,
    )
    return { database: kind, ran: true, subscribers: alertSubscribers, seedMs, fanOut, sending }
  } finally {
    await email.close()
    await sinks.child.stop()
  }
}

/** Section d: a pick's fan-out to 100,000 subscribers, and sending through SMTP and the SMS double. */
export async function runAlertsSection(options: {
  postgres: PostgresAvailability
  log(message: string): void
}): Promise<AlertsSection> {
  const { log } = options
  const workDir = mkdtempSync(path.join(tmpdir(), 'picks-bench-alerts-'))
  const removeWorkDir = onCleanup(() => rmSync(workDir, { recursive: true, force: true }))
  const databases: AlertsDatabaseResult[] = []
  try {
    if (!options.postgres.available) {
      log(`\n[alerts] postgres: skipped (${options.postgres.reason})`)
      databases.push({ database: 'postgres', ran: false, reason: options.postgres.reason })
    } else {
      const serverUrl = options.postgres.server.url
      const name = `bench_${process.pid}_alerts`
      log(`\n[alerts] postgres: a pick to ${alertSubscribers.toLocaleString('en-US')} subscribers in ${name}`)
      const url = await createDatabase(serverUrl, name)
      const database = await openDatabase({ kind: 'postgres', url })
      try {
        databases.push(await runOn(database, workDir, log))
      } finally {
        await database.close()
        await dropDatabase(serverUrl, name)
      }
    }

    log(`\n[alerts] pglite: a pick to ${alertSubscribers.toLocaleString('en-US')} subscribers`)
    const database = await openDatabase({ kind: 'pglite', dataDir: path.join(workDir, 'pglite') })
    try {
      databases.push(await runOn(database, workDir, log))
    } finally {
      await database.close()
    }
  } finally {
    removeWorkDir.run()
  }
  return {
    measuredAt: new Date().toISOString(),
    subscribers: alertSubscribers,
    sendSample,
    sendTimeLimitSec: sendTimeLimitMs / 1000,
    bareSample,
    tuning: {
      fanOutBatch: defaultAlertTuning.fanOutBatch,
      fanOutParallel: defaultAlertTuning.fanOutParallel,
      sendBatch: defaultAlertTuning.sendBatch,
      concurrency: defaultAlertTuning.concurrency,
      smtpConnections,
    },
    databases,
  }
}
