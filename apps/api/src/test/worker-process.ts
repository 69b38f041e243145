/**
 * The job worker as a child process of a test (modules/alerts/exactly-once.test.ts), so that the
 * test can kill it for real: `startWorker` with the configuration from the environment, as
 * `npm run worker` runs it, except that Twilio's SDK is pointed at a local double and the alert
 * tuning comes from the test.
 *
 *   node --import tsx apps/api/src/test/worker-process.ts
 *
 * env: what `loadConfig` reads (NODE_ENV=test, DATA_DIR or DATABASE_URL, SMTP_URL, TWILIO_*), and
 *   TEST_TWILIO_BASE_URL  where the SDK sends texts (required: a test never reaches Twilio)
 *   TEST_ALERT_TUNING     JSON, any fields of AlertTuning (e.g. {"fanOutBatch":10,"pauseBetweenBatchesMs":150})
 *   TEST_REPORT_OUTSTANDING  "true": log how much alert work is left each time it changes (see below)
 *
 * Logs JSON lines (pino) on stdout. SIGTERM stops it gracefully; SIGKILL is what the test is about.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { ConfigError, loadConfig } from '../config.ts'
import { queryRows, type Database } from '../db/client.ts'
import { startWorker } from '../jobs/worker.ts'
import { createTwilioSmsSender } from '../modules/notifications/notifications.service.ts'
import { closeOnSignal } from '../shutdown.ts'

const count = z.number().int().min(1).max(100_000)
const TestEnv = z.object({
  TEST_TWILIO_BASE_URL: z.url(),
  TEST_ALERT_TUNING: z
    .string()
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown
      } catch {
        ctx.addIssue({ code: 'custom', message: 'TEST_ALERT_TUNING must be JSON' })
        return z.NEVER
      }
    })
    .pipe(
      z
        .object({
          fanOutBatch: count,
          sendBatch: count,
          concurrency: z.number().int().min(1).max(1_000),
          leaseMs: z.number().int().min(1_000),
          sendRunMs: z.number().int().min(100),
          pauseBetweenBatchesMs: z.number().int().min(0).max(60_000),
        })
        .partial()
        .strict(),
    ),
  TEST_REPORT_OUTSTANDING: z.enum(['true', 'false']).default('false'),
})

/**
 * Logs `{"msg":"outstanding alert work","outstanding":n}` whenever n changes: deliveries not yet
 * sent, fan-outs not done, and fan-out or send jobs not finished (a dead worker's job counts until
 * it is retried and completes). At 0 nothing is left that could send a message, so a test waits
 * for that line instead of sleeping. The embedded database admits one process, so the count is
 * taken here rather than by the test.
 */
function reportOutstanding(database: Database): void {
  let last: number | null = null
  const check = async () => {
    const [row] = await queryRows<{ outstanding: number }>(
      database.db,
      sql`select (select count(*) from alert_deliveries where status in ('queued', 'sending'))
        + (select count(*) from alert_fanouts where status <> 'done')
        + (select count(*) from pgboss.job
            where name in ('alerts.fan-out', 'alerts.send') and state in ('created', 'retry', 'active')
          ) as outstanding`,
    )
    const outstanding = Number(row?.outstanding ?? -1)
    if (outstanding !== last) console.log(JSON.stringify({ msg: 'outstanding alert work', outstanding }))
    last = outstanding
  }
  // One count at a time, so the lines come in order.
  const next = () => {
    setTimeout(() => {
      // The database closes when the worker stops; there is nothing left to report then.
      check().then(next, () => {})
    }, 100).unref()
  }
  next()
}

async function main(): Promise<void> {
  const config = loadConfig()
  const test = TestEnv.parse(process.env)
  if (!config.twilio)
    throw new Error('worker-process needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER')
  const worker = await startWorker(config, {
    senders: { sms: createTwilioSmsSender({ ...config.twilio, baseUrl: test.TEST_TWILIO_BASE_URL }) },
    tuning: test.TEST_ALERT_TUNING,
  })
  if (test.TEST_REPORT_OUTSTANDING === 'true') reportOutstanding(worker.database)
  closeOnSignal(() => worker.stop(), worker.log)
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
