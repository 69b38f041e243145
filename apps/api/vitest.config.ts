import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

const here = path.dirname(fileURLToPath(import.meta.url))

export default defineProject({
  test: {
    name: 'api',
    root: here,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    // Every test file builds its own app on its own database copy, so files need no module
    // isolation from each other; importing the whole app once per worker instead of once per file
    // saves several seconds a file (decision 046).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
})
