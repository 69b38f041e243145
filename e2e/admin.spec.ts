import { expect, test } from '@playwright/test'
import { e2eAdmin, enterAdminArea, signInOnAdminLogin } from './support/admin.ts'
import { password, verifiedAccount } from './support/accounts.ts'

// The administrator made by `npm run admin:create` at server start, named in ADMIN_EMAIL. Whichever
// test of the suite opens the admin area first chooses the admin password; the others enter it.
test.use({ viewport: { width: 1280, height: 800 } })

test('the administrator signs in, sets or enters the admin password, and reaches the dashboard', async ({ page }) => {
  await enterAdminArea(page)

  // The console reads with the session's bearer access token: its figures come from the server.
  await expect(page.getByText('Needs attention')).toBeVisible()
  await expect(page.getByText('MRR', { exact: true })).toBeVisible()
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'System status' }).click()
  await expect(page.getByRole('heading', { level: 3, name: 'Database' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Audit log' }).click()
  await expect(page).toHaveURL(/\/admin\/dashboard\/audit-log$/)
  await expect(page.getByRole('table', { name: 'Audit log' }).getByText('Admin password set').first()).toBeVisible()
  // The server now counts this session as a verified administrator.
  const session = await page.request.get('/api/admin/session')
  expect(session.status()).toBe(200)
  expect(await session.json()).toEqual({ email: e2eAdmin.email, name: 'Administrator' })

  // The sidebar offers this account, and only this one, the way back in.
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin/login')
})

test('a customer sees no Admin Dashboard entry and is told on /admin/login that they are not an administrator', async ({
  page,
}) => {
  const email = await verifiedAccount(page, 'customer')
  await signInOnAdminLogin(page, email, password)

  await expect(page.getByRole('alert')).toContainText('This account is not an administrator.')
  await expect(page.getByRole('link', { name: 'Back to the shop' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'My Picks Feed' })).toBeVisible()
  // The server has answered for this account before the entry is judged absent.
  const me = await page.request.get('/api/me')
  expect(await me.json()).toMatchObject({ user: { email }, admin_entry: false })
  await expect(nav.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0)

  // Nor does the admin area open for them.
  await page.goto('/admin/dashboard')
  await expect(page).toHaveURL(/\/admin\/login$/)
  expect((await page.request.get('/api/admin/session')).status()).toBe(403)
})
