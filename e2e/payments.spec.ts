import { expect, test, type Locator, type Page } from '@playwright/test'
import { signUpThroughForm, uniqueEmail } from './support/accounts.ts'
import { readFromMail } from './support/mailbox.ts'
import {
  dayInBrowser,
  definitionOf,
  demoSeller,
  openFromShop,
  ownClientAddress,
  payWithCard,
  testCards,
} from './support/payments.ts'
import { addMonthlyPlan, becomeCreator } from './support/picks.ts'

// Each test's people sign up from their own address, so this file does not spend the sign-up
// allowance the other browser tests share on 127.0.0.1.
test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownClientAddress())
})

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** Whole dollars, as the app writes them ("$44"): every price in these tests is whole. */
function dollars(cents: number): string {
  expect(cents % 100).toBe(0)
  return `$${cents / 100}`
}

/** The plan's card on a creator's purchase page. */
function planCard(page: Page, planName: string): Locator {
  return page
    .getByRole('list', { name: 'Plans on sale' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: planName, exact: true }) })
}

test('a visitor picks a plan, signs up on the way, pays with a test card and manages the subscription', async ({
  page,
}) => {
  const seller = demoSeller()
  const planName = seller.plan.name
  const price = `${dollars(seller.plan.priceCents)} / month`

  // Signed out, the chosen plan leads through sign-up and back to the same page, remembered.
  await openFromShop(page, seller)
  const purchasePath = new URL(page.url()).pathname
  await planCard(page, planName)
    .getByRole('button', { name: `Subscribe — ${planName}` })
    .click()
  await expect(page).toHaveURL(/\/auth\?redirect=/)
  const subscriberEmail = uniqueEmail('subscriber')
  await signUpThroughForm(page, { name: 'Pat Subscriber', email: subscriberEmail })
  await expect(page).toHaveURL(new RegExp(`${purchasePath}\\?plan=[0-9a-f-]{36}$`))
  await expect(page.getByText(`You’re signed in. Continue with ${planName} when you’re ready.`)).toBeVisible()
  const chosen = planCard(page, planName)
  await expect(chosen.getByText('Your choice')).toBeVisible()
  await expect(chosen.getByRole('button', { name: `Subscribe — ${planName}` })).toBeFocused()

  // The sandbox checkout shows the order, in test mode.
  await chosen.getByRole('button', { name: `Subscribe — ${planName}` }).click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible()
  await expect(page.getByText('Test mode — no real card is charged')).toBeVisible()
  const order = page.getByRole('region', { name: 'Order summary' })
  await expect(definitionOf(order, 'Item')).toHaveText(`${planName} – @${seller.username}`)
  await expect(definitionOf(order, 'Price')).toContainText(price)
  await expect(definitionOf(order, 'Total today')).toHaveText(dollars(seller.plan.priceCents))

  await payWithCard(page, testCards.succeeds)
  await expect(page).toHaveURL(/\/payment-success\?purchase=[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()

  // What was bought, and when it renews: a month from today.
  const purchaseId = new URL(page.url()).searchParams.get('purchase') ?? ''
  const read = await page.request.get(`/api/purchases/${purchaseId}`)
  expect(read.status()).toBe(200)
  const { purchase } = (await read.json()) as { purchase: { status: string; current_period_end: string } }
  expect(purchase.status).toBe('active')
  const daysAhead = (Date.parse(purchase.current_period_end) - Date.now()) / 86_400_000
  expect(daysAhead).toBeGreaterThan(27)
  expect(daysAhead).toBeLessThan(32)
  const periodEnd = await dayInBrowser(page, purchase.current_period_end)
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: seller.name, exact: true })).toBeVisible()
  await expect(main.getByText(planName, { exact: true })).toBeVisible()
  await expect(main.getByText(price, { exact: true })).toBeVisible()
  await expect(main.getByText(`Renews on ${periodEnd}`, { exact: true })).toBeVisible()

  // The receipt is in the mailbox: the amount to the cent, the plan, the creator, the card, and how to cancel.
  const receiptAmount = `$${(seller.plan.priceCents / 100).toFixed(2)}`
  const paid = await readFromMail(page.request, subscriberEmail, /Amount paid: (\$[\d,.]+)/)
  expect(paid).toBe(receiptAmount)
  const receipt = await readFromMail(page.request, subscriberEmail, /(Plan: [^\r\n]+\r?\nCreator: [^\r\n]+)/)
  expect(receipt.split(/\r?\n/)).toEqual([`Plan: ${planName}`, `Creator: ${seller.name}`])
  await readFromMail(page.request, subscriberEmail, /Card: ending in 4242/)
  await readFromMail(page.request, subscriberEmail, /Cancel or manage your subscription: http\S+\/manage-subscriptions/)

  // /manage-subscriptions: active, renewing.
  await main.getByRole('link', { name: 'Manage subscriptions', exact: true }).click()
  await expect(page).toHaveURL(/\/manage-subscriptions$/)
  const items = page.getByRole('list', { name: 'Your subscriptions and passes' }).getByRole('listitem')
  await expect(items).toHaveCount(1)
  // The billing history: the one charge, paid, with its receipt.
  const charges = page.getByRole('list', { name: 'Your charges' }).getByRole('listitem')
  await expect(charges).toHaveCount(1)
  await expect(charges.first().getByText(receiptAmount, { exact: true })).toBeVisible()
  await expect(charges.first().getByText('Paid', { exact: true })).toBeVisible()
  const item = items.first()
  await expect(item.getByRole('heading', { name: planName })).toBeVisible()
  await expect(item.getByRole('link', { name: seller.name, exact: true })).toBeVisible()
  await expect(item.getByText('Active', { exact: true })).toBeVisible()
  await expect(item.getByText(`Renews on ${periodEnd}`, { exact: true })).toBeVisible()
  const autoRenew = item.getByRole('switch', { name: `Auto-renew ${planName} from ${seller.name}` })
  await expect(autoRenew).toBeChecked()

  // Auto-renew off: cancelled, with access to the end of the period.
  await autoRenew.click()
  await expect(
    page.getByText(`Auto-renew is off for ${planName}. Your access continues until ${periodEnd}.`),
  ).toBeVisible()
  await expect(autoRenew).not.toBeChecked()
  await expect(item.getByText(`Cancelled — access until ${periodEnd}`, { exact: true })).toBeVisible()
  await expect(item.getByRole('button', { name: /^Cancel subscription/ })).toHaveCount(0)

  // On again: renewing again.
  await autoRenew.click()
  await expect(page.getByText(`Auto-renew is on for ${planName}.`, { exact: true })).toBeVisible()
  await expect(autoRenew).toBeChecked()
  await expect(item.getByText('Active', { exact: true })).toBeVisible()
  await expect(item.getByText(`Renews on ${periodEnd}`, { exact: true })).toBeVisible()

  // Cancel, after the confirmation.
  await item.getByRole('button', { name: `Cancel subscription ${planName} from ${seller.name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Cancel subscription?' })
  await expect(dialog).toContainText(
    'Your access continues until the end of the current period. Fees already paid are non-refundable, except as required by law.',
  )
  await dialog.getByRole('button', { name: 'Cancel subscription', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(`Subscription cancelled. You have access until ${periodEnd}.`)).toBeVisible()
  await expect(item.getByText(`Cancelled — access until ${periodEnd}`, { exact: true })).toBeVisible()
  await expect(autoRenew).not.toBeChecked()

  // It stays so when the page is read again.
  await page.reload()
  await expect(item.getByText(`Cancelled — access until ${periodEnd}`, { exact: true })).toBeVisible()
})

test('a declined card and a card without funds keep the customer on the checkout, and nothing is bought', async ({
  page,
}) => {
  const seller = demoSeller()
  await page.goto('/auth')
  await signUpThroughForm(page, { name: 'Dee Clined', email: uniqueEmail('declined') })
  await expect(page).toHaveURL(/\/shop-picks$/)

  await page.goto(`/${seller.username}`)
  await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
  await planCard(page, seller.plan.name)
    .getByRole('button', { name: `Subscribe — ${seller.plan.name}` })
    .click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
  const checkoutUrl = page.url()
  const form = page.getByRole('form', { name: 'Pay with card' })

  await payWithCard(page, testCards.declined)
  await expect(form.getByRole('alert')).toHaveText('Your card was declined.')
  await expect(page).toHaveURL(checkoutUrl)
  await expect(form.getByRole('button', { name: 'Pay', exact: true })).toBeEnabled()

  await payWithCard(page, testCards.insufficientFunds)
  await expect(form.getByRole('alert')).toHaveText('Your card has insufficient funds.')
  await expect(page).toHaveURL(checkoutUrl)

  await page.goto('/manage-subscriptions')
  await expect(page.getByText('You have no subscriptions or passes yet.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Your subscriptions and passes' })).toHaveCount(0)
})

test('a creator sets up payouts, sells a plan, sees the sale less the 10% fee and requests a payout', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow()
  const id = unique()
  const username = `payee_${id}`.slice(0, 30)
  const planName = 'Monthly picks'

  // A new creator with a $20 monthly plan.
  await becomeCreator(page, { name: 'Casey Payee', username, sport: 'nfl' })
  await addMonthlyPlan(page, planName, '20')
  await expect(page.getByRole('list', { name: 'Plans' }).getByText('$20 / month')).toBeVisible()

  // Payout onboarding through the sandbox provider.
  await page.goto('/creator/payments')
  const account = page.getByRole('region', { name: 'Payout account' })
  await expect(account.getByText('Not set up', { exact: true })).toBeVisible()
  await account.getByRole('button', { name: 'Set up payouts' }).click()
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/[^/?]+$/)
  await expect(page.getByText('Test mode — no real bank account is used')).toBeVisible()
  const onboarding = page.getByRole('form', { name: 'Test payout onboarding' })
  await onboarding.getByLabel('Date of birth').fill('1990-04-12')
  await onboarding.getByRole('button', { name: 'Complete onboarding' }).click()
  await expect(page).toHaveURL(/\/creator\/onboarding\/complete$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts are set up' })).toBeVisible()
  await page.getByRole('link', { name: 'Back to payments' }).click()
  await expect(page).toHaveURL(/\/creator\/payments$/)
  await expect(account.getByText('Payouts enabled')).toBeVisible()
  await expect(account.getByText('Test mode', { exact: true })).toBeVisible()
  const balance = page.getByRole('region', { name: 'Balance' })
  await expect(definitionOf(balance, 'Available')).toHaveText('$0')
  await expect(page.getByRole('region', { name: 'Earnings' })).toContainText('No earnings yet.')

  // Another person buys the plan from the creator's link.
  const customerContext = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() })
  try {
    const customer = await customerContext.newPage()
    await customer.goto('/auth')
    await signUpThroughForm(customer, { name: 'Sam Buyer', email: uniqueEmail('buyer') })
    await expect(customer).toHaveURL(/\/shop-picks$/)
    await customer.goto(`/${username}`)
    await expect(customer).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
    await planCard(customer, planName)
      .getByRole('button', { name: `Subscribe — ${planName}` })
      .click()
    await expect(customer).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
    await expect(definitionOf(customer.getByRole('region', { name: 'Order summary' }), 'Total today')).toHaveText('$20')
    await payWithCard(customer, testCards.succeeds)
    await expect(customer).toHaveURL(/\/payment-success\?purchase=/)
    await expect(customer.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()
  } finally {
    await customerContext.close()
  }

  // The creator's balance: the charge less the platform fee.
  await page.reload()
  await expect(definitionOf(balance, 'Available')).toHaveText('$18')
  const totals = page.getByLabel('Lifetime totals')
  await expect(definitionOf(totals, 'Gross sales')).toHaveText('$20')
  await expect(definitionOf(totals, 'Platform fees (10%)')).toHaveText('$2')
  await expect(definitionOf(totals, 'Lifetime net')).toHaveText('$18')
  const earnings = page.getByRole('table', { name: 'Earnings' })
  const earningsRow = (kind: string) =>
    earnings.getByRole('row').filter({ has: page.getByRole('cell', { name: kind, exact: true }) })
  await expect(earningsRow('Sale')).toHaveCount(1)
  await expect(earningsRow('Sale')).toContainText('+$20')
  await expect(earningsRow('Platform fee')).toHaveCount(1)
  await expect(earningsRow('Platform fee')).toContainText('-$2')

  // A $10 payout.
  const payoutForm = page.getByRole('form', { name: 'Request a payout' })
  await payoutForm.getByLabel('Amount (USD)').fill('10')
  await payoutForm.getByLabel('Description').fill('First payout')
  await payoutForm.getByRole('button', { name: 'Request payout' }).click()
  await expect(payoutForm.getByRole('status')).toHaveText('Payout of $10 requested. It is listed under Payouts below.')
  const payouts = page.getByRole('table', { name: 'Payouts' })
  await expect(payouts.getByRole('row')).toHaveCount(2)
  await expect(payouts.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('$10')
  await expect(definitionOf(balance, 'Available')).toHaveText('$8')
})
