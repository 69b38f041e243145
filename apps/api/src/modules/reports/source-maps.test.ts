import { copyFileSync, mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildPickOddsBundle, callLine, throwLine, type BuiltBundle } from './reports-test-support.ts'
import { bundleOf, createSymbolicator, readableSource } from './source-maps.ts'
import { parseStack, type RawFrame } from './stack-frames.ts'

let built: BuiltBundle
beforeAll(async () => {
  built = await buildPickOddsBundle()
})
afterAll(() => {
  rmSync(built.root, { recursive: true, force: true })
})

const frameOf = (file: string, line: number | null = 1, column: number | null = 119): RawFrame => ({
  function: 't',
  file,
  line,
  column,
})

describe('symbolication of a real minified bundle', () => {
  it('maps the V8 stack of a throw back to the source file, the line of the throw, and the caller', async () => {
    const frames = await createSymbolicator({ mapsDir: built.mapsDir }).symbolicate(parseStack(built.stack))
    const [thrown, caller, page] = frames
    // The minified bundle is one line; the map knows which source line each place came from.
    expect(thrown).toMatchObject({ file: `https://picks.example/assets/${built.bundle}`, line: 1 })
    expect(thrown?.source).toEqual({ file: 'src/pick-odds.ts', line: throwLine, column: 15, name: null })
    expect(caller?.source).toEqual({ file: 'src/pick-odds.ts', line: callLine, column: 10, name: 'describePick' })
    // The page's own script has no map.
    expect(page).toMatchObject({ file: 'https://picks.example/assets/caller.js', source: null })
  })

  it('maps a frame reported as a path or with a query, as well as a full address', async () => {
    const symbolicator = createSymbolicator({ mapsDir: built.mapsDir })
    const [byPath, withQuery] = await symbolicator.symbolicate([
      frameOf(`/assets/${built.bundle}`),
      frameOf(`http://localhost:3000/assets/${built.bundle}?v=3#x`),
    ])
    expect(byPath?.source?.line).toBe(throwLine)
    expect(withQuery?.source?.line).toBe(throwLine)
  })

  it('leaves source null for frames no map covers, without throwing', async () => {
    const symbolicator = createSymbolicator({ mapsDir: built.mapsDir })
    const frames = await symbolicator.symbolicate([
      frameOf('https://picks.example/assets/missing-abc.js'),
      frameOf(`https://picks.example/assets/${built.bundle}`, null, null),
      frameOf(`https://picks.example/assets/${built.bundle}`, 40, 1),
      frameOf(`https://picks.example/elsewhere/${built.bundle}`),
      frameOf('<anonymous>', null, null),
    ])
    expect(frames.map((frame) => frame.source)).toEqual([null, null, null, null, null])
  })

  it('leaves source null for a map that is not one, or not JSON', async () => {
    const assets = path.join(built.mapsDir, 'assets')
    writeFileSync(path.join(assets, 'broken-1.js.map'), '{"version":3,"mappings":')
    writeFileSync(path.join(assets, 'odd-1.js.map'), '[1, 2, 3]')
    const symbolicator = createSymbolicator({ mapsDir: built.mapsDir })
    const frames = await symbolicator.symbolicate([
      frameOf('https://picks.example/assets/broken-1.js'),
      frameOf('https://picks.example/assets/odd-1.js'),
    ])
    expect(frames.map((frame) => frame.source)).toEqual([null, null])
  })

  it('never reads outside the maps directory, whatever the address says', async () => {
    // A map beside the maps directory, which an address climbing out of it would reach.
    const outside = path.join(built.root, 'secret.js.map')
    copyFileSync(path.join(built.mapsDir, 'assets', `${built.bundle}.map`), outside)
    const symbolicator = createSymbolicator({ mapsDir: built.mapsDir })
    const frames = await symbolicator.symbolicate([
      frameOf('https://picks.example/assets/../../secret.js'),
      frameOf('/assets/..%2F..%2Fsecret.js'),
      frameOf('/assets/%2e%2e/secret.js'),
      frameOf('/assets/../secret.js'),
    ])
    expect(frames.map((frame) => frame.source)).toEqual([null, null, null, null])
  })

  it('keeps the maps it read, up to its bound, the least recently used going first', async () => {
    const assets = path.join(built.mapsDir, 'assets')
    mkdirSync(assets, { recursive: true })
    for (const name of ['a-1.js', 'b-1.js'])
      copyFileSync(path.join(assets, `${built.bundle}.map`), path.join(assets, `${name}.map`))
    const symbolicator = createSymbolicator({ mapsDir: built.mapsDir, maxMaps: 1 })
    const line = async (name: string) =>
      (await symbolicator.symbolicate([frameOf(`https://picks.example/assets/${name}`)]))[0]?.source?.line ?? null
    expect(await line('a-1.js')).toBe(throwLine)
    // Gone from the disk, still in memory.
    unlinkSync(path.join(assets, 'a-1.js.map'))
    expect(await line('a-1.js')).toBe(throwLine)
    // Reading b's map leaves room for one only: a's is dropped, and no longer found.
    expect(await line('b-1.js')).toBe(throwLine)
    expect(await line('a-1.js')).toBeNull()
  })
})

describe('bundleOf', () => {
  it('names our bundles only, from an address or a path', () => {
    expect(bundleOf('https://picks.example/assets/index-abc123.js')).toBe('index-abc123.js')
    expect(bundleOf('/assets/shop-page-D1_x.js?v=2')).toBe('shop-page-D1_x.js')
    expect(bundleOf('https://picks.example/index-abc123.js')).toBeNull()
    expect(bundleOf('https://picks.example/assets/sub/index.js')).toBeNull()
    expect(bundleOf('https://picks.example/assets/style.css')).toBeNull()
    expect(bundleOf('/assets/.hidden.js')).toBeNull()
    expect(bundleOf('<anonymous>')).toBeNull()
    expect(bundleOf('http://[bad')).toBeNull()
  })
})

describe('readableSource', () => {
  it('names sources from the web app, its libraries from their package folder', () => {
    expect(readableSource('../../src/features/shop/shop-page.tsx')).toBe('src/features/shop/shop-page.tsx')
    expect(readableSource('../../../../packages/contracts/src/text.ts')).toBe('../../packages/contracts/src/text.ts')
    expect(readableSource('../../../../node_modules/react-dom/cjs/react-dom.production.js')).toBe(
      'node_modules/react-dom/cjs/react-dom.production.js',
    )
    expect(readableSource('\0vite/preload-helper.js')).toBe('vite/preload-helper.js')
  })
})
