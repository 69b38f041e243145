import { expect, test, type BrowserContext } from '@playwright/test'
import { signUpThroughForm, uniqueEmail } from './support/accounts.ts'
import { enterAdminArea } from './support/admin.ts'
import { countTexts, readFromTexts, testPhone } from './support/alerts.ts'
import { readFromMail } from './support/mailbox.ts'
import { definitionOf, ownClientAddress } from './support/payments.ts'
import { mailboxPorts } from './support/ports.ts'
import {
  addMonthlyPlan,
  becomeCreator,
  nextBoardGame,
  publishMoneyline,
  setUpPayouts,
  subscribeWithTestCard,
} from './support/picks.ts'

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

test('a subscriber gets a pick by e-mail and text; with e-mail turned off for the creator, the next comes by text only; the creator sees both in the logs and stats', async ({
  page,
  browser,
  baseURL,
}) => {
  // A whole journey (three people, a dozen pages, sign-ups hashed with scrypt); on CI's two cores it
  // shares the machine with the other browser worker, and took 90 s there once.
  test.setTimeout(180_000)
  const origin = baseURL ?? ''
  const id = unique()
  const creatorName = 'Ada Alerts'
  const username = `alerts_${id}`.slice(0, 30)
  const planName = 'Alerts monthly'
  const firstReasoning = `Early line value before the injury news (${id}).`
  const secondReasoning = `Home side covers after the rest day (${id}).`
  const opened: BrowserContext[] = []
  const newPage = async () => {
    const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: ownClientAddress() })
    opened.push(context)
    return context.newPage()
  }

  try {
    await page.context().setExtraHTTPHeaders(ownClientAddress())
    // A creator who sells a monthly plan; an administrator who can read the SMS outbox.
    await becomeCreator(page, { name: creatorName, username, sport: 'nba' })
    await addMonthlyPlan(page, planName, '12')
    await setUpPayouts(page)
    const admin = await newPage()
    await enterAdminArea(admin)

    // A customer subscribes, proves a phone number with the texted code, and turns texts on.
    const customer = await newPage()
    const email = uniqueEmail('alerts-subscriber')
    const phone = testPhone()
    await customer.goto('/auth')
    await signUpThroughForm(customer, { name: 'Tess Texter', email })
    await expect(customer).toHaveURL(/\/shop-picks$/)
    await subscribeWithTestCard(customer, username, planName)
    await customer.goto('/edit-profile')
    await customer.getByLabel('Phone Number').fill(phone)
    await customer.getByRole('button', { name: 'Send code' }).click()
    const code = await readFromTexts(admin, phone, /Your Picks Marketplace code is (\d{6})/)
    await customer.getByLabel('Code from the text message').fill(code)
    await customer.getByRole('button', { name: 'Verify' }).click()
    await expect(customer.getByText('Verified', { exact: true }).first()).toBeVisible()

    await customer.goto('/alerts')
    await expect(customer.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible()
    await expect(customer.getByRole('switch', { name: 'E-mail alerts' })).toBeChecked()
    const texts = customer.getByRole('switch', { name: 'Text alerts' })
    await texts.click()
    await expect(texts).toBeChecked()
    await expect(customer.getByRole('switch', { name: `E-mail from ${creatorName}` })).toBeChecked()
    await expect(customer.getByRole('switch', { name: `Texts from ${creatorName}` })).toBeChecked()

    // The creator publishes a premium pick: it arrives by e-mail (over SMTP, in the test mailbox) and
    // by text (in the outbox), the first text with the opt-out line.
    const game = await nextBoardGame(page.request, 'nba', 15 * 60_000)
    await publishMoneyline(page, game, game.away_team, firstReasoning)
    const mailed = await readFromMail(page.request, email, new RegExp(`(${firstReasoning.replace(/[()]/g, '\\$&')})`))
    expect(mailed).toBe(firstReasoning)
    await readFromMail(page.request, email, /List-Unsubscribe-Post: (List-Unsubscribe=One-Click)/)
    const firstText = await readFromTexts(admin, phone, new RegExp(`^${creatorName}: ${game.away_team} ML .*`))
    expect(firstText).toContain('Reply STOP to opt out')

    // The customer sees it under Recent alerts, then turns e-mail off for this creator.
    await customer.reload()
    const recent = customer.getByRole('region', { name: 'Recent alerts' })
    await expect(recent.getByText(new RegExp(`${game.away_team} ML`)).first()).toBeVisible()
    const creatorEmail = customer.getByRole('switch', { name: `E-mail from ${creatorName}` })
    // The switch shows the new state while the change is on its way: wait for the server's answer
    // before reloading, or the reload can cancel the change.
    const saved = customer.waitForResponse(
      (res) => res.request().method() === 'PUT' && res.url().includes('/api/email-preferences/') && res.ok(),
    )
    await creatorEmail.click()
    await saved
    await expect(creatorEmail).not.toBeChecked()
    await customer.reload()
    await expect(customer.getByRole('switch', { name: `E-mail from ${creatorName}` })).not.toBeChecked()

    // The next pick comes by text only.
    await publishMoneyline(page, game, game.home_team, secondReasoning)
    const secondText = await readFromTexts(admin, phone, new RegExp(`^${creatorName}: ${game.home_team} ML .*`))
    expect(secondText).not.toContain('Reply STOP')
    const inbox = await page.request.get(
      `http://127.0.0.1:${mailboxPorts.http}/messages?to=${encodeURIComponent(email)}`,
    )
    const mails = (await inbox.json()) as { raw: string }[]
    expect(mails.some((m) => m.raw.includes(secondReasoning.slice(0, 30)))).toBe(false)
    expect(await countTexts(admin, phone, new RegExp(`^${creatorName}:`))).toBe(2)

    // The creator's notifications page: both texts and the one e-mail in the log and the stats.
    await page.goto('/creator/notifications')
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    const textStats = page.getByRole('region', { name: 'Text messages', exact: true })
    await expect(definitionOf(textStats, 'Sent')).toHaveText('2')
    await expect(definitionOf(textStats, 'Failed')).toHaveText('0')
    const emailStats = page.getByRole('region', { name: 'E-mail', exact: true })
    await expect(definitionOf(emailStats, 'Sent')).toHaveText('1')
    const log = page.getByRole('region', { name: 'Delivery log' })
    await expect(log.getByText(new RegExp(`${game.away_team} ML`)).first()).toBeVisible()
    await expect(log.getByText(new RegExp(`${game.home_team} ML`)).first()).toBeVisible()
  } finally {
    for (const context of opened) await context.close()
  }
})
