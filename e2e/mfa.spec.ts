import { expect, test, type Page } from '@playwright/test'
import { password, signUpThroughForm, uniqueEmail } from './support/accounts.ts'
import { freshTotp, wrongTotp } from './support/totp.ts'

/** A new account made through the sign-up form and its e-mailed code; signed in on /shop-picks. */
async function signUp(page: Page, email: string) {
  await page.goto('/auth')
  await signUpThroughForm(page, { name: 'Morgan Factor', email })
  await expect(page).toHaveURL(/\/shop-picks$/)
}

test('a new account edits its profile, sets up an authenticator app, and signing in then asks for its code', async ({
  page,
}) => {
  // Up to two waits for a fresh 30-second code step.
  test.setTimeout(120_000)
  const email = uniqueEmail('mfa')
  await signUp(page, email)

  await page.goto('/edit-profile')
  const profile = page.getByRole('region', { name: 'Profile' })
  await profile.getByLabel('Full Name').fill('Morgan Twofactor')
  // The source radios are visually hidden inside their labels: a person taps the label.
  await profile.getByText('Emoji', { exact: true }).click()
  await expect(profile.getByRole('radio', { name: 'Emoji' })).toBeChecked()
  await profile.getByRole('button', { name: 'Basketball' }).click()
  await expect(profile.getByRole('img', { name: 'Profile picture preview' })).toHaveText('🏀')
  await profile.getByRole('button', { name: 'Save Profile' }).click()
  await expect(profile.getByRole('status')).toHaveText('Profile saved.')
  const sidebar = page.getByTestId('sidebar')
  await expect(sidebar.getByText('Morgan Twofactor')).toBeVisible()
  await expect(sidebar).toContainText('🏀')

  const mfa = page.getByRole('region', { name: 'Two-factor authentication' })
  await mfa.getByRole('button', { name: 'Set up authenticator app' }).click()
  await mfa.getByLabel('Your Password').fill(password)
  await mfa.getByRole('button', { name: 'Continue' }).click()
  await expect(mfa.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await mfa.locator('code').textContent())?.trim() ?? ''
  expect(secret).toMatch(/^[A-Z2-7]+=*$/)

  const enrolment = await freshTotp(secret)
  await mfa.getByLabel('Code from the app').fill(enrolment.code)
  await mfa.getByRole('button', { name: 'Confirm' }).click()
  await expect(mfa.getByRole('status')).toHaveText('Authenticator app added. Signing in now asks for a code from it.')
  await expect(mfa.getByRole('list', { name: 'Your two-factor methods' })).toContainText('Authenticator app')

  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/auth$/)

  const form = page.getByRole('tabpanel')
  await form.getByLabel('Email').fill(email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByRole('button', { name: 'Sign In' }).click()
  const step = page.getByRole('region', { name: 'Two-factor verification' })
  await expect(step).toBeVisible()
  // No session before the code.
  expect((await page.request.get('/api/me')).status()).toBe(401)

  await step.getByLabel('Verification code').fill(wrongTotp(secret))
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(step.getByRole('alert')).toHaveText(
    'That code is not right. Enter the code your authenticator app shows now.',
  )

  // A code of a later step than the one the setup used: a server may refuse a code twice.
  const signIn = await freshTotp(secret, { usedStep: enrolment.step })
  await step.getByLabel('Verification code').fill(signIn.code)
  await step.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/shop-picks$/)
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
  await expect(page.getByTestId('sidebar').getByText('Morgan Twofactor')).toBeVisible()
  expect((await page.request.get('/api/me')).status()).toBe(200)
})
