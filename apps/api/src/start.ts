import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { storeAcceptingPayments } from './modules/payouts/payouts.service.ts'
import { postDemoPicks, seedDemo } from './seed/seed.ts'

export interface StartedApp {
  app: FastifyInstance
  database: Database
  /**
   * Begins the start-up work that need not hold up the first page, once the server listens: on a
   * first start with demo data, posting and grading the demo picks. Resolves when it is over; a
   * failure is logged, never thrown. Until then `GET /api/ready` answers 503. Closing the app stops
   * the grading after the pick in hand and waits for the step to end, so the database is never
   * closed under it. Calling it again changes nothing.
   */
  afterListening(): Promise<void>
}

export interface StartOptions {
  /** Tests: the background work waits for this first, so a test can look at the server meanwhile. */
  holdBackground?: Promise<void>
}

/**
 * Everything before the server listens, in order: open the database (a first start copies the
 * build's empty-database template, db/empty-template.ts), bring its schema up to date, then the
 * rest of `prepareApp`. The app closes the database when it closes.
 */
export async function startApp(config: Config, options: StartOptions = {}): Promise<StartedApp> {
  const database = await openDatabase(config.database)
  await migrateDatabase(database)
  const started = await prepareApp(config, database, options)
  if (database.created) started.app.log.info({ created: database.created }, 'new embedded database')
  return started
}

/**
 * On an open, migrated database: build the app, then the demo start-up step (which needs the
 * built app's payment and odds providers), then what is on sale by the configured payment provider
 * (a server switched between sandbox and Stripe takes the other provider's creators off sale,
 * decision 025). The demo picks are left for `afterListening`.
 */
export async function prepareApp(config: Config, database: Database, options: StartOptions = {}): Promise<StartedApp> {
  // Set while the demo picks are due and not yet posted and graded: `GET /api/ready` answers 503.
  let picksPending = false
  const app = await buildApp(config, { database, starting: () => picksPending })
  const demo = await seedDemo(app, database.db, config)
  await storeAcceptingPayments({ db: database.db, provider: app.billing.provider.name })
  picksPending = demo.demoPicksDue
  let background: Promise<void> | null = null
  const closing = new AbortController()
  app.addHook('preClose', async () => {
    closing.abort()
    await background
  })
  const runBackground = async () => {
    try {
      await options.holdBackground
      await postDemoPicks(app, database.db, closing.signal)
    } catch (err) {
      app.log.error({ err }, 'posting or grading the demo picks failed')
    } finally {
      picksPending = false
    }
  }
  return {
    app,
    database,
    afterListening() {
      background ??= picksPending && !closing.signal.aborted ? runBackground() : Promise.resolve()
      return background
    },
  }
}
