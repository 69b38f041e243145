import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { SystemStatus } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { apiRoot, migrationsFolder } from '../../config.ts'
import { queryRows, type Database } from '../../db/client.ts'
import type { Jobs } from '../../jobs/queue.ts'
import { outboxBacklog } from '../notifications/notifications.service.ts'

/**
 * The system's status for an operator (spec §7 `GET /admin/system-status`): the database and its
 * latest applied migration, the job queues, the offline outboxes, which providers are live, and the
 * process itself. Providers are named, never configured values: no key, URL or token leaves here.
 */

/** Which implementation of each outside service this process uses, as app.ts chose them. */
export interface LiveProviders {
  payments: 'stripe' | 'sandbox'
  email: 'smtp' | 'outbox'
  sms: 'twilio' | 'outbox'
  odds: 'the-odds-api' | 'fixtures'
  /** The Odds API's remaining requests, when the adapter reports them; the adapter does not yet. */
  oddsQuotaRemaining?: () => number | null
}

export interface SystemStatusDeps {
  database: Database
  jobs: Jobs
  providers: LiveProviders
  now: () => Date
  /** When this process started (the uptime's origin). */
  startedAt: Date
}

const packageJson = path.join(apiRoot, 'package.json')

/** The API's version from its package.json, read once. */
export const appVersion: string = (() => {
  const parsed: unknown = JSON.parse(readFileSync(packageJson, 'utf8'))
  return typeof parsed === 'object' && parsed !== null && 'version' in parsed && typeof parsed.version === 'string'
    ? parsed.version
    : 'unknown'
})()

interface JournalEntry {
  when: number
  tag: string
}

/** The committed migrations' tags by their timestamp: drizzle records only the timestamp and a hash. */
function migrationTags(): Map<number, string> {
  const parsed: unknown = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
  const entries: unknown[] =
    typeof parsed === 'object' && parsed !== null && 'entries' in parsed && Array.isArray(parsed.entries)
      ? parsed.entries
      : []
  const tags = new Map<number, string>()
  for (const entry of entries) {
    if (isJournalEntry(entry)) tags.set(entry.when, entry.tag)
  }
  return tags
}

function isJournalEntry(entry: unknown): entry is JournalEntry {
  return (
    typeof entry === 'object' &&
    entry !== null &&
    'when' in entry &&
    typeof entry.when === 'number' &&
    'tag' in entry &&
    typeof entry.tag === 'string'
  )
}

async function migration(database: Database): Promise<SystemStatus['database']['migration']> {
  const [row] = await queryRows<{ created_at: string | number | null; applied: string | number }>(
    database.db,
    sql`select max(created_at) as "created_at", count(*) as "applied" from drizzle.__drizzle_migrations`,
  )
  const when = row?.created_at === null || row?.created_at === undefined ? null : Number(row.created_at)
  return {
    latest: when === null ? null : (migrationTags().get(when) ?? `unknown (${when})`),
    appliedAt: when === null ? null : new Date(when).toISOString(),
    applied: Number(row?.applied ?? 0),
  }
}

async function outboxes(database: Database): Promise<SystemStatus['outboxes']> {
  const backlog = await outboxBacklog(database.db)
  return { email: backlog.email, sms: { rows: backlog.smsRows } }
}

async function queues(jobs: Jobs): Promise<SystemStatus['queues']> {
  const found = await jobs.boss.getQueues()
  return found
    .map((q) => ({
      name: q.name,
      queued: q.queuedCount,
      ready: q.readyCount,
      deferred: q.deferredCount,
      active: q.activeCount,
      failed: q.failedCount,
    }))
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The status now. An unreachable database is reported, not thrown: the answer still names the
 * providers and the process, which is what an operator needs most when the database is down.
 */
export async function systemStatus(deps: SystemStatusDeps): Promise<SystemStatus> {
  const now = deps.now()
  const reachable = await deps.database.ping().then(
    () => true,
    () => false,
  )
  const memory = process.memoryUsage()
  return {
    checkedAt: now.toISOString(),
    app: {
      version: appVersion,
      node: process.version,
      uptimeSeconds: Math.round(process.uptime()),
      startedAt: deps.startedAt.toISOString(),
    },
    memory: {
      rss: memory.rss,
      heapTotal: memory.heapTotal,
      heapUsed: memory.heapUsed,
      external: memory.external,
      arrayBuffers: memory.arrayBuffers,
    },
    database: {
      reachable,
      kind: deps.database.kind,
      migration: reachable ? await migration(deps.database) : { latest: null, appliedAt: null, applied: 0 },
    },
    queues: reachable ? await queues(deps.jobs) : [],
    outboxes: reachable ? await outboxes(deps.database) : { email: { queued: 0, sent: 0 }, sms: { rows: 0 } },
    providers: {
      payments: deps.providers.payments,
      email: deps.providers.email,
      sms: deps.providers.sms,
      odds: { provider: deps.providers.odds, quotaRemaining: deps.providers.oddsQuotaRemaining?.() ?? null },
    },
  }
}
