import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { unfilteredShopFirstPagePath } from '@picks/contracts'

/**
 * What the browser is told to fetch with the app's page (a `Link` header on index.html), by address
 * (issue 19 point 2, decision 049). Without it a phone on a slow network fetches the page, then the
 * app's code, then, once that code runs, the page's own chunk, then, once that runs, the page's data:
 * four round trips in a row before anything of the page's content shows. The header starts the
 * page's chunks (and the shop's first call) with the app's code, one round trip after the HTML.
 */

/** A page a visitor lands on: its address, its module in the web build, the API calls it makes first. */
export interface LandingPage {
  pattern: RegExp
  /** The page module's path in apps/web, as the Vite manifest names it. */
  module: string
  /** API addresses the page asks for first (exactly as the client builds them), given the query string. */
  firstCalls?: (search: string) => string[]
}

/**
 * The pages of issue 19 point 2 (and the addresses that show the same page). Only addresses whose
 * page and first call are certain: a guess would download what the visitor does not need.
 */
export const landingPages: readonly LandingPage[] = [
  {
    // `/` forwards to the shop in the browser, query string and all.
    pattern: /^\/(?:|shop-picks|marketplace)$/,
    module: 'src/features/shop/shop-page.tsx',
    // With filters in the address the call differs; the client builds it, the header leaves it alone.
    firstCalls: (search) => (search === '' ? [`/api${unfilteredShopFirstPagePath}`] : []),
  },
  { pattern: /^\/shop-picks\/purchase\/[^/]+$/, module: 'src/features/shop/purchase-page.tsx' },
  { pattern: /^\/locker-room(?:\/[^/]+)?$/, module: 'src/features/locker-room/locker-room-page.tsx' },
  { pattern: /^\/my-picks$/, module: 'src/features/picks/my-picks-page.tsx' },
]

/** One chunk of Vite's build manifest (the fields used here). */
interface ManifestChunk {
  file: string
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

function isManifest(value: unknown): value is Manifest {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every(
      (chunk: unknown) =>
        typeof chunk === 'object' && chunk !== null && 'file' in chunk && typeof chunk.file === 'string',
    )
  )
}

/** The manifest keys `from` loads statically, itself included, transitively. */
function closure(manifest: Manifest, from: string): Set<string> {
  const seen = new Set<string>()
  const queue = [from]
  while (queue.length) {
    const key = queue.shift() as string
    if (seen.has(key) || !manifest[key]) continue
    seen.add(key)
    queue.push(...(manifest[key].imports ?? []))
  }
  return seen
}

/**
 * The `Link` header value for each landing page: its chunk and the chunks it imports that the entry
 * does not (index.html preloads those already), their CSS, then its first calls.
 */
function chunkLinks(manifest: Manifest, module: string): string[] {
  if (!manifest[module]) return []
  const entry = closure(manifest, 'index.html')
  const links: string[] = []
  const css = new Set<string>()
  for (const key of closure(manifest, module)) {
    if (entry.has(key)) continue
    const chunk = manifest[key] as ManifestChunk
    links.push(`</${chunk.file}>; rel=modulepreload`)
    for (const file of chunk.css ?? []) css.add(file)
  }
  for (const file of css) links.push(`</${file}>; rel=preload; as=style`)
  return links
}

/**
 * Reads the build's manifest (`dist/.vite/manifest.json`) once and answers, for an address, the
 * `Link` header to send with index.html, or null (not a landing page, or no manifest: a build
 * without one, or none at all, sends the page as before).
 */
export function pagePreloads(distDir: string): (url: string, options?: { codeAfterPaint?: boolean }) => string | null {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return () => null
  const parsed: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'))
  if (!isManifest(parsed)) throw new Error(`${manifestPath} is not a Vite build manifest`)
  const pages = landingPages.map((page) => ({ page, chunks: chunkLinks(parsed, page.module) }))
  // `codeAfterPaint`: the page paints without its code (a pre-rendered page, decision 051), whose
  // loader fetches the chunks once it has painted: the header names only the first calls.
  return (url, options = {}) => {
    const address = new URL(url, 'http://localhost')
    // The router ignores a trailing slash; so does this.
    const pathname = address.pathname.length > 1 ? address.pathname.replace(/\/$/, '') : address.pathname
    const found = pages.find(({ page }) => page.pattern.test(pathname))
    if (!found) return null
    const calls = (found.page.firstCalls?.(address.search) ?? []).map(
      (call) => `<${call}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    )
    const links = [...(options.codeAfterPaint ? [] : found.chunks), ...calls]
    return links.length ? links.join(', ') : null
  }
}
