import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { apiRoot, migrationsFolder } from '../config.ts'

/**
 * A first start's embedded database, made ahead by the build. A new PGlite data directory costs an
 * `initdb` in WebAssembly, every migration and pg-boss's schema: about 70% of a first start's time
 * (docs/performance.md, "Start time"). `npm run build` makes one such database with nothing in it
 * (build-template.ts); a first start copies that directory instead, then migrates it as any start
 * does, which finds nothing to do. The directory is named by what made it — this PGlite, this
 * pg-boss and these migrations — so a start never copies one made by other code.
 */

/** Where the build leaves the template: `apps/api/dist/empty-database/<key>`. */
export const templatesRoot = path.join(apiRoot, 'dist/empty-database')

const require = createRequire(import.meta.url)

/** The installed version of a package, from the package.json above its entry file. */
function installedVersion(name: string): string {
  let dir = path.dirname(require.resolve(name))
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest)) {
      const parsed = JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string; version?: string }
      if (parsed.name === name && parsed.version) return parsed.version
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error(`no package.json of ${name} above ${require.resolve(name)}`)
    dir = parent
  }
}

/**
 * Names what a template holds: the PGlite and pg-boss versions and every migration the migrator
 * reads (its journal and SQL files). Any change to one gives another key.
 */
export function templateKey(): string {
  const hash = createHash('sha256')
  hash.update(`pglite ${installedVersion('@electric-sql/pglite')}\npg-boss ${installedVersion('pg-boss')}\n`)
  const files = readdirSync(migrationsFolder)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => path.join(migrationsFolder, name))
  for (const file of [path.join(migrationsFolder, 'meta/_journal.json'), ...files]) {
    hash.update(`${path.relative(migrationsFolder, file)}\n`)
    hash.update(readFileSync(file))
  }
  return hash.digest('hex').slice(0, 16)
}

/** The template this code would use (it exists only once the build has made it). */
export function templateDir(root: string = templatesRoot, key: string = templateKey()): string {
  return path.join(root, key)
}

/** A data directory with nothing in it yet (or none at all): PGlite would make a new database there. */
function isEmptyDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

/**
 * Copies a directory in a thread of its own (`fs.cpSync` there): the main thread stays free to
 * load the server's code meanwhile. The template is 43 MB in 1,450 files; `fs.promises.cp` on the
 * main thread took 0.9-1.1 s of it, `cpSync` 0.4-0.6 s of blocked loop (docs/performance.md,
 * "Start time").
 */
function copyInThread(from: string, to: string): Promise<void> {
  const code = `
    const { cpSync } = require('node:fs')
    const { workerData } = require('node:worker_threads')
    cpSync(workerData.from, workerData.to, { recursive: true })
  `
  return new Promise((resolve, reject) => {
    const worker = new Worker(code, { eval: true, workerData: { from, to } })
    worker.once('error', reject)
    worker.once('exit', (exitCode) =>
      exitCode === 0 ? resolve() : reject(new Error(`copying ${from} stopped with exit code ${exitCode}`)),
    )
  })
}

/** How a first start's database came to be: PGlite's `created` (db/client.ts). */
export type CreatedDatabase = 'from template' | 'from nothing'

async function prepare(dataDir: string, root: string | null): Promise<CreatedDatabase | undefined> {
  if (!isEmptyDataDir(dataDir)) return undefined
  const template = root === null ? null : templateDir(root)
  if (template === null || !existsSync(path.join(template, 'PG_VERSION'))) return 'from nothing'
  const staging = `${dataDir}.copying-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(path.dirname(dataDir), { recursive: true })
  await copyInThread(template, staging)
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(staging, dataDir)
  return 'from template'
}

/** Data directories whose preparation began before the database was opened, by directory and template folder. */
const begun = new Map<string, Promise<CreatedDatabase | undefined>>()
const begunKey = (dataDir: string, root: string | null) =>
  `${path.resolve(dataDir)}\n${root === null ? '' : path.resolve(root)}`

/**
 * Starts `prepareDataDir` ahead: `npm start` calls it before it loads the rest of the server's
 * code, so a first start's copy and the loading overlap. The `prepareDataDir` that opens the
 * database waits for this one instead of looking again.
 */
export function beginPreparingDataDir(dataDir: string, root: string | null = templatesRoot): void {
  const key = begunKey(dataDir, root)
  if (begun.has(key)) return
  const preparing = prepare(dataDir, root)
  // Its failure is reported to the `prepareDataDir` that takes it, not as an unhandled rejection now.
  preparing.catch(() => {})
  begun.set(key, preparing)
}

/**
 * Readies a PGlite data directory before PGlite opens it. One that holds anything is left alone
 * (resolves to undefined). An empty (or missing) one gets a copy of the template when the build
 * made one for this code and `root` is not null ('from template'), else PGlite will make the
 * database from nothing ('from nothing'). The copy goes to a sibling first and is renamed into
 * place, so a start cut short never leaves half a database.
 */
export function prepareDataDir(
  dataDir: string,
  root: string | null = templatesRoot,
): Promise<CreatedDatabase | undefined> {
  const key = begunKey(dataDir, root)
  const ahead = begun.get(key)
  begun.delete(key)
  return ahead ?? prepare(dataDir, root)
}
