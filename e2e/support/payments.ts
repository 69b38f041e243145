import { expect, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test'
import { demoCreator, type DemoPlan } from '../../apps/api/src/seed/demo-creators.ts'

/** The sandbox provider's test cards, typed as a person copies them from the checkout page. */
export const testCards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
} as const

/**
 * A client address of its own for a browser context, as people reaching the site through its proxy
 * have: the production server trusts X-Forwarded-For from loopback (`trustProxy`). Sign-up is
 * limited to 10 a minute per address, counted until a minute passes without one, so a suite that
 * signs everyone up from 127.0.0.1 would run out of sign-ups part way through. The address is
 * only a header value from the documentation ranges of RFC 5737: nothing is ever sent to it.
 */
export function ownClientAddress(): { 'x-forwarded-for': string } {
  const ranges = ['192.0.2', '198.51.100', '203.0.113']
  const range = ranges[Math.floor(Math.random() * ranges.length)] ?? '192.0.2'
  return { 'x-forwarded-for': `${range}.${Math.floor(Math.random() * 254) + 1}` }
}

/**
 * Another person at another browser, from an address of their own. The context joins `opened`, for
 * the test to close when it ends.
 */
export async function personAt(browser: Browser, baseURL: string, opened: BrowserContext[]): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() })
  opened.push(context)
  return context.newPage()
}

/**
 * A demo creator the server seeded (e2e/start-server.ts turns on SEED_DEMO_DATA) and connected to
 * the sandbox provider, with a monthly plan that charges at once (no free trial). Read from the
 * same generator the seed uses, so the test knows the creator's name and price without asking.
 */
export function demoSeller(): { name: string; username: string; plan: DemoPlan } {
  // The seed makes the first 48 (demoCreatorCount in apps/api/src/seed/demo-data.ts).
  for (let index = 0; index < 48; index++) {
    const creator = demoCreator(index)
    const plan = creator.plans.find((p) => p.kind === 'subscription' && p.interval === 'month' && p.trialDays === 0)
    if (plan) return { name: creator.name, username: creator.username, plan }
  }
  throw new Error('No demo creator sells a monthly plan without a trial')
}

/** Finds a creator in the shop by their username and opens their purchase page from the card. */
export async function openFromShop(page: Page, creator: { name: string; username: string }) {
  await page.goto('/shop-picks')
  await page.getByRole('searchbox', { name: 'Search creators' }).fill(creator.username)
  await expect(page.getByText('1 creator', { exact: true })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: creator.name }).click()
  await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}(\?|$)/)
  await expect(page.getByRole('heading', { level: 1, name: creator.name })).toBeVisible()
}

/** Fills the sandbox checkout's card form (any future expiry and any 3-digit code work) and pays. */
export async function payWithCard(page: Page, cardNumber: string) {
  const form = page.getByRole('form', { name: 'Pay with card' })
  await form.getByLabel('Card number').fill(cardNumber)
  await form.getByLabel('Expiry').fill('12/34')
  await form.getByLabel('CVC').fill('123')
  await form.getByLabel('Name on card').fill('Pat Bettor')
  await form.getByRole('button', { name: 'Pay', exact: true }).click()
}

/** A timestamp as the app writes a day ("December 1, 2026"), in the browser's own time zone. */
export function dayInBrowser(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(at)),
    iso,
  )
}

/** The value a definition list gives for `term`: the `<dd>` right after that `<dt>`. */
export function definitionOf(list: Locator, term: string): Locator {
  return list.locator(`dt:text-is("${term}") + dd`)
}
