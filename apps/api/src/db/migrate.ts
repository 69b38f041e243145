import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgliteDatabase } from 'drizzle-orm/pglite'
import type { NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrationsFolder } from '../config.ts'
import type { Database } from './client.ts'

/** Applies the committed drizzle-kit migrations; already-applied ones are skipped. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder })
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder })
  }
}
