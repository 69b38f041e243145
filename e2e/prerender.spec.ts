import { expect, test } from '@playwright/test'

/** Decision 051: the landing pages' first screen is in their HTML, and the app takes it over. */
test.describe("without the app's code", () => {
  test.use({ javaScriptEnabled: false })

  test('the landing pages show their first screen from the HTML alone', async ({ page }) => {
    for (const [path, heading] of [
      ['/shop-picks', 'Shop Picks'],
      ['/locker-room', 'Locker Room'],
      ['/my-picks', 'My Picks Feed'],
    ] as const) {
      await page.goto(path)
      await expect(page.locator('h1'), path).toHaveText(heading)
    }
  })
})

test('the pre-rendered shop becomes the app: what is typed into its search is searched', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const response = await page.goto('/shop-picks')
  expect(await response?.text()).toContain('<h1')
  await page.getByLabel('Search creators').fill('lock')
  await expect(page).toHaveURL(/search=lock/)
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
  // React reports a page it could not take over as it was (a hydration mismatch) on the console.
  expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([])
})
