import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromium)) {
  throw new Error(
    `Chromium not found at ${chromium}. Install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH. ` +
      'Browsers are never downloaded by the test tools.',
  )
}

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
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
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
