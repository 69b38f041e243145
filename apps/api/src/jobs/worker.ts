import pino from 'pino'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { migrateDatabase } from '../db/migrate.ts'
import { logRedaction } from '../http/log-redaction.ts'
import {
  alertJobs,
  defaultAlertTuning,
  startSendingWith,
  workAlerts,
  type AlertTuning,
} from '../modules/alerts/alert-jobs.ts'
import { createSenders, type Senders } from '../modules/notifications/notifications.service.ts'
import { openJobQueue } from './queue.ts'

export interface WorkerOptions {
  /** Senders instead of the configured ones (tests: Twilio's SDK against a local double). */
  senders?: Partial<Senders>
  tuning?: Partial<AlertTuning>
}

export interface RunningWorker {
  database: Database
  /** Stops taking jobs, waits for running ones (up to 10 s), and closes the database. */
  stop(): Promise<void>
}

/**
 * The job worker on its own (`npm run worker`): the same handlers the server runs by default, for
 * when the API runs with RUN_WORKER=false. With the embedded database one process owns the data
 * directory, so a separate worker needs DATABASE_URL (or the server stopped).
 */
export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<RunningWorker> {
  const log = pino({ level: config.env === 'test' ? 'info' : config.logLevel, ...logRedaction })
  const database = await openDatabase(config.database)
  await migrateDatabase(database)
  const senders = createSenders(config, database.db, log, options.senders)
  const jobs = await openJobQueue(database, alertJobs, { log, schedule: true })
  await workAlerts(jobs, {
    db: database.db,
    email: senders.email,
    sms: senders.sms,
    now: () => new Date(),
    log,
    links: { publicUrl: config.publicUrl, secret: config.authSecret },
    tuning: { ...defaultAlertTuning, ...options.tuning },
    startSending: startSendingWith(jobs),
  })
  log.info({ database: database.kind }, 'worker ready')
  return {
    database,
    async stop() {
      await jobs.stop()
      await senders.email.close()
      await database.close()
    },
  }
}

/** Stops the worker on SIGINT or SIGTERM (running jobs get up to 15 s), then exits. */
export function stopOnSignal(worker: RunningWorker): void {
  let closing = false
  const shutdown = () => {
    if (closing) return
    closing = true
    const timer = setTimeout(() => process.exit(1), 15_000)
    timer.unref()
    worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  }
  process.on('SIGINT', shutdown)
  process.on('SIGTERM', shutdown)
}
