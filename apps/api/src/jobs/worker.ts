import pino from 'pino'
import type { Config } from '../config.ts'
import { openDatabase, type Database } from '../db/client.ts'
import { openInvalidations } from '../db/invalidations.ts'
import { migrateDatabase } from '../db/migrate.ts'
import { logRedaction } from '../http/log-redaction.ts'
import { defaultAlertTuning, startSendingWith, type AlertTuning } from '../modules/alerts/alert-jobs.ts'
import { createSenders, type Senders } from '../modules/notifications/notifications.service.ts'
import { createOddsProvider } from '../modules/odds/odds.service.ts'
import { createGrader, type Grader } from '../modules/picks/picks.service.ts'
import { createBilling, type Billing } from '../modules/billing/billing.service.ts'
import { shopTopic } from '../modules/creators/shop-cache.ts'
import { picksTopic } from '../modules/picks/picks-cache.ts'
import { settleAllCreators } from '../modules/analytics/creator-analytics.ts'
import { pruneReports } from '../modules/reports/reports.service.ts'
import { allJobs, workAllJobs } from './all-jobs.ts'
import { openJobQueue, type Jobs } from './queue.ts'

export interface WorkerOptions {
  /** Senders instead of the configured ones (tests: Twilio's SDK against a local double). */
  senders?: Partial<Senders>
  tuning?: Partial<AlertTuning>
  /**
   * An open database instead of the configured one, left open on stop (tests: the PGlite an API
   * instance holds, since one process at a time can open an embedded database).
   */
  database?: Database
  /** Whether this process runs pg-boss's cron, which sends the scheduled ticks (default: yes; tests send them). */
  scheduler?: boolean
}

export interface RunningWorker {
  database: Database
  /** The worker's logger (the shutdown logs through it). */
  log: pino.Logger
  /** Stops taking jobs, waits for running ones (up to 10 s), and closes the database. */
  stop(): Promise<void>
}

/** A worker built but not yet taking jobs, so a test can watch its services first. */
export interface JobWorker extends RunningWorker {
  jobs: Jobs
  billing: Billing
  grader: Grader
  /** Takes every kind of job and puts the scheduled ones on the cron. */
  start(): Promise<void>
}

/**
 * The job worker on its own (`npm run worker`): the same handlers the server runs by default, for
 * when the API runs with RUN_WORKER=false. With the embedded database one process owns the data
 * directory, so a separate worker needs DATABASE_URL (or the server stopped).
 */
export async function startWorker(config: Config, options: WorkerOptions = {}): Promise<RunningWorker> {
  const worker = await createWorker(config, options)
  await worker.start()
  return worker
}

export async function createWorker(config: Config, options: WorkerOptions = {}): Promise<JobWorker> {
  const log = pino({ level: config.env === 'test' ? 'info' : config.logLevel, ...logRedaction })
  const database = options.database ?? (await openDatabase(config.database))
  await migrateDatabase(database)
  const now = () => new Date()
  const senders = createSenders(config, database.db, log, options.senders)
  const jobs = await openJobQueue(database, allJobs, { log, schedule: options.scheduler ?? true })
  // A grade here changes the feeds and records the shop shows: every API process hears of it (decisions 047, 050).
  const invalidations = await openInvalidations({ db: database.db, listen: jobs.listen, log })
  const shopChanged = () => invalidations.publish(shopTopic)
  const billing = createBilling({ config, db: database.db, log, now, email: senders.email, onSaleChanged: shopChanged })
  const odds = createOddsProvider({ oddsApiKey: config.oddsApiKey }, log, { now })
  const grader = createGrader({
    db: database.db,
    odds,
    now,
    log,
    onRecordChanged: shopChanged,
    onPicksChanged: () => invalidations.publish(picksTopic),
  })
  return {
    database,
    log,
    jobs,
    billing,
    grader,
    async start() {
      await workAllJobs(jobs, {
        alerts: {
          db: database.db,
          email: senders.email,
          sms: senders.sms,
          now,
          log,
          links: { publicUrl: config.publicUrl, secret: config.authSecret },
          tuning: { ...defaultAlertTuning, ...options.tuning },
          startSending: startSendingWith(jobs),
        },
        billing,
        grader,
        analytics: { settleAll: () => settleAllCreators(database.db, now()) },
        reports: { prune: () => pruneReports({ db: database.db, now }, config.reportRetention) },
        log,
      })
      log.info({ database: database.kind }, 'worker ready')
    },
    async stop() {
      await invalidations.close()
      await jobs.stop()
      await senders.email.close()
      if (!options.database) await database.close()
    },
  }
}
