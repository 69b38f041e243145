import { expect, test, type BrowserContext } from '@playwright/test'
import { signUpThroughForm, uniqueEmail } from './support/accounts.ts'
import { readFromMail } from './support/mailbox.ts'
import { definitionOf, payWithCard, personAt, testCards } from './support/payments.ts'
import { sellingCreator, uniqueUsername } from './support/picks.ts'

// Issue 17, point 6 (decision 038): a creator invites an affiliate by e-mail with 20% of every
// payment; the affiliate signs up from the e-mailed link, accepts and sees their own link; a new
// customer follows that link, signs up and pays $20 with 4242; the affiliate sees their $4
// commission, and the creator sees the affiliate's click, customer, sale and commission.

/** The invitation e-mail's link to accept, as its text part writes it. */
const invitationLinkPattern = /Accept the invitation \(within \d+ days\): (\S+)/

test('an affiliate invited by e-mail brings a paying customer through their link and both see the commission', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const opened: BrowserContext[] = []
  const username = uniqueUsername('gwen')
  const affiliateEmail = uniqueEmail('affiliate')

  try {
    const creator = await personAt(browser, baseURL!, opened)
    // The creator: a $20 monthly plan, payouts set up, and an affiliate invited with 20% of every payment.
    await sellingCreator(
      creator,
      { name: 'Gwen Grower', username, sport: 'nba' },
      { name: 'Monthly picks', priceDollars: '20' },
    )
    await creator.goto('/creator-promotions')
    await expect(creator.getByRole('heading', { level: 1, name: 'Creator Promotions' })).toBeVisible()
    const affiliates = creator.getByRole('region', { name: 'Affiliates' })
    await affiliates.getByRole('button', { name: 'Invite an affiliate' }).click()
    const dialog = creator.getByRole('dialog', { name: 'Invite an affiliate' })
    await dialog.getByLabel('E-mail').fill(affiliateEmail)
    await dialog.getByLabel('Reward').selectOption({ label: 'A percentage of the payment' })
    await dialog.getByLabel('Percentage').fill('20')
    await dialog.getByLabel('Paid on').selectOption({ label: 'Every payment' })
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog).toBeHidden()
    const invited = affiliates.getByRole('listitem').filter({ hasText: affiliateEmail })
    await expect(invited.getByText('Invited', { exact: true })).toBeVisible()
    await expect(invited.getByText('20% of every payment', { exact: true })).toBeVisible()

    // The affiliate opens the e-mailed link, signs up with the invited address and comes back to accept.
    const affiliate = await personAt(browser, baseURL!, opened)
    const invitation = await readFromMail(affiliate.request, affiliateEmail, invitationLinkPattern)
    await affiliate.goto(invitation)
    await expect(affiliate).toHaveURL(/\/auth/)
    await signUpThroughForm(affiliate, { name: 'Abe Affiliate', email: affiliateEmail })
    await expect(affiliate).toHaveURL(/\/affiliate\?invite=/)
    await affiliate
      .getByRole('region', { name: 'Your invitation' })
      .getByRole('button', { name: 'Accept invitation' })
      .click()
    const links = affiliate.getByRole('region', { name: 'Your links' })
    const ownLink = links.getByRole('listitem').filter({ hasText: `@${username}` })
    await expect(ownLink.getByText('20% of every payment', { exact: true })).toBeVisible()
    const linkBox = ownLink.getByRole('textbox', { name: `Your link to @${username}` })
    await expect(linkBox).toHaveValue(new RegExp(`/${username}\\?aff=[A-Za-z0-9_-]+$`))
    const link = new URL(await linkBox.inputValue())

    // A new customer follows the affiliate's link, signs up when subscribing and pays $20.
    const customer = await personAt(browser, baseURL!, opened)
    // The profile page counts the click and keeps it for the checkout while it moves on to the plans.
    const clicked = customer.waitForResponse(
      (answer) => answer.request().method() === 'POST' && answer.url().includes('/api/affiliate-links/'),
    )
    await customer.goto(link.pathname + link.search)
    expect((await clicked).ok()).toBe(true)
    await expect(customer).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
    const plans = customer.getByRole('list', { name: 'Plans on sale' })
    await plans.getByRole('button', { name: 'Subscribe — Monthly picks' }).click()
    await expect(customer).toHaveURL(/\/auth/)
    await signUpThroughForm(customer, { name: 'Nina Newcomer', email: uniqueEmail('affiliate-customer') })
    await expect(customer).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}\?plan=/)
    await plans.getByRole('button', { name: 'Subscribe — Monthly picks' }).click()
    await expect(customer).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
    await payWithCard(customer, testCards.succeeds)
    await expect(customer.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()

    // The affiliate sees the click, the customer and 20% of $20 (pending or available) on /affiliate.
    await affiliate.reload()
    await expect(definitionOf(ownLink, 'Clicks')).toHaveText('1')
    await expect(definitionOf(ownLink, 'Customers')).toHaveText('1')
    await expect(definitionOf(ownLink, 'Commission')).toHaveText('$4')
    await expect(definitionOf(affiliate.getByRole('region', { name: 'Earnings' }), 'Earned')).toHaveText('$4')

    // The creator sees the affiliate's click, customer, sale and commission in the Affiliates section.
    await creator.reload()
    const active = affiliates.getByRole('listitem').filter({ hasText: affiliateEmail })
    await expect(active.getByText('Active', { exact: true })).toBeVisible()
    await expect(active.getByText(link.href, { exact: true })).toBeVisible()
    await expect(definitionOf(active, 'Clicks')).toHaveText('1')
    await expect(definitionOf(active, 'Customers')).toHaveText('1')
    await expect(definitionOf(active, 'Sales')).toHaveText('1 · $20')
    await expect(definitionOf(active, 'Commission')).toHaveText('$4')
  } finally {
    for (const other of opened) await other.close()
  }
})
