import { defineConfig, devices } from '@playwright/test'
import { assertChromiumInstalled, chromiumArgs, chromiumPath, screenshotChromium } from './chromium.ts'

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
  // One embedded database answers both workers' browsers on the server's one thread, so a flow that
  // takes 15 s alone takes twice that beside another; CI machines vary more again. Waits are for
  // positive signals, so a longer limit only costs time when a test fails.
  timeout: 60_000,
  expect: { timeout: 15_000 },
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
  // The screenshot suite (e2e/screens-*.spec.ts, docs/decisions/029) runs every test at a phone's
  // and a desktop's size, after its setup has signed its people in. Baselines: e2e/screens/.
  snapshotPathTemplate: '{testDir}/screens/{arg}.{projectName}{ext}',
  projects: [
    { name: 'desktop', testIgnore: /screens/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'screens-setup', testMatch: /screens\.setup\.ts$/ },
    {
      name: 'phone',
      testMatch: /screens-[\w-]+\.spec\.ts$/,
      dependencies: ['screens-setup'],
      expect: screenshotChromium.expect,
      use: { ...screenshotChromium.use, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    },
    {
      name: 'wide',
      testMatch: /screens-[\w-]+\.spec\.ts$/,
      dependencies: ['screens-setup'],
      expect: screenshotChromium.expect,
      use: { ...screenshotChromium.use, viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: `node --import tsx e2e/start-server.ts`,
    cwd: '..',
    env: { PORT: String(port), HOST: '127.0.0.1' },
    url: `${baseURL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
  },
})
