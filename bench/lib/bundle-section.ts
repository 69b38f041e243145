import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { repoRoot } from './children.ts'

export const webRoot = path.join(repoRoot, 'apps/web')
export const distDir = path.join(webRoot, 'dist')
const manifestPath = path.join(distDir, '.vite/manifest.json')
export const shopPageSource = 'src/features/shop/shop-page.tsx'
/** The /shop-picks JS budget, gzipped: 150 kB = 150,000 bytes. */
export const jsBudgetBytes = 150_000

/** One chunk of Vite's build manifest (only the fields used here). */
interface ManifestChunk {
  file: string
  src?: string
  isEntry?: boolean
  isDynamicEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

export interface BundleFile {
  file: string
  /** Why it loads: the manifest key that brought it in. */
  chunk: string
  rawBytes: number
  gzipBytes: number
}

export type BundleSection =
  | {
      measuredAt: string
      ran: true
      built: 'existing' | 'built now'
      shopChunkFound: boolean
      js: BundleFile[]
      css: BundleFile[]
      jsTotal: { rawBytes: number; gzipBytes: number }
      cssTotal: { rawBytes: number; gzipBytes: number }
      budgetBytes: number
      /** Lazy chunks the entry can load later (not counted). */
      otherLazyChunks: number
    }
  | { measuredAt: string; ran: false; reason: string }

function gzipSize(bytes: Buffer): number {
  return gzipSync(bytes, { level: 9 }).length
}

function measureFile(file: string, chunk: string): BundleFile {
  const bytes = readFileSync(path.join(distDir, file))
  return { file, chunk, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) }
}

/** What the web build is made from: a file here newer than the build's manifest makes the build stale. */
const buildSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contracts/src',
]

/** The newest modification time (ms) of a file or of any file under a directory. */
function newestChange(target: string): number {
  if (!existsSync(target)) return 0
  const stat = statSync(target)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(target).reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), 0)
}

/** True when some source of the web build changed after apps/web/dist was built. */
export function webBuildIsStale(): boolean {
  if (!existsSync(manifestPath)) return true
  const builtAt = statSync(manifestPath).mtimeMs
  return buildSources.some((source) => newestChange(path.join(repoRoot, source)) > builtAt)
}

/**
 * `npm run build -w <workspace>` (at most 5 min), which must leave `output` (a path from the
 * repository root): ok, or why not, with the end of the build's output.
 */
export function npmBuild(workspace: string, output: string): { ok: true } | { ok: false; reason: string } {
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], {
    cwd: repoRoot,
    encoding: 'utf8',
    timeout: 300_000,
  })
  if (build.status === 0 && existsSync(path.resolve(repoRoot, output))) return { ok: true }
  const tail = `${build.stdout ?? ''}${build.stderr ?? ''}`.trim().split('\n').slice(-15).join('\n')
  return {
    ok: false,
    reason: `the ${workspace} build failed (${build.error?.message ?? `exit ${build.status}`}):\n${tail}`,
  }
}

/**
 * Builds the web app (`npm run build -w @picks/web`, at most 5 min) unless apps/web/dist has its
 * manifest already (and, with `rebuildWhenStale`, is newer than every source); says which, or why
 * it could not.
 */
export function ensureWebBuild(
  log: (m: string) => void,
  options: { rebuildWhenStale?: boolean } = {},
): { ok: true; built: 'existing' | 'built now' } | { ok: false; reason: string } {
  const missing = !existsSync(manifestPath)
  if (!missing && !(options.rebuildWhenStale && webBuildIsStale())) return { ok: true, built: 'existing' }
  log(
    `\n[build] apps/web/dist ${missing ? 'has no manifest' : 'is older than its sources'}: running \`npm run build -w @picks/web\` (at most 5 min)`,
  )
  const build = npmBuild('@picks/web', manifestPath)
  if (!build.ok) {
    log(`  ${build.reason}`)
    return build
  }
  return { ok: true, built: 'built now' }
}

/** Section c: every JS and CSS file the browser loads for /shop-picks, gzipped at level 9. */
export function runBundleSection(log: (m: string) => void): BundleSection {
  const measuredAt = new Date().toISOString()
  const build = ensureWebBuild(log)
  if (!build.ok) return { measuredAt, ran: false, reason: build.reason }
  const built = build.built
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const entryKey = manifest['index.html'] ? 'index.html' : Object.keys(manifest).find((k) => manifest[k]?.isEntry)
  if (!entryKey) return { measuredAt, ran: false, reason: 'no entry chunk (index.html) in the Vite manifest' }
  const shopKey = manifest[shopPageSource]
    ? shopPageSource
    : Object.keys(manifest).find((k) => k.endsWith('/shop-page.tsx'))

  // Entry + shop page, and everything they import statically (transitively).
  const loaded: string[] = []
  const queue = [entryKey, ...(shopKey ? [shopKey] : [])]
  while (queue.length) {
    const key = queue.shift() as string
    if (loaded.includes(key)) continue
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the manifest names ${key} but has no entry for it`)
    loaded.push(key)
    queue.push(...(chunk.imports ?? []))
  }
  const js: BundleFile[] = []
  const css: BundleFile[] = []
  const seenCss = new Set<string>()
  for (const key of loaded) {
    const chunk = manifest[key] as ManifestChunk
    if (chunk.file.endsWith('.js')) js.push(measureFile(chunk.file, key))
    for (const file of chunk.css ?? []) {
      if (seenCss.has(file)) continue
      seenCss.add(file)
      css.push(measureFile(file, key))
    }
  }
  const sum = (files: BundleFile[]) => ({
    rawBytes: files.reduce((n, f) => n + f.rawBytes, 0),
    gzipBytes: files.reduce((n, f) => n + f.gzipBytes, 0),
  })
  const otherLazyChunks = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && !loaded.includes(k)).length
  const result: BundleSection = {
    measuredAt,
    ran: true,
    built,
    shopChunkFound: Boolean(shopKey),
    js,
    css,
    jsTotal: sum(js),
    cssTotal: sum(css),
    budgetBytes: jsBudgetBytes,
    otherLazyChunks,
  }
  log(
    `\n[bundle] /shop-picks: ${js.length} JS files, ${result.jsTotal.gzipBytes} B gzipped (budget ${jsBudgetBytes} B); CSS ${result.cssTotal.gzipBytes} B gzipped`,
  )
  if (!shopKey) log(`  warning: no lazy chunk for ${shopPageSource} in the manifest`)
  return result
}
