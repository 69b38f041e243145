import { defineProject } from 'vitest/config'

const webRoot = new URL('.', import.meta.url).pathname

/** The build's own plugins (build/), tested by real builds in Node, apart from the components' happy-dom. */
export default defineProject({
  test: {
    name: 'web-build',
    root: webRoot,
    environment: 'node',
    include: ['build/**/*.test.ts'],
    // A real production build of a small app, on a shared 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
