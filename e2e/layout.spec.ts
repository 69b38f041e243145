import { expect, test } from '@playwright/test'
import { e2eAdmin } from './support/admin.ts'
import { signUpCustomer } from './support/picks.ts'

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } })

  test('the sidebar shows locked entries to a signed-out visitor and collapses', async ({ page }) => {
    await page.goto('/shop-picks')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: /Shop Picks/ })).toBeVisible()
    await expect(nav.getByRole('link', { name: /Locker Room/ })).toBeVisible()
    await expect(nav.getByText('Sign in required').first()).toBeVisible()
    await expect(page.getByText('Not signed in')).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()

    const before = (await nav.boundingBox())!.width
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await expect.poll(async () => (await nav.boundingBox())!.width).toBeLessThan(before / 2)
  })

  test('an administrator without a creator profile gets no creator menus, and a note on creator pages', async ({
    page,
  }) => {
    await page.goto('/admin/login')
    await page.getByLabel('Email').fill(e2eAdmin.email)
    await page.getByLabel('Password', { exact: true }).fill(e2eAdmin.password)
    await page.getByRole('button', { name: 'Sign In' }).click()
    await expect(page.getByLabel(/admin password/i).first()).toBeVisible()

    await page.goto('/creator/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Creator tools' })).toBeVisible()
    await expect(page.getByText('This administrator account has no creator profile')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open the admin area' })).toBeVisible()
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Creator Dashboard' })).toHaveCount(0)
    const account = page.getByRole('navigation', { name: 'Account' })
    for (const name of ['Profile', 'Alerts', 'Subscriptions'])
      await expect(account.getByRole('link', { name })).toBeVisible()
  })

  test('a sport hub is two clicks away: the Locker Room, then the sport', async ({ page }) => {
    await page.goto('/support')
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: /Locker Room/ })
      .click()
    await page.getByRole('navigation', { name: 'Sport hubs' }).getByRole('link', { name: 'MMA', exact: true }).click()
    await expect(page).toHaveURL(/\/sport-hub\/mma$/)
    await expect(page.getByRole('heading', { level: 1, name: 'MMA Sport Hub' })).toBeVisible()
  })

  test('the sidebar is hidden on the auth pages', async ({ page }) => {
    for (const route of ['/auth', '/verify-email', '/reset-password']) {
      await page.goto(route)
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    }
  })
})

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('shows the bottom bar and its account sheet instead of the sidebar', async ({ page }) => {
    await page.goto('/shop-picks')
    const bar = page.getByRole('navigation', { name: 'Mobile' })
    await expect(bar).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()
    for (const name of ['Picks', 'Dashboard', 'Shop']) await expect(bar.getByRole('link', { name })).toBeVisible()
    await bar.getByRole('button', { name: 'Sign In' }).click()
    const sheet = page.getByRole('dialog', { name: 'Account' })
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Terms of Service' })).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Support' })).toBeVisible()
  })

  test('a tap on Sign In before the first page and the session check have loaded keeps its sheet open', async ({
    page,
  }) => {
    // Hold the shop page's code and the session check until after the tap: the layout is drawn from
    // the first paint, and neither arriving may take the open sheet away.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    let held = 0
    const hold = (pattern: string) =>
      page.route(pattern, async (route) => {
        held++
        await released
        await route.continue()
      })
    await hold('**/assets/shop-page-*.js')
    await hold('**/api/auth/get-session')
    // /marketplace shows the shop drawn by the app (/shop-picks arrives pre-rendered, and takes no
    // tap until its code has run: decision 051).
    await page.goto('/marketplace')
    const bar = page.getByRole('navigation', { name: 'Mobile' })
    await expect.poll(() => held).toBe(2)

    await bar.getByRole('button', { name: 'Sign In' }).click()
    const sheet = page.getByRole('dialog', { name: 'Account' })
    await expect(sheet).toBeVisible()

    const sessionChecked = page.waitForResponse('**/api/auth/get-session')
    release()
    // The page arrives behind the sheet, hidden from assistive technology while the sheet is open.
    await expect(page.getByRole('heading', { level: 1, name: 'Shop Picks', includeHidden: true })).toBeVisible()
    await sessionChecked
    await expect(sheet).toBeVisible()
    await expect(sheet.getByRole('link', { name: 'Sign In' })).toBeVisible()
    const trigger = page
      .getByRole('navigation', { name: 'Mobile', includeHidden: true })
      .getByRole('button', { name: 'Sign In', includeHidden: true })
    await expect(trigger).toHaveAttribute('aria-expanded', 'true')
  })

  test('a signed-in person reaches Subscriptions and a sport hub in two taps, and every bar label sits on one line', async ({
    page,
  }) => {
    await signUpCustomer(page, 'Robin Phone', 'layout-phone')
    const bar = page.getByRole('navigation', { name: 'Mobile' })
    const labels = ['Picks', 'Dashboard', 'Shop', 'Profile'].map((name) => bar.getByText(name, { exact: true }))
    const tops = await Promise.all(labels.map(async (label) => (await label.boundingBox())!.y))
    for (const top of tops) expect(Math.abs(top - tops[0]!)).toBeLessThanOrEqual(1)

    await bar.getByRole('button', { name: 'Profile' }).click()
    const sheet = page.getByRole('dialog', { name: 'Account' })
    await sheet.getByRole('link', { name: 'Subscriptions' }).click()
    await expect(page).toHaveURL(/\/manage-subscriptions$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await bar.getByRole('button', { name: 'Profile' }).click()
    await sheet.getByRole('navigation', { name: 'Sport hubs' }).getByRole('link', { name: 'NBA', exact: true }).click()
    await expect(page).toHaveURL(/\/sport-hub\/nba$/)
    await expect(page.getByRole('heading', { level: 1, name: 'NBA Sport Hub' })).toBeVisible()
  })

  test('the shop fits a phone screen without sideways scrolling', async ({ page }) => {
    await page.goto('/shop-picks')
    await expect(page.getByRole('heading', { name: 'Shop Picks' })).toBeVisible()
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    )
    expect(overflow).toBeLessThanOrEqual(0)
  })
})
