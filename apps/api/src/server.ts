import { ConfigError, loadConfig } from './config.ts'
import { beginPreparingDataDir } from './db/empty-template.ts'
import { closeOnSignal } from './shutdown.ts'

/**
 * `npm start`: the API listens; everything before that is start.ts, the way out is shutdown.ts.
 * `startupMs` is the time from the process's start to listening, loading the code included
 * (performance.now() counts from the process's start); `loadingMs` is the loading part.
 *
 * This module imports only the configuration, the template copy and the signal handling; the rest
 * of the server's code is imported once a first start's copy of the empty database has begun (in a
 * thread of its own), so the two overlap. The build splits the bundle there (build-server.ts).
 */
async function main(): Promise<void> {
  const config = loadConfig()
  if (config.database.kind === 'pglite' && config.database.dataDir) beginPreparingDataDir(config.database.dataDir)
  const { startApp } = await import('./start.ts')
  const loadingMs = Math.round(performance.now())
  const { app, database, afterListening } = await startApp(config)
  await app.listen({ host: config.host, port: config.port })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  const host = config.host === '127.0.0.1' ? 'localhost' : config.host
  app.log.info(
    { url: `http://${host}:${port}`, database: database.kind, startupMs: Math.round(performance.now()), loadingMs },
    'picks marketplace ready',
  )
  closeOnSignal(() => app.close(), app.log)
  void afterListening()
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message)
  } else {
    console.error(err)
  }
  process.exit(1)
})
