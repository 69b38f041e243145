import { expect, type Page } from '@playwright/test'
import { adminConsolePassword, e2eAdmin } from './admin-account.ts'

export { adminConsolePassword, e2eAdmin }

/** The first step on /admin/login: an account's e-mail and password. */
export async function signInOnAdminLogin(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/admin/login')
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
}

/**
 * The second step: chooses the admin password if no test has yet ("New admin password"), or
 * enters it ("Admin password"), and waits for the console. Tests run in parallel, so another may
 * choose it a moment before this one sends its choice: the server then refuses, and the page, read
 * again, asks for the password instead.
 */
export async function enterAdminPassword(page: Page): Promise<void> {
  const choose = page.getByLabel('New admin password')
  const enter = page.getByLabel('Admin password', { exact: true })
  const dashboard = page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })
  await expect(choose.or(enter)).toBeVisible()
  if (await choose.isVisible()) {
    await choose.fill(adminConsolePassword)
    await page.getByLabel('Confirm admin password').fill(adminConsolePassword)
    await page.getByRole('button', { name: 'Continue' }).click()
    const refused = page.getByRole('alert')
    await expect(dashboard.or(refused)).toBeVisible()
    if (await refused.isVisible()) await page.reload()
  }
  if (!(await dashboard.isVisible())) {
    await enter.fill(adminConsolePassword)
    await page.getByRole('button', { name: 'Continue' }).click()
  }
  await expect(dashboard).toBeVisible()
  await expect(page).toHaveURL(/\/admin\/dashboard$/)
}

/**
 * Signs the suite's administrator in on /admin/login and chooses or enters the admin password, so
 * the server counts this context's session as a verified administrator. Ends on the console.
 */
export async function enterAdminArea(page: Page): Promise<void> {
  await signInOnAdminLogin(page, e2eAdmin.email, e2eAdmin.password)
  await enterAdminPassword(page)
}
