import { expect, test, type BrowserContext } from '@playwright/test'
import { definitionOf, ownClientAddress, payWithCard, personAt, testCards } from './support/payments.ts'
import { signUpThroughForm, uniqueEmail } from './support/accounts.ts'
import { addMonthlyPlan, becomeCreator, setUpPayouts } from './support/picks.ts'

// Issue 17: a creator makes a 50%-off code; a new customer follows the creator's share link with
// `?promo=`, sees half price, signs up and pays with 4242; the creator sees the redemption and the
// link's results on /creator-promotions, and the sale and the new subscriber in the dashboard.

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
}

test('a half-price code through the share link: the customer pays half, the creator sees it everywhere', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  await context.setExtraHTTPHeaders(ownClientAddress())
  const opened: BrowserContext[] = []
  const username = `grow_${unique()}`.slice(0, 30)
  const code = `HALF${unique().slice(-6).toUpperCase()}`

  try {
    // The creator: a $20 monthly plan, payouts set up, a 50%-off code for the first payment.
    await becomeCreator(page, { name: 'Gwen Grower', username, sport: 'nba' })
    await addMonthlyPlan(page, 'Monthly picks', '20')
    await setUpPayouts(page)

    await page.goto('/creator-promotions')
    await expect(page.getByRole('heading', { level: 1, name: 'Creator Promotions' })).toBeVisible()
    const codes = page.getByRole('region', { name: 'Promo codes' })
    await codes.getByRole('button', { name: 'New code' }).click()
    const dialog = page.getByRole('dialog', { name: 'New promo code' })
    await dialog.getByRole('textbox', { name: 'Code' }).fill(code)
    await dialog.getByRole('spinbutton', { name: 'Percent off' }).fill('50')
    await dialog.getByRole('button', { name: 'Create code' }).click()
    await expect(dialog).toBeHidden()
    await expect(codes.getByRole('button', { name: `Edit ${code}` })).toBeVisible()

    const shareLink = page.getByRole('region', { name: 'Your share link' })
    const linkField = shareLink.getByLabel('Share link')
    await expect(linkField).toHaveValue(/\?ref=/)
    const link = new URL(await linkField.inputValue())
    link.searchParams.set('promo', code)

    // A new customer follows the link with the code: half price is shown before anything is bought.
    const customer = await personAt(browser, baseURL!, opened)
    await customer.goto(link.pathname + link.search)
    await expect(customer).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}\?.*promo=/)
    const plans = customer.getByRole('list', { name: 'Plans on sale' })
    await expect(plans.getByText(`With ${code}: $10 / month for the first payment, then $20 / month.`)).toBeVisible()

    // Subscribing asks them to sign up first; they come back to the plan with the code still applied.
    await plans.getByRole('button', { name: 'Subscribe — Monthly picks' }).click()
    await expect(customer).toHaveURL(/\/auth/)
    await signUpThroughForm(customer, { name: 'Nina Newcomer', email: uniqueEmail('growth') })
    await expect(customer).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}\?.*promo=/)
    await expect(plans.getByText(`With ${code}:`)).toBeVisible()
    await plans.getByRole('button', { name: 'Subscribe — Monthly picks' }).click()
    await expect(customer).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
    await expect(customer.getByText(code, { exact: false }).first()).toBeVisible()
    await payWithCard(customer, testCards.succeeds)
    await expect(customer.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()

    // The creator sees the redemption and the link's results.
    await page.reload()
    await expect(codes.getByRole('row').filter({ hasText: code })).toContainText('1, no limit')
    const funnel = shareLink.getByLabel('Last 30 days')
    await expect(definitionOf(funnel, 'Visits').first()).toHaveText('1')
    await expect(definitionOf(funnel, 'Sign-ups').first()).toHaveText('1')
    await expect(definitionOf(funnel, 'First purchases').first()).toHaveText('1')

    // And the sale and the new subscriber on the dashboard's analytics.
    await page.goto('/dashboard')
    const analytics = page.getByRole('region', { name: 'Analytics' })
    const figures = analytics.getByLabel('Key figures')
    await expect(definitionOf(figures, 'New subscribers').first()).toHaveText('1')
    await expect(definitionOf(figures, 'Gross sales').first()).toHaveText('$10')
    // The charts sum up what they draw: the $10 sale, and one new subscriber, still active.
    await expect(
      analytics.getByRole('img', { name: /^Net earnings by \w+: \$[\d.,]+ in all, from \$10 of gross sales$/ }),
    ).toBeVisible()
    await expect(
      analytics.getByRole('img', { name: /^Subscribers by \w+: 1 new, 0 cancelled, 1 active at the end$/ }),
    ).toBeVisible()
    // And the subscribers chart's table: one period with a new subscriber (the row header is the
    // period, the first cell the new subscribers), and that period has one.
    const subscribers = analytics.getByRole('table', { name: 'Subscribers over time' })
    const newPerPeriod = subscribers.getByRole('row').locator('td:nth-child(2)')
    await expect(newPerPeriod.filter({ hasNotText: /^0$/ })).toHaveText(['1'])
  } finally {
    for (const other of opened) await other.close()
  }
})
