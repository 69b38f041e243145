import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { onCleanup, repoRoot, type CleanupHandle } from './children.ts'
import { freePort } from './net.ts'

export interface PostgresServer {
  /** Admin URL (any database; the benchmark creates and drops its own). */
  url: string
  version: string
  /** 'BENCH_DATABASE_URL' or 'sandbox (port N)'. */
  source: string
  /** Stops the sandbox if the benchmark started it; a no-op for BENCH_DATABASE_URL. */
  release(): void
}

export type PostgresAvailability = { available: true; server: PostgresServer } | { available: false; reason: string }

const sandboxScript = path.join(repoRoot, 'scripts/postgres-sandbox.sh')

function postgresInstalled(): boolean {
  const root = '/usr/lib/postgresql'
  return existsSync(root) && readdirSync(root).some((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl')))
}

export async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    const result = await client.query<{ version: string }>('select version()')
    return result.rows[0]?.version ?? 'unknown'
  } finally {
    await client.end()
  }
}

/**
 * BENCH_DATABASE_URL when set; otherwise a throwaway cluster from scripts/postgres-sandbox.sh in
 * a fresh directory on a free port, stopped and removed at the end (also on error or SIGINT).
 */
export async function acquirePostgres(): Promise<PostgresAvailability> {
  const given = process.env.BENCH_DATABASE_URL
  if (given) {
    return {
      available: true,
      server: { url: given, version: await serverVersion(given), source: 'BENCH_DATABASE_URL', release: () => {} },
    }
  }
  if (!postgresInstalled()) {
    return {
      available: false,
      reason: 'PostgreSQL is not installed (apt-get install -y postgresql) and BENCH_DATABASE_URL is not set',
    }
  }
  // Not under a mkdtemp dir: that is mode 0700 and the `postgres` user could not reach it.
  const dir = `/tmp/picks-bench-pg-${process.pid}`
  const port = await freePort()
  const sandbox = onCleanup(() => {
    execFileSync('bash', [sandboxScript, 'stop', dir], { stdio: 'ignore', timeout: 60_000 })
    rmSync(dir, { recursive: true, force: true })
  })
  let url: string
  try {
    url = execFileSync('bash', [sandboxScript, 'start', dir, String(port)], {
      encoding: 'utf8',
      timeout: 120_000,
    }).trim()
  } catch (err) {
    sandbox.run()
    return {
      available: false,
      reason: `the PostgreSQL sandbox did not start: ${err instanceof Error ? err.message : String(err)}`,
    }
  }
  return {
    available: true,
    server: { url, version: await serverVersion(url), source: `sandbox on port ${port}`, release: sandbox.run },
  }
}

export function databaseUrl(serverUrl: string, name: string): string {
  const parsed = new URL(serverUrl)
  parsed.pathname = `/${name}`
  return parsed.toString()
}

async function admin(serverUrl: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    for (const statement of statements) await client.query(statement)
  } finally {
    await client.end()
  }
}

/** Creates an empty database (dropping a leftover of the same name); returns its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unsafe database name ${name}`)
  await admin(serverUrl, [`drop database if exists ${name} with (force)`, `create database ${name}`])
  const atExit = onCleanup(() => {
    // Only if the benchmark dies before dropping it; psql is synchronous, the pg client is not.
    try {
      execFileSync('psql', [serverUrl, '-qc', `drop database if exists ${name} with (force)`], {
        stdio: 'ignore',
        timeout: 30_000,
      })
    } catch {
      /* the sandbox may already be gone */
    }
  })
  dropAtExit.set(name, atExit)
  return databaseUrl(serverUrl, name)
}

const dropAtExit = new Map<string, CleanupHandle>()

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await admin(serverUrl, [`drop database if exists ${name} with (force)`])
  dropAtExit.get(name)?.cancel()
  dropAtExit.delete(name)
}

/** Leaves a database made by createDatabase in place when the benchmark ends. */
export function keepDatabase(name: string): void {
  dropAtExit.get(name)?.cancel()
  dropAtExit.delete(name)
}

export async function databaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 })
  await client.connect()
  try {
    const res = await client.query('select 1 from pg_database where datname = $1', [name])
    return res.rowCount === 1
  } finally {
    await client.end()
  }
}
