import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { landingPages, pagePreloads } from './page-preloads.ts'

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web')

/** A build's manifest: the entry imports the vendor chunk; the shop page imports it too, and a chunk of its own. */
const manifest = {
  'index.html': {
    file: 'assets/index-aaa.js',
    isEntry: true,
    imports: ['_react-vendor-bbb.js'],
    css: ['assets/index-ccc.css'],
  },
  '_react-vendor-bbb.js': { file: 'assets/react-vendor-bbb.js' },
  '_shop-parts-ddd.js': { file: 'assets/shop-parts-ddd.js', imports: ['_react-vendor-bbb.js'] },
  'src/features/shop/shop-page.tsx': {
    file: 'assets/shop-page-eee.js',
    isDynamicEntry: true,
    imports: ['_shop-parts-ddd.js', '_react-vendor-bbb.js'],
    css: ['assets/shop-page-fff.css'],
  },
  'src/features/picks/my-picks-page.tsx': { file: 'assets/my-picks-page-ggg.js', isDynamicEntry: true },
}

function distWith(files: Record<string, string>): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'picks-preloads-'))
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dist, file)), { recursive: true })
    writeFileSync(path.join(dist, file), text)
  }
  dists.push(dist)
  return dist
}
const dists: string[] = []
afterAll(() => {
  for (const dist of dists) rmSync(dist, { recursive: true, force: true })
})

describe('the links sent with the app page', () => {
  const preloadsFor = pagePreloads(distWith({ '.vite/manifest.json': JSON.stringify(manifest) }))
  const shopLinks = [
    '</assets/shop-page-eee.js>; rel=modulepreload',
    '</assets/shop-parts-ddd.js>; rel=modulepreload',
    '</assets/shop-page-fff.css>; rel=preload; as=style',
    '</api/creators/paginated?page=1&limit=20&sortBy=name>; rel=preload; as=fetch; crossorigin=use-credentials',
  ].join(', ')

  it("names the shop's chunks the entry does not load, its CSS and its first call", () => {
    expect(preloadsFor('/shop-picks')).toBe(shopLinks)
  })

  it('treats the other addresses of the shop, and a trailing slash, alike', () => {
    for (const url of ['/', '/marketplace', '/shop-picks/']) expect(preloadsFor(url)).toBe(shopLinks)
  })

  it("leaves the shop's call out when filters in the address make it another", () => {
    expect(preloadsFor('/shop-picks?sports=nba')).toBe(shopLinks.split(', ').slice(0, 3).join(', '))
  })

  it('names only the first call for a pre-rendered page, whose loader fetches the code once it has painted', () => {
    expect(preloadsFor('/shop-picks', { codeAfterPaint: true })).toBe(shopLinks.split(', ').slice(3).join(', '))
    expect(preloadsFor('/my-picks', { codeAfterPaint: true })).toBeNull()
  })

  it('names the chunk of another landing page', () => {
    expect(preloadsFor('/my-picks')).toBe('</assets/my-picks-page-ggg.js>; rel=modulepreload')
  })

  it('names nothing for an address that is not a landing page, or whose page the build lacks', () => {
    expect(preloadsFor('/creator/payments')).toBeNull()
    expect(preloadsFor('/SharpSam')).toBeNull()
    // The manifest has no locker-room chunk.
    expect(preloadsFor('/locker-room/nba')).toBeNull()
  })

  it('names nothing for a build without a manifest', () => {
    expect(pagePreloads(distWith({ 'index.html': '<div id="root"></div>' }))('/shop-picks')).toBeNull()
  })

  it('refuses a manifest of another shape', () => {
    const dist = distWith({ '.vite/manifest.json': JSON.stringify({ 'index.html': { name: 'no file' } }) })
    expect(() => pagePreloads(dist)).toThrow('is not a Vite build manifest')
  })

  it("names page modules that exist in the web app's source", () => {
    for (const page of landingPages) expect(existsSync(path.join(webRoot, page.module)), page.module).toBe(true)
  })
})
