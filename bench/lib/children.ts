import { spawn, type ChildProcess } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** The repository root: children run from here so `--import tsx` and relative paths resolve. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const live = new Set<ChildProcess>()
const cleanups = new Map<number, () => void>()
let nextCleanupId = 0
let cleanedUp = false

export interface CleanupHandle {
  /** Runs the step now (once) and unregisters it. */
  run(): void
  /** Unregisters the step without running it (the work was done another way). */
  cancel(): void
}

/**
 * Registers a synchronous clean-up step (stop a PostgreSQL sandbox, remove a temp dir). Steps
 * still registered run on normal exit, on an error and on SIGINT/SIGTERM, newest first.
 */
export function onCleanup(step: () => void): CleanupHandle {
  const id = nextCleanupId++
  cleanups.set(id, step)
  return {
    run: () => {
      const registered = cleanups.get(id)
      if (!registered) return
      cleanups.delete(id)
      registered()
    },
    cancel: () => void cleanups.delete(id),
  }
}

function cleanUpEverything(): void {
  if (cleanedUp) return
  cleanedUp = true
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  live.clear()
  for (const id of [...cleanups.keys()].reverse()) {
    const step = cleanups.get(id)
    cleanups.delete(id)
    try {
      step?.()
    } catch (err) {
      console.error('clean-up step failed:', err)
    }
  }
}

/** Kills every child and runs the clean-up steps whatever way the benchmark ends. */
export function installExitHandlers(): void {
  process.on('exit', cleanUpEverything)
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping child processes and cleaning up`)
      cleanUpEverything()
      process.exit(code)
    })
  }
  process.on('uncaughtException', (err) => {
    console.error(err)
    process.exit(1)
  })
  process.on('unhandledRejection', (err) => {
    console.error(err)
    process.exit(1)
  })
}

export interface NodeChild {
  child: ChildProcess
  logFile: string
  /** The last lines the child wrote (stdout and stderr go to logFile). */
  tail(lines?: number): string
  /** SIGTERM, then SIGKILL after timeoutMs; resolves once the process is gone. */
  stop(timeoutMs?: number): Promise<void>
}

/**
 * Starts `node --import tsx <script>` (one process, so killing it by pid ends it: no npx or shell
 * in between). Output goes to a file rather than a pipe, so the benchmark's event loop never
 * has to drain a child's logs while it measures.
 */
export function startNodeChild(script: string, env: NodeJS.ProcessEnv, logFile: string): NodeChild {
  return startChild(process.execPath, ['--import', 'tsx', script], env, logFile)
}

/**
 * Starts `command` itself (no shell), from the repository root, its output to `logFile`; killed
 * with every other child however the benchmark ends.
 */
export function startChild(command: string, args: string[], env: NodeJS.ProcessEnv, logFile: string): NodeChild {
  const fd = openSync(logFile, 'a')
  const child = spawn(command, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', fd, fd],
  })
  closeSync(fd)
  live.add(child)
  child.once('exit', () => live.delete(child))
  const tail = (lines = 20) => {
    try {
      return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
    } catch {
      return ''
    }
  }
  const stop = (timeoutMs = 10_000) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
      child.once('exit', () => {
        clearTimeout(timer)
        resolve()
      })
      child.kill('SIGTERM')
    })
  return { child, logFile, tail, stop }
}

/** Polls `url` until it answers 2xx, the child exits, or timeoutMs passes. */
export async function waitForHttp(url: string, node: NodeChild, timeoutMs = 60_000): Promise<number> {
  const startedAt = performance.now()
  const deadline = startedAt + timeoutMs
  let lastProblem = 'no answer yet'
  while (performance.now() < deadline) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(
        `child exited (${node.child.exitCode ?? node.child.signalCode}) before ${url} answered:\n${node.tail()}`,
      )
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      await response.arrayBuffer()
      if (response.ok) return performance.now() - startedAt
      lastProblem = `HTTP ${response.status}`
    } catch (err) {
      lastProblem = err instanceof Error ? err.message : String(err)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms (${lastProblem}):\n${node.tail()}`)
}

/** Polls the child's log until a line contains `text`, the child exits, or timeoutMs passes. */
export async function waitForLog(node: NodeChild, text: string, timeoutMs = 60_000): Promise<number> {
  const startedAt = performance.now()
  while (performance.now() - startedAt < timeoutMs) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(
        `child exited (${node.child.exitCode ?? node.child.signalCode}) before logging "${text}":\n${node.tail()}`,
      )
    }
    let log = ''
    try {
      log = readFileSync(node.logFile, 'utf8')
    } catch {
      /* not written yet */
    }
    if (log.includes(text)) return performance.now() - startedAt
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no "${text}" in ${node.logFile} within ${timeoutMs} ms:\n${node.tail()}`)
}
