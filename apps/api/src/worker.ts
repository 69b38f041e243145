import { ConfigError, loadConfig } from './config.ts'
import { startWorker, stopOnSignal } from './jobs/worker.ts'

/** `npm run worker`: the background jobs in a process of their own (see jobs/worker.ts). */
async function main(): Promise<void> {
  const worker = await startWorker(loadConfig())
  stopOnSignal(worker)
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
