import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'
import { migrateDatabase } from './db/migrate.ts'
import { connectDemoCreators, seedDemoData } from './db/seed.ts'
import { seedDemoPicks } from './modules/picks/picks.service.ts'

async function main(): Promise<void> {
  const startedAt = performance.now()
  const config = loadConfig()
  const database = await openDatabase(config.database)
  await migrateDatabase(database)
  const app = await buildApp(config, { database })
  if (config.seedDemoData) {
    const seeded = await seedDemoData(database.db)
    if (seeded.created) app.log.info({ creators: seeded.creators }, 'demo data loaded')
    if (app.billing.sandbox) {
      const connected = await connectDemoCreators(database.db, app.billing.sandbox)
      if (connected) app.log.info({ creators: connected }, 'demo creators take test payments (sandbox)')
    }
    if (seeded.created && app.odds.name === 'fixtures') {
      const posted = await seedDemoPicks({ db: database.db, odds: app.odds, now: () => new Date(), grader: app.grader })
      app.log.info({ picks: posted }, 'demo picks posted and graded')
    }
  }
  await app.listen({ host: config.host, port: config.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '127.0.0.1' ? 'localhost' : config.host
  app.log.info(
    { url: `http://${host}:${port}`, database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    'picks marketplace ready',
  )

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting')
      process.exit(1)
    }, 10_000)
    timer.unref()
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while shutting down')
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
  } else {
    console.error(err)
  }
  process.exit(1)
})
