import type { FastifyBaseLogger } from 'fastify'

/**
 * How long a graceful shutdown may take before the process gives up and exits with 1. Both the
 * server and the worker stop the job queue on the way out, which gives running jobs up to 10 s
 * (jobs/queue.ts); 15 s leaves five more for the mail transport and the database to close after it.
 */
export const shutdownTimeoutMs = 15_000

export interface ShutdownOptions {
  timeoutMs?: number
  /** Where the signals come from (tests: an EventEmitter, so that no real signal is needed). */
  signals?: { on(signal: NodeJS.Signals, listener: () => void): unknown }
  /** How the process ends (tests: a function that records the code). */
  exit?: (code: number) => void
  /** The timeout's timer (tests: one they fire themselves, so that nothing really waits). */
  setTimer?: (run: () => void, ms: number) => { unref(): unknown }
}

/**
 * The one graceful shutdown of the server and the worker: on the first SIGINT or SIGTERM it runs
 * `close` and exits with 0 when it resolves, 1 when it fails or takes longer than the timeout.
 * Another signal while closing changes nothing: a second Ctrl-C must not start a second close of
 * the same database.
 */
export function closeOnSignal(
  close: () => Promise<void>,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
  options: ShutdownOptions = {},
): void {
  const timeoutMs = options.timeoutMs ?? shutdownTimeoutMs
  const signals = options.signals ?? process
  const exit = options.exit ?? ((code: number) => process.exit(code))
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms))
  let closing = false
  let exited = false
  // Whichever comes first decides the exit code: a close that ends after the timeout fired (possible
  // only when `exit` returns, as in tests) does not exit a second time.
  const exitOnce = (code: number) => {
    if (exited) return
    exited = true
    exit(code)
  }
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'shutting down')
    // Unreferenced: a close that finishes in time must not wait for the timer to let the process go.
    setTimer(() => {
      log.error({ timeoutMs }, `shutdown took longer than ${timeoutMs / 1000} s; exiting`)
      exitOnce(1)
    }, timeoutMs).unref()
    close().then(
      () => exitOnce(0),
      (err: unknown) => {
        log.error({ err }, 'error while shutting down')
        exitOnce(1)
      },
    )
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) signals.on(signal, () => shutdown(signal))
}
