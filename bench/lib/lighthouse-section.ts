import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { distDir, ensureWebBuild, jsBudgetBytes } from './bundle-section.ts'
import { startNodeChild, waitForHttp, type NodeChild } from './children.ts'
import { benchApiEnv } from './http-section.ts'
import { freePort } from './net.ts'
import { median } from './stats.ts'

/**
 * Issue 19, point 2: Lighthouse's mobile performance score and LCP on the pages a visitor lands on,
 * signed out, on the production build served by the production server.
 */
export const lighthouseTargets = { score: 95, lcpMs: 2_500, shopJsBytes: jsBudgetBytes } as const
/** Runs per page; the figures are their medians. */
export const lighthouseRuns = 3
/** Debian's Chromium: never a browser downloaded by a tool. `CHROME_PATH` may name another. */
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
/** One Lighthouse run may take this long before the section fails (a hang, not a slow page). */
const runTimeoutMs = 120_000
/** The whole section (build excepted) may take this long. */
const sectionTimeoutMs = 20 * 60_000

export interface LighthouseScript {
  url: string
  transferBytes: number
  /** Chrome's priority: `Lowest` for what the page prefetches for later (next pages, the reporter). */
  priority: string
}

export interface LighthouseRun {
  /** 0..100 */
  score: number
  fcpMs: number
  lcpMs: number
  tbtMs: number
  cls: number
  speedIndexMs: number
  /** Every script the run loaded, bytes as sent (compressed when the server compressed them, headers included). */
  jsTransferBytes: number
  /** The same without what was fetched at the lowest priority (prefetches for later pages and the idle reporter). */
  jsCriticalTransferBytes: number
  scripts: LighthouseScript[]
  /** The API calls of the run, in order (a preloaded call the page did not reuse shows twice). */
  apiCalls: string[]
  /** Lighthouse's estimate of JS bytes loaded but not run (the `unused-javascript` audit). */
  unusedJsBytes: number
  /** Lighthouse's warnings, if any (a page that did not settle, a redirect). */
  warnings: string[]
}

export interface LighthousePage {
  name: string
  path: string
  runs: LighthouseRun[]
  median: Omit<LighthouseRun, 'scripts' | 'apiCalls' | 'warnings'>
}

export type LighthouseSection =
  | {
      measuredAt: string
      ran: true
      built: 'existing' | 'built now'
      lighthouseVersion: string
      chromeVersion: string
      targets: typeof lighthouseTargets
      pages: LighthousePage[]
      loadAverage: { before: number; after: number }
    }
  | { measuredAt: string; ran: false; reason: string }

/** The pages of issue 19 point 2, signed out; `{creatorId}` is a demo creator's id. */
const pageSpecs = [
  { name: 'shop', path: '/shop-picks' },
  { name: 'purchase', path: '/shop-picks/purchase/{creatorId}' },
  { name: 'locker room', path: '/locker-room' },
  { name: 'my picks', path: '/my-picks' },
] as const

interface AuditLike {
  numericValue?: number
  details?: { items?: unknown[] } & Record<string, unknown>
}

function numeric(audits: Record<string, AuditLike>, id: string): number {
  const value = audits[id]?.numericValue
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`Lighthouse gave no value for ${id}`)
  return value
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function scriptsOf(audits: Record<string, AuditLike>): LighthouseScript[] {
  const items = audits['network-requests']?.details?.items ?? []
  return items.flatMap((item) =>
    isRecord(item) && item.resourceType === 'Script' && typeof item.url === 'string'
      ? [
          {
            url: new URL(item.url).pathname,
            transferBytes: typeof item.transferSize === 'number' ? item.transferSize : 0,
            priority: typeof item.priority === 'string' ? item.priority : 'unknown',
          },
        ]
      : [],
  )
}

function apiCallsOf(audits: Record<string, AuditLike>): string[] {
  const items = audits['network-requests']?.details?.items ?? []
  return items.flatMap((item) => {
    if (!isRecord(item) || typeof item.url !== 'string') return []
    const url = new URL(item.url)
    return url.pathname.startsWith('/api/') ? [`${url.pathname}${url.search}`] : []
  })
}

function unusedJsBytes(audits: Record<string, AuditLike>): number {
  const wasted = audits['unused-javascript']?.details?.overallSavingsBytes
  return typeof wasted === 'number' ? wasted : 0
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took more than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/** The production server (`apps/api` start with NODE_ENV=production) on the built app, with the demo data. */
async function startProductionServer(workDir: string): Promise<{ node: NodeChild; base: string }> {
  const port = await freePort()
  const env = benchApiEnv(workDir, 'warn', port, {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: path.join(workDir, 'data'),
    SEED_DEMO_DATA: 'true',
    WEB_DIST_DIR: distDir,
  })
  const node = startNodeChild('apps/api/src/server.ts', env, path.join(workDir, 'server.log'))
  const base = `http://127.0.0.1:${port}`
  try {
    // Ready once the demo picks are posted and graded (decision 048): minutes on a loaded machine.
    await waitForHttp(`${base}/api/ready`, node, 300_000)
  } catch (err) {
    await node.stop()
    throw err
  }
  return { node, base }
}

/** A demo creator's id, from the shop's first page, for the purchase page. */
async function demoCreatorId(base: string): Promise<string> {
  const response = await fetch(`${base}/api/creators/paginated?page=1&limit=1`, { signal: AbortSignal.timeout(10_000) })
  if (!response.ok) throw new Error(`GET /api/creators/paginated answered ${response.status}`)
  const body: unknown = await response.json()
  const first = isRecord(body) && Array.isArray(body.creators) ? body.creators[0] : undefined
  if (!isRecord(first) || typeof first.id !== 'string') throw new Error('the shop has no demo creator to buy from')
  return first.id
}

function medianRun(runs: LighthouseRun[]): LighthousePage['median'] {
  const of = (pick: (r: LighthouseRun) => number) => median(runs.map(pick))
  return {
    score: of((r) => r.score),
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    speedIndexMs: of((r) => r.speedIndexMs),
    jsTransferBytes: of((r) => r.jsTransferBytes),
    jsCriticalTransferBytes: of((r) => r.jsCriticalTransferBytes),
    unusedJsBytes: of((r) => r.unusedJsBytes),
  }
}

/**
 * Section f: Lighthouse (the npm package, its default mobile configuration: a Moto G Power on slow
 * 4G, simulated throttling, performance only) against Debian's Chromium, three runs per page on the
 * production build and server; medians per page.
 */
export async function runLighthouseSection(log: (message: string) => void): Promise<LighthouseSection> {
  const measuredAt = new Date().toISOString()
  log(`\n[lighthouse] mobile performance, ${lighthouseRuns} runs per page`)
  if (!existsSync(chromePath)) {
    return {
      measuredAt,
      ran: false,
      reason: `no Chromium at ${chromePath} (apt-get install chromium, or set CHROME_PATH)`,
    }
  }
  const built = ensureWebBuild(log, { rebuildWhenStale: true })
  if (!built.ok) return { measuredAt, ran: false, reason: built.reason }
  if (!existsSync(path.join(distDir, 'index.html'))) {
    return { measuredAt, ran: false, reason: 'apps/web/dist has no index.html' }
  }
  const { default: lighthouse } = await import('lighthouse')
  const chromeLauncher = await import('chrome-launcher')
  const workDir = mkdtempSync(path.join(tmpdir(), 'picks-bench-lighthouse-'))
  const loadBefore = loadavg()[0] ?? 0
  const deadline = Date.now() + sectionTimeoutMs
  let server: { node: NodeChild; base: string } | undefined
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | undefined
  try {
    server = await startProductionServer(workDir)
    const creatorId = await demoCreatorId(server.base)
    const userDataDir = path.join(workDir, 'chrome-profile')
    mkdirSync(userDataDir)
    chrome = await chromeLauncher.launch({
      chromePath,
      userDataDir,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    })
    let lighthouseVersion = ''
    let chromeVersion = ''
    const pages: LighthousePage[] = []
    for (const spec of pageSpecs) {
      const pagePath = spec.path.replace('{creatorId}', creatorId)
      const runs: LighthouseRun[] = []
      for (let i = 0; i < lighthouseRuns; i++) {
        if (Date.now() > deadline) throw new Error(`the section ran past its ${sectionTimeoutMs / 60_000} minutes`)
        const result = await withTimeout(
          lighthouse(
            `${server.base}${pagePath}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
            undefined,
          ),
          runTimeoutMs,
          `Lighthouse on ${pagePath}`,
        )
        if (!result) throw new Error(`Lighthouse returned nothing for ${pagePath}`)
        const { lhr } = result
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${pagePath}: ${lhr.runtimeError.message}`)
        lighthouseVersion = lhr.lighthouseVersion
        chromeVersion = lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? lhr.environment.hostUserAgent
        const audits = lhr.audits as Record<string, AuditLike>
        const score = lhr.categories.performance?.score
        if (typeof score !== 'number') throw new Error(`Lighthouse gave no performance score for ${pagePath}`)
        const scripts = scriptsOf(audits)
        const sum = (list: LighthouseScript[]) => list.reduce((n, s) => n + s.transferBytes, 0)
        const run: LighthouseRun = {
          score: Math.round(score * 100),
          fcpMs: numeric(audits, 'first-contentful-paint'),
          lcpMs: numeric(audits, 'largest-contentful-paint'),
          tbtMs: numeric(audits, 'total-blocking-time'),
          cls: numeric(audits, 'cumulative-layout-shift'),
          speedIndexMs: numeric(audits, 'speed-index'),
          jsTransferBytes: sum(scripts),
          jsCriticalTransferBytes: sum(scripts.filter((s) => s.priority !== 'Lowest')),
          scripts,
          apiCalls: apiCallsOf(audits),
          unusedJsBytes: unusedJsBytes(audits),
          warnings: lhr.runWarnings.map(String),
        }
        log(
          `  ${pagePath} run ${i + 1}: score ${run.score}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}, SI ${Math.round(run.speedIndexMs)} ms, JS ${run.jsTransferBytes} B (${run.jsCriticalTransferBytes} B before the prefetches)${run.warnings.length ? `; warnings: ${run.warnings.join(' / ')}` : ''}`,
        )
        runs.push(run)
      }
      pages.push({ name: spec.name, path: spec.path, runs, median: medianRun(runs) })
    }
    return {
      measuredAt,
      ran: true,
      built: built.built,
      lighthouseVersion,
      chromeVersion,
      targets: lighthouseTargets,
      pages,
      loadAverage: { before: loadBefore, after: loadavg()[0] ?? 0 },
    }
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err)
    log(`  failed: ${reason}`)
    return { measuredAt, ran: false, reason }
  } finally {
    chrome?.kill()
    await server?.node.stop()
    rmSync(workDir, { recursive: true, force: true })
  }
}
