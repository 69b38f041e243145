import { expect, test } from '@playwright/test'
import { googlePerson } from './support/google-double.ts'

// The server signs in with "Google" through a local OpenID Connect server (e2e/start-server.ts):
// a real redirect to its authorize endpoint and back, a real code exchange and a signed ID token.
test('a visitor signs in with Google and lands back signed in where they were headed', async ({ page }) => {
  await page.goto('/manage-subscriptions')
  await expect(page).toHaveURL(/\/auth/)

  const google = page.getByRole('button', { name: /Continue with Google/ })
  await expect(google).toBeEnabled()
  await expect(page.getByText('Google sign-in is not configured on this server.')).toHaveCount(0)
  await google.click()

  await expect(page).toHaveURL(/\/manage-subscriptions$/)
  await expect(page.getByText(googlePerson.name, { exact: true })).toBeVisible()
  await expect(page.getByText(googlePerson.email, { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()

  const me = await page.request.get('/api/me')
  expect(me.status()).toBe(200)
  expect(await me.json()).toMatchObject({
    user: { email: googlePerson.email, name: googlePerson.name, role: 'customer', verified: true },
  })
})
