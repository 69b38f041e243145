import type { FastifyBaseLogger } from 'fastify'

/**
 * Runs `task` every `intervalMs` inside the server process, one run at a time (a run still going
 * when the next is due is not doubled), logging failures and moving on. Every task scheduled here
 * is safe to repeat and to run from several processes: each claims its rows before changing them.
 * Returns the function that stops it. The timer does not keep the process alive.
 */
export function every(
  intervalMs: number,
  name: string,
  task: () => Promise<unknown>,
  log: FastifyBaseLogger,
): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    task()
      .catch((err: unknown) => log.error({ err, job: name }, 'scheduled work failed; it runs again next time'))
      .finally(() => {
        running = false
      })
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
