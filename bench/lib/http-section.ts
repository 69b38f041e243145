import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type Database } from '../../apps/api/src/db/client.ts'
import { migrateDatabase } from '../../apps/api/src/db/migrate.ts'
import { insertDemoCreators } from '../../apps/api/src/seed/demo-data.ts'
import { onCleanup, startNodeChild, waitForHttp, type NodeChild } from './children.ts'
import { measure, type LoadOptions, type LoadResult } from './load.ts'
import { freePort } from './net.ts'
import { createDatabase, dropDatabase, type PostgresAvailability } from './postgres.ts'

export const shopUrls = [
  { label: 'shop page 1 (default: by name)', path: '/api/creators/paginated' },
  {
    label: 'sports=nba,nfl, price-low, page 3',
    path: '/api/creators/paginated?sports=nba,nfl&sortBy=price-low&page=3',
  },
  { label: 'search=sharp', path: '/api/creators/paginated?search=sharp' },
] as const

/**
 * What each layer of a shop request costs, measured on a second API process with the shop cache
 * off (SHOP_CACHE_TTL_MS=0), so that every request reaches the database.
 */
export const breakdownUrls = [
  { label: 'Fastify + plugins + hooks, no database', path: '/api/health' },
  { label: '+ one database round trip (`select 1`)', path: '/api/ready' },
  {
    label: '+ the page query, mapping and Zod check of 20 creators (no count)',
    path: '/api/creators?limit=20',
  },
  ...shopUrls.map(({ label, path }) => ({ label: `+ the count query: ${label}, uncached`, path })),
] as const

export const httpCreators = 10_000

export interface HttpRow {
  label: string
  path: string
  responseBytes: number
  /** `total` of the API's answer: how many creators match. */
  matching: number
  api: LoadResult
  bare: LoadResult
  /** api.reqPerSec / bare.reqPerSec */
  ratio: number
}

export type HttpDatabaseResult =
  | {
      database: 'pglite' | 'postgres'
      ran: true
      creators: number
      seedMs: number
      apiStartupMs: number
      apiLogLevel: string
      rows: HttpRow[]
      breakdown: Array<{ label: string; path: string; result: LoadResult }>
    }
  | { database: 'pglite' | 'postgres'; ran: false; reason: string }

export interface HttpSection {
  measuredAt: string
  connections: number
  durationSec: number
  warmupSec: number
  databases: HttpDatabaseResult[]
}

export interface HttpSectionOptions extends LoadOptions {
  apiLogLevel: string
  /** Also measure cheaper routes of the same process (health, ready, list without count). */
  breakdown: boolean
  postgres: PostgresAvailability
  log(message: string): void
}

/** Migrates `database` and inserts the shop's 10,000 demo creators, on sale; VACUUM ANALYZE after. */
export async function seedShopCreators(database: Database, log: (m: string) => void): Promise<number> {
  await migrateDatabase(database)
  const startedAt = performance.now()
  const inserted = await insertDemoCreators(database.db, httpCreators, { onSale: true })
  const ms = performance.now() - startedAt
  if (inserted !== httpCreators) throw new Error(`expected ${httpCreators} new creators, inserted ${inserted}`)
  log(`  inserted ${inserted} demo creators in ${(ms / 1000).toFixed(1)} s`)
  // The steady state of a table some time after its inserts: statistics and visibility map
  // (autovacuum's work on a server; PGlite has no autovacuum, see the query section).
  await database.db.execute(sql`vacuum analyze`)
  return ms
}

/** The API's environment: the parent's, minus every setting the benchmark decides itself. */
export function apiEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of [
    'DATABASE_URL',
    'DATA_DIR',
    'PORT',
    'HOST',
    'SEED_DEMO_DATA',
    'WEB_DIST_DIR',
    'LOG_LEVEL',
    'NODE_ENV',
    'PUBLIC_URL',
  ]) {
    delete env[name]
  }
  for (const name of Object.keys(env)) if (name.startsWith('STRIPE_')) delete env[name]
  return { ...env, ...extra }
}

interface Captured {
  contentType: string
  body: Buffer
  total: number
}

async function capture(url: string): Promise<Captured> {
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200)
    throw new Error(`GET ${url}: HTTP ${response.status} ${body.toString('utf8').slice(0, 300)}`)
  const parsed = JSON.parse(body.toString('utf8')) as { total?: unknown; creators?: unknown }
  if (typeof parsed.total !== 'number' || !Array.isArray(parsed.creators))
    throw new Error(`GET ${url}: not a creators page`)
  return { contentType: response.headers.get('content-type') ?? 'application/json', body, total: parsed.total }
}

async function runOne(
  kind: 'pglite' | 'postgres',
  workDir: string,
  options: HttpSectionOptions,
  prepare: () => Promise<{ seedMs: number; env: Record<string, string>; dispose: () => Promise<void> }>,
): Promise<HttpDatabaseResult> {
  const { log } = options
  log(`\n[http] ${kind}: preparing a fresh database with ${httpCreators.toLocaleString('en-US')} creators`)
  const prepared = await prepare()
  const children: NodeChild[] = []
  try {
    const startApi = async (extraEnv: Record<string, string>, logName: string) => {
      const port = await freePort()
      const child = startNodeChild(
        'apps/api/src/server.ts',
        apiEnv({
          NODE_ENV: 'production',
          AUTH_SECRET: 'benchmark-only-secret-at-least-32-characters',
          SUPPORT_EMAIL: 'support@bench.test',
          LOG_LEVEL: options.apiLogLevel,
          SEED_DEMO_DATA: 'false',
          HOST: '127.0.0.1',
          PORT: String(port),
          WEB_DIST_DIR: path.join(workDir, 'no-web-build'),
          ...prepared.env,
          ...extraEnv,
        }),
        path.join(workDir, logName),
      )
      children.push(child)
      return { child, port }
    }
    const { child: api, port: apiPort } = await startApi({}, `api-${kind}.log`)
    const apiBase = `http://127.0.0.1:${apiPort}`
    const apiStartupMs = await waitForHttp(`${apiBase}/api/ready`, api)
    log(`  API ready on ${apiBase} after ${(apiStartupMs / 1000).toFixed(1)} s (LOG_LEVEL=${options.apiLogLevel})`)

    const captured = new Map<string, Captured>()
    for (const { path: p } of shopUrls) captured.set(p, await capture(`${apiBase}${p}`))
    const responsesFile = path.join(workDir, `bare-responses-${kind}.json`)
    writeFileSync(
      responsesFile,
      JSON.stringify(
        Object.fromEntries(
          [...captured].map(([p, c]) => [p, { contentType: c.contentType, bodyBase64: c.body.toString('base64') }]),
        ),
      ),
    )
    const barePort = await freePort()
    const bare = startNodeChild(
      'bench/bare-server.ts',
      { ...process.env, PORT: String(barePort), BARE_RESPONSES: responsesFile },
      path.join(workDir, `bare-${kind}.log`),
    )
    children.push(bare)
    const bareBase = `http://127.0.0.1:${barePort}`
    await waitForHttp(`${bareBase}/ready`, bare)

    const rows: HttpRow[] = []
    for (const { label, path: p } of shopUrls) {
      const c = captured.get(p) as Captured
      log(`  ${label}: ${c.body.length} bytes, ${c.total} matching`)
      const apiResult = await measure(`${apiBase}${p}`, options)
      log(
        `    API : ${apiResult.reqPerSec.toFixed(0)} req/s, p50 ${apiResult.p50Ms} ms, p99 ${apiResult.p99Ms} ms, non-2xx ${apiResult.non2xx}, errors ${apiResult.errors}`,
      )
      const bareResult = await measure(`${bareBase}${p}`, options)
      log(
        `    bare: ${bareResult.reqPerSec.toFixed(0)} req/s, p50 ${bareResult.p50Ms} ms, p99 ${bareResult.p99Ms} ms, non-2xx ${bareResult.non2xx}, errors ${bareResult.errors}`,
      )
      rows.push({
        label,
        path: p,
        responseBytes: c.body.length,
        matching: c.total,
        api: apiResult,
        bare: bareResult,
        ratio: bareResult.reqPerSec > 0 ? apiResult.reqPerSec / bareResult.reqPerSec : 0,
      })
    }
    const breakdown: Array<{ label: string; path: string; result: LoadResult }> = []
    if (options.breakdown) {
      // PGlite allows one process per data directory: stop the cached API before the uncached one opens it.
      await api.stop()
      children.splice(children.indexOf(api), 1)
      const { child: uncached, port } = await startApi({ SHOP_CACHE_TTL_MS: '0' }, `api-${kind}-uncached.log`)
      const uncachedBase = `http://127.0.0.1:${port}`
      await waitForHttp(`${uncachedBase}/api/ready`, uncached)
      log('  breakdown (API only, shop cache off):')
      for (const { label, path: p } of breakdownUrls) {
        const result = await measure(`${uncachedBase}${p}`, options)
        log(
          `    ${p.padEnd(26)} ${result.reqPerSec.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}`,
        )
        breakdown.push({ label, path: p, result })
      }
    }
    return {
      database: kind,
      ran: true,
      creators: httpCreators,
      seedMs: prepared.seedMs,
      apiStartupMs,
      apiLogLevel: options.apiLogLevel,
      rows,
      breakdown,
    }
  } finally {
    for (const child of children.reverse()) await child.stop()
    await prepared.dispose()
  }
}

/** Section a: the real API server against a bare node:http server with the same bytes. */
export async function runHttpSection(options: HttpSectionOptions): Promise<HttpSection> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'picks-bench-http-'))
  const removeWorkDir = onCleanup(() => rmSync(workDir, { recursive: true, force: true }))
  const databases: HttpDatabaseResult[] = []
  try {
    databases.push(
      await runOne('pglite', workDir, options, async () => {
        const dataDir = path.join(workDir, 'data')
        const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pglite') })
        let seedMs: number
        try {
          seedMs = await seedShopCreators(database, options.log)
        } finally {
          // PGlite is single-process: close it before the server opens the same directory.
          await database.close()
        }
        return {
          seedMs,
          env: { DATA_DIR: dataDir },
          dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
        }
      }),
    )

    if (!options.postgres.available) {
      options.log(`\n[http] postgres: skipped (${options.postgres.reason})`)
      databases.push({ database: 'postgres', ran: false, reason: options.postgres.reason })
    } else {
      const serverUrl = options.postgres.server.url
      const name = `bench_${process.pid}`
      databases.push(
        await runOne('postgres', workDir, options, async () => {
          const url = await createDatabase(serverUrl, name)
          const database = await openDatabase({ kind: 'postgres', url })
          let seedMs: number
          try {
            seedMs = await seedShopCreators(database, options.log)
          } finally {
            await database.close()
          }
          return { seedMs, env: { DATABASE_URL: url }, dispose: () => dropDatabase(serverUrl, name) }
        }),
      )
    }
  } finally {
    removeWorkDir.run()
  }
  return {
    measuredAt: new Date().toISOString(),
    connections: options.connections,
    durationSec: options.durationSec,
    warmupSec: options.warmupSec,
    databases,
  }
}
