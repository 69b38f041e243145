import { expect, test, type Page } from '@playwright/test'
import { ownClientAddress } from './support/payments.ts'
import { addMonthlyPlan, becomeCreator } from './support/picks.ts'

// Decision 023: a person's own data is read from the server on every visit and never restored from
// the saved cache, so a change made on one device shows on another at the next reload or visit.
// Two browser contexts signed in as the same creator stand for two devices.

/** Where the web app saves its query cache (spec §9), in local storage. */
const cacheKey = 'picks-marketplace-query-cache'

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** The query keys the page has saved to local storage. */
async function savedKeys(page: Page): Promise<unknown[][]> {
  const saved = await page.evaluate((key) => localStorage.getItem(key), cacheKey)
  if (!saved) return []
  const cache = JSON.parse(saved) as { clientState: { queries: { queryKey: unknown[] }[] } }
  return cache.clientState.queries.map((query) => query.queryKey)
}

test('a creator changes plans and profile on one device; the other shows them after a reload or a visit', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const address = ownClientAddress()
  await context.setExtraHTTPHeaders(address)
  const id = unique()
  const before = `own_${id}`.slice(0, 30)
  const after = `ownnew_${id}`.slice(0, 30)

  // Device A: sign up, become a creator, add a plan.
  await becomeCreator(page, { name: 'Olive Owner', username: before, sport: 'nba' })
  await addMonthlyPlan(page, 'Monthly picks', '19.99')
  const plansOnA = page.getByRole('list', { name: 'Plans' })
  await expect(plansOnA.getByRole('listitem')).toHaveCount(1)

  // Device B: the same creator, signed in, opens the dashboard and sees the one plan.
  const deviceB = await browser.newContext({
    baseURL,
    extraHTTPHeaders: address,
    storageState: await context.storageState(),
  })
  try {
    const b = await deviceB.newPage()
    await b.goto('/dashboard')
    await expect(b.getByText(`@${before}`, { exact: true })).toBeVisible()
    const plansOnB = b.getByRole('list', { name: 'Plans' })
    await expect(plansOnB.getByRole('listitem')).toHaveCount(1)
    // The shop's public reads are saved as spec §9 says; the creator's own plans are not.
    await expect.poll(() => savedKeys(b)).not.toEqual([])
    expect((await savedKeys(b)).filter((key) => key[1] === 'plans' && key[3] === 'all')).toEqual([])

    // A adds a second plan. B reloads: the plans come from the server, not from B's saved cache,
    // which the spec would otherwise keep fresh for 10 minutes.
    await addMonthlyPlan(page, 'Weekly picks', '7')
    await expect(plansOnA.getByRole('listitem')).toHaveCount(2)
    await b.reload()
    await expect(plansOnB.getByRole('listitem')).toHaveCount(2)
    await expect(plansOnB.getByRole('heading', { name: 'Weekly picks' })).toBeVisible()

    // A adds a third. B does not reload: it leaves the dashboard for its purchase page and comes
    // back, and the dashboard reads the plans again as it mounts.
    await addMonthlyPlan(page, 'Playoff picks', '29')
    await expect(plansOnA.getByRole('listitem')).toHaveCount(3)
    await b.getByRole('link', { name: 'View your purchase page' }).click()
    await expect(b).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
    // The purchase page has replaced the dashboard (its chunk may still be loading when the address
    // changes; going back before it shows would leave the dashboard mounted and never re-read).
    await expect(b.getByRole('heading', { level: 1, name: 'Olive Owner' })).toBeVisible()
    await b.goBack()
    await expect(b).toHaveURL(/\/dashboard$/)
    await expect(plansOnB.getByRole('listitem')).toHaveCount(3)
    await expect(plansOnB.getByRole('heading', { name: 'Playoff picks' })).toBeVisible()

    // A renames the creator profile. B's dashboard shows the new name after a reload.
    await page.goto('/edit-profile')
    const profile = page.getByRole('region', { name: 'Creator profile' })
    await expect(profile.getByLabel('Username')).toHaveValue(before)
    await profile.getByLabel('Username').fill(after)
    await profile.getByRole('button', { name: 'Save Creator Profile' }).click()
    await expect(profile.getByRole('status')).toHaveText(
      'Creator profile saved. Your old link keeps leading here for 30 days.',
    )
    await b.reload()
    await expect(b.getByText(`@${after}`, { exact: true })).toBeVisible()
    await expect(b.getByText(`@${before}`, { exact: true })).toHaveCount(0)
  } finally {
    await deviceB.close()
  }
})
