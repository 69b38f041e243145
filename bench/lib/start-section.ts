import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { distDir, ensureWebBuild, npmBuild } from './bundle-section.ts'
import { startChild, startNodeChild, type NodeChild } from './children.ts'
import { freePort } from './net.ts'
import { median } from './stats.ts'

/** Issue 19, point 6: the first page answers within 5 s of `npm start` after the build. */
export const startBudgetMs = 5_000
/** Starts measured; the figure is their median. */
export const startRuns = 3
/** One start may take this long before the run counts as failed (a hang, not a slow start). */
const startTimeoutMs = 120_000
/** The URLs of the first page: the web app's HTML and the shop listing it asks for. */
export const firstPageUrls = ['/', '/api/creators/paginated'] as const

/**
 * What a start runs: `bundle` is what `npm start` runs after the build (`node --enable-source-maps
 * apps/api/dist/server.js`, the server bundled by `npm run build`); `source` is the same server
 * loaded through tsx from its TypeScript (what `npm start` ran before, and `npm run dev` runs), the
 * baseline in the same run.
 */
export type StartKind = 'bundle' | 'source'

export interface StartRun {
  kind: StartKind
  /** From spawning the server to the first 200 of every first-page URL. */
  firstPageMs: number
  /**
   * CPU time the server process had used by then (user + system, from /proc; null off Linux): on a
   * machine others are using, closer than the wall time to what an idle one would show.
   */
  firstPageCpuMs: number | null
  /** The server's own `startupMs` (process start to listening). */
  loggedStartupMs: number | null
  /** From spawning to the log line that the background demo picks were posted and graded. */
  demoPicksMs: number | null
}

export type StartSection =
  | {
      measuredAt: string
      ran: true
      budgetMs: number
      /** The bundle's starts and the source's, alternating. */
      runs: StartRun[]
      /** The bundle's, what `npm start` runs: the figure the budget is for. */
      firstPageMedianMs: number
      sourceFirstPageMedianMs: number
      firstPageCpuMedianMs: number | null
      demoPicksMedianMs: number | null
      /** The 1-minute load average when the starts began and ended (others' work on the machine). */
      loadAverage: { before: number; after: number }
    }
  | { measuredAt: string; ran: false; reason: string }

interface LogLine {
  msg?: string
  startupMs?: number
}

function logLines(node: NodeChild): LogLine[] {
  let text = ''
  try {
    text = readFileSync(node.logFile, 'utf8')
  } catch {
    return []
  }
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine]
    } catch {
      return []
    }
  })
}

/** Clock ticks per second of /proc's CPU times: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const ticksPerSecond = 100

/** User + system CPU time of a process so far, from /proc/<pid>/stat; null where there is no /proc. */
function cpuMsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null
  try {
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis):
    // state is the 3rd field of the line, utime the 14th and stime the 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    const ticks = Number(fields[11]) + Number(fields[12])
    return Number.isFinite(ticks) ? (ticks * 1000) / ticksPerSecond : null
  } catch {
    return null
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Polls every 50 ms until `done` gives a value, the child exits or the start's time is up; the
 * time returned is since `spawnedAt`.
 */
async function until<T>(node: NodeChild, spawnedAt: number, what: string, done: () => Promise<T | null>) {
  while (performance.now() - spawnedAt < startTimeoutMs) {
    if (node.child.exitCode !== null || node.child.signalCode !== null) {
      throw new Error(
        `the server exited (${node.child.exitCode ?? node.child.signalCode}) before ${what}:\n${node.tail()}`,
      )
    }
    const value = await done()
    if (value !== null) return { value, ms: performance.now() - spawnedAt }
    await pause(50)
  }
  throw new Error(`no ${what} within ${startTimeoutMs / 1000} s:\n${node.tail()}`)
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/** One start of `kind` after the build, as the package script runs it, on an empty data directory. */
async function startOnce(workDir: string, index: number, kind: StartKind): Promise<StartRun> {
  const dataDir = path.join(workDir, `data-${index}`)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  }
  const spawnedAt = performance.now()
  const logFile = path.join(workDir, `server-${index}.log`)
  const node =
    kind === 'bundle'
      ? startChild(process.execPath, ['--enable-source-maps', serverBundle], env, logFile)
      : startNodeChild('apps/api/src/server.ts', env, logFile)
  try {
    const pending = new Set<string>(firstPageUrls)
    const firstPage = await until(node, spawnedAt, `a 200 from ${firstPageUrls.join(' and ')}`, async () => {
      for (const url of [...pending]) if (await answers(`${base}${url}`)) pending.delete(url)
      return pending.size === 0 ? true : null
    })
    const firstPageCpuMs = cpuMsOf(node.child.pid)
    const ready = logLines(node).find((line) => line.msg === 'picks marketplace ready')
    const picks = await until(node, spawnedAt, 'the demo picks', async () =>
      logLines(node).some((line) => line.msg === 'demo picks posted and graded') ? true : null,
    )
    return {
      kind,
      firstPageMs: firstPage.ms,
      firstPageCpuMs,
      loggedStartupMs: ready?.startupMs ?? null,
      demoPicksMs: picks.ms,
    }
  } finally {
    await node.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const serverBundle = 'apps/api/dist/server.js'

/**
 * Time to the first page of `npm start` after the build (the server bundle) on an empty embedded
 * database, median of three starts, alternating with three starts of the same server from source
 * through tsx.
 */
export async function runStartSection(log: (message: string) => void): Promise<StartSection> {
  const measuredAt = new Date().toISOString()
  log(`\n[start] time to the first page on an empty data directory, ${startRuns} starts`)
  const built = ensureWebBuild(log)
  if (!built.ok) return { measuredAt, ran: false, reason: built.reason }
  // The server bundle and the empty-database template (quick when both are current).
  log('  npm run build -w @picks/api')
  const api = npmBuild('@picks/api', serverBundle)
  if (!api.ok) return { measuredAt, ran: false, reason: api.reason }
  if (!existsSync(path.join(distDir, 'index.html'))) {
    return { measuredAt, ran: false, reason: 'apps/web/dist has no index.html' }
  }
  const workDir = mkdtempSync(path.join(tmpdir(), 'picks-bench-start-'))
  const loadBefore = loadavg()[0] ?? 0
  try {
    const runs: StartRun[] = []
    for (let i = 0; i < 2 * startRuns; i++) {
      const run = await startOnce(workDir, i, i % 2 === 0 ? 'bundle' : 'source')
      log(
        `  start ${i + 1} (${run.kind}): first page ${Math.round(run.firstPageMs)} ms, ${run.firstPageCpuMs ?? '–'} ms CPU (server logged startupMs ${run.loggedStartupMs ?? '–'}), demo picks done ${run.demoPicksMs === null ? '–' : Math.round(run.demoPicksMs)} ms`,
      )
      runs.push(run)
    }
    const bundled = runs.filter((r) => r.kind === 'bundle')
    const picks = bundled.flatMap((r) => (r.demoPicksMs === null ? [] : [r.demoPicksMs]))
    const cpu = bundled.flatMap((r) => (r.firstPageCpuMs === null ? [] : [r.firstPageCpuMs]))
    return {
      measuredAt,
      ran: true,
      budgetMs: startBudgetMs,
      runs,
      firstPageMedianMs: median(bundled.map((r) => r.firstPageMs)),
      sourceFirstPageMedianMs: median(runs.filter((r) => r.kind === 'source').map((r) => r.firstPageMs)),
      firstPageCpuMedianMs: cpu.length ? median(cpu) : null,
      demoPicksMedianMs: picks.length ? median(picks) : null,
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    log(`  failed: ${reason}`)
    return { measuredAt, ran: false, reason }
  } finally {
    rmSync(workDir, { recursive: true, force: true })
  }
}
