import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { StackFrame } from '@picks/contracts'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import type { RawFrame } from './stack-frames.ts'

/**
 * Symbolication (issue 18, decision 042): a frame of one of our bundles (`…/assets/index-abc123.js`)
 * mapped back to its source file, line, column and name through the production build's source
 * maps. The build writes them with no `sourceMappingURL` comment and moves them out of the web root
 * (`apps/web/vite.config.ts`), so browsers never get them; this server reads them from
 * `SOURCE_MAPS_DIR` (`<dir>/assets/<bundle>.js.map`, the build's layout).
 *
 * A map is read the first time a frame of its bundle is mapped, then kept among the last
 * `maxMaps` used (a map of the app's largest chunk is a few hundred kB parsed). Only bundle names
 * of letters, digits, `_`, `.` and `-` ending in `.js` are looked up, so a reported address can
 * never name a file outside the maps directory. Nothing here throws: a missing, unreadable, oversized
 * or invalid map, or a position no mapping covers, leaves the frame's `source` null.
 */
export interface Symbolicator {
  /** The frames with `source` filled where a map knows the place. */
  symbolicate(frames: readonly RawFrame[]): Promise<StackFrame[]>
}

export interface SymbolicatorOptions {
  /** SOURCE_MAPS_DIR: where the build moved its maps (`apps/web/dist-sourcemaps` by default). */
  mapsDir: string
  /** Maps kept in memory at most (the least recently used goes first). */
  maxMaps?: number
  /** A map file larger than this is not read (the app's are far smaller). */
  maxMapBytes?: number
}

/** The name of a bundle file we build: `index-abc123.js`, `shop-page-DxT1.js`. */
const bundleName = /^[\w.-]+\.js$/

/**
 * The bundle a frame's file names, when it is one of ours: the path (of a full address or not,
 * without query or fragment) is `/assets/<bundle>.js`. Any origin: the map is ours either way.
 */
export function bundleOf(file: string): string | null {
  let pathname = file
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) {
    try {
      pathname = new URL(file).pathname
    } catch {
      return null
    }
  }
  const [withoutQuery = ''] = pathname.split(/[?#]/)
  const match = /^\/assets\/([^/]+)$/.exec(withoutQuery)
  const name = match?.[1]
  return name && bundleName.test(name) && !name.startsWith('.') ? name : null
}

/**
 * A source path as operators read it: relative to the web app (`src/features/shop/shop-page.tsx`,
 * `../../packages/contracts/src/text.ts`), a library's from its package folder
 * (`node_modules/react-dom/cjs/react-dom.production.js`). The maps name sources relative to where
 * the build wrote them, `apps/web/dist/assets`; an address or an absolute path is kept as it is.
 */
export function readableSource(source: string): string {
  // A bundler's virtual module (`\0vite/preload-helper.js`) has no file: its id, without the mark.
  if (source.startsWith('\0')) return source.slice(1)
  if (path.posix.isAbsolute(source) || /^[a-z][a-z0-9+.-]*:/i.test(source)) return source
  const fromWebApp = path.posix.normalize(path.posix.join('dist/assets', source))
  const modules = fromWebApp.lastIndexOf('node_modules/')
  return modules >= 0 ? fromWebApp.slice(modules) : fromWebApp
}

export function createSymbolicator(options: SymbolicatorOptions): Symbolicator {
  const maxMaps = options.maxMaps ?? 50
  const maxMapBytes = options.maxMapBytes ?? 20 * 1024 * 1024
  const assetsDir = path.resolve(options.mapsDir, 'assets')
  /** Least recently used first (a Map keeps insertion order): each use moves its entry to the end. */
  const cache = new Map<string, Promise<TraceMap | null>>()

  async function load(bundle: string): Promise<TraceMap | null> {
    const file = path.join(assetsDir, `${bundle}.map`)
    // The name was checked; this is the second lock on the door.
    if (path.dirname(file) !== assetsDir) return null
    try {
      const info = await stat(file)
      if (!info.isFile() || info.size > maxMapBytes) return null
      return new TraceMap(await readFile(file, 'utf8'))
    } catch {
      return null
    }
  }

  function mapOf(bundle: string): Promise<TraceMap | null> {
    const cached = cache.get(bundle)
    if (cached) {
      cache.delete(bundle)
      cache.set(bundle, cached)
      return cached
    }
    const loading = load(bundle)
    cache.set(bundle, loading)
    while (cache.size > maxMaps) cache.delete(cache.keys().next().value!)
    return loading
  }

  async function sourceOf(frame: RawFrame): Promise<StackFrame['source']> {
    const bundle = bundleOf(frame.file)
    if (!bundle || frame.line === null || frame.column === null || frame.line < 1 || frame.column < 1) return null
    const map = await mapOf(bundle)
    if (!map) return null
    try {
      // Browsers print 1-based columns; source maps count them from 0.
      const found = originalPositionFor(map, { line: frame.line, column: frame.column - 1 })
      if (found.source === null || found.line === null || found.column === null) return null
      return { file: readableSource(found.source), line: found.line, column: found.column + 1, name: found.name }
    } catch {
      return null
    }
  }

  return {
    async symbolicate(frames) {
      return Promise.all(frames.map(async (frame) => ({ ...frame, source: await sourceOf(frame) })))
    },
  }
}
