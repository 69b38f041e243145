import { once } from 'node:events'
import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config.ts'
import { prepareDataDir, type CreatedDatabase } from './empty-template.ts'

/**
 * The one database type the services see; the same queries run on PGlite and PostgreSQL. Typed
 * without a schema (no code uses `db.query.*`), so this bottom layer imports no feature's tables;
 * each module queries its own tables by importing them. db/schema.ts lists every table for
 * drizzle-kit's migration generator only.
 */
export type Db = PgDatabase<PgQueryResultHKT>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  /** PostgreSQL: the server's connection URL, for the job queue's own pool; null for PGlite. */
  url: string | null
  /**
   * PGlite in a data directory that was empty: whether it started as a copy of the build's
   * empty-database template (db/empty-template.ts) or was made from nothing. Absent otherwise.
   */
  created?: CreatedDatabase
  ping(): Promise<void>
  /** Resolves once every connection is closed. */
  close(): Promise<void>
  /**
   * Hears of a pooled PostgreSQL connection that broke while idle (a server restart, a failover, an
   * administrator ending it). The pool drops that connection and opens a new one on the next query,
   * so this is for logging only. PGlite has no connections to lose.
   */
  onConnectionError(listener: (error: Error) => void): void
  /** PostgreSQL: the connection pool's counts now, for the server metrics; null for PGlite, which has no pool. */
  poolStats(): PoolStats | null
}

/** A connection pool at one moment. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  open: number
  idle: number
  /** Queries waiting for a connection because every one is in use and the pool is at its size. */
  waiting: number
  /** The most connections the pool opens. */
  max: number
}

export interface OpenOptions {
  /** PGlite only: start from a dumped data directory (the migrated test template). */
  loadDataDir?: Blob
  poolSize?: number
  /**
   * PGlite in an empty data directory: where to look for the build's empty-database template
   * (db/empty-template.ts); null: make the database from nothing.
   */
  template?: string | null
}

export async function openDatabase(target: Config['database'], options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') {
    // No JIT compilation (docs/decisions/034): it spent 100–600 ms compiling the admin console's
    // aggregates over big tables, each of which runs in a few milliseconds without it.
    const max = options.poolSize ?? 10
    const pool = new pg.Pool({ connectionString: target.url, max, options: '-c jit=off' })
    const db = drizzlePg(pool) as unknown as Db
    // Without a listener, an idle connection's error is thrown by the pool's emitter and ends the process.
    const listeners: ((error: Error) => void)[] = []
    pool.on('error', (error) => listeners.forEach((listener) => listener(error)))
    // `end()` resolves when the pool lets go of its connections, before their sockets have closed;
    // 'remove' comes once each has. Waiting for it makes `close()` mean closed.
    let open = 0
    pool.on('connect', () => void open++)
    pool.on('remove', () => void open--)
    return {
      db,
      kind: 'postgres',
      url: target.url,
      ping: async () => void (await db.execute(sql`select 1`)),
      close: async () => {
        await pool.end()
        while (open > 0) await once(pool, 'remove')
      },
      onConnectionError: (listener) => void listeners.push(listener),
      poolStats: () => ({ open: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    }
  }
  const created: Database['created'] =
    target.dataDir !== null && !options.loadDataDir ? await prepareDataDir(target.dataDir, options.template) : undefined
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  })
  const db = drizzlePglite(client) as unknown as Db
  return {
    db,
    kind: 'pglite',
    url: null,
    ...(created ? { created } : {}),
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    onConnectionError: () => {},
    poolStats: () => null,
    ...{ pglite: client },
  }
}

/** PGlite's own handle, for dumping the migrated test template. */
export function pgliteOf(database: Database): PGlite | null {
  return 'pglite' in database ? (database as Database & { pglite: PGlite }).pglite : null
}

/** Raw SQL for the few queries the builder cannot say; both drivers return `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
