import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'

type ShopPage = {
  total: number
  creators: { id: string; name: string; username: string; price_cents: number | null }[]
}

async function apiShop(page: Page, query: string): Promise<ShopPage> {
  const res = await page.request.get(`/api/creators/paginated${query}`)
  expect(res.ok()).toBe(true)
  return (await res.json()) as ShopPage
}

/** A creator card is an article whose heading links to the purchase page and shows the @username. */
function creatorCards(page: Page) {
  return page.getByRole('main').getByRole('article').filter({ hasText: /@\w+/ })
}

test('a newcomer opening / lands on the shop and sees creators', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/shop-picks$/)
  await expect(page.getByRole('heading', { name: 'Shop Picks' })).toBeVisible()
  const all = await apiShop(page, '')
  await expect(page.getByText(`${all.total} creators`)).toBeVisible()
  await expect(creatorCards(page).first()).toBeVisible()
  await expect(page.getByText(all.creators[0]!.name, { exact: true }).first()).toBeVisible()
})

test('searching narrows the creators and is kept in the address', async ({ page }) => {
  await page.goto('/shop-picks')
  const expected = await apiShop(page, '?search=lock')
  expect(expected.total).toBeGreaterThan(0)
  await page.getByLabel('Search creators').fill('lock')
  await expect(page).toHaveURL(/search=lock/)
  await expect(page.getByText(`${expected.total} creators`)).toBeVisible()
  await expect(page.getByText(`@${expected.creators[0]!.username}`)).toBeVisible()
})

test('filtering by a sport shows only creators of that sport', async ({ page }) => {
  await page.goto('/shop-picks')
  const expected = await apiShop(page, '?sports=mlb')
  await page.getByRole('button', { name: 'MLB', exact: true }).click()
  await expect(page.getByRole('button', { name: 'MLB', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await expect(page).toHaveURL(/sports=mlb/)
  await expect(page.getByText(`${expected.total} creators`)).toBeVisible()
})

test('sorting by price puts the cheapest creator first', async ({ page }) => {
  await page.goto('/shop-picks')
  const expected = await apiShop(page, '?sortBy=price-low')
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' })
  await expect(page).toHaveURL(/sortBy=price-low/)
  await expect(creatorCards(page).first()).toContainText(expected.creators[0]!.name)
})

test('loading more appends the next page', async ({ page }) => {
  await page.goto('/shop-picks')
  await expect(creatorCards(page)).toHaveCount(20)
  const next = await apiShop(page, '?page=2')
  const loadMore = page.getByRole('button', { name: 'Load more' })
  // Bringing the button into view brings the end of the list with it, which may load the next page
  // by itself (and the rest after it, removing the button): click only if it is still there.
  await loadMore.scrollIntoViewIfNeeded()
  if ((await creatorCards(page).count()) === 20) {
    await loadMore.click({ timeout: 5_000 }).catch(() => undefined)
  }
  // The card after the first twenty is the second page's first, whichever way it came.
  await expect(creatorCards(page).nth(20)).toContainText(`@${next.creators[0]!.username}`)
  expect(await creatorCards(page).count()).toBeGreaterThanOrEqual(40)
})

test('/marketplace is the same shop', async ({ page }) => {
  await page.goto('/marketplace')
  await expect(page.getByRole('heading', { name: 'Shop Picks' })).toBeVisible()
  await expect(creatorCards(page).first()).toBeVisible()
})

test('a creator card opens the purchase page for that creator', async ({ page }) => {
  await page.goto('/shop-picks')
  const first = (await apiShop(page, '')).creators[0]!
  await creatorCards(page).first().getByRole('link', { name: first.name }).click()
  await expect(page).toHaveURL(new RegExp(`/shop-picks/purchase/${first.id}$`))
})

test('the shop has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/shop-picks')
  await expect(creatorCards(page).first()).toBeVisible()
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([])
})
