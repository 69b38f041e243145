import { ConfigError, loadConfig } from './config.ts'
import { startWorker } from './jobs/worker.ts'

/** `npm run worker`: the background jobs in a process of their own (see jobs/worker.ts). */
async function main(): Promise<void> {
  const worker = await startWorker(loadConfig())
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

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
