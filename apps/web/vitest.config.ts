import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

const webRoot = new URL('.', import.meta.url).pathname

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    root: webRoot,
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Times are written in the reader's zone; the tests read them in UTC on any machine.
    env: { TZ: 'UTC' },
    // Room for a few 5 s waits (see src/test/setup.ts) when the machine is busy.
    testTimeout: 20_000,
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
  },
})
