import { expect, test, type Response } from '@playwright/test'

/** The content-encoding the browser received a response with, or 'none'. */
async function encodingOf(response: Response): Promise<string> {
  return (await response.allHeaders())['content-encoding'] ?? 'none'
}

test('the shop arrives compressed: the page, its scripts and styles, and the first page of creators', async ({
  page,
}) => {
  const responses: Response[] = []
  page.on('response', (response) => responses.push(response))
  const shop = page.waitForResponse((response) => response.url().includes('/api/creators/paginated'))
  await page.goto('/shop-picks')
  await expect(page.getByRole('heading', { name: 'Shop Picks' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()

  const document = responses.find((response) => new URL(response.url()).pathname === '/shop-picks')
  expect(document, 'the page itself').toBeDefined()
  expect(await encodingOf(document!)).toBe('br')
  const vendor = responses.find((response) => /\/assets\/react-dom-vendor-[\w-]+\.js$/.test(response.url()))
  expect(vendor, 'the React DOM chunk').toBeDefined()
  expect(await encodingOf(vendor!)).toBe('br')
  const styles = responses.filter((response) => /\/assets\/[\w-]+\.css$/.test(response.url()))
  expect(styles.length).toBeGreaterThan(0)
  for (const response of styles) expect(await encodingOf(response), response.url()).toBe('br')
  expect(await encodingOf(await shop)).toBe('br')
})
