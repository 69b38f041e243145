import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { build, type Plugin, type PluginOption } from 'vite'
import { compressionThresholdBytes } from './compressed-copies.ts'

/** What the server entry exports (src/prerender.tsx is the app's). */
interface PrerenderEntry {
  prerenderedPages: readonly { path: string; file: string; module: string; pattern?: string }[]
  renderPage(path: string): Promise<{ title: string | null; markup: string }>
}

function isPrerenderEntry(value: unknown): value is PrerenderEntry {
  return (
    typeof value === 'object' &&
    value !== null &&
    'prerenderedPages' in value &&
    Array.isArray(value.prerenderedPages) &&
    'renderPage' in value &&
    typeof value.renderPage === 'function'
  )
}

/** One line of `prerendered/pages.json`, which the server reads: the addresses a file answers. */
export interface PrerenderedPageEntry {
  /** A regular expression over the path (no query string). */
  pattern: string
  file: string
}

/** Where the pages go, under the web root; the server reads `pages.json` there. */
export const prerenderedDir = 'prerendered'

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** The loader a pre-rendered page names instead of the entry (build/boot.js), and what it loads. */
export interface PageCode {
  /** The loader's address. */
  boot: string
  /** The entry's address. */
  entry: string
  /**
   * Every chunk the entry and the page import, to fetch together, in the order they are evaluated:
   * the entry's in the order the browser would evaluate them, then the page's.
   */
  chunks: string[]
}

/**
 * The built index.html with `markup` in its root element and `title` for its own. The root is
 * `inert` until the app has taken the page over (app/start.tsx): a tap or a key before then would
 * reach a page without its code (a button that does nothing, text typed into a box the app then
 * does not know of), so nothing in it takes input until it can answer. The entry and its preloads
 * give way to the loader (`code.boot`), which fetches them once the page has painted.
 */
export function pageHtml(indexHtml: string, title: string | null, markup: string, code: PageCode): string {
  const root = '<div id="root"></div>'
  if (!indexHtml.includes(root)) throw new Error(`index.html has no empty ${root} to render into`)
  const entryTag = /<script type="module" crossorigin src="[^"]+"><\/script>\s*/
  if (!entryTag.test(indexHtml)) throw new Error('index.html has no entry script to replace')
  const withTitle = title ? indexHtml.replace(/<title>[^<]*<\/title>/, () => title) : indexHtml
  const loader =
    `<script type="module" crossorigin src="${code.boot}" data-entry="${code.entry}" ` +
    `data-chunks="${code.chunks.join(' ')}"></script>\n    `
  return withTitle
    .replace(root, () => `<div id="root" inert>${markup}</div>`)
    .replace(entryTag, () => loader)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
}

/** One chunk of Vite's build manifest (the fields used here). */
interface ManifestChunk {
  file: string
  imports?: string[]
}

/**
 * The files `from` loads statically, transitively, in the order the browser evaluates them: each
 * after the files it imports, in the order it imports them, and `from`'s own file last.
 */
export function chunkFiles(manifest: Record<string, ManifestChunk>, from: string): string[] {
  const order: string[] = []
  const seen = new Set<string>()
  const visit = (key: string): void => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`the build manifest has no ${key}`)
    for (const imported of chunk.imports ?? []) visit(imported)
    order.push(`/${chunk.file}`)
  }
  visit(from)
  return order
}

/** Writes build/boot.js under `assets/` with a name of its content's hash; answers its address. */
function writeBoot(outDir: string): string {
  const source = readFileSync(new URL('./boot.js', import.meta.url), 'utf8')
  const name = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`
  writeFileSync(path.join(outDir, name), source)
  return `/${name}`
}

function writeWithCopies(file: string, content: string): void {
  writeFileSync(file, content)
  const bytes = Buffer.byteLength(content)
  if (bytes < compressionThresholdBytes) return
  // The same settings as the build's other copies (compressed-copies.ts): paid once, at build time.
  const br = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  })
  if (br.length < bytes) writeFileSync(`${file}.br`, br)
  const gz = gzipSync(content, { level: constants.Z_BEST_COMPRESSION })
  if (gz.length < bytes) writeFileSync(`${file}.gz`, gz)
}

export interface PrerenderOptions {
  /** The server entry, relative to the project root. */
  entry: string
  /** Plugins the server build needs (the React transform). */
  plugins: PluginOption[]
}

/**
 * After the browser build, builds `entry` for Node, renders each page it lists and writes it under
 * `dist/prerendered/` as the built index.html with the page's first screen in its root element,
 * with brotli and gzip copies, and `pages.json` saying which addresses each file answers (decision
 * 051). The server build goes to a scratch directory that is removed once the pages are written.
 */
export function prerenderPages(options: PrerenderOptions): Plugin {
  let root = ''
  let outDir = ''
  let isServerBuild = false
  return {
    name: 'picks:prerender-pages',
    apply: 'build',
    configResolved(config) {
      root = config.root
      outDir = path.resolve(config.root, config.build.outDir)
      isServerBuild = Boolean(config.build.ssr)
    },
    async closeBundle() {
      if (isServerBuild) return
      // Inside the project, so the server build's imports resolve from its node_modules.
      const scratch = path.join(root, 'dist-prerender')
      try {
        await build({
          configFile: false,
          root,
          logLevel: 'warn',
          plugins: options.plugins,
          build: {
            ssr: options.entry,
            outDir: scratch,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rolldownOptions: { output: { entryFileNames: 'entry.js' } },
          },
        })
        const loaded: unknown = await import(pathToFileURL(path.join(scratch, 'entry.js')).href)
        if (!isPrerenderEntry(loaded)) throw new Error(`${options.entry} must export prerenderedPages and renderPage`)
        const indexHtml = readFileSync(path.join(outDir, 'index.html'), 'utf8')
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<
          string,
          ManifestChunk
        >
        const boot = writeBoot(outDir)
        const entryChunks = chunkFiles(manifest, 'index.html')
        const entry = entryChunks.pop() ?? ''
        const target = path.join(outDir, prerenderedDir)
        mkdirSync(target, { recursive: true })
        const entries: PrerenderedPageEntry[] = []
        for (const page of loaded.prerenderedPages) {
          const { title, markup } = await loaded.renderPage(page.path)
          const pageChunks = chunkFiles(manifest, page.module).filter((file) => !entryChunks.includes(file))
          const code = { boot, entry, chunks: [...entryChunks, ...pageChunks] }
          writeWithCopies(path.join(target, page.file), pageHtml(indexHtml, title, markup, code))
          entries.push({ pattern: page.pattern ?? `^${escapeRegExp(page.path)}$`, file: page.file })
        }
        writeFileSync(path.join(target, 'pages.json'), `${JSON.stringify(entries, null, 2)}\n`)
      } finally {
        rmSync(scratch, { recursive: true, force: true })
      }
    },
  }
}
