import { expect, type Page } from '@playwright/test'
import { readFromMail } from './mailbox.ts'

/** The password of every account the browser suite makes (it meets the spec §5 rules). */
export const password = 'Winning1!Picks'

/** The sign-up e-mail's code, as the mailbox received it. */
export const codePattern = /verification code is (\d{6})/

/** An address no other test uses, so the tests can run in parallel against one server. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** A verified account made through the API, signed out again, for tests about signing in. */
export async function verifiedAccount(page: Page, label: string, name = 'Pat Bettor'): Promise<string> {
  const email = uniqueEmail(label)
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password } })
  expect(signUp.status(), await signUp.text()).toBe(200)
  const otp = await readFromMail(page.request, email, codePattern)
  const verify = await page.request.post('/api/auth/email-otp/verify-email', { data: { email, otp } })
  expect(verify.status(), await verify.text()).toBe(200)
  await page.context().clearCookies()
  return email
}

/**
 * Signs up through the Sign Up tab of the /auth page already open, then enters the e-mailed code on
 * /verify-email. The caller checks where the person lands.
 */
export async function signUpThroughForm(page: Page, account: { name: string; email: string }) {
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  const form = page.getByRole('tabpanel')
  await form.getByLabel('Full Name').fill(account.name)
  await form.getByLabel('Email').fill(account.email)
  await form.getByLabel('Password', { exact: true }).fill(password)
  await form.getByLabel('Confirm Password').fill(password)
  await form.getByLabel('I accept the Terms of Service').check()
  await form.getByLabel('I accept the Privacy Policy').check()
  await form.getByRole('button', { name: 'Create Account' }).click()

  await expect(page).toHaveURL(/\/verify-email\?email=/)
  await page.getByLabel('Verification code').fill(await readFromMail(page.request, account.email, codePattern))
  await page.getByRole('button', { name: 'Verify' }).click()
}
