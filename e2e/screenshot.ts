/**
 * Takes the README's picture of the shop from a running server:
 *   npm start, then: node --import tsx e2e/screenshot.ts [URL]   (default http://localhost:3000/shop-picks)
 */
import { chromium } from '@playwright/test'
import { assertChromiumInstalled, chromiumArgs, chromiumPath } from './chromium.ts'

const url = process.argv[2] ?? 'http://localhost:3000/shop-picks'
const output = new URL('../docs/screenshots/shop.png', import.meta.url).pathname

assertChromiumInstalled()
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 }, deviceScaleFactor: 1 })
  await page.goto(url)
  await page.getByRole('main').getByRole('article').first().waitFor()
  // Avatars are lazy images; give the ones in view a moment to paint.
  await page.waitForLoadState('networkidle')
  await page.screenshot({ path: output })
  process.stdout.write(`wrote ${output}\n`)
} finally {
  await browser.close()
}
