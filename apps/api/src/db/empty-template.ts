import { createHash } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { apiRoot } from '../config.ts'
import { migrationsFolder } from './migrate.ts'

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
export function isEmptyDataDir(dir: string): boolean {
  return !existsSync(dir) || readdirSync(dir).length === 0
}

/**
 * Gives an empty (or missing) PGlite data directory a copy of the template, when there is one for
 * this code. Returns whether it did; a directory that holds anything is left alone. The copy goes
 * to a sibling first and is renamed into place, so a start cut short never leaves half a database.
 */
export function fillFromTemplate(dataDir: string, root: string = templatesRoot): boolean {
  if (!isEmptyDataDir(dataDir)) return false
  const template = templateDir(root)
  if (!existsSync(path.join(template, 'PG_VERSION'))) return false
  const staging = `${dataDir}.copying-${process.pid}`
  rmSync(staging, { recursive: true, force: true })
  mkdirSync(path.dirname(dataDir), { recursive: true })
  cpSync(template, staging, { recursive: true })
  rmSync(dataDir, { recursive: true, force: true })
  renameSync(staging, dataDir)
  return true
}
