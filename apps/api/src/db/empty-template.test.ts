import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildEmptyTemplate } from '../build-template.ts'
import { allJobs } from '../jobs/all-jobs.ts'
import { openDatabase, queryRows, type Database } from './client.ts'
import { beginPreparingDataDir, prepareDataDir, templateDir, templateKey } from './empty-template.ts'
import { migrationsFolder } from '../config.ts'

const work = mkdtempSync(path.join(tmpdir(), 'picks-template-'))
const root = path.join(work, 'templates')
let built: 'existing' | 'built'

beforeAll(async () => {
  // A template some other code made, which the build must clear away.
  mkdirSync(path.join(root, '0123456789abcdef'), { recursive: true })
  built = await buildEmptyTemplate(root)
}, 300_000)
afterAll(() => rmSync(work, { recursive: true, force: true }))

const journalEntries = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length

async function appliedMigrations(database: Database): Promise<number | undefined> {
  const [applied] = await queryRows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  )
  return applied?.n
}

describe('the empty-database template', () => {
  it('is built once for this code, and the build clears away the templates of other code', async () => {
    expect(built).toBe('built')
    expect(readdirSync(root)).toEqual([templateKey()])
    expect(await buildEmptyTemplate(root)).toBe('existing')
  })

  it('gives a first start a migrated database with the job queue, which keeps what is written to it', async () => {
    const dataDir = path.join(work, 'first-start', 'pglite')
    const database = await openDatabase({ kind: 'pglite', dataDir }, { template: root })
    expect(database.created).toBe('from template')
    expect(await appliedMigrations(database)).toBe(journalEntries)
    const queues = await queryRows<{ name: string }>(database.db, sql`select name from pgboss.queue`)
    expect(queues.map((q) => q.name)).toEqual(expect.arrayContaining(allJobs.map((job) => job.name)))
    await database.db.execute(sql`insert into users (email, name) values ('first@example.com', 'First')`)
    await database.close()

    const again = await openDatabase({ kind: 'pglite', dataDir }, { template: root })
    expect(again.created).toBeUndefined()
    const users = await queryRows<{ email: string }>(again.db, sql`select email from users`)
    expect(users).toEqual([{ email: 'first@example.com' }])
    await again.close()
    // The template itself is untouched by what the copy wrote.
    expect(existsSync(path.join(templateDir(root), 'PG_VERSION'))).toBe(true)
  }, 120_000)

  it('gives a start that began copying before its code loaded that copy, once the copy is done', async () => {
    const dataDir = path.join(work, 'begun-ahead', 'pglite')
    beginPreparingDataDir(dataDir, root)
    const database = await openDatabase({ kind: 'pglite', dataDir }, { template: root })
    expect(database.created).toBe('from template')
    expect(await appliedMigrations(database)).toBe(journalEntries)
    await database.close()
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite'])
  }, 120_000)

  it('leaves a data directory that holds anything alone', async () => {
    const dataDir = path.join(work, 'not-empty')
    mkdirSync(dataDir)
    writeFileSync(path.join(dataDir, 'something'), 'kept')
    expect(await prepareDataDir(dataDir, root)).toBeUndefined()
    expect(readdirSync(dataDir)).toEqual(['something'])
  })

  it('copies nothing when the build made no template for this code', async () => {
    const dataDir = path.join(work, 'no-template')
    expect(await prepareDataDir(dataDir, path.join(work, 'no-templates-here'))).toBe('from nothing')
    expect(existsSync(dataDir)).toBe(false)
  })

  it('reports a copy that failed to the start that waits for it', async () => {
    const broken = path.join(work, 'broken-templates')
    mkdirSync(templateDir(broken), { recursive: true })
    writeFileSync(path.join(templateDir(broken), 'PG_VERSION'), '17')
    // A data directory inside the template: the copy, in its thread, refuses to copy a folder into
    // itself (ERR_FS_CP_EINVAL on Node 20 and on Node 24).
    const dataDir = path.join(templateDir(broken), 'inside', 'pglite')
    beginPreparingDataDir(dataDir, broken)
    await expect(prepareDataDir(dataDir, broken)).rejects.toThrow(/subdirectory of self/)
    expect(existsSync(dataDir)).toBe(false)
  })
})
