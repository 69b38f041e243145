import type { GameOdds, OddsBoardAnswer } from '@picks/contracts'
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { fixtureGameLengthMs } from '../../apps/api/src/modules/odds/fixture-odds.ts'
import { signUpThroughForm, uniqueEmail } from './accounts.ts'
import { payWithCard, testCards } from './payments.ts'

/** Signs up through /auth in this page's context; the person lands on the shop. Answers the e-mail. */
export async function signUpCustomer(page: Page, name: string, label: string): Promise<string> {
  const email = uniqueEmail(label)
  await page.goto('/auth')
  await signUpThroughForm(page, { name, email })
  await expect(page).toHaveURL(/\/shop-picks$/)
  return email
}

/** Signs up from /dashboard and becomes a creator there, with a username and a specialty sport. */
export async function becomeCreator(
  page: Page,
  creator: { name: string; username: string; sport: string },
): Promise<void> {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/auth/)
  await signUpThroughForm(page, { name: creator.name, email: uniqueEmail('picks-creator') })
  await expect(page).toHaveURL(/\/dashboard$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Creator' })).toBeVisible()
  await page.getByLabel('Username').fill(creator.username)
  await page.getByLabel('Specialty sport').selectOption(creator.sport)
  await page.getByRole('button', { name: 'Become a Creator' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible()
}

/** Adds a monthly plan on the Creator Dashboard. */
export async function addMonthlyPlan(page: Page, name: string, priceDollars: string): Promise<void> {
  await page.getByRole('button', { name: 'Add a plan' }).click()
  const form = page.getByRole('form', { name: 'New plan' })
  await form.getByLabel('Plan name').fill(name)
  await form.getByLabel('Price (USD)').fill(priceDollars)
  await form.getByLabel('Billing period').selectOption('month')
  await form.getByRole('button', { name: 'Add plan' }).click()
  await expect(form).toBeHidden()
}

/** Payout onboarding through the sandbox provider, without which nobody can buy from the creator. */
export async function setUpPayouts(page: Page): Promise<void> {
  await page.goto('/creator/payments')
  const account = page.getByRole('region', { name: 'Payout account' })
  await account.getByRole('button', { name: 'Set up payouts' }).click()
  await expect(page).toHaveURL(/\/sandbox\/onboarding\/[^/?]+$/)
  const onboarding = page.getByRole('form', { name: 'Test payout onboarding' })
  await onboarding.getByLabel('Date of birth').fill('1990-04-12')
  await onboarding.getByRole('button', { name: 'Complete onboarding' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Payouts are set up' })).toBeVisible()
}

/** A username no other test takes: the prefix and a time-and-random suffix, within the 30 characters allowed. */
export function uniqueUsername(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`.slice(0, 30)
}

/** A new creator ready to sell: signed up, one monthly plan, payouts set up (`setUpPayouts`). */
export async function sellingCreator(
  page: Page,
  creator: { name: string; username: string; sport: string },
  plan: { name: string; priceDollars: string },
): Promise<void> {
  await becomeCreator(page, creator)
  await addMonthlyPlan(page, plan.name, plan.priceDollars)
  await setUpPayouts(page)
}

/** Opens the creator's link, subscribes to the plan and pays with the sandbox card that succeeds. */
export async function subscribeWithTestCard(page: Page, username: string, planName: string): Promise<void> {
  await page.goto(`/${username}`)
  await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
  await page
    .getByRole('list', { name: 'Plans on sale' })
    .getByRole('button', { name: `Subscribe — ${planName}` })
    .click()
  await expect(page).toHaveURL(/\/sandbox\/checkout\/[^/?]+$/)
  await payWithCard(page, testCards.succeeds)
  await expect(page).toHaveURL(/\/payment-success\?purchase=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible()
}

/**
 * The sport's next game on the odds board that starts at least `leadMs` from now, read the way the
 * pick form reads the board, so the test knows which game to choose and when it starts. The lead
 * keeps the game from starting (and refusing picks) while the test is still filling in the form.
 */
export async function nextBoardGame(request: APIRequestContext, sport: string, leadMs: number): Promise<GameOdds> {
  const [game] = await nextBoardGames(request, sport, leadMs, 1)
  return game!
}

/** `nextBoardGame` for the next `count` games, soonest first, for a creator posting on several. */
export async function nextBoardGames(
  request: APIRequestContext,
  sport: string,
  leadMs: number,
  count: number,
): Promise<GameOdds[]> {
  const answer = await request.get(`/api/odds/${sport}/all`)
  expect(answer.status(), await answer.text()).toBe(200)
  const { games } = (await answer.json()) as OddsBoardAnswer
  const earliest = Date.now() + leadMs
  const next = games
    .filter((g) => g.status === 'upcoming' && Date.parse(g.commence_time) >= earliest)
    .sort((a, b) => Date.parse(a.commence_time) - Date.parse(b.commence_time))
    .slice(0, count)
  if (next.length < count) {
    throw new Error(
      `Fewer than ${count} ${sport} games on the board start ${leadMs / 60_000} minutes from now or later`,
    )
  }
  return next
}

/**
 * A game's name in the pick form's list: "Chicago Bulls @ Boston Celtics, Mon, Nov 23, 5:00 PM",
 * the time written in the browser's own zone the way the app writes it.
 */
export function gameChoiceName(page: Page, game: GameOdds): Promise<string> {
  return page.evaluate(
    ({ away, home, at }) => {
      const time = new Intl.DateTimeFormat('en-US', {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      }).format(new Date(at))
      return `${away} @ ${home}, ${time}`
    },
    { away: game.away_team, home: game.home_team, at: game.commence_time },
  )
}

/** Hours to move the fixture clock so that a game starting at `commenceTime` is final, with an hour to spare. */
export function hoursUntilFinal(commenceTime: string): number {
  const untilFinalMs = Date.parse(commenceTime) + fixtureGameLengthMs - Date.now()
  return Math.min(72, Math.max(1, Math.ceil(untilFinalMs / 3_600_000) + 1))
}

/**
 * `POST /api/admin/odds-fixtures/advance` from a verified administrator's context: moves the fixture
 * odds clock forward and grades at once. Answers how many picks were graded.
 */
export async function advanceFixtureClock(admin: Page, hours: number, origin: string): Promise<number> {
  const answer = await admin.request.post('/api/admin/odds-fixtures/advance', { data: { hours }, headers: { origin } })
  expect(answer.status(), await answer.text()).toBe(200)
  const { graded } = (await answer.json()) as { graded: number }
  return graded
}

/** The pick cards in `scope` whose chips name the bet type ("Moneyline", "Player prop"). */
export function pickCards(scope: Locator, betType: string): Locator {
  return scope
    .getByRole('article')
    .filter({ has: scope.page().getByRole('list', { name: 'About this pick' }).getByText(betType, { exact: true }) })
}

/**
 * Chooses one of the pick form's card-like choices. Their radios are visually hidden inside the
 * card's label (ChoiceRadio), so a person clicks the card: the label, not the 1-pixel input.
 */
export async function clickChoice(radio: Locator): Promise<void> {
  await radio.locator('xpath=ancestor::label[1]').click()
}

/** A price chip's accessible name, "Chicago Bulls +150 at DraftKings", split into its parts. */
export function priceParts(name: string | null): { choice: string; odds: string; bookmaker: string } {
  const match = /^(.+) ([+-]\d+) at (.+)$/.exec(name ?? '')
  if (!match) throw new Error(`Not a price chip: ${name}`)
  return { choice: match[1]!, odds: match[2]!, bookmaker: match[3]! }
}

/** The units a 1-unit pick at these American odds wins, or -1 when it loses. */
export function unitsFor(result: 'Won' | 'Lost', americanOdds: number): number {
  if (result === 'Lost') return -1
  return americanOdds > 0 ? americanOdds / 100 : 100 / -americanOdds
}

/** Net units as records write them: kept to 2 decimals by the server, shown to 1 ("+2.3u", "-1.0u"). */
export function netUnitsText(units: number): string {
  const kept = Math.round(units * 100) / 100
  return `${kept > 0 ? '+' : kept < 0 ? '-' : ''}${Math.abs(kept).toFixed(1)}u`
}

/** Text to match literally inside a regular expression (team and player names). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Publishes a premium moneyline pick on `team` in `game` from /create-pick, at the first price the
 * board offers. Returns the odds chosen, as the board shows them.
 */
export async function publishMoneyline(page: Page, game: GameOdds, team: string, reasoning: string): Promise<string> {
  const gameName = await gameChoiceName(page, game)
  await page.goto('/create-pick')
  const form = page.getByRole('form', { name: 'Create pick' })
  await form.getByRole('combobox', { name: 'Sport', exact: true }).selectOption(game.sport)
  await clickChoice(form.getByRole('list', { name: /^Upcoming .* games$/ }).getByRole('radio', { name: gameName }))
  await clickChoice(form.getByRole('radio', { name: 'Moneyline', exact: true }))
  const prices = form.getByRole('group', { name: team, exact: true }).getByRole('radio')
  await expect(prices.first()).toBeAttached()
  const { odds } = priceParts(await prices.first().getAttribute('aria-label'))
  await clickChoice(prices.first())
  await expect(prices.first()).toBeChecked()
  await clickChoice(form.getByRole('radio', { name: /^Premium/ }))
  await form.getByRole('textbox', { name: 'Reasoning', exact: true }).fill(reasoning)
  await form.getByRole('button', { name: 'Publish pick' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Pick published' })).toBeVisible()
  return odds
}
