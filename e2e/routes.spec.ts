import { expect, test } from '@playwright/test'

test("a creator's /{username} link redirects to their purchase page", async ({ page }) => {
  const res = await page.request.get('/api/creators/paginated?limit=1')
  const { creators } = (await res.json()) as { creators: { id: string; username: string }[] }
  const creator = creators[0]!
  await page.goto(`/${creator.username}`)
  await expect(page).toHaveURL(new RegExp(`/shop-picks/purchase/${creator.id}$`))
})

test('an unknown /{username} goes to /marketplace, which says the link was not found', async ({ page }) => {
  await page.goto('/no_such_creator_here')
  await expect(page).toHaveURL(/\/marketplace$/)
  await expect(page.getByRole('heading', { name: 'Shop Picks' })).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'find a creator at /no_such_creator_here' })).toBeVisible()
})

for (const from of ['/login', '/signup']) {
  test(`${from} redirects to /auth`, async ({ page }) => {
    await page.goto(from)
    await expect(page).toHaveURL(/\/auth(\?|$)/)
  })
}

test('a signed-out visitor opening a protected page is sent to /auth', async ({ page }) => {
  await page.goto('/manage-subscriptions')
  await expect(page).toHaveURL(/\/auth/)
})

test('a visitor who is not a creator opening /create-pick lands on /', async ({ page }) => {
  await page.goto('/shop-picks')
  await page.evaluate(() =>
    localStorage.setItem(
      'user',
      JSON.stringify({ id: 'u-1', email: 'fan@example.com', name: 'Fan', role: 'customer' }),
    ),
  )
  await page.goto('/create-pick')
  await expect(page).toHaveURL(/\/shop-picks$/)
})

const openRoutes = [
  '/shop-picks',
  '/marketplace',
  '/my-picks',
  '/auth',
  '/verify-email',
  '/reset-password',
  '/payment-success',
  '/success',
  '/privacy-policy',
  '/terms-of-service',
  '/support',
  '/creator-terms',
  '/locker-room',
  '/locker-room/nba',
  '/sport-hub/nfl',
  '/creator/onboarding/complete',
  '/admin/login',
]

for (const route of openRoutes) {
  test(`${route} renders without an application error`, async ({ page }) => {
    await page.goto(route)
    await expect(page.locator('h1').first()).toBeVisible()
    await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0)
    await expect(page.getByText('Loading Error')).toHaveCount(0)
  })
}

test('the legal pages carry the December 15, 2024 texts with the 18+ rule', async ({ page }) => {
  await page.goto('/terms-of-service')
  await expect(page.getByText(/December 15, 2024/).first()).toBeVisible()
  await expect(page.getByText(/18 (years of age )?or older/i).first()).toBeVisible()
})
