import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { password, verifiedAccount } from './support/accounts.ts'
import { enterAdminArea } from './support/admin.ts'
import { readFromMail } from './support/mailbox.ts'
import { definitionOf, ownClientAddress, personAt } from './support/payments.ts'
import {
  addMonthlyPlan,
  becomeCreator,
  escapeRegExp,
  nextBoardGame,
  nextBoardGames,
  pickCards,
  publishMoneyline,
  setUpPayouts,
  signUpCustomer,
  subscribeWithTestCard,
} from './support/picks.ts'

// The admin console's journeys (issue 16): an administrator refunds a purchase, and a moderator
// hides a reported pick. Each test makes its own people, each from an address of their own.
test.use({ viewport: { width: 1280, height: 800 } })

test.beforeEach(async ({ context }) => {
  await context.setExtraHTTPHeaders(ownClientAddress())
})

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** A section of the console, from its side menu. */
async function openSection(admin: Page, name: string): Promise<void> {
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name, exact: true }).click()
  await expect(admin.getByRole('heading', { level: 2, name, exact: true })).toBeVisible()
}

/** Types `words` into one of a console list's searches and sends them. */
async function search(admin: Page, box: string, words: string): Promise<void> {
  const form = admin.getByRole('search', { name: box, exact: true })
  await form.getByRole('searchbox').fill(words)
  await form.getByRole('button', { name: 'Search' }).click()
}

/** The rows of a console table whose text includes `text` (the header row has none of it). */
function rowsWith(table: Locator, text: string): Locator {
  return table.getByRole('row').filter({ hasText: text })
}

test('an administrator finds a customer’s purchase, reads what it delivered and refunds it: the pick locks again for the customer, and the audit log has the refund', async ({
  page,
  browser,
  baseURL,
}) => {
  // Three people and a dozen pages on a loaded two-core machine, like the picks journey.
  test.setTimeout(240_000)
  const origin = baseURL ?? ''
  const id = unique()
  const username = `refund_${id}`.slice(0, 30)
  const planName = 'Refundable monthly'
  const customerName = 'Cory Refund'
  const reasoning = `Back-to-back for the hosts, the visitors rested (${id}).`
  const refundReason = `Charged twice by mistake, ticket ${id}`
  const opened: BrowserContext[] = []

  try {
    // A creator sells a $12 monthly plan, with payouts set up so it can be bought.
    await becomeCreator(page, { name: 'Rhea Refundable', username, sport: 'nba' })
    await addMonthlyPlan(page, planName, '12')
    await setUpPayouts(page)

    // A customer subscribes with the sandbox test card.
    const customer = await personAt(browser, origin, opened)
    const customerEmail = await signUpCustomer(customer, customerName, 'refund-customer')
    await subscribeWithTestCard(customer, username, planName)
    const purchaseId = new URL(customer.url()).searchParams.get('purchase') ?? ''
    expect(purchaseId).toMatch(/^[0-9a-f-]{36}$/)

    // The creator posts a premium pick; it reaches the subscriber by e-mail and in full on the
    // creator's page.
    const game = await nextBoardGame(page.request, 'nba', 10 * 60_000)
    const matchup = `${game.away_team} @ ${game.home_team}`
    const odds = await publishMoneyline(page, game, game.away_team, reasoning)
    await readFromMail(customer.request, customerEmail, new RegExp(`\\(${id}\\)`))
    await customer.goto(`/${username}`)
    const recent = customer.getByRole('list', { name: 'Recent picks' })
    const pick = pickCards(recent, 'Moneyline')
    await expect(pick.getByText(reasoning)).toBeVisible()
    await expect(pick.getByRole('link', { name: 'Subscribe to see this pick' })).toHaveCount(0)

    // The administrator, at another browser, opens the console at its overview.
    const admin = await personAt(browser, origin, opened)
    await enterAdminArea(admin)
    await expect(admin.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible()
    await expect(admin.getByText('Needs attention')).toBeVisible()

    // Purchases: the customer's, found by their e-mail.
    await openSection(admin, 'Purchases')
    await search(admin, 'Customer', customerEmail)
    const purchases = admin.getByRole('table', { name: 'Purchases' })
    // The header row and the customer's purchase: the list has answered the search.
    await expect(purchases.getByRole('row')).toHaveCount(2)
    const row = rowsWith(purchases, customerName)
    await expect(row).toHaveCount(1)
    await expect(row).toContainText(`@${username}`)
    await expect(row).toContainText(planName)
    await expect(row.getByRole('cell', { name: '$12', exact: true })).toBeVisible()
    await expect(row.getByRole('cell', { name: 'Active', exact: true })).toBeVisible()

    // Its delivery details: the premium pick it entitled the customer to, and its e-mail alert.
    const whose = `${customerName}'s ${planName}`
    await row.getByRole('button', { name: `Details of ${whose}` }).click()
    const details = admin.getByRole('dialog', { name: `Deliveries of ${whose}` })
    await expect(definitionOf(details, 'Buyer')).toContainText(customerName)
    await expect(definitionOf(details, 'Creator')).toHaveText(`@${username}`)
    await expect(definitionOf(details, 'Status')).toHaveText('Active')
    const summary = `${game.away_team} ML (${odds}) · ${matchup}`
    await expect(
      details.getByRole('heading', { level: 3, name: new RegExp(`^${escapeRegExp(summary)}`) }),
    ).toContainText('Premium pick')
    const alerts = details.getByRole('table', { name: `Alerts of ${summary}` })
    const email = rowsWith(alerts, 'E-mail')
    await expect(email).toHaveCount(1)
    await expect(email.getByRole('cell', { name: /^(Sent|Delivered)$/ })).toBeVisible()
    await details.getByRole('button', { name: 'Close' }).click()
    await expect(details).toBeHidden()

    // A full refund, with the reason the audit log keeps.
    await row.getByRole('button', { name: `Refund ${whose}` }).click()
    const refund = admin.getByRole('dialog', { name: `Refund ${whose}` })
    await expect(refund).toContainText('The purchase charged $12.')
    await refund.getByLabel('Reason').fill(refundReason)
    await refund.getByRole('button', { name: 'Refund', exact: true }).click()
    await expect(refund.getByRole('status')).toHaveText('Refunded in full.')
    await expect(definitionOf(refund, 'Refunded')).toHaveText('$12 of $12')
    await expect(definitionOf(refund, 'Left to refund')).toHaveText('$0')
    await expect(definitionOf(refund, 'Purchase')).toHaveText('Canceled')
    await expect(definitionOf(refund, 'Access')).toHaveText('No access')
    await refund.getByRole('button', { name: 'Done' }).click()
    await expect(refund).toBeHidden()
    await expect(row.getByRole('cell', { name: 'Canceled', exact: true })).toBeVisible()

    // The customer's pick is locked again.
    await customer.reload()
    await expect(pick.getByRole('link', { name: 'Subscribe to see this pick' })).toBeVisible()
    await expect(pick.getByRole('heading', { name: matchup })).toBeVisible()
    await expect(customer.locator('body')).not.toContainText(reasoning)

    // The audit log has the refund: who, the purchase, and the reason.
    await openSection(admin, 'Audit log')
    await search(admin, 'Search the log', id)
    const log = admin.getByRole('table', { name: 'Audit log' })
    const entry = rowsWith(log, refundReason)
    await expect(entry).toHaveCount(1)
    await expect(entry.getByRole('cell', { name: 'Purchase refunded', exact: true })).toBeVisible()
    await expect(entry.getByRole('rowheader')).toContainText('Administrator')
    await expect(entry.getByRole('cell', { name: `Purchase ${purchaseId}` })).toBeVisible()
  } finally {
    for (const context of opened) await context.close()
  }
})

test('a moderator hides a reported pick and it leaves the public feed', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000)
  const origin = baseURL ?? ''
  const id = unique()
  const username = `hidden_${id}`.slice(0, 30)
  const reportReason = `Touting a fixed game, see ${id}`
  const note = `Unfounded claims of a fix (${id})`
  const moderatorName = 'Morgan Moderate'
  const opened: BrowserContext[] = []

  try {
    // A creator posts picks on two games; one of them will be reported.
    await becomeCreator(page, { name: 'Hale Hidden', username, sport: 'nba' })
    const [reportedGame, keptGame] = await nextBoardGames(page.request, 'nba', 10 * 60_000, 2)
    const reported = `${reportedGame!.away_team} @ ${reportedGame!.home_team}`
    const kept = `${keptGame!.away_team} @ ${keptGame!.home_team}`
    await publishMoneyline(page, reportedGame!, reportedGame!.away_team, `First pick of the night (${id}).`)
    await publishMoneyline(page, keptGame!, keptGame!.home_team, `Second pick of the night (${id}).`)
    await page.goto(`/${username}`)
    await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
    const creatorId = new URL(page.url()).pathname.split('/').pop() ?? ''
    // Their own page offers them no way to report their picks or their profile.
    const ownPicks = page.getByRole('list', { name: 'Recent picks' })
    await expect(ownPicks.getByRole('article', { name: reported })).toBeVisible()
    await expect(ownPicks.getByRole('button', { name: 'More actions for this pick' })).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Report this profile' })).toHaveCount(0)

    // A visitor finds both in the public feed of this creator.
    const visitor = await personAt(browser, origin, opened)
    await visitor.goto(`/my-picks?view=all&creator=${creatorId}`)
    const allPicks = visitor.getByRole('region', { name: 'All picks' })
    await expect(allPicks.getByText('2 picks', { exact: true })).toBeVisible()
    await expect(allPicks.getByRole('article', { name: reported })).toBeVisible()
    await expect(allPicks.getByRole('article', { name: kept })).toBeVisible()

    // Someone signed in reports the first pick from its card in the same feed, with a reason.
    const reporter = await personAt(browser, origin, opened)
    await signUpCustomer(reporter, 'Rory Reporter', 'reporter')
    await reporter.goto(`/my-picks?view=all&creator=${creatorId}`)
    const reportedCard = reporter.getByRole('region', { name: 'All picks' }).getByRole('article', { name: reported })
    const moreActions = reportedCard.getByRole('button', { name: 'More actions for this pick' })
    await moreActions.click()
    await reporter.getByRole('menuitem', { name: 'Report' }).click()
    const reportDialog = reporter.getByRole('dialog', { name: 'Report this pick' })
    await expect(reportDialog).toContainText(`${reported}, a moneyline pick by Hale Hidden.`)
    await reportDialog.getByLabel('Reason').fill(reportReason)
    await reportDialog.getByRole('button', { name: 'Send report' }).click()
    await expect(reportDialog.getByRole('status')).toHaveText('Thanks — a moderator will look at it.')
    await reportDialog.getByRole('button', { name: 'Done' }).click()
    await expect(reportDialog).toBeHidden()
    await expect(moreActions).toBeFocused()

    // The reported pick's id, as the public feed gives it: the moderation queue names the pick by it.
    const feed = await reporter.request.get(`/api/picks?creatorId=${creatorId}`)
    expect(feed.status(), await feed.text()).toBe(200)
    const { picks } = (await feed.json()) as { picks: { id: string; away_team: string; home_team: string }[] }
    const target = picks.find((p) => `${p.away_team} @ ${p.home_team}` === reported)
    expect(target, `the pick on ${reported}`).toBeDefined()

    // The administrator makes a customer a moderator, in the console's Users section.
    const moderator = await personAt(browser, origin, opened)
    const moderatorEmail = await verifiedAccount(moderator, 'moderator', moderatorName)
    const admin = await personAt(browser, origin, opened)
    await enterAdminArea(admin)
    await openSection(admin, 'Users')
    await search(admin, 'Search people', moderatorEmail)
    const people = admin.getByRole('table', { name: 'People' })
    const person = rowsWith(people, moderatorName)
    await expect(person).toHaveCount(1)
    await expect(person.getByRole('cell', { name: 'Customer', exact: true })).toBeVisible()
    await person.getByRole('button', { name: `Change role of ${moderatorName}` }).click()
    const roleDialog = admin.getByRole('dialog', { name: `Change the role of ${moderatorName}` })
    await roleDialog.getByLabel('New role').selectOption({ label: 'Moderator' })
    await roleDialog.getByLabel('Reason').fill(`Joins the moderation rota (${id})`)
    await roleDialog.getByRole('button', { name: 'Change role' }).click()
    await expect(roleDialog).toBeHidden()
    await expect(admin.getByRole('status')).toHaveText(`${moderatorName} is now a Moderator.`)
    await expect(person.getByRole('cell', { name: 'Moderator', exact: true })).toBeVisible()

    // The moderator signs in and finds the moderation queue from their dashboard.
    await moderator.goto('/auth')
    const signIn = moderator.getByRole('tabpanel')
    await signIn.getByLabel('Email').fill(moderatorEmail)
    await signIn.getByLabel('Password', { exact: true }).fill(password)
    await signIn.getByRole('button', { name: 'Sign In' }).click()
    await expect(moderator).toHaveURL(/\/shop-picks$/)
    await moderator
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Dashboard', exact: true })
      .click()
    await moderator.getByRole('link', { name: 'Open the moderation queue' }).click()
    await expect(moderator).toHaveURL(/\/admin\/dashboard\/moderation$/)
    await expect(moderator.getByRole('heading', { level: 2, name: 'Moderation' })).toBeVisible()

    // The report, found by its words, and the pick hidden with a note.
    await search(moderator, 'Search the reports', id)
    const reports = moderator.getByRole('table', { name: 'Reports' })
    const report = rowsWith(reports, reportReason)
    await expect(report).toHaveCount(1)
    await expect(report.getByRole('rowheader')).toContainText(target!.id)
    await report.getByRole('button', { name: `Hide pick ${target!.id}` }).click()
    const hide = moderator.getByRole('dialog', { name: 'Hide this pick' })
    await expect(hide).toContainText(reportReason)
    await hide.getByLabel('Note').fill(note)
    await hide.getByRole('button', { name: 'Hide', exact: true }).click()
    await expect(hide).toBeHidden()
    await expect(moderator.getByRole('status')).toHaveText('The pick is hidden.')

    // The public feed of this creator now lists the other pick only.
    await visitor.reload()
    await expect(allPicks.getByText('1 pick', { exact: true })).toBeVisible()
    await expect(allPicks.getByRole('article', { name: kept })).toBeVisible()
    await expect(allPicks.getByRole('article', { name: reported })).toHaveCount(0)
  } finally {
    for (const context of opened) await context.close()
  }
})
