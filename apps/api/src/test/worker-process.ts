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
 *
 * Logs JSON lines (pino) on stdout. SIGTERM stops it gracefully; SIGKILL is what the test is about.
 */
import { z } from 'zod'
import { ConfigError, loadConfig } from '../config.ts'
import { startWorker, stopOnSignal } from '../jobs/worker.ts'
import { createTwilioSmsSender } from '../modules/notifications/notifications.service.ts'

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
})

async function main(): Promise<void> {
  const config = loadConfig()
  const test = TestEnv.parse(process.env)
  if (!config.twilio)
    throw new Error('worker-process needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM_NUMBER')
  const worker = await startWorker(config, {
    senders: { sms: createTwilioSmsSender({ ...config.twilio, baseUrl: test.TEST_TWILIO_BASE_URL }) },
    tuning: test.TEST_ALERT_TUNING,
  })
  stopOnSignal(worker)
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
