import { mkdirSync, mkdtempSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import vm from 'node:vm'
import { build } from 'rolldown'

/**
 * For the symbolication tests: a real bundle with a real source map, made as the production build
 * makes them (rolldown, minified, `sourcemap: 'hidden'`, the map moved out of the web root into
 * `<maps>/assets/`), and the real stack V8 prints when it throws, under the address a browser
 * would report (`https://picks.example/assets/<bundle>.js`).
 */

/** The source bundled: `describePick` throws on line `throwLine` when a pick has no odds. */
export const pickOddsSource = [
  'interface Pick { odds?: { decimal: number } }',
  '',
  'function describePick(pick: Pick): string {',
  '  if (!pick.odds) {',
  "    throw new Error('The pick has no odds')",
  '  }',
  '  return `at ${pick.odds.decimal}`',
  '}',
  '',
  'export function showPick(): string {',
  '  return describePick({})',
  '}',
  '',
].join('\n')
export const throwLine = 5
export const callLine = 11

export interface BuiltBundle {
  /** Holds `web/src/pick-odds.ts`, `web/dist/assets/<bundle>` and `maps/assets/<bundle>.map`. */
  root: string
  mapsDir: string
  /** `pick-odds-<hash>.js` */
  bundle: string
  /** What V8 printed when the bundle threw, the bundle's address being `https://picks.example/assets/<bundle>`. */
  stack: string
}

export async function buildPickOddsBundle(): Promise<BuiltBundle> {
  const root = mkdtempSync(path.join(tmpdir(), 'picks-maps-'))
  const web = path.join(root, 'web')
  const assets = path.join(web, 'dist', 'assets')
  const mapsDir = path.join(root, 'maps')
  mkdirSync(path.join(web, 'src'), { recursive: true })
  mkdirSync(path.join(mapsDir, 'assets'), { recursive: true })
  writeFileSync(path.join(web, 'src', 'pick-odds.ts'), pickOddsSource)
  const result = await build({
    input: path.join(web, 'src', 'pick-odds.ts'),
    cwd: web,
    write: true,
    logLevel: 'silent',
    output: {
      dir: assets,
      format: 'iife',
      name: 'pickOdds',
      minify: true,
      sourcemap: 'hidden',
      entryFileNames: 'pick-odds-[hash].js',
    },
  })
  const chunk = result.output.find((file) => file.type === 'chunk')
  if (!chunk) throw new Error('rolldown wrote no chunk')
  const bundle = chunk.fileName
  renameSync(path.join(assets, `${bundle}.map`), path.join(mapsDir, 'assets', `${bundle}.map`))
  return { root, mapsDir, bundle, stack: stackOf(chunk.code, `https://picks.example/assets/${bundle}`) }
}

/**
 * Runs the bundle under `address` and calls `showPick`, which throws: its stack as V8 printed it,
 * down to the page's own script (this process's frames below it are no browser's).
 */
function stackOf(code: string, address: string): string {
  const context = vm.createContext({})
  vm.runInContext(code, context, { filename: address })
  try {
    vm.runInContext('pickOdds.showPick()', context, { filename: 'https://picks.example/assets/caller.js' })
  } catch (error: unknown) {
    if (typeof error === 'object' && error !== null && 'stack' in error && typeof error.stack === 'string') {
      const lines = error.stack.split('\n')
      return lines.filter((line, at) => at === 0 || line.includes('https://picks.example/')).join('\n')
    }
  }
  throw new Error('the bundle did not throw as expected')
}
