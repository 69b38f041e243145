import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../test/build-test-app.ts'
import { expectEncoded } from '../test/encodings.ts'
import { prerenderedPages } from './static-web.ts'

/** A build with the landing pages the web build pre-renders (decision 051). */
describe('pre-rendered landing pages', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'picks-prerendered-'))
  const shell = `<!doctype html><title>Picks</title><div id="root"></div>`
  const shop = `<!doctype html><title>Shop Picks</title><div id="root"><h1>Shop Picks</h1>${'<p>Creators</p>'.repeat(100)}</div>`
  const purchase = `<!doctype html><title>Picks</title><div id="root"><p role="status">Loading creator…</p></div>`
  let t: TestApp
  beforeAll(async () => {
    writeFileSync(path.join(dist, 'index.html'), shell)
    mkdirSync(path.join(dist, 'prerendered'))
    writeFileSync(path.join(dist, 'prerendered', 'shop-picks.html'), shop)
    writeFileSync(path.join(dist, 'prerendered', 'shop-picks.html.br'), brotliCompressSync(shop))
    writeFileSync(path.join(dist, 'prerendered', 'purchase.html'), purchase)
    writeFileSync(
      path.join(dist, 'prerendered', 'pages.json'),
      JSON.stringify([
        { pattern: '^/shop-picks$', file: 'shop-picks.html' },
        { pattern: '^/shop-picks/purchase/[^/]+$', file: 'purchase.html' },
      ]),
    )
    t = await buildTestApp({ webDistDir: dist })
  })
  afterAll(async () => {
    await t.app.close()
    rmSync(dist, { recursive: true, force: true })
  })

  it("answers a signed-out visitor on the shop with the shop's page, as its brotli copy", async () => {
    const res = await t.app.inject({ url: '/shop-picks', headers: { 'accept-encoding': 'br, gzip' } })
    expectEncoded(res, 'br', shop)
    expect(res.headers['content-type']).toContain('text/html')
    expect(res.headers['cache-control']).toBe('no-cache')
    // Who asks decides the page: a shared cache must key it by the cookies too.
    expect(res.headers.vary).toContain('cookie')
    expect(res.headers.vary).toContain('accept-encoding')
  })

  it("answers every creator's purchase address with the one purchase page", async () => {
    for (const url of ['/shop-picks/purchase/9faed7c5-9c2e-4296-a766-3b73cbab88b1', '/shop-picks/purchase/other']) {
      const res = await t.app.inject(url)
      expect(res.statusCode).toBe(200)
      expect(res.body).toBe(purchase)
    }
  })

  it('answers someone signed in (a session cookie, or a bearer token) with the plain page', async () => {
    const cookie = await t.app.inject({
      url: '/shop-picks',
      headers: { cookie: 'theme=dark; better-auth.session_token=abc' },
    })
    expect(cookie.body).toBe(shell)
    const bearer = await t.app.inject({ url: '/shop-picks', headers: { authorization: 'Bearer abc' } })
    expect(bearer.body).toBe(shell)
  })

  it('answers an address with a query string (filters the page reads) with the plain page', async () => {
    for (const url of ['/shop-picks?sports=nba', '/shop-picks?sort=newest'])
      expect((await t.app.inject(url)).body).toBe(shell)
  })

  it('answers other addresses with the plain page, and gives the pre-rendered files no address of their own', async () => {
    for (const url of [
      '/locker-room',
      '/shop-picks/purchase',
      '/prerendered/shop-picks.html',
      '/prerendered/pages.json',
    ]) {
      const res = await t.app.inject(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(shell)
    }
  })
})

describe('the list of pre-rendered pages', () => {
  const dists: string[] = []
  const distWith = (list: string) => {
    const dist = mkdtempSync(path.join(tmpdir(), 'picks-prerendered-list-'))
    dists.push(dist)
    mkdirSync(path.join(dist, 'prerendered'))
    writeFileSync(path.join(dist, 'prerendered', 'pages.json'), list)
    return dist
  }
  afterAll(() => {
    for (const dist of dists) rmSync(dist, { recursive: true, force: true })
  })

  it('finds no page in a build without a list', () => {
    expect(prerenderedPages(mkdtempSync(path.join(tmpdir(), 'picks-no-list-')))('/shop-picks')).toBeNull()
  })

  it('refuses a list naming a file outside its folder, or of another shape', () => {
    expect(() => prerenderedPages(distWith('[{"pattern":"^/x$","file":"../index.html"}]'))).toThrow('is not a list')
    expect(() => prerenderedPages(distWith('{"pattern":"^/x$"}'))).toThrow('is not a list')
  })
})
