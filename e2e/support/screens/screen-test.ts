import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { savedUser, statePath, type UserRecord, type Viewer } from './accounts.ts'
import { installApiDouble, type ApiDouble } from './api-double.ts'
import { screenNow } from './clock.ts'

/**
 * One screenshot test: a page as `viewer` sees it, with the clock at the suite's moment and every
 * data read answered by `api` (see api-double.ts). The phone and desktop projects of
 * e2e/playwright.config.ts run each test at their own size.
 */
export const test = base.extend<{ viewer: Viewer; api: ApiDouble; account: UserRecord }>({
  viewer: ['visitor', { option: true }],
  storageState: async ({ viewer }, use) => use(viewer === 'visitor' ? undefined : statePath(viewer)),
  page: async ({ page }, use) => {
    await page.clock.install({ time: screenNow })
    await use(page)
  },
  api: [
    async ({ page }, use) => {
      const api = await installApiDouble(page)
      await use(api)
      expect(api.unanswered, 'API calls the test gave no fixture for').toEqual([])
    },
    { auto: true },
  ],
  account: async ({ viewer }, use) => {
    if (viewer === 'visitor') throw new Error('A visitor has no account: set test.use({ viewer })')
    await use(savedUser(viewer))
  },
})

export { expect }

/**
 * Makes a read that failed show its error: the web client retries a failed read (three times,
 * 2 s, 4 s and 8 s apart, spec §7), so the clock is moved on until `shown` appears. Only while no
 * `/api` call is in flight: each call's 10 s timeout is a timer too, and moving the clock past it
 * would abort a call the page is still waiting for.
 */
export async function skipRetries(page: Page, api: ApiDouble, shown: Locator): Promise<void> {
  await expect(async () => {
    await expect.poll(() => api.inFlight(), { intervals: [20], timeout: 10_000 }).toBe(0)
    await page.clock.fastForward(8_000)
    await expect(shown).toBeVisible({ timeout: 200 })
  }).toPass({ intervals: [50], timeout: 30_000 })
}

const phoneWidthPx = 640

/**
 * Text naming the test server's own address (`http://127.0.0.1:4317/jordan_reyes`, the profile link
 * hint): its port differs from run to run (E2E_PORT), so every screenshot masks it.
 */
function serverAddress(page: Page): Locator {
  return page.getByText(/^https?:\/\/(127\.0\.0\.1|localhost):\d+\//)
}

/**
 * The three checks of every screenshot test, once the test has seen its page drawn: the picture
 * against its baseline, no axe violations, and (on a phone) no sideways scrolling. Each failure is
 * reported on its own (soft assertions), so one run shows everything wrong with a page.
 */
export async function checkScreen(
  page: Page,
  name: string,
  /**
   * `screen`: the picture is the screen as it is, not the full page. For a modal dialog: it covers the
   * screen a person is looking at, and a full-page picture would draw it over the first screen only.
   */
  {
    picture = 'page',
    maxDiffPixels = 0,
  }: {
    picture?: 'page' | 'screen'
    /**
     * Pixels allowed to differ. Only for pages with Recharts drawings: Recharts places its axes and
     * legend from measurements of the page taken as it draws, and the same chart's tick labels came
     * out up to 3 px apart between runs (71 to 493 pixels of a 390×5896 picture, 1 run in 5).
     */
    maxDiffPixels?: number
  } = {},
): Promise<void> {
  // Placeholders of reads still in flight, and a route change still under way, are not the page.
  await expect(page.locator('.animate-pulse')).toHaveCount(0)
  await expect(page.locator('main[aria-busy="true"]')).toHaveCount(0)

  await expect.soft(page).toHaveScreenshot(`${name}.png`, {
    fullPage: picture === 'page',
    mask: [serverAddress(page)],
    maxDiffPixels,
  })

  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  const found = violations.map(
    (v) => `${v.id} (${v.impact ?? 'unknown'}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
  expect.soft(found, 'axe violations').toEqual([])

  const width = page.viewportSize()?.width ?? 0
  if (width < phoneWidthPx) {
    const sizes = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }))
    expect.soft(sizes.scrollWidth, 'the page scrolls sideways').toBeLessThanOrEqual(Math.min(width, sizes.innerWidth))
  }
}
