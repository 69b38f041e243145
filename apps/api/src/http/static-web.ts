import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from '../errors.ts'
import { pagePreloads } from './page-preloads.ts'

/**
 * Whether a route is @fastify/static's, for one file of the built web app: it marks each with
 * `config.file`. Such routes are registered for us and cannot declare their access (the guard counts
 * them public), and there is one per file (the server metrics count them as one).
 */
export function isWebAppFile(config: object | undefined): boolean {
  return config !== undefined && 'file' in config && typeof config.file === 'string'
}

/** The path of a 404, when it is plain enough to repeat back; an address holding anything else is not echoed. */
function echoablePath(url: string): string {
  const pathname = url.split('?')[0] ?? ''
  return /^\/[A-Za-z0-9/._~-]{0,200}$/.test(pathname) ? pathname : 'for this address'
}

/**
 * Files of the web root that are never addresses of their own, refused with a 404 like any missing
 * file rather than answered with the app's page. Source maps (decision 042): the build moves them
 * out of the web root, and one left in it (an older build, a copy by hand) is not served. The build's
 * brotli and gzip copies (decision 045): they are the file they sit beside, sent under its address
 * with `content-encoding` to a browser that accepts them, never as a download of compressed bytes.
 */
function isNotServed(pathname: string): boolean {
  return /\.(?:map|br|gz)$/i.test(pathname.split(/[?#]/)[0] ?? '')
}

/** Where the build writes the landing pages it rendered (apps/web/build/prerender-pages.ts). */
const prerenderedDir = 'prerendered'

/**
 * The build's pre-rendered pages (decision 051) from `prerendered/pages.json`: for a path, the file
 * that answers it, or null. No list (a build without it) answers null for every path.
 */
export function prerenderedPages(distDir: string): (pathname: string) => string | null {
  const listPath = path.join(distDir, prerenderedDir, 'pages.json')
  if (!existsSync(listPath)) return () => null
  const parsed: unknown = JSON.parse(readFileSync(listPath, 'utf8'))
  const isEntry = (entry: unknown): entry is { pattern: string; file: string } =>
    typeof entry === 'object' &&
    entry !== null &&
    'pattern' in entry &&
    typeof entry.pattern === 'string' &&
    'file' in entry &&
    typeof entry.file === 'string' &&
    /^[a-z0-9-]+\.html$/.test(entry.file)
  if (!Array.isArray(parsed) || !parsed.every(isEntry))
    throw new Error(`${listPath} is not a list of pre-rendered pages`)
  const pages = parsed.map((entry) => ({ pattern: new RegExp(entry.pattern), file: `${prerenderedDir}/${entry.file}` }))
  return (pathname) => pages.find((page) => page.pattern.test(pathname))?.file ?? null
}

export interface WebAppOptions {
  /**
   * Whether a request comes from someone signed out (no credentials): only they get a pre-rendered
   * page, which shows the signed-out layout. Without it no request gets one.
   */
  isVisitor?: (request: FastifyRequest) => boolean
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else falls back
 * to index.html so client routes such as /creator/payments or /{username} load the app. Each file,
 * the fallback page included, goes out as the build's brotli or gzip copy when the browser accepts
 * one (`preCompressed`), with `vary: accept-encoding`. Source maps and the copies themselves have no
 * address (`isNotServed`). A signed-out visitor landing on a pre-rendered page's address, with no
 * query string (filters change what the page shows), gets that page instead of index.html: the same
 * document with the page's first screen already in it (decision 051).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  options: WebAppOptions = {},
): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'))
  const preloadsFor = pagePreloads(distDir)
  const prerenderedFor = prerenderedPages(distDir)
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // No route for a map or a compressed copy, and none sent should a path lead to one anyway.
      // Nor for the pre-rendered pages: they answer the app's addresses, never their own.
      globIgnore: ['**/*.map', '**/*.br', '**/*.gz', `${prerenderedDir}/**`],
      allowedPath: (pathname) => !isNotServed(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/')
    if (isApi || isNotServed(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${echoablePath(request.url)}`)
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or use `npm run dev -w @picks/web` during development).')
    }
    // A page address with no query string; a filtered address shows another page than the one built.
    const page = request.url.includes('?') || !options.isVisitor ? null : prerenderedFor(request.url)
    const prerendered = page && options.isVisitor?.(request) ? page : null
    // The page's own chunks and first call, fetched with the app's code rather than after it (decision 049).
    const preloads = preloadsFor(request.url, { codeAfterPaint: prerendered !== null })
    if (preloads) reply.header('link', preloads)
    // The answer depends on the cookies sent (a visitor's page or the plain one): caches must know.
    if (page) reply.header('vary', 'cookie')
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html')
      .sendFile(prerendered ?? 'index.html')
  })
}
