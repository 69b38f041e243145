import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { buildApp } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/config.ts'
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts'
import { repoRoot } from './children.ts'
import { acquirePostgres, createDatabase, databaseExists, databaseUrl, dropDatabase, keepDatabase } from './postgres.ts'
import type { machine } from './report.ts'
import { median, percentile } from './stats.ts'

/**
 * What the at-scale benchmarks (`bench:admin`, `bench:analytics`) share: a seed of timed SQL steps,
 * endpoints timed one call cold then up to a bounded number of calls, and the report's tables.
 */

export interface Timing {
  label: string
  url: string
  status: number
  coldMs: number
  runs: number
  medianMs: number
  p95Ms: number
  maxMs: number
  /** Whether the median is under the target; null for a baseline. */
  meets: boolean | null
}

export interface SeedStep {
  label: string
  sql: string
}

/**
 * Runs each step of a seed, then ANALYZE (or VACUUM ANALYZE: what autovacuum does to an insert-only
 * table on a server since PostgreSQL 13, setting the visibility map), on one connection; the time of each.
 */
export async function runSeed(
  url: string,
  steps: readonly SeedStep[],
  log: (m: string) => void,
  finish: 'analyze' | 'vacuum analyze' = 'analyze',
): Promise<Array<{ label: string; ms: number }>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const times: Array<{ label: string; ms: number }> = []
  try {
    for (const step of [...steps, { label: finish.toUpperCase(), sql: finish }]) {
      const t = performance.now()
      await client.query(step.sql)
      const ms = performance.now() - t
      times.push({ label: step.label, ms })
      log(`  ${step.label}: ${(ms / 1000).toFixed(1)} s`)
    }
  } finally {
    await client.end()
  }
  return times
}

/**
 * One call cold, then up to `runs` calls within `budgetMs`: median, p95 and max of those. `target`
 * (ms) is what the median is held to; null for a baseline.
 */
export async function timeCalls(
  label: string,
  url: string,
  call: () => Promise<number>,
  options: { runs: number; budgetMs: number; targetMs: number | null },
): Promise<Timing> {
  const t0 = performance.now()
  const status = await call()
  const coldMs = performance.now() - t0
  const samples: number[] = []
  const start = performance.now()
  for (let i = 0; i < options.runs && performance.now() - start < options.budgetMs; i++) {
    const t = performance.now()
    const s = await call()
    samples.push(performance.now() - t)
    if (s !== status) throw new Error(`${url}: status ${s} after ${status}`)
  }
  const medianMs = median(samples)
  return {
    label,
    url,
    status,
    coldMs,
    runs: samples.length,
    medianMs,
    p95Ms: percentile(samples, 95),
    maxMs: Math.max(...samples),
    meets: options.targetMs === null ? null : medianMs < options.targetMs,
  }
}

/** The report's machine line, row counts, seed table and timings table, in Markdown. */
export function scaleMarkdown(r: {
  title: string
  machine: ReturnType<typeof machine>
  counts: Record<string, number>
  seed: Array<{ label: string; ms: number }>
  timings: Timing[]
  targetMedianMs: number
  notes?: string[]
}): string {
  const f = (n: number) => n.toFixed(1)
  return [
    `# ${r.title}`,
    '',
    `Machine: ${r.machine.cpuModel}, ${r.machine.cpuCount} CPUs, ${r.machine.totalMemoryGiB} GiB, ${r.machine.os}, Node ${r.machine.node}, ${r.machine.postgres ?? ''}`,
    '',
    `Rows: ${Object.entries(r.counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}`,
    '',
    '| Seed step | s |',
    '| --- | --- |',
    ...r.seed.map((s) => `| ${s.label} | ${(s.ms / 1000).toFixed(1)} |`),
    `| total | ${(r.seed.reduce((a, s) => a + s.ms, 0) / 1000).toFixed(1)} |`,
    '',
    ...(r.notes ?? []).flatMap((n) => [n, '']),
    `| Request | status | cold ms | runs | median ms | p95 ms | max ms | < ${r.targetMedianMs} ms median |`,
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...r.timings.map(
      (t) =>
        `| ${t.label} | ${t.status} | ${f(t.coldMs)} | ${t.runs} | ${f(t.medianMs)} | ${f(t.p95Ms)} | ${f(t.maxMs)} | ${t.meets === null ? 'baseline' : t.meets ? 'yes' : '**no**'} |`,
    ),
    '',
  ].join('\n')
}

/** Writes bench/results/<name>.{md,json}, prints the Markdown, and fails the run on a non-200. */
export function writeScaleResults(
  name: string,
  markdown: string,
  results: { timings: Timing[] },
  log: (m: string) => void,
): void {
  const dir = path.join(repoRoot, 'bench/results')
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, `${name}.md`), markdown)
  writeFileSync(path.join(dir, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`)
  log(`\n${markdown}`)
  log(`written: bench/results/${name}.{md,json}`)
  const failed = results.timings.filter((t) => t.status !== 200)
  if (failed.length) {
    console.error(`FAILED: non-200 from ${failed.map((t) => t.url).join(', ')}`)
    process.exitCode = 1
  }
}

export interface ScaleDatabase {
  /** The benchmark database's URL. */
  url: string
  /** Whether a kept database (`--keep`) was found and is reused: it needs no seed. */
  reuse: boolean
  database: Database
  postgresVersion: string
  /** Builds the app on the database (not started: requests go through `inject`). */
  openApp(): Promise<FastifyInstance>
}

/**
 * A migrated PostgreSQL database for an at-scale benchmark, on BENCH_DATABASE_URL or a sandbox: a
 * fresh one named `<prefix>_<pid>`, dropped at the end, or with `keep` (BENCH_DATABASE_URL only)
 * `<prefix>_kept`, made once and left in place. Closes the app and the database, and stops the
 * sandbox, whatever `work` does.
 */
export async function withScaleDatabase(
  options: { prefix: string; keep: boolean; log: (m: string) => void; title: string },
  work: (scale: ScaleDatabase) => Promise<void>,
): Promise<void> {
  const postgres = await acquirePostgres()
  if (!postgres.available) throw new Error(`PostgreSQL unavailable: ${postgres.reason}`)
  const serverUrl = postgres.server.url
  if (options.keep && postgres.server.source !== 'BENCH_DATABASE_URL')
    throw new Error('--keep needs BENCH_DATABASE_URL')
  const name = options.keep ? `${options.prefix}_kept` : `${options.prefix}_${process.pid}`
  const reuse = options.keep && (await databaseExists(serverUrl, name))
  // Set by `openApp`, inside the callback: an object, so the cleanup sees what the callback set.
  const built: { app: FastifyInstance | null } = { app: null }
  let database: Database | null = null
  try {
    options.log(`${options.title} on ${postgres.server.version} (${postgres.server.source})`)
    const url = reuse ? databaseUrl(serverUrl, name) : await createDatabase(serverUrl, name)
    const opened = await openDatabase({ kind: 'postgres', url })
    database = opened
    await migrateDatabase(opened)
    await work({
      url,
      reuse,
      database: opened,
      postgresVersion: postgres.server.version,
      openApp: async () => {
        const config = loadConfig({
          NODE_ENV: 'test',
          DATABASE_URL: url,
          DATA_DIR: '/nonexistent-bench-data-dir',
          WEB_DIST_DIR: '/nonexistent-web-dist',
        })
        const app = await buildApp(config, { database: opened })
        built.app = app
        await app.ready()
        return app
      },
    })
  } finally {
    // Closing the app closes its database too.
    if (built.app) await built.app.close()
    else if (database) await database.close()
    if (options.keep) keepDatabase(name)
    else await dropDatabase(serverUrl, name).catch(() => {})
    postgres.server.release()
  }
}

/** One timing as a progress line: label, status, cold, median and p95. */
export function timingLine(t: Timing, width: number): string {
  return `  ${t.label.padEnd(width)} ${t.status} cold ${t.coldMs.toFixed(1)} ms, median ${t.medianMs.toFixed(1)} ms, p95 ${t.p95Ms.toFixed(1)} ms`
}
