import { createConfig, lintFromString } from '@redocly/openapi-core'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { ErrorBody } from '@picks/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app.ts'
import { buildTestApp, createTestDatabase, testConfig, type TestApp } from './test/build-test-app.ts'
import { expectEncoded } from './test/encodings.ts'

describe('the API shell', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.app.close()
  })

  it('reports health and readiness with the database kind', async () => {
    expect((await t.app.inject('/api/health')).json()).toEqual({ status: 'ok' })
    const ready = await t.app.inject('/api/ready')
    expect(ready.statusCode).toBe(200)
    expect(ready.json()).toEqual({ status: 'ready', database: t.database.kind })
  })

  it('answers an unknown API route with the error shape, not the web app', async () => {
    const res = await t.app.inject('/api/no-such-thing')
    expect(res.statusCode).toBe(404)
    expect(ErrorBody.parse(res.json()).error.code).toBe('NOT_FOUND')
  })

  it('keeps a well-formed incoming request id and replaces a malformed one', async () => {
    const kept = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-1234abcd' } })
    expect(kept.headers['x-request-id']).toBe('trace-1234abcd')
    const replaced = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': '<script>' } })
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('sends security headers', async () => {
    const res = await t.app.inject('/api/health')
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'")
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject('/api/docs/json')
    expect(res.statusCode).toBe(200)
    const doc = res.json() as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/creators/paginated', '/creators/{id}/stats', '/creator/{username}']),
    )
  })

  it('documents every operation with an operationId, the security its access declaration asks for, and its error answers', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { operationId?: string; security?: unknown[]; responses?: object }>>
    }
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ at: `${method} ${path}`, ...operation })),
    )
    expect(operations.length).toBeGreaterThan(50)
    const ids = operations.map((o) => o.operationId)
    expect(new Set(ids).size).toBe(operations.length)
    for (const operation of operations) {
      expect(operation.operationId, operation.at).toMatch(/^[a-z]+[A-Za-z0-9]*$/)
      expect(Array.isArray(operation.security), operation.at).toBe(true)
      expect(Object.keys(operation.responses ?? {}), operation.at).toEqual(expect.arrayContaining(['400', '500']))
    }
    const me = doc.paths['/me']?.get
    expect(me?.security).toEqual([{ sessionCookie: [] }, { bearerToken: [] }])
    expect(Object.keys(me?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']))
    expect(doc.paths['/creators/paginated']?.get?.security).toEqual([])
    // The admin views of the browsers' reports are named for what they answer (decision 042).
    expect(
      [
        doc.paths['/admin/errors']?.get,
        doc.paths['/admin/errors/{fingerprint}']?.get,
        doc.paths['/admin/performance']?.get,
      ].map((operation) => operation?.operationId),
    ).toEqual(['listClientErrorGroups', 'getClientErrorGroup', 'getClientPerformance'])
    expect(Object.keys(doc.paths['/admin/errors/{fingerprint}']?.get?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404']),
    )
  })

  it('passes redocly lint with its recommended rules, with no error', async () => {
    const source = (await t.app.inject('/api/docs/json')).body
    const config = await createConfig({ extends: ['recommended'] })
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config })
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? '?'}`)
    expect(errors).toEqual([])
  })

  it('answers 503 from /ready when the database is gone', async () => {
    const database = await createTestDatabase()
    const app = await buildApp(testConfig(), { database })
    await database.close()
    const res = await app.inject('/api/ready')
    expect(res.statusCode).toBe(503)
    expect(ErrorBody.parse(res.json()).error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Database unavailable',
    })
  })
})

describe('serving the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'picks-dist-'))
  const page = `<!doctype html><title>Picks</title><div id="root"></div><noscript>${'Picks. '.repeat(200)}</noscript>`
  const vendor = `export const picks = [${Array.from({ length: 400 }, (_, i) => `"pick-${i}"`).join(',')}]`
  /** A file of the build with the brotli and gzip copies the build writes beside it. */
  const withCopies = (file: string, text: string) => {
    writeFileSync(path.join(dist, file), text)
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(text))
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(text))
  }
  let t: TestApp
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'))
    withCopies('index.html', page)
    withCopies(path.join('assets', 'react-vendor-def456.js'), vendor)
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
    // A build without copies (made before they were): its files are not compressed per request.
    writeFileSync(path.join(dist, 'assets', 'older-aaa111.js'), vendor)
    // Maps left in the web root (an older build, a copy by hand) are still not served (decision 042).
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js.map'), '{"version":3,"sources":["../../src/secret.ts"]}')
    writeFileSync(path.join(dist, 'root.js.map'), '{"version":3,"sources":["../src/secret.ts"]}')
    // The build's manifest: the shop page's chunk, which the entry does not load (decision 049).
    mkdirSync(path.join(dist, '.vite'))
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/features/shop/shop-page.tsx': { file: 'assets/shop-page-aaa111.js', isDynamicEntry: true },
      }),
    )
    t = await buildTestApp({ webDistDir: dist })
  })
  afterAll(async () => {
    await t.app.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it.each(['/', '/shop-picks', '/creator/payments', '/SharpSam', '/locker-room/nba'])(
    'answers the client route %s with index.html',
    async (url) => {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(res.body).toContain('<div id="root">')
    },
  )

  it('sends the shop page with links to its chunk and first call, and another page without', async () => {
    const shop = await t.app.inject({ url: '/shop-picks', headers: { 'accept-encoding': 'gzip, br' } })
    expect(shop.statusCode).toBe(200)
    expect(shop.headers.link).toBe(
      '</assets/shop-page-aaa111.js>; rel=modulepreload, ' +
        '</api/creators/paginated?page=1&limit=20&sortBy=name>; rel=preload; as=fetch; crossorigin=use-credentials',
    )
    const other = await t.app.inject('/creator/payments')
    expect(other.statusCode).toBe(200)
    expect(other.headers.link).toBeUndefined()
    // The manifest is the build's own file, not an address.
    expect((await t.app.inject('/.vite/manifest.json')).body).not.toContain('shop-page-aaa111')
  })

  it('serves hashed assets with a long-lived cache', async () => {
    const res = await t.app.inject('/assets/index-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('immutable')
  })

  it('sends the brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const res = await t.app.inject({
      url: '/assets/react-vendor-def456.js',
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expectEncoded(res, 'br', vendor)
    expect(res.headers['content-type']).toContain('javascript')
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('sends the gzip copy to a browser that accepts only gzip, and the file itself to one that accepts neither', async () => {
    const gzip = await t.app.inject({ url: '/assets/react-vendor-def456.js', headers: { 'accept-encoding': 'gzip' } })
    expectEncoded(gzip, 'gzip', vendor)
    const plain = await t.app.inject({
      url: '/assets/react-vendor-def456.js',
      headers: { 'accept-encoding': 'identity' },
    })
    expect(plain.headers['content-encoding']).toBeUndefined()
    // A shared cache must not hand this answer to a browser that accepts brotli.
    expect(plain.headers['vary']).toContain('accept-encoding')
    expect(plain.body).toBe(vendor)
  })

  it.each([
    ['/assets/index-abc123.js', 'console.log(1)'],
    ['/assets/older-aaa111.js', vendor],
  ])('sends %s, a file without copies, as it is, whatever the browser accepts', async (url, text) => {
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(text)
  })

  it.each(['/', '/shop-picks', '/SharpSam'])(
    'answers the client route %s with the brotli copy of the page',
    async (url) => {
      const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } })
      expectEncoded(res, 'br', page)
      expect(res.headers['content-type']).toContain('text/html')
      expect(res.headers['cache-control']).toBe('no-cache')
    },
  )

  it.each([
    '/assets/react-vendor-def456.js.br',
    '/assets/react-vendor-def456.js.gz',
    '/index.html.br',
    '/missing.js.gz',
  ])('does not serve the compressed copy %s as a file of its own, nor the app in its place: 404', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.headers['content-encoding'], `${method} ${url}`).toBeUndefined()
      expect(res.body).not.toContain('root')
    }
  })

  it.each(['/assets/index-abc123.js.map', '/root.js.map', '/assets/index-abc123.js.map?v=1', '/assets/missing.js.map'])(
    'does not serve the source map %s, nor the app in its place: 404',
    async (url) => {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url })
        expect(res.statusCode, `${method} ${url}`).toBe(404)
        expect(res.body).not.toContain('secret.ts')
        expect(res.body).not.toContain('<div id="root">')
      }
    },
  )
})
