import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'apps/api', 'apps/web', 'apps/web/vitest.build.config.ts'],
    // The JSON report feeds the one-line summary that .ci/run prints at the end.
    reporters: ['default', ['json', { outputFile: process.env.VITEST_JSON_REPORT ?? 'test-results/vitest.json' }]],
  },
})
