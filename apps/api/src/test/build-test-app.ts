import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { inject } from 'vitest'
import { buildApp, type AppDeps } from '../app.ts'
import { loadConfig, type Config } from '../config.ts'
import { openDatabase, queryRows, type Database } from '../db/client.ts'
import { databaseUrlWithName } from './test-database-context.ts'
import './test-database-context.ts'

export interface TestDatabase extends Database {
  /** Empties every table of the application schema (migrations stay applied). */
  reset(): Promise<void>
}

/** A private copy of the migrated template for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const template = inject('testDatabase')
  let database: Database
  let dispose = async () => {}
  if (template.kind === 'pglite') {
    database = await openDatabase(
      { kind: 'pglite', dataDir: null },
      { loadDataDir: new Blob([readFileSync(template.dumpPath)]) },
    )
  } else {
    const name = `picks_test_${randomUUID().replaceAll('-', '')}`
    const admin = new pg.Client({ connectionString: template.adminUrl })
    await admin.connect()
    await admin.query(`create database ${name} template ${template.templateName}`)
    await admin.end()
    database = await openDatabase(
      { kind: 'postgres', url: databaseUrlWithName(template.adminUrl, name) },
      { poolSize: 4 },
    )
    dispose = async () => {
      const cleanup = new pg.Client({ connectionString: template.adminUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    }
  }
  const close = database.close
  let tables: string[] | undefined
  return {
    ...database,
    close: async () => {
      await close()
      await dispose()
    },
    async reset() {
      // Truncating a table costs about the same whether or not it holds rows, and a test fills a
      // handful of the schema's tables: ask which hold any, in one query, and empty only those.
      tables ??= (
        await queryRows<{ tablename: string }>(
          database.db,
          sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
        )
      ).map((r) => `"public"."${r.tablename}"`)
      if (!tables.length) return
      const filled = await queryRows<{ name: string }>(
        database.db,
        sql.raw(tables.map((t) => `select '${t}' as name where exists (select 1 from ${t})`).join(' union all ')),
      )
      if (!filled.length) return
      // Deleting the few rows a test wrote is quicker than truncating, which also truncates every
      // table that references one (all of them reference users). Foreign keys and triggers are
      // switched off for the transaction (the test database's owner is a superuser).
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`)
        for (const { name } of filled) await tx.execute(sql.raw(`delete from ${name}`))
      })
    },
  }
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/nonexistent-test-data-dir',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SOURCE_MAPS_DIR: '/nonexistent-source-maps',
    }),
    // Tests write rows straight into the database, behind the cache's back; the cache has its own tests.
    shopCacheTtlMs: 0,
    // Likewise users' roles and suspensions, written straight into the table; the cache's tests turn it on.
    sessionCacheTtlMs: 0,
    ...overrides,
  }
}

export interface TestApp {
  app: FastifyInstance
  database: TestDatabase
}

/** The real app on a real database, reached with app.inject (no port). Close it in afterAll. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  deps: Omit<AppDeps, 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase()
  const app = await buildApp(testConfig(overrides), { ...deps, database })
  await app.ready()
  return { app, database }
}
