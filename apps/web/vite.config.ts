import path from 'node:path'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { compressedCopies } from './build/compressed-copies.ts'
import { prerenderPages } from './build/prerender-pages.ts'
import { sourceMapsOutOfWebRoot } from './build/source-maps.ts'

const webRoot = new URL('.', import.meta.url).pathname

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    tailwindcss(),
    sourceMapsOutOfWebRoot(path.join(webRoot, 'dist-sourcemaps')),
    // Brotli and gzip copies beside each file, sent to browsers that accept them (decision 045).
    compressedCopies(),
    // The landing pages' first screens in their HTML, hydrated by the app (decision 051).
    prerenderPages({ entry: 'src/prerender.tsx', plugins: [react()] }),
  ],
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
    // Maps for the server only: see build/source-maps.ts.
    sourcemap: 'hidden',
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Named vendor chunks change rarely, so browsers keep them cached across deployments.
        // Only libraries the first page needs anyway: a group pulls its modules into every page that uses one.
        codeSplitting: {
          groups: [
            // Three chunks, not one: a pre-rendered page evaluates its chunks a task each (build/boot.js).
            { name: 'react-vendor', test: /[\\/]node_modules[\\/](react|scheduler)[\\/]/ },
            { name: 'react-dom-vendor', test: /[\\/]node_modules[\\/]react-dom[\\/]/ },
            { name: 'router-vendor', test: /[\\/]node_modules[\\/]react-router[\\/]/ },
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
