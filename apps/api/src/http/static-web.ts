import { existsSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../errors.ts'

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
 * Source maps are never served (decision 042): the build moves them out of the web root, and should
 * one be left in it (an older build, a copy by hand), it is neither served nor answered with the
 * app's page, but refused with a 404 like any missing file.
 */
function isSourceMap(pathname: string): boolean {
  return /\.map$/i.test(pathname.split(/[?#]/)[0] ?? '')
}

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else falls back
 * to index.html so client routes such as /creator/payments or /{username} load the app. Source maps
 * are not served (`isSourceMap`).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasBuild = existsSync(path.join(distDir, 'index.html'))
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // No route for a map found in the web root, and none sent should a path lead to one anyway.
      globIgnore: ['**/*.map'],
      allowedPath: (pathname) => !isSourceMap(pathname),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      },
    })
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/')
    if (isApi || isSourceMap(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      throw new AppError('NOT_FOUND', `No route ${request.method} ${echoablePath(request.url)}`)
    }
    if (!hasBuild) {
      return reply
        .status(404)
        .type('text/plain')
        .send('The web app is not built. Run `npm run build` (or use `npm run dev -w @picks/web` during development).')
    }
    return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html')
  })
}
