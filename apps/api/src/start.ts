import type { FastifyInstance } from 'fastify'
import { buildApp } from './app.ts'
import type { Config } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { storeAcceptingPayments } from './modules/payouts/payouts.service.ts'
import { seedDemo } from './seed/seed.ts'

/**
 * Everything before the server listens, in order: open the database, bring its schema up to date,
 * build the app, then the demo start-up step (which needs the built app's payment and odds
 * providers), then what is on sale by the configured payment provider (a server switched between
 * sandbox and Stripe takes the other provider's creators off sale, decision 025). The app closes
 * the database when it closes.
 */
export async function startApp(config: Config): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openDatabase(config.database)
  await migrateDatabase(database)
  const app = await buildApp(config, { database })
  await seedDemo(app, database.db, config)
  await storeAcceptingPayments({ db: database.db, provider: app.billing.provider.name })
  return { app, database }
}
