import { defineConfig, devices } from '@playwright/test'
import { assertChromiumInstalled, chromiumArgs, chromiumPath } from './chromium.ts'

assertChromiumInstalled()

const port = Number(process.env.E2E_PORT ?? 4317)
const baseURL = `http://127.0.0.1:${port}`

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `node --import tsx e2e/start-server.ts`,
    cwd: '..',
    env: { PORT: String(port), HOST: '127.0.0.1' },
    url: `${baseURL}/api/ready`,
    timeout: 60_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
