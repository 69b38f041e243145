import { expect, test } from '@playwright/test'
import { enterAdminArea } from './support/admin.ts'
import { ownClientAddress } from './support/payments.ts'

// Issue 18: what breaks in a customer's browser reaches the operators, mapped back to our source.
test.use({ viewport: { width: 1280, height: 800 } })

test('a page that fails in the production build is reported, and the admin console shows the error with the source file it failed in', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const customer = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() })
  const admin = await browser.newContext({ baseURL, extraHTTPHeaders: ownClientAddress() })
  try {
    // The shop's list answers with an entry the page cannot draw (a creator that is null), as a
    // server bug might: the page's own code throws while rendering it.
    const page = await customer.newPage()
    await page.route('**/api/creators/paginated?**', async (route) => {
      const answer = await route.fetch()
      const body = (await answer.json()) as { creators: unknown[] }
      await route.fulfill({ response: answer, json: { ...body, creators: [null, ...body.creators] } })
    })
    const reported = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/errors' && response.request().method() === 'POST',
    )
    await page.goto('/shop-picks')
    await expect(page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeVisible()
    const message = (await page.getByRole('alert').locator('p').first().textContent()) ?? ''
    expect(message).toMatch(/null/)
    expect((await reported).status()).toBe(202)

    // An administrator finds it among the errors, with the place in the source, not in the bundle.
    const console = await admin.newPage()
    await enterAdminArea(console)
    await console
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Errors', exact: true })
      .click()
    await expect(console.getByRole('heading', { level: 2, name: 'Errors', exact: true })).toBeVisible()
    const search = console.getByRole('search', { name: 'Search errors', exact: true })
    await search.getByRole('searchbox').fill(message)
    await search.getByRole('button', { name: 'Search' }).click()
    const row = console.getByRole('row').filter({ has: console.getByRole('button', { name: message }) })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('/shop-picks')).toBeVisible()
    await expect(row.locator('code')).toHaveText(/^src\/features\/shop\/[\w/-]+\.tsx:\d+:\d+$/)

    // Its stack, frame by frame, names the source file and line.
    await row.getByRole('button', { name: message }).click()
    const frames = console.getByRole('list', { name: 'Stack frames' })
    await expect(frames.getByText(/^src\/features\/shop\/[\w/-]+\.tsx:\d+:\d+$/).first()).toBeVisible()
  } finally {
    await customer.close()
    await admin.close()
  }
})
