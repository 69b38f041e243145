import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.build.config.ts'],
    // Vitest's default leaves one core for itself (one worker on a 2-core machine); the API tests
    // wait on their databases often enough that a worker per core keeps both busy (decision 046).
    maxWorkers: availableParallelism(),
    // The JSON report feeds the one-line summary that .ci/run prints at the end.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? 'test-results/vitest.json' }]],
  },
})
