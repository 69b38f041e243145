import { expect, test, type Page } from '@playwright/test'
import { codePattern, password, uniqueEmail, verifiedAccount } from './support/accounts.ts'
import { readFromMail } from './support/mailbox.ts'

const resetLinkPattern = /(https?:\/\/\S*\/api\/auth\/reset-password\/\S+)/

async function signIn(page: Page, email: string, pass = password) {
  const form = page.getByRole('tabpanel')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(pass)
  await form.getByRole('button', { name: 'Sign In' }).click()
}

test('a newcomer signs up, reads the code from the e-mail, and lands back where they started', async ({ page }) => {
  const email = uniqueEmail('newcomer')
  await page.goto('/manage-subscriptions')
  await expect(page).toHaveURL(/\/auth/)

  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const form = page.getByRole('tabpanel')
  await form.getByLabel('Full Name').fill('Casey Newcomer')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill('abcdefgh')
  await expect(form.getByText('Weak')).toBeVisible()
  await form.getByLabel('Password', { exact: true }).fill(password)
  await expect(form.getByText('Strong')).toBeVisible()
  await form.getByLabel('Confirm Password').fill(password)
  await form.getByRole('button', { name: 'Read the Terms of Service' }).click()
  await page.getByRole('dialog', { name: 'Terms of Service' }).getByRole('button', { name: 'I Understand' }).click()
  await form.getByLabel('I accept the Privacy Policy').check()
  await form.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL(/\/verify-email\?email=/)
  const code = await readFromMail(page.request, email, codePattern)
  await page.getByLabel('Verification code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()

  await expect(page).toHaveURL(/\/manage-subscriptions$/)
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
})

test('a wrong password is refused, and the fifth failure blocks further tries', async ({ page }) => {
  const email = await verifiedAccount(page, 'blocked')
  await page.goto('/auth')
  for (let i = 0; i < 5; i++) {
    await signIn(page, email, `Wrong1!password${i}`)
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.')
  }
  await signIn(page, email)
  await expect(page.getByRole('alert')).toHaveText('Too many attempts. Please try again in 15 minutes.')
})

test('a forgotten password is reset from the e-mailed link', async ({ page }) => {
  const email = await verifiedAccount(page, 'forgetful')
  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reset Password' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(dialog.getByRole('status')).toContainText('If an account exists with that email')

  const link = await readFromMail(page.request, email, resetLinkPattern)
  await page.goto(link)
  await expect(page).toHaveURL(/\/reset-password\?token=/)
  await page.getByLabel('New Password').fill('Fresh2@Password')
  await page.getByLabel('Confirm Password').fill('Fresh2@Password')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByRole('status')).toContainText('Your password has been reset.')

  await page.getByRole('link', { name: 'Sign in' }).click()
  await signIn(page, email, 'Fresh2@Password')
  await expect(page).toHaveURL(/\/shop-picks$/)
})

test('a signed-in customer is kept out of creator pages, and signing out returns to /auth', async ({ page }) => {
  const email = await verifiedAccount(page, 'customer')
  await page.goto('/auth')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/shop-picks$/)

  await page.goto('/create-pick')
  await expect(page).toHaveURL(/\/shop-picks$/)

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  expect((await page.request.get('/api/me')).status()).toBe(401)
})

test('a session kept by its cookie alone signs the person back in after local storage was cleared', async ({
  page,
}) => {
  const email = await verifiedAccount(page, 'cleared')
  await page.goto('/auth')
  await signIn(page, email)
  await expect(page).toHaveURL(/\/shop-picks$/)
  await page.goto('/manage-subscriptions')
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Subscriptions' })).toBeVisible()

  await page.evaluate(() => localStorage.clear())
  await page.reload()

  // Still on the signed-in page, with the person's name beside their account menu.
  await expect(page).toHaveURL(/\/manage-subscriptions$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Manage Subscriptions' })).toBeVisible()
  await expect(page.getByTestId('sidebar').getByText('Pat Bettor', { exact: true })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' })).toBeVisible()
  const record = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as unknown)
  expect(record).toMatchObject({ email, name: 'Pat Bettor', role: 'customer' })
})
