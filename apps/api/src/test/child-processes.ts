import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

/**
 * Real processes of ours started by a test (`node --import tsx <entry>`, as `npm start` and
 * `npm run worker` run them), their JSON log lines (pino) read as they come, so that a test waits
 * for a line instead of sleeping.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
export const repoRoot = path.resolve(here, '../../../..')
/** apps/api/src: where the entries are (`server.ts`, `worker.ts`, `test/worker-process.ts`). */
export const apiSource = path.resolve(here, '..')

export interface LoggedProcess<Line extends object> {
  child: ChildProcess
  /** Every stdout line that was JSON, in order. */
  logs: Line[]
  /** Every line of stdout and stderr, for failure messages. */
  output: string[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
  /** The first log line that `matches`; rejects if the process exits first or `timeoutMs` passes. */
  logged(matches: (line: Line) => boolean, timeoutMs: number): Promise<Line>
  /** SIGTERM (a graceful stop), then SIGKILL if it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

const running = new Set<ChildProcess>()

/**
 * Starts `entry` with exactly `env`; `onLog` sees each log line first. A TypeScript entry (a path
 * under apps/api/src) runs through tsx; a JavaScript one (an absolute path to a server bundle,
 * build-server.ts) runs as `npm start` runs the build's.
 */
export function spawnLogged<Line extends object>(
  entry: string,
  env: Record<string, string>,
  onLog?: (line: Line, child: ChildProcess) => void,
): LoggedProcess<Line> {
  const script = path.resolve(apiSource, entry)
  const args = script.endsWith('.ts') ? ['--import', 'tsx', script] : ['--enable-source-maps', script]
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const logs: Line[] = []
  const output: string[] = []
  const watchers = new Set<(line: Line) => void>()
  createInterface({ input: child.stdout! }).on('line', (text) => {
    output.push(text)
    let parsed: Line
    try {
      parsed = JSON.parse(text) as Line
    } catch {
      return
    }
    logs.push(parsed)
    onLog?.(parsed, child)
    for (const watch of watchers) watch(parsed)
  })
  createInterface({ input: child.stderr! }).on('line', (text) => output.push(text))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      running.delete(child)
      resolve({ code, signal })
    }),
  )
  const logged = (matches: (line: Line) => boolean, timeoutMs: number) =>
    new Promise<Line>((resolve, reject) => {
      const tail = () => output.slice(-20).join('\n')
      const done = () => {
        watchers.delete(watch)
        clearTimeout(timer)
      }
      const watch = (line: Line) => {
        if (!matches(line)) return
        done()
        resolve(line)
      }
      const timer = setTimeout(() => {
        done()
        reject(new Error(`no such log line from ${entry} after ${timeoutMs / 1000} s:\n${tail()}`))
      }, timeoutMs)
      const earlier = logs.find(matches)
      if (earlier) {
        done()
        resolve(earlier)
        return
      }
      watchers.add(watch)
      void exited.then(({ code, signal }) => {
        if (!watchers.has(watch)) return
        done()
        reject(new Error(`${entry} exited (${signal ?? code}) first:\n${tail()}`))
      })
    })
  const stop = async (graceMs = 15_000) => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
      void exited.then(() => clearTimeout(timer))
    }
    return exited
  }
  return { child, logs, output, exited, logged, stop }
}

/** Kills whatever a test file started and did not stop (its afterAll, after a failure). */
export function killStartedProcesses(): void {
  for (const child of running) child.kill('SIGKILL')
}
