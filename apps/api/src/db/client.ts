import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type SQL } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config.ts'
import * as schema from './schema.ts'

/** The one database type the services see; the same queries run on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  db: Db
  kind: 'pglite' | 'postgres'
  ping(): Promise<void>
  close(): Promise<void>
}

export interface OpenOptions {
  /** PGlite only: start from a dumped data directory (the migrated test template). */
  loadDataDir?: Blob
  poolSize?: number
}

export async function openDatabase(target: Config['database'], options: OpenOptions = {}): Promise<Database> {
  if (target.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: target.url, max: options.poolSize ?? 10 })
    const db = drizzlePg(pool, { schema }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      close: () => pool.end(),
    }
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true })
  const client = await PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  })
  const db = drizzlePglite(client, { schema }) as unknown as Db
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
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
