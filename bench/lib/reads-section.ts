import { execFileSync } from 'node:child_process'
import { pickLimits } from '@picks/contracts'
import { asc, eq, sql } from 'drizzle-orm'
import { buildApp } from '../../apps/api/src/app.ts'
import { loadConfig } from '../../apps/api/src/config.ts'
import type { Database } from '../../apps/api/src/db/client.ts'
import { creatorProfiles } from '../../apps/api/src/modules/creators/creators.table.ts'
import { settleAllCreators } from '../../apps/api/src/modules/analytics/creator-analytics.ts'
import { refreshRecordSummary } from '../../apps/api/src/modules/picks/records.ts'
import { picks } from '../../apps/api/src/modules/picks/picks.table.ts'
import { purchases } from '../../apps/api/src/modules/purchases/purchases.table.ts'
import { users } from '../../apps/api/src/modules/users/users.table.ts'
import { signUpAndVerify, testOrigin } from '../../apps/api/src/test/accounts.ts'
import { waitForHttp, type NodeChild } from './children.ts'
import {
  benchAuthSecret,
  httpCreators,
  measuredWith,
  onEachDatabase,
  seedShop,
  startApiProcess,
  startBareProcess,
} from './http-section.ts'
import type { LoadOptions, LoadResult } from './load.ts'
import { measureMixed, mixedPaths, type MixedTargets } from './mixed-workload.ts'
import type { PostgresAvailability } from './postgres.ts'

/** Creators with picks, and picks each: enough for real pages of every feed, profile and record. */
export const readsPickCreators = 300
export const readsPicksPerCreator = 12
/** The creators the signed-in customer subscribes to. */
export const readsSubscriptions = 3

const dayMs = 86_400_000
const sportsCycle = ['nba', 'nfl', 'mlb', 'nhl'] as const
const results = ['won', 'lost', 'won', 'push', 'lost', 'won', 'void', 'lost'] as const

export interface ReadsPath {
  label: string
  path: string
  bytes: number
}

export interface ReadsComparison {
  api: LoadResult
  bare: LoadResult
  /** api.reqPerSec / bare.reqPerSec */
  ratio: number
}

export type ReadsDatabaseResult =
  | {
      database: 'pglite' | 'postgres'
      ran: true
      creators: number
      picks: number
      seedMs: number
      apiStartupMs: number
      /** `uptime` just before the measurements. */
      loadBefore: string
      paths: ReadsPath[]
      mixed: ReadsComparison
      subscribed: ReadsPath & ReadsComparison
    }
  | { database: 'pglite' | 'postgres'; ran: false; reason: string }

export interface ReadsSection {
  measuredAt: string
  connections: number
  durationSec: number
  warmupSec: number
  /** What both servers were asked with: no `accept-encoding`, so both send the same plain bytes. */
  encoding: 'identity'
  databases: ReadsDatabaseResult[]
}

export interface ReadsSectionOptions extends LoadOptions {
  apiLogLevel: string
  postgres: PostgresAvailability
  log(message: string): void
}

interface Seeded {
  targets: MixedTargets
  customer: { id: string; cookie: string }
}

/**
 * The picks of the first `readsPickCreators` creators of the shop: graded (won, lost, push, void)
 * over the last weeks and pending on games in the coming days, in four sports, a third of the
 * pending ones premium; then each creator's stored record, as a pick write leaves it.
 */
async function seedPicks(database: Database): Promise<{ creatorIds: string[]; username: string; count: number }> {
  const { db } = database
  const creators = await db
    .select({ id: creatorProfiles.userId, username: creatorProfiles.username })
    .from(creatorProfiles)
    .orderBy(asc(creatorProfiles.displayName), asc(creatorProfiles.userId))
    .limit(readsPickCreators)
  const first = creators[0]
  if (!first?.username) throw new Error('no creators to post picks for')
  const now = Date.now()
  const rows: (typeof picks.$inferInsert)[] = []
  for (const [c, creator] of creators.entries()) {
    for (let n = 0; n < readsPicksPerCreator; n++) {
      const graded = n < 8
      const sport = sportsCycle[(c + n) % sportsCycle.length] ?? 'nba'
      const gameDate = new Date(graded ? now - (n + 1 + (c % 20)) * dayMs : now + (n - 6 + (c % 5)) * dayMs)
      const postedAt = new Date(Math.min(gameDate.getTime(), now) - ((c * 7 + n * 13) % 600) * 60_000 - dayMs)
      const result = graded ? (results[(c + n) % results.length] ?? 'won') : 'pending'
      rows.push({
        creatorId: creator.id,
        sport,
        gameId: `bench-${sport}-${c}-${n}`,
        homeTeam: `Home ${(c + n) % 30}`,
        awayTeam: `Away ${(c * 3 + n) % 30}`,
        gameDate,
        betType: 'moneyline',
        selection: `Home ${(c + n) % 30}`,
        odds: n % 2 ? 120 : -110,
        reasoning: 'Rest advantage and a better bullpen; the line has not moved yet.',
        isPremium: !graded && n % 3 === 0,
        stakeUnits: 1 + (n % 3) * 0.5,
        result,
        gradedAt: graded ? new Date(gameDate.getTime() + 4 * 3_600_000) : null,
        gradedBy: graded ? 'auto' : null,
        finalHomeScore: graded ? 100 + (n % 7) : null,
        finalAwayScore: graded ? 98 + (c % 9) : null,
        apiVersion: pickLimits.apiVersion,
        formType: pickLimits.formType,
        createdAt: postedAt,
        updatedAt: postedAt,
      })
    }
  }
  for (let start = 0; start < rows.length; start += 500) await db.insert(picks).values(rows.slice(start, start + 500))
  for (const creator of creators) await db.transaction((tx) => refreshRecordSummary(tx, creator.id))
  // The days the nightly job would have stored by now (decision 037): the measured server then
  // starts as one that has run a while, not as the first start after a history was written, whose
  // start-up settling of every creator's past days ran through the measurement on the embedded database.
  await settleAllCreators(db, new Date())
  return { creatorIds: creators.map((c) => c.id), username: first.username, count: rows.length }
}

/**
 * A customer signed up and verified through the real endpoints of an app on the same database and
 * secret as the measured server (production settings, so the cookie has the same name), who holds
 * live subscriptions to a few creators with picks. The app is closed before the server starts.
 */
async function seedCustomer(
  database: Database,
  creatorIds: readonly string[],
): Promise<{ id: string; cookie: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    AUTH_SECRET: benchAuthSecret,
    SUPPORT_EMAIL: 'support@bench.test',
    PUBLIC_URL: testOrigin,
    RUN_WORKER: 'false',
    LOG_LEVEL: 'warn',
    DATA_DIR: '/nonexistent-bench-data-dir',
    WEB_DIST_DIR: '/nonexistent-web-dist',
  })
  // The app must not close the database: the section closes it once seeding is done.
  const app = await buildApp(config, { database: { ...database, close: async () => {} } })
  try {
    await app.ready()
    const email = 'reads-customer@bench.test'
    const cookie = await signUpAndVerify(app, database.db, email)
    // The server user (not the auth library's id): the feed's path names it.
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email))
    const id = user?.id
    if (!id) throw new Error(`no server user for ${email}`)
    const now = Date.now()
    await database.db.insert(purchases).values(
      creatorIds.slice(0, readsSubscriptions).map((creatorId) => ({
        userId: id,
        creatorId,
        planName: 'Monthly',
        kind: 'subscription' as const,
        interval: 'month' as const,
        priceCents: 2_999,
        feeBps: 1_000,
        status: 'active' as const,
        autoRenewal: true,
        currentPeriodStart: new Date(now - 5 * dayMs),
        currentPeriodEnd: new Date(now + 25 * dayMs),
        provider: 'sandbox' as const,
      })),
    )
    return { id, cookie }
  } finally {
    await app.close()
  }
}

interface Captured {
  contentType: string
  body: Buffer
}

/** The API's answer as it sends it to a client that asks for no encoding. */
async function capture(url: string, headers: Record<string, string> = {}): Promise<Captured> {
  const response = await fetch(url, {
    headers: { 'accept-encoding': 'identity', ...headers },
    signal: AbortSignal.timeout(10_000),
  })
  const body = Buffer.from(await response.arrayBuffer())
  if (response.status !== 200)
    throw new Error(`GET ${url}: HTTP ${response.status} ${body.toString('utf8').slice(0, 300)}`)
  if (response.headers.get('content-encoding')) throw new Error(`GET ${url}: answered encoded`)
  return { contentType: response.headers.get('content-type') ?? 'application/json', body }
}

function uptime(): string {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).trim()
  } catch {
    return 'unknown'
  }
}

function describe(result: LoadResult): string {
  return `${result.reqPerSec.toFixed(0)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, non-2xx ${result.non2xx}, errors ${result.errors}`
}

async function runOne(
  kind: 'pglite' | 'postgres',
  workDir: string,
  options: ReadsSectionOptions,
  prepare: () => Promise<{ seedMs: number; env: Record<string, string>; dispose: () => Promise<void> }>,
  seeded: () => Seeded,
  pickCount: () => number,
): Promise<ReadsDatabaseResult> {
  const { log } = options
  log(`\n[reads] ${kind}: a fresh database with ${httpCreators.toLocaleString('en-US')} creators and their picks`)
  const prepared = await prepare()
  const children: NodeChild[] = []
  try {
    const { targets, customer } = seeded()
    const api = await startApiProcess(workDir, options.apiLogLevel, prepared.env, `api-reads-${kind}.log`)
    children.push(api.child)
    const apiStartupMs = await waitForHttp(`${api.base}/api/ready`, api.child)
    log(`  API ready on ${api.base} after ${(apiStartupMs / 1000).toFixed(1)} s`)

    const mixed = mixedPaths(targets)
    const subscribedPath = `/api/picks/subscribed/${customer.id}`
    const captured = new Map<string, Captured>()
    for (const { path } of mixed) captured.set(path, await capture(`${api.base}${path}`))
    captured.set(subscribedPath, await capture(`${api.base}${subscribedPath}`, { cookie: customer.cookie }))
    const paths: ReadsPath[] = mixed.map(({ label, path }) => ({
      label,
      path,
      bytes: (captured.get(path) as Captured).body.length,
    }))
    for (const p of paths) log(`  ${p.label}: ${p.bytes} bytes`)
    const bare = await startBareProcess(workDir, `reads-${kind}`, captured)
    children.push(bare.child)

    const loadBefore = uptime()
    log(`  load: ${loadBefore}`)
    const compare = async (label: string, pathList: string[], headers?: Record<string, string>) => {
      const apiResult = await measureMixed(api.base, pathList, { ...options, ...(headers ? { headers } : {}) })
      log(`  ${label} API : ${describe(apiResult)}`)
      const bareResult = await measureMixed(bare.base, pathList, options)
      log(`  ${label} bare: ${describe(bareResult)}`)
      return {
        api: apiResult,
        bare: bareResult,
        ratio: bareResult.reqPerSec > 0 ? apiResult.reqPerSec / bareResult.reqPerSec : 0,
      }
    }
    const mixedResult = await compare(
      'mixed',
      mixed.map((p) => p.path),
    )
    const subscribed = await compare('subscribed', [subscribedPath], { cookie: customer.cookie })
    return {
      database: kind,
      ran: true,
      creators: httpCreators,
      picks: pickCount(),
      seedMs: prepared.seedMs,
      apiStartupMs,
      loadBefore,
      paths,
      mixed: mixedResult,
      subscribed: {
        label: "a subscriber's feed (signed in)",
        path: subscribedPath,
        bytes: (captured.get(subscribedPath) as Captured).body.length,
        ...subscribed,
      },
    }
  } finally {
    for (const child of children.reverse()) await child.stop()
    await prepared.dispose()
  }
}

/**
 * Section `reads` (issue 19, point 3): the mixed public workload and a subscriber's feed, the API
 * as its own process against a bare node:http server with the same bytes, in the same run.
 */
export async function runReadsSection(options: ReadsSectionOptions): Promise<ReadsSection> {
  let seeded: Seeded | null = null
  let count = 0
  const databases = await onEachDatabase<ReadsDatabaseResult>(
    'reads',
    options.postgres,
    options.log,
    async (database) => {
      const shopMs = await seedShop(database, options.log)
      const startedAt = performance.now()
      const posted = await seedPicks(database)
      const customer = await seedCustomer(database, posted.creatorIds)
      await database.db.execute(sql`vacuum analyze`)
      const ms = performance.now() - startedAt
      options.log(`  posted ${posted.count} picks, signed a customer in, in ${(ms / 1000).toFixed(1)} s`)
      count = posted.count
      seeded = { targets: { creatorId: posted.creatorIds[0] ?? '', username: posted.username }, customer }
      return shopMs + ms
    },
    (kind, workDir, prepare) =>
      runOne(
        kind,
        workDir,
        options,
        prepare,
        () => {
          if (!seeded) throw new Error('the database was not seeded')
          return seeded
        },
        () => count,
      ),
    (kind, reason) => ({ database: kind, ran: false, reason }),
  )
  return { ...measuredWith(options), encoding: 'identity', databases }
}

/** Issue 19, point 3: the API's share of bare node:http's req/s with the same bytes in the same run. */
export const readsTargets = {
  postgresMixedRatio: 0.5,
  postgresMixedP99Ms: 20,
  pgliteMixedRatio: 0.4,
  postgresSubscribedRatio: 0.1,
} as const
