import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Plugin } from 'vite'

/**
 * The production build's source maps, kept from browsers (decision 042): written `hidden` (no
 * `sourceMappingURL` comment in the bundles), then moved out of the web root into `mapsDir`
 * (`dist-sourcemaps/` beside it) in the same layout (`assets/index-abc123.js.map`), where the API
 * reads them to map reported stacks back to the source (SOURCE_MAPS_DIR). The directory is
 * emptied at each build, like `dist/`: it holds the maps of the bundles being served.
 */
export function sourceMapsOutOfWebRoot(mapsDir: string): Plugin {
  let outDir = ''
  return {
    name: 'picks:source-maps-out-of-web-root',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    buildStart() {
      rmSync(mapsDir, { recursive: true, force: true })
    },
    writeBundle() {
      const maps = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.map'))
      for (const file of maps) {
        const target = path.join(mapsDir, file)
        mkdirSync(path.dirname(target), { recursive: true })
        renameSync(path.join(outDir, file), target)
      }
    },
  }
}
