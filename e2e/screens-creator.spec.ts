import type { Page } from '@playwright/test'
import { AdminStatus, adminConsoleAnswers } from './support/screens/fixtures/admin.ts'
import { answer } from './support/screens/api-double.ts'
import { creatorNotificationsAnswers } from './support/screens/fixtures/alerts.ts'
import {
  creatorClientsAnswers,
  creatorPaymentsAnswers,
  creatorPromotionsAnswers,
  dashboardAnswers,
  onboardingSyncAnswer,
} from './support/screens/fixtures/creator-tools.ts'
import { clickChoice } from './support/picks.ts'
import { createPickAnswers } from './support/screens/fixtures/odds.ts'
import { checkScreen, expect, skipRetries, test } from './support/screens/screen-test.ts'

// The dashboard, the creator tools and the admin pages (docs/decisions/029-screenshot-suite.md).

test.describe('as a customer', () => {
  test.use({ viewer: 'customer' })

  test('/dashboard offers becoming a creator', async ({ page }) => {
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Become a Creator' })).toBeVisible()
    await checkScreen(page, 'dashboard-customer')
  })

  test('/creator/onboarding/complete is for creators', async ({ page }) => {
    await page.goto('/creator/onboarding/complete')
    await expect(page.getByRole('heading', { level: 1, name: 'Payout setup is for creators' })).toBeVisible()
    await checkScreen(page, 'onboarding-complete-customer')
  })
})

test.describe('as a creator', () => {
  test.use({ viewer: 'creator' })

  test('/dashboard with plans, a record and a pick to grade', async ({ page, api, account }) => {
    api.serve(dashboardAnswers.data(account))
    await page.goto('/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible()
    await expect(page.getByText('Stephen Curry').first()).toBeVisible()
    const analytics = page.getByRole('region', { name: 'Analytics' })
    await expect(analytics.getByLabel('Key figures')).toBeVisible()
    // The charts load on their own; the picture waits for the lines to be drawn.
    await expect(
      analytics
        .getByRole('img', { name: /^Net earnings by day/ })
        .locator('svg')
        .first(),
    ).toBeVisible()
    await expect(
      analytics
        .getByRole('img', { name: /^Subscribers by day/ })
        .locator('svg')
        .first(),
    ).toBeVisible()
    // Two Recharts drawings: a few hundred pixels of their axes may move (checkScreen's maxDiffPixels).
    await checkScreen(page, 'dashboard-creator-data', { maxDiffPixels: 800 })
  })

  test('/dashboard just after registering', async ({ page, api, account }) => {
    api.serve(dashboardAnswers.empty(account))
    await page.goto('/dashboard')
    await expect(page.getByText(/No plans yet/)).toBeVisible()
    await expect(page.getByText('No sales yet in this period')).toBeVisible()
    await checkScreen(page, 'dashboard-creator-empty')
  })

  test('/dashboard when the profile cannot be read', async ({ page, api, account }) => {
    api.serve(dashboardAnswers.error(account))
    await page.goto('/dashboard')
    await skipRetries(page, api, page.getByText('We couldn’t load your creator profile.'))
    await checkScreen(page, 'dashboard-creator-error')
  })

  test('/create-pick with a game chosen from the board', async ({ page, api }) => {
    api.serve(createPickAnswers('data'))
    await page.goto('/create-pick')
    await clickChoice(page.getByRole('radio', { name: /^Chicago Bulls @ Boston Celtics/ }))
    await clickChoice(page.getByRole('radio', { name: 'Spread', exact: true }))
    await expect(page.getByRole('group', { name: /Boston Celtics/ })).toBeVisible()
    await checkScreen(page, 'create-pick-data')
  })

  test('/create-pick with no games on the board', async ({ page, api }) => {
    api.serve(createPickAnswers('empty'))
    await page.goto('/create-pick')
    await expect(page.getByText(/No upcoming NBA games on the board/)).toBeVisible()
    await checkScreen(page, 'create-pick-empty')
  })

  test('/create-pick when the board cannot be read', async ({ page, api }) => {
    api.serve(createPickAnswers('error'))
    await page.goto('/create-pick')
    await skipRetries(page, api, page.getByText('Failed to fetch game odds'))
    await checkScreen(page, 'create-pick-error')
  })

  test('/creator-promotions with codes, trials and the link’s results', async ({ page, api, account }) => {
    api.serve(creatorPromotionsAnswers.data(account))
    await page.goto('/creator-promotions')
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Promotions' })).toBeVisible()
    await expect(
      page.getByRole('table', { name: 'Your promo codes' }).getByRole('button', { name: 'Edit SAVE50' }),
    ).toBeVisible()
    await expect(page.getByText('All time: 148 visits')).toBeVisible()
    await expect(page.getByRole('region', { name: 'Affiliates' }).getByText('RileyPromotes')).toBeVisible()
    await checkScreen(page, 'creator-promotions')
  })

  test('/creator/clients with client records', async ({ page, api, account }) => {
    api.serve(creatorClientsAnswers.data(account))
    await page.goto('/creator/clients')
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
    await expect(page.getByRole('table', { name: 'Your clients' }).getByText('Jordan Ellis')).toBeVisible()
    await checkScreen(page, 'creator-clients-data')
  })

  test('/creator/clients before any', async ({ page, api }) => {
    api.serve(creatorClientsAnswers.empty())
    await page.goto('/creator/clients')
    await expect(page.getByText('No clients yet.')).toBeVisible()
    await checkScreen(page, 'creator-clients-empty')
  })

  test('/creator/payments with sales and a payout', async ({ page, api, account }) => {
    api.serve(creatorPaymentsAnswers.data(account))
    await page.goto('/creator/payments')
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Payments' })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Payouts' }).getByText('Paid')).toBeVisible()
    await expect(page.getByText('November payout').first()).toBeVisible()
    await checkScreen(page, 'creator-payments-data')
  })

  test('/creator/payments before payouts are set up', async ({ page, api, account }) => {
    api.serve(creatorPaymentsAnswers.empty(account))
    await page.goto('/creator/payments')
    await expect(page.getByRole('button', { name: 'Set up payouts' })).toBeVisible()
    await checkScreen(page, 'creator-payments-empty')
  })

  test('/creator/payments when nothing can be read', async ({ page, api, account }) => {
    api.serve(creatorPaymentsAnswers.error(account))
    await page.goto('/creator/payments')
    await skipRetries(page, api, page.getByText('Failed to get creator earnings'))
    await checkScreen(page, 'creator-payments-error')
  })

  test('/creator/notifications with subscribers and deliveries', async ({ page, api, account }) => {
    api.serve(creatorNotificationsAnswers.data(account.id))
    await page.goto('/creator/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    await expect(page.getByText('Alex Kim').first()).toBeVisible()
    await checkScreen(page, 'creator-notifications-data')
  })

  test('/creator/notifications before anyone subscribes', async ({ page, api, account }) => {
    api.serve(creatorNotificationsAnswers.empty(account.id))
    await page.goto('/creator/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    await expect(page.getByRole('switch').first()).toBeVisible()
    await checkScreen(page, 'creator-notifications-empty')
  })

  test('/creator/notifications when nothing can be read', async ({ page, api, account }) => {
    api.serve(creatorNotificationsAnswers.error(account.id))
    await page.goto('/creator/notifications')
    await skipRetries(page, api, page.getByRole('button', { name: 'Try again' }).nth(4))
    await checkScreen(page, 'creator-notifications-error')
  })

  test('/creator/onboarding/complete when payouts are set up', async ({ page, api, account }) => {
    api.serve(onboardingSyncAnswer(account, 'done'))
    await page.goto('/creator/onboarding/complete')
    await expect(page.getByRole('heading', { level: 1, name: 'Payouts are set up' })).toBeVisible()
    await checkScreen(page, 'onboarding-complete-done')
  })

  test('/creator/onboarding/complete when onboarding is unfinished', async ({ page, api, account }) => {
    api.serve(onboardingSyncAnswer(account, 'unfinished'))
    await page.goto('/creator/onboarding/complete')
    await expect(page.getByRole('heading', { level: 1, name: 'Onboarding is not finished yet' })).toBeVisible()
    await checkScreen(page, 'onboarding-complete-unfinished')
  })

  test('/creator/onboarding/complete when the provider cannot be asked', async ({ page, api, account }) => {
    api.serve(onboardingSyncAnswer(account, 'error'))
    await page.goto('/creator/onboarding/complete')
    await expect(page.getByText(/Failed to sync/)).toBeVisible()
    await checkScreen(page, 'onboarding-complete-error')
  })
})

test.describe('as a visitor', () => {
  test('/creator/onboarding/complete asks to sign in', async ({ page }) => {
    await page.goto('/creator/onboarding/complete')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in to finish payout setup' })).toBeVisible()
    await checkScreen(page, 'onboarding-complete-visitor')
  })

  test('/admin/login', async ({ page }) => {
    await page.goto('/admin/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await checkScreen(page, 'admin-login')
  })
})

/** The menus' Admin Dashboard entry, shown once the server said this is the administrator (hidden on a phone until the sheet opens). */
function adminEntry(page: Page) {
  return page.getByRole('link', { name: 'Admin Dashboard', includeHidden: true }).first()
}

test.describe('as the administrator', () => {
  test.use({ viewer: 'admin' })

  test('/admin/login asks for the admin password', async ({ page, api }) => {
    api.serve(answer('/admin/status', AdminStatus, { hasPassword: true, verified: false }))
    await page.goto('/admin/login')
    await expect(page.getByLabel('Admin password', { exact: true })).toBeVisible()
    await expect(adminEntry(page)).toBeAttached()
    await checkScreen(page, 'admin-login-password')
  })

  test('/admin/dashboard opens at the overview', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.dashboard)
    await page.goto('/admin/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible()
    await expect(page.getByText('Needs attention')).toBeVisible()
    // The chart's own chunk has drawn its bars.
    await expect(page.locator('.recharts-bar-rectangle').first()).toBeVisible()
    await expect(adminEntry(page)).toBeAttached()
    await checkScreen(page, 'admin-dashboard')
  })

  test('/admin/dashboard/deposits', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.deposits)
    await page.goto('/admin/dashboard/deposits')
    await expect(page.getByRole('table', { name: 'Deposits' }).getByText('Riley Morgan')).toBeVisible()
    await checkScreen(page, 'admin-deposits')
  })

  test('/admin/dashboard/users', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.users)
    await page.goto('/admin/dashboard/users')
    await expect(page.getByRole('button', { name: 'Restore Sam Carter' })).toBeVisible()
    await checkScreen(page, 'admin-users')
  })

  test('/admin/dashboard/moderation', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.moderation)
    await page.goto('/admin/dashboard/moderation')
    await expect(page.getByText('Profile promises guaranteed winnings')).toBeVisible()
    await checkScreen(page, 'admin-moderation')
  })

  test('/admin/dashboard/system-status', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.systemStatus)
    await page.goto('/admin/dashboard/system-status')
    await expect(page.getByRole('table', { name: 'Job queues' }).getByText('alerts.send')).toBeVisible()
    await checkScreen(page, 'admin-system-status')
  })

  test('/admin/dashboard/audit-log', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.auditLog)
    await page.goto('/admin/dashboard/audit-log')
    await expect(page.getByRole('table', { name: 'Audit log' }).getByText('Fixture clock moved')).toBeVisible()
    await checkScreen(page, 'admin-audit-log')
  })

  test('/admin/dashboard/errors', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.errors)
    await page.goto('/admin/dashboard/errors')
    await expect(
      page.getByRole('table', { name: 'Errors' }).getByText('src/features/shop/shop-page.tsx:42:7'),
    ).toBeVisible()
    await checkScreen(page, 'admin-errors')
  })

  test('/admin/dashboard/errors with a group open', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.errors, adminConsoleAnswers.errorDetail)
    await page.goto('/admin/dashboard/errors')
    await page.getByRole('button', { name: "TypeError: Cannot read properties of undefined (reading 'price')" }).click()
    const dialog = page.getByRole('dialog', { name: 'Error details' })
    await expect(dialog.getByText('src/features/shop/plan-card.tsx:18:23')).toBeVisible()
    await checkScreen(page, 'admin-error-details', { picture: 'screen' })
  })

  test('/admin/dashboard/performance', async ({ page, api }) => {
    api.serve(adminConsoleAnswers.session, adminConsoleAnswers.performance)
    await page.goto('/admin/dashboard/performance')
    await expect(
      page.getByRole('table', { name: 'Performance over the last 24 hours' }).getByText('Needs improvement'),
    ).toBeVisible()
    await checkScreen(page, 'admin-performance')
  })
})
