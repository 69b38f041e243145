import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { prepareEmptyDatabase } from '../build-template.ts'
import { openDatabase, pgliteOf } from '../db/client.ts'
import { databaseUrlWithName } from './test-database-context.ts'
import './test-database-context.ts'

/**
 * Builds one migrated database template per run: a PGlite data-directory dump by default, or a
 * PostgreSQL template database when TEST_DATABASE_URL is set. Each test file starts from a copy.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (serverUrl) {
    const templateName = `picks_test_template_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${templateName}`)
    await admin.query(`create database ${templateName}`)
    await admin.end()
    const database = await openDatabase(
      { kind: 'postgres', url: databaseUrlWithName(serverUrl, templateName) },
      { poolSize: 1 },
    )
    await prepareEmptyDatabase(database)
    await database.close()
    project.provide('testDatabase', { kind: 'postgres', adminUrl: serverUrl, templateName })
    return async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${templateName}`)
      await cleanup.end()
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'picks-test-'))
  const database = await openDatabase({ kind: 'pglite', dataDir: null })
  await prepareEmptyDatabase(database)
  const dump = await pgliteOf(database)!.dumpDataDir('none')
  const dumpPath = path.join(dir, 'template.tar')
  writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()))
  await database.close()
  project.provide('testDatabase', { kind: 'pglite', dumpPath })
  return async () => rmSync(dir, { recursive: true, force: true })
}
