import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { repoRoot } from './children.ts'
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
