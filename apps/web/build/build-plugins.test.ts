import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from 'node:zlib'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { compressedCopies, compressionThresholdBytes } from './compressed-copies.ts'
import { sourceMapsOutOfWebRoot } from './source-maps.ts'

/** Every file under `dir`, as paths relative to it with forward slashes. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => statSync(path.join(dir, file)).isFile())
    .map((file) => file.split(path.sep).join('/'))
    .sort()
}

/** Text that compresses like code does: the same words again and again, in a different order. */
function codeLike(words: number): string {
  const vocabulary = ['creator', 'pick', 'odds', 'record', 'plan', 'subscriber', 'league', 'market', 'stake']
  return Array.from({ length: words }, (_, i) => `${vocabulary[(i * 7) % vocabulary.length]}${i % 13}`).join(' ')
}

describe('the production build plugins (a real build of a small app)', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'picks-web-build-'))
  const outDir = path.join(root, 'dist')
  const mapsDir = path.join(root, 'dist-sourcemaps')
  const tinies = Array.from({ length: 30 }, (_, i) => i)

  beforeAll(async () => {
    mkdirSync(path.join(root, 'src'))
    writeFileSync(
      path.join(root, 'index.html'),
      `<!doctype html><html><head><title>Picks</title></head><body><div id="root"></div>` +
        `<noscript>${codeLike(300)}</noscript>` +
        `<script type="module" src="/src/main.js"></script></body></html>`,
    )
    writeFileSync(
      path.join(root, 'src', 'main.js'),
      `import './styles.css'\n` +
        `export const words = ${JSON.stringify(codeLike(2_000))}\n` +
        `document.getElementById('root').textContent = words.slice(0, 20)\n` +
        // Lazy chunks far under the threshold (no copy is worth writing), and enough of them for a
        // manifest over it.
        tinies.map((i) => `import('./tiny-${i}.js').then((tiny) => console.log(tiny.answer))\n`).join(''),
    )
    // Each compresses well, so only the threshold stops a copy.
    for (const i of tinies) {
      writeFileSync(path.join(root, 'src', `tiny-${i}.js`), `export const answer = '${i}${'pick '.repeat(100)}'\n`)
    }
    writeFileSync(
      path.join(root, 'src', 'styles.css'),
      Array.from({ length: 200 }, (_, i) => `.pick-${i} { color: #123456; margin: ${i}px; }`).join('\n'),
    )
    // Left over from an earlier build: the maps directory holds only this build's maps.
    mkdirSync(mapsDir)
    writeFileSync(path.join(mapsDir, 'stale.js.map'), '{}')
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [sourceMapsOutOfWebRoot(mapsDir), compressedCopies()],
      build: { outDir, emptyOutDir: true, manifest: true, sourcemap: 'hidden', target: 'es2022' },
    })
  })
  afterAll(() => {
    rmSync(root, { recursive: true, force: true })
  })

  const served = () => filesUnder(outDir).filter((file) => !file.endsWith('.br') && !file.endsWith('.gz'))

  it('writes a brotli and a gzip copy of each compressible file over the threshold, with the same bytes inside', () => {
    const large = served().filter(
      (file) => /\.(js|css|html)$/.test(file) && statSync(path.join(outDir, file)).size >= compressionThresholdBytes,
    )
    // The entry chunk, its CSS and index.html.
    expect(large.filter((file) => file.endsWith('.js'))).toHaveLength(1)
    expect(large.filter((file) => file.endsWith('.css'))).toHaveLength(1)
    expect(large).toContain('index.html')
    for (const file of large) {
      const original = readFileSync(path.join(outDir, file))
      const br = readFileSync(path.join(outDir, `${file}.br`))
      const gz = readFileSync(path.join(outDir, `${file}.gz`))
      expect(brotliDecompressSync(br).equals(original), `${file}.br`).toBe(true)
      expect(gunzipSync(gz).equals(original), `${file}.gz`).toBe(true)
      expect(br.length, `${file}.br is smaller`).toBeLessThan(original.length)
      expect(gz.length, `${file}.gz is smaller`).toBeLessThan(original.length)
    }
  })

  it('compresses at the highest setting: the brotli copy is smaller than quality 4, the on-the-fly one, makes', () => {
    const entry = served().find((file) => /^assets\/index-.*\.js$/.test(file))!
    const original = readFileSync(path.join(outDir, entry))
    const fast = brotliCompressSync(original, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
    expect(readFileSync(path.join(outDir, `${entry}.br`)).length).toBeLessThan(fast.length)
  })

  it('writes no copy of a file under the threshold', () => {
    const tiny = served().filter((file) => /tiny-.*\.js$/.test(file))
    expect(tiny, 'the lazy chunks').toHaveLength(tinies.length)
    for (const file of tiny) {
      expect(statSync(path.join(outDir, file)).size).toBeLessThan(compressionThresholdBytes)
      expect(existsSync(path.join(outDir, `${file}.br`)), `${file}.br`).toBe(false)
      expect(existsSync(path.join(outDir, `${file}.gz`)), `${file}.gz`).toBe(false)
    }
  })

  it('moves the source maps out of the web root, without compressed copies, and clears the old ones', () => {
    expect(filesUnder(outDir).filter((file) => file.includes('.map'))).toEqual([])
    const maps = filesUnder(mapsDir)
    expect(maps.length).toBeGreaterThanOrEqual(2)
    expect(maps.every((file) => file.startsWith('assets/') && file.endsWith('.js.map'))).toBe(true)
    expect(maps).not.toContain('stale.js.map')
  })

  it('leaves the manifest, which the server never sends, without copies', () => {
    expect(statSync(path.join(outDir, '.vite', 'manifest.json')).size).toBeGreaterThan(compressionThresholdBytes)
    expect(filesUnder(path.join(outDir, '.vite'))).toEqual(['manifest.json'])
  })
})
