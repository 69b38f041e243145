import { failure } from './support/screens/api-double.ts'
import { alertsAnswers } from './support/screens/fixtures/alerts.ts'
import {
  paidPurchaseAnswer,
  paidPurchaseId,
  receiptAnswer,
  receiptCharge,
  subscriptionsAnswers,
} from './support/screens/fixtures/billing.ts'
import { ownProfileAnswer } from './support/screens/fixtures/creator-tools.ts'
import { affiliatePageAnswers } from './support/screens/fixtures/growth.ts'
import { checkScreen, expect, skipRetries, test } from './support/screens/screen-test.ts'
import { screenPeople } from './support/screens/accounts.ts'

// Signing in and the account pages, the payment return page and the legal pages
// (docs/decisions/029-screenshot-suite.md).

test.describe('the auth pages', () => {
  test('/auth, Sign In', async ({ page }) => {
    await page.goto('/auth')
    await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible()
    await expect(page.getByRole('button', { name: /Google/ })).toBeVisible()
    await checkScreen(page, 'auth-sign-in')
  })

  test('/auth, Sign Up', async ({ page }) => {
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    await expect(page.getByLabel('Confirm Password')).toBeVisible()
    await checkScreen(page, 'auth-sign-up')
  })

  test('/verify-email after signing up', async ({ page }) => {
    await page.goto(`/verify-email?email=${encodeURIComponent(screenPeople.customer.email)}`)
    await expect(page.getByLabel('Verification code')).toBeVisible()
    await checkScreen(page, 'verify-email')
  })

  test('/reset-password from the e-mailed link', async ({ page }) => {
    await page.goto('/reset-password?token=screens-reset-token')
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
    await expect(page.getByLabel('Confirm Password')).toBeVisible()
    await checkScreen(page, 'reset-password')
  })

  test('/reset-password without a link', async ({ page }) => {
    await page.goto('/reset-password')
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Request a new link' })).toBeVisible()
    await checkScreen(page, 'reset-password-invalid')
  })
})

test.describe('the legal pages', () => {
  for (const [path, heading] of [
    ['/privacy-policy', 'Privacy Policy'],
    ['/terms-of-service', 'Terms of Service'],
    ['/support', 'Support'],
    ['/creator-terms', 'Creator Terms'],
  ] as const) {
    test(path, async ({ page }) => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expect(page.getByRole('link', { name: 'help@picks.test' }).first()).toBeVisible()
      await checkScreen(page, path.slice(1))
    })
  }
})

test.describe('as a customer', () => {
  test.use({ viewer: 'customer' })

  test('/affiliate with an arrangement, earnings and payouts set up', async ({ page, api, account }) => {
    api.serve(affiliatePageAnswers.data(account))
    await page.goto('/affiliate')
    await expect(page.getByText('@maya_hoops').first()).toBeVisible()
    await checkScreen(page, 'affiliate-data')
  })

  test('/affiliate when nothing can be read', async ({ page, api, account }) => {
    api.serve(affiliatePageAnswers.error(account))
    await page.goto('/affiliate')
    await skipRetries(page, api, page.getByRole('button', { name: 'Try again' }).first())
    await checkScreen(page, 'affiliate-error')
  })

  test('/edit-profile', async ({ page }) => {
    await page.goto('/edit-profile')
    await expect(page.getByLabel('Full Name')).toHaveValue(screenPeople.customer.name)
    await expect(page.getByRole('button', { name: 'Set up authenticator app' })).toBeVisible()
    await checkScreen(page, 'edit-profile-customer')
  })

  test('/alerts with creators and alerts', async ({ page, api, account }) => {
    api.serve(alertsAnswers.data(account.id))
    await page.goto('/alerts')
    await expect(page.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
    await expect(page.getByText('Maya Chen').first()).toBeVisible()
    await checkScreen(page, 'alerts-data')
  })

  test('/alerts before any', async ({ page, api, account }) => {
    api.serve(alertsAnswers.empty(account.id))
    await page.goto('/alerts')
    await expect(page.getByText(/No alerts yet/)).toBeVisible()
    await checkScreen(page, 'alerts-empty')
  })

  test('/alerts when nothing can be read', async ({ page, api, account }) => {
    api.serve(alertsAnswers.error(account.id))
    await page.goto('/alerts')
    await skipRetries(page, api, page.getByRole('button', { name: 'Try again' }).nth(3))
    await checkScreen(page, 'alerts-error')
  })

  test('/manage-subscriptions with subscriptions and charges', async ({ page, api, account }) => {
    // Each creator's card carries that creator's alert switches.
    api.serve(subscriptionsAnswers.data(account.id), alertsAnswers.data(account.id))
    await page.goto('/manage-subscriptions')
    await expect(page.getByRole('heading', { name: 'Monthly Picks' }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Billing history' })).toBeVisible()
    await checkScreen(page, 'manage-subscriptions-data')
  })

  test('/manage-subscriptions before buying anything', async ({ page, api, account }) => {
    api.serve(subscriptionsAnswers.empty(account.id))
    await page.goto('/manage-subscriptions')
    await expect(page.getByText(/No charges yet/)).toBeVisible()
    await checkScreen(page, 'manage-subscriptions-empty')
  })

  test('/manage-subscriptions when nothing can be read', async ({ page, api, account }) => {
    api.serve(subscriptionsAnswers.error(account.id))
    await page.goto('/manage-subscriptions')
    await skipRetries(page, api, page.getByText('We couldn’t load your subscriptions.'))
    await expect(page.getByText('We couldn’t load your billing history.')).toBeVisible()
    await checkScreen(page, 'manage-subscriptions-error')
  })

  test('/receipts/{id}', async ({ page, api, account }) => {
    api.serve(receiptAnswer(account.id))
    await page.goto(`/receipts/${receiptCharge.id}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Receipt' })).toBeVisible()
    await checkScreen(page, 'receipt-data')
  })

  test('/receipts/{id} when it cannot be read', async ({ page, api, account }) => {
    api.serve(failure(`/users/${account.id}/charges/${receiptCharge.id}`))
    await page.goto(`/receipts/${receiptCharge.id}`)
    await skipRetries(page, api, page.getByText('We couldn’t load this receipt.'))
    await checkScreen(page, 'receipt-error')
  })

  test('/payment-success after paying', async ({ page, api, account }) => {
    api.serve(paidPurchaseAnswer(account.id))
    await page.goto(`/payment-success?purchase=${paidPurchaseId}`)
    await expect(page.getByRole('heading', { level: 1, name: /free trial|Payment Successful/ })).toBeVisible()
    await checkScreen(page, 'payment-success-data')
  })

  test('/payment-success without a purchase', async ({ page }) => {
    await page.goto('/payment-success')
    await expect(page.getByRole('heading', { level: 1, name: 'No purchase to show' })).toBeVisible()
    await checkScreen(page, 'payment-success-empty')
  })

  test('/payment-success when the purchase cannot be read', async ({ page, api }) => {
    api.serve(failure(`/purchases/${paidPurchaseId}`))
    await page.goto(`/payment-success?purchase=${paidPurchaseId}`)
    await skipRetries(page, api, page.getByRole('heading', { name: 'We couldn’t check your payment' }))
    await checkScreen(page, 'payment-success-error')
  })
})

test.describe('as a creator', () => {
  test.use({ viewer: 'creator' })

  test('/edit-profile with the creator profile', async ({ page, api, account }) => {
    api.serve(ownProfileAnswer(account))
    await page.goto('/edit-profile')
    await expect(page.getByLabel('Username')).toHaveValue(screenPeople.creator.username)
    await checkScreen(page, 'edit-profile-creator')
  })

  test('/edit-profile when the creator profile cannot be read', async ({ page, api, account }) => {
    api.serve(failure(`/creators/${account.id}`))
    await page.goto('/edit-profile')
    await skipRetries(page, api, page.getByRole('button', { name: 'Try again' }))
    await checkScreen(page, 'edit-profile-error')
  })
})
