import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CreatorsPageQuery } from '@picks/contracts'
import { sql, type Logger } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import pg from 'pg'
import { openDatabase, pgliteOf, type Database, type Db } from '../../apps/api/src/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts'
import * as schema from '../../apps/api/src/db/schema.ts'
import { insertDemoCreators } from '../../apps/api/src/seed/demo-data.ts'
import { listCreatorsPage } from '../../apps/api/src/modules/creators/creators.service.ts'
import { onCleanup } from './children.ts'
import { createDatabase, dropDatabase, type PostgresAvailability } from './postgres.ts'
import { median, percentile } from './stats.ts'

export const queryCreators = 100_000
const repetitions = 50
const warmupRepetitions = 3
/** Per case: stop repeating (and say so) if 50 runs take longer than this. */
const caseBudgetMs = 60_000
/** PGlite at 100k is skipped when inserting takes longer than this. */
const pgliteInsertBudgetMs = 120_000
const insertChunk = 5_000

export const queryCases: ReadonlyArray<{ label: string; input: CreatorsPageQuery; explain: boolean }> = [
  { label: 'page 1 by name', input: {}, explain: true },
  { label: 'page 1 price-low', input: { sortBy: 'price-low' }, explain: false },
  { label: 'page 1 newest', input: { sortBy: 'newest' }, explain: false },
  { label: 'sports=nba', input: { sports: 'nba' }, explain: false },
  { label: 'search=sharp', input: { search: 'sharp' }, explain: true },
  { label: 'page 500 by name (offset 9,980)', input: { page: 500 }, explain: true },
  {
    label: 'sports=nba,nfl price-low page 3',
    input: { sports: 'nba,nfl', sortBy: 'price-low', page: 3 },
    explain: false,
  },
]

export interface QueryTiming {
  label: string
  runs: number
  medianMs: number
  p95Ms: number
  maxMs: number
  /** `total` the page reported. */
  matching: number
  note?: string
}

export interface ExplainedStatement {
  /** 'rows' (the page) or 'count' (the total). */
  role: 'rows' | 'count'
  sql: string
  plan: string[]
  indexesUsed: string[]
  seqScan: boolean
}

export interface QueryExplain {
  label: string
  statements: ExplainedStatement[]
}

/**
 * The same table in two states: right after a bulk load and ANALYZE (no visibility map yet, so
 * no index-only scans; PGlite stays like this, it has no autovacuum), and after VACUUM ANALYZE
 * (what autovacuum reaches on a server a little after the inserts).
 */
export type TableState = 'ANALYZE only' | 'VACUUM ANALYZE'

export interface QueryPass {
  state: TableState
  timings: QueryTiming[]
  explains: QueryExplain[]
}

export type QueryDatabaseResult =
  | {
      database: 'pglite' | 'postgres'
      ran: true
      creators: number
      insertMs: number
      passes: QueryPass[]
    }
  | { database: 'pglite' | 'postgres'; ran: false; reason: string }

export interface QuerySection {
  measuredAt: string
  repetitions: number
  databases: QueryDatabaseResult[]
}

interface CapturedQuery {
  sql: string
  params: unknown[]
}

/** A second drizzle handle on the same database that records the SQL the service sends. */
interface Capturer {
  db: Db
  take(): CapturedQuery[]
  explain(query: CapturedQuery): Promise<string[]>
  close(): Promise<void>
}

function recordingLogger(into: CapturedQuery[]): Logger {
  return { logQuery: (query, params) => void into.push({ sql: query, params }) }
}

function pgCapturer(url: string): Capturer {
  const captured: CapturedQuery[] = []
  const pool = new pg.Pool({ connectionString: url, max: 2 })
  const db = drizzlePg(pool, { schema, logger: recordingLogger(captured) }) as unknown as Db
  return {
    db,
    take: () => captured.splice(0),
    explain: async (q) => {
      const result = await pool.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params)
      return result.rows.map((r) => r['QUERY PLAN'])
    },
    close: () => pool.end(),
  }
}

function pgliteCapturer(database: Database): Capturer {
  const client = pgliteOf(database)
  if (!client) throw new Error('not a PGlite database')
  const captured: CapturedQuery[] = []
  const db = drizzlePglite(client, { schema, logger: recordingLogger(captured) }) as unknown as Db
  return {
    db,
    take: () => captured.splice(0),
    explain: async (q) => {
      const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params)
      return result.rows.map((r) => r['QUERY PLAN'])
    },
    close: async () => {},
  }
}

function describePlan(plan: string[]): { indexesUsed: string[]; seqScan: boolean } {
  const indexes = new Set<string>()
  for (const line of plan) {
    const match =
      /(?:Index Scan(?: Backward)?|Index Only Scan(?: Backward)?) using (\S+)|Bitmap Index Scan on (\S+)/.exec(line)
    const name = match?.[1] ?? match?.[2]
    if (name) indexes.add(name)
  }
  return { indexesUsed: [...indexes], seqScan: plan.some((l) => /Seq Scan on/.test(l)) }
}

async function timeCases(db: Db, log: (m: string) => void): Promise<QueryTiming[]> {
  const timings: QueryTiming[] = []
  for (const { label, input } of queryCases) {
    const query = CreatorsPageQuery.parse(input)
    for (let i = 0; i < warmupRepetitions; i++) await listCreatorsPage({ db }, query)
    const samples: number[] = []
    let matching = 0
    const caseStart = performance.now()
    for (let i = 0; i < repetitions && performance.now() - caseStart < caseBudgetMs; i++) {
      const t = performance.now()
      const page = await listCreatorsPage({ db }, query)
      samples.push(performance.now() - t)
      matching = page.total
    }
    const timing: QueryTiming = {
      label,
      runs: samples.length,
      medianMs: median(samples),
      p95Ms: percentile(samples, 95),
      maxMs: Math.max(...samples),
      matching,
      ...(samples.length < repetitions
        ? { note: `stopped after ${samples.length} runs (${caseBudgetMs / 1000} s budget)` }
        : {}),
    }
    log(
      `  ${label.padEnd(34)} median ${timing.medianMs.toFixed(2)} ms, p95 ${timing.p95Ms.toFixed(2)} ms (${matching} matching)`,
    )
    timings.push(timing)
  }
  return timings
}

async function explainCases(capturer: Capturer, log: (m: string) => void): Promise<QueryExplain[]> {
  const explains: QueryExplain[] = []
  for (const { label, input, explain } of queryCases) {
    if (!explain) continue
    capturer.take()
    await listCreatorsPage({ db: capturer.db }, CreatorsPageQuery.parse(input))
    const statements: ExplainedStatement[] = []
    for (const q of capturer.take()) {
      const plan = await capturer.explain(q)
      const role = /count\(/i.test(q.sql) ? 'count' : 'rows'
      const described = describePlan(plan)
      statements.push({ role, sql: q.sql, plan, ...described })
      log(
        `  EXPLAIN ${label} [${role}]: indexes ${described.indexesUsed.join(', ') || 'none'}${described.seqScan ? ', SEQ SCAN' : ''}`,
      )
      for (const line of plan.slice(0, 4)) log(`      ${line}`)
    }
    explains.push({ label, statements })
  }
  return explains
}

async function measureOn(
  database: Database,
  capturer: () => Capturer,
  insert: () => Promise<{ insertMs: number } | { skipped: string }>,
  log: (m: string) => void,
): Promise<QueryDatabaseResult> {
  await migrateDatabase(database)
  const inserted = await insert()
  if ('skipped' in inserted) return { database: database.kind, ran: false, reason: inserted.skipped }
  const passes: QueryPass[] = []
  for (const state of ['ANALYZE only', 'VACUUM ANALYZE'] as const) {
    log(`  -- ${state}`)
    await database.db.execute(state === 'ANALYZE only' ? sql`analyze` : sql`vacuum analyze`)
    const timings = await timeCases(database.db, log)
    const c = capturer()
    try {
      passes.push({ state, timings, explains: await explainCases(c, log) })
    } finally {
      await c.close()
    }
  }
  return { database: database.kind, ran: true, creators: queryCreators, insertMs: inserted.insertMs, passes }
}

/** Section b: what the shop's queries cost at 100,000 creators, through the service itself. */
export async function runQuerySection(options: {
  postgres: PostgresAvailability
  log(message: string): void
}): Promise<QuerySection> {
  const { log } = options
  const databases: QueryDatabaseResult[] = []

  if (!options.postgres.available) {
    log(`\n[query] postgres: skipped (${options.postgres.reason})`)
    databases.push({ database: 'postgres', ran: false, reason: options.postgres.reason })
  } else {
    const serverUrl = options.postgres.server.url
    const name = `bench_${process.pid}_100k`
    log(`\n[query] postgres: inserting ${queryCreators.toLocaleString('en-US')} creators into ${name}`)
    const url = await createDatabase(serverUrl, name)
    const database = await openDatabase({ kind: 'postgres', url })
    try {
      databases.push(
        await measureOn(
          database,
          () => pgCapturer(url),
          async () => {
            const t = performance.now()
            await insertDemoCreators(database.db, queryCreators, { onSale: true })
            const insertMs = performance.now() - t
            log(`  inserted in ${(insertMs / 1000).toFixed(1)} s`)
            return { insertMs }
          },
          log,
        ),
      )
    } finally {
      await database.close()
      await dropDatabase(serverUrl, name)
    }
  }

  log(
    `\n[query] pglite: inserting ${queryCreators.toLocaleString('en-US')} creators (skipped past ${pgliteInsertBudgetMs / 1000} s)`,
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'picks-bench-query-'))
  const removeDir = onCleanup(() => rmSync(dir, { recursive: true, force: true }))
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') })
  try {
    const result = await measureOn(
      database,
      () => pgliteCapturer(database),
      async () => {
        const t = performance.now()
        let done = 0
        while (done < queryCreators) {
          const elapsed = performance.now() - t
          if (elapsed > pgliteInsertBudgetMs) {
            const skipped = `inserting 100k creators into PGlite took over ${pgliteInsertBudgetMs / 1000} s (${done.toLocaleString('en-US')} after ${(elapsed / 1000).toFixed(0)} s)`
            log(`  skipped: ${skipped}`)
            return { skipped }
          }
          const size = Math.min(insertChunk, queryCreators - done)
          const inserted = await insertDemoCreators(database.db, size, { from: done, onSale: true })
          if (inserted !== size) throw new Error(`expected ${size} new creators from #${done}, inserted ${inserted}`)
          done += size
        }
        const insertMs = performance.now() - t
        log(`  inserted in ${(insertMs / 1000).toFixed(1)} s`)
        return { insertMs }
      },
      log,
    )
    databases.push(result)
  } finally {
    await database.close()
    removeDir.run()
  }
  return { measuredAt: new Date().toISOString(), repetitions, databases }
}
