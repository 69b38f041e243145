import { ConfigError, loadConfig } from './config.ts'
import { startWorker } from './jobs/worker.ts'
import { closeOnSignal } from './shutdown.ts'

/** `npm run worker`: the background jobs in a process of their own (see jobs/worker.ts). */
async function main(): Promise<void> {
  const worker = await startWorker(loadConfig())
  closeOnSignal(() => worker.stop(), worker.log)
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err)
  process.exit(1)
})
