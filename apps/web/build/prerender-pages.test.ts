import { describe, expect, it } from 'vitest'
import { chunkFiles, pageHtml } from './prerender-pages.ts'

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Picks Marketplace</title>
    <script type="module" crossorigin src="/assets/index-aaa.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-vendor-bbb.js">
    <link rel="modulepreload" crossorigin href="/assets/query-vendor-ccc.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ddd.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`
const code = {
  boot: '/assets/boot-eee.js',
  entry: '/assets/index-aaa.js',
  chunks: ['/assets/react-vendor-bbb.js', '/assets/shop-page-fff.js'],
}

describe('a pre-rendered page (decision 051)', () => {
  const html = pageHtml(
    indexHtml,
    '<title>Shop Picks | Picks Marketplace</title>',
    '<main><h1>Shop Picks</h1></main>',
    code,
  )

  it('holds the first screen in its root, which takes no input until the app has it', () => {
    expect(html).toContain('<div id="root" inert><main><h1>Shop Picks</h1></main></div>')
  })

  it("carries the page's own title", () => {
    expect(html).toContain('<title>Shop Picks | Picks Marketplace</title>')
    expect(html).not.toContain('<title>Picks Marketplace</title>')
  })

  it('names the loader with the entry and every chunk, instead of the entry and its preloads', () => {
    expect(html).toContain(
      '<script type="module" crossorigin src="/assets/boot-eee.js" data-entry="/assets/index-aaa.js" ' +
        'data-chunks="/assets/react-vendor-bbb.js /assets/shop-page-fff.js"></script>',
    )
    expect(html).not.toContain('src="/assets/index-aaa.js"')
    expect(html).not.toContain('modulepreload')
    // The stylesheet, which the paint needs, stays.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-ddd.css">')
  })

  it('refuses an index.html it cannot render into', () => {
    expect(() => pageHtml('<div id="root">x</div>', null, '', code)).toThrow('no empty <div id="root"></div>')
    expect(() => pageHtml('<div id="root"></div>', null, '', code)).toThrow('no entry script')
  })
})

describe('the chunks a page loads', () => {
  // index imports the runtime and react; the page imports react and its own rules, which import the runtime.
  const manifest = {
    'index.html': { file: 'assets/index.js', imports: ['_runtime.js', '_react.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    '_react.js': { file: 'assets/react.js', imports: ['_runtime.js'] },
    'src/shop-page.tsx': { file: 'assets/shop-page.js', imports: ['_react.js', '_rules.js'] },
    '_rules.js': { file: 'assets/rules.js', imports: ['_runtime.js'] },
  }

  it('are listed in the order the browser evaluates them: each after what it imports, its own last', () => {
    expect(chunkFiles(manifest, 'index.html')).toEqual(['/assets/runtime.js', '/assets/react.js', '/assets/index.js'])
    expect(chunkFiles(manifest, 'src/shop-page.tsx')).toEqual([
      '/assets/runtime.js',
      '/assets/react.js',
      '/assets/rules.js',
      '/assets/shop-page.js',
    ])
  })

  it('refuses a manifest that does not name a chunk it imports', () => {
    expect(() =>
      chunkFiles({ 'index.html': { file: 'assets/index.js', imports: ['_gone.js'] } }, 'index.html'),
    ).toThrow('the build manifest has no _gone.js')
  })
})
