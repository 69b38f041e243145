import { mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

const webRoot = new URL('.', import.meta.url).pathname

/**
 * The production build's source maps, kept from browsers (decision 042): written `hidden` (no
 * `sourceMappingURL` comment in the bundles), then moved out of the web root into
 * `dist-sourcemaps/` beside it, in the same layout (`assets/index-abc123.js.map`), where the API
 * reads them to map reported stacks back to the source (SOURCE_MAPS_DIR). The directory is
 * emptied at each build, like `dist/`: it holds the maps of the bundles being served.
 */
function sourceMapsOutOfWebRoot(mapsDir: string): Plugin {
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

export default defineConfig({
  root: webRoot,
  plugins: [react(), tailwindcss(), sourceMapsOutOfWebRoot(path.join(webRoot, 'dist-sourcemaps'))],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The bundle benchmark reads the manifest to see which chunks /shop-picks loads.
    manifest: true,
    // Maps for the server only: see sourceMapsOutOfWebRoot.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Named vendor chunks change rarely, so browsers keep them cached across deployments.
        // Only libraries the first page needs anyway: a group pulls its modules into every page that uses one.
        codeSplitting: {
          groups: [
            { name: 'react-vendor', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Writes (useMutation) start on pages behind sign-in, so they stay out of the shop's chunk.
            {
              name: 'query-vendor',
              test: /[\\/]node_modules[\\/]@tanstack[\\/](?!.*[\\/](useMutation|mutationObserver)\.js$)/,
            },
            // The creator and plan rules (reserved words, country codes) serve the creator pages only;
            // left alone, the bundler merges them into the shared contracts chunk the shop loads.
            {
              name: 'creator-profile-rules',
              test: /[\\/]packages[\\/]contracts[\\/]src[\\/](creator-profile-rules|plan-rules)\.ts$/,
              // Their one import (the username pattern) stays where the shop already loads it.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
})
