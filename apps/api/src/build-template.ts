import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Database } from './db/client.ts'
import { templateDir, templateKey, templatesRoot } from './db/empty-template.ts'

/**
 * What every new database of this app holds before its first start: the migrations and pg-boss's
 * schema and queues. Loaded when called: a build whose template is up to date loads none of it.
 */
export async function prepareEmptyDatabase(database: Database): Promise<void> {
  const { migrateDatabase } = await import('./db/migrate.ts')
  const { allJobs } = await import('./jobs/all-jobs.ts')
  const { installJobQueue } = await import('./jobs/queue.ts')
  await migrateDatabase(database)
  await installJobQueue(database, allJobs)
}

/**
 * Makes the empty-database template for this code under `root` (db/empty-template.ts), unless it
 * is there already, and removes templates other code made. Built beside its final place and
 * renamed into it, so a cut-short build leaves no template that a start would copy.
 */
export async function buildEmptyTemplate(root: string = templatesRoot): Promise<'existing' | 'built'> {
  const key = templateKey()
  const target = templateDir(root, key)
  for (const entry of existsSync(root) ? readdirSync(root) : []) {
    if (entry !== key) rmSync(path.join(root, entry), { recursive: true, force: true })
  }
  if (existsSync(target)) return 'existing'
  mkdirSync(root, { recursive: true })
  const staging = `${target}.building-${process.pid}`
  const { openDatabase } = await import('./db/client.ts')
  const database = await openDatabase({ kind: 'pglite', dataDir: staging }, { template: null })
  try {
    await prepareEmptyDatabase(database)
  } finally {
    await database.close()
  }
  renameSync(staging, target)
  return 'built'
}
