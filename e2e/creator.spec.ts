import { expect, test, type Locator, type Page } from '@playwright/test'
import { signUpThroughForm } from './support/accounts.ts'
import { setUpPayouts } from './support/picks.ts'

/** A real 64×64 PNG (a checkerboard), as a phone's photo picker would hand it over. */
const avatarPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAZ0lEQVR42u3ZUQkAIAwE0EUwhnGMY0TjGMEMGwiCD+772Ps8Fnv1VNocqdzuDwAAAAAAAAAAAACAMuC1g7L9AAAAAAAAAAAAAAB1gEUGAAAAAAAAAAAA4D9gkQEAAAAAAAAAAAB8BzgxFcE8yF743wAAAABJRU5ErkJggg==',
  'base64',
)

function unique(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
}

/** Signs up through the UI from `/dashboard`, verifies with the e-mailed code and lands back there. */
async function signUpAtDashboard(page: Page, email: string) {
  await page.goto('/dashboard')
  await expect(page).toHaveURL(/\/auth/)
  await signUpThroughForm(page, { name: 'Casey Creator', email })
  await expect(page).toHaveURL(/\/dashboard$/)
}

async function addPlan(page: Page, fill: (form: Locator) => Promise<void>) {
  await page.getByRole('button', { name: 'Add a plan' }).click()
  const form = page.getByRole('form', { name: 'New plan' })
  await fill(form)
  await form.getByRole('button', { name: 'Add plan' }).click()
  await expect(form).toBeHidden()
}

test('a customer becomes a creator, adds a monthly plan and a day pass that go on sale once payouts are set up, and their link opens the purchase page', async ({
  page,
}) => {
  // A long journey (sign-up, a picture, two plans, payouts, the public page): 19 s alone, over 30 s in a loaded CI run.
  const id = unique()
  const username = `casey_${id}`.slice(0, 30)
  await signUpAtDashboard(page, `creator-${id}@example.com`)

  // Become a Creator
  await expect(page.getByRole('heading', { level: 1, name: 'Become a Creator' })).toBeVisible()
  await page.getByLabel('Username').fill(username)
  await page.getByLabel(/^Bio/).fill('NBA totals and player props, posted before the line moves.')
  await page.getByLabel('Choose a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: avatarPng })
  const preview = page.getByRole('img', { name: 'Profile picture preview' })
  await expect(preview).toHaveAttribute('src', /^\/media\/avatars\/[a-f0-9]+\.webp$/)
  const pictureUrl = await preview.getAttribute('src')
  await page.getByLabel('Specialty sport').selectOption('nba')
  await page.getByRole('checkbox', { name: 'WNBA' }).check()
  await page.getByLabel('X (Twitter)').fill('https://x.com/caseycreator')
  await page.getByRole('button', { name: 'Become a Creator' }).click()

  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible()
  await expect(page.getByText(`Welcome, @${username}: you are a creator now.`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Creator Dashboard' }).first()).toBeVisible()
  // The steps to a first sale: payouts come next.
  const nextStep = page.getByRole('region', { name: 'Start selling' }).locator('[aria-current="step"]')
  await expect(nextStep.getByRole('link', { name: 'Set up payouts' })).toHaveAttribute('href', '/creator/payments')

  // Plans
  await addPlan(page, async (form) => {
    await form.getByLabel('Plan name').fill('Monthly picks')
    await form.getByLabel('Price (USD)').fill('19.99')
    await form.getByLabel('Billing period').selectOption('month')
  })
  await addPlan(page, async (form) => {
    await form.getByLabel('Plan name').fill('Day pass')
    await form.getByRole('radio', { name: /One-time pass/ }).check()
    await form.getByLabel('Access length (days)').fill('1')
    await form.getByLabel('Price (USD)').fill('5')
  })
  const plans = page.getByRole('list', { name: 'Plans' })
  await expect(plans.getByRole('listitem')).toHaveCount(2)
  await expect(plans.getByText('$19.99 / month')).toBeVisible()
  await expect(plans.getByText('One payment, 1 day of access')).toBeVisible()
  // Not on sale until the creator can be paid, and the editor says why.
  await expect(plans.getByText('Not on sale yet')).toHaveCount(2)
  await expect(
    page.getByText(/^Your plans are not on sale yet/).getByRole('link', { name: 'Set up payouts' }),
  ).toBeVisible()

  // The share link carries a referral code and leads to the same page.
  const shareLink = await page.getByRole('textbox', { name: 'Share link' }).inputValue()
  expect(shareLink).toMatch(new RegExp(`/${username}\\?ref=[A-Za-z0-9_-]{8,}$`))

  // Their own profile link
  await page.goto(`/${username}`)
  await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Creator' })).toBeVisible()
  await expect(page.getByText(`@${username}`)).toBeVisible()
  await expect(page.getByRole('link', { name: 'X (Twitter)' })).toHaveAttribute('href', 'https://x.com/caseycreator')
  await expect(page.getByText('This creator has no plans on sale yet.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Subscribe/ })).toHaveCount(0)

  // Payouts set up: both plans go on sale.
  await setUpPayouts(page)
  await page.goto(`/${username}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Creator' })).toBeVisible()
  const onSale = page.getByRole('list', { name: 'Plans on sale' })
  await expect(onSale.getByRole('listitem')).toHaveCount(2)
  await expect(onSale.getByRole('heading', { name: 'Monthly picks' })).toBeVisible()
  await expect(onSale.getByText('$19.99 / month')).toBeVisible()
  await expect(onSale.getByRole('heading', { name: 'Day pass' })).toBeVisible()
  await expect(onSale.getByText('$5', { exact: true })).toBeVisible()
  // The creator looking at their own page cannot buy from themself: the server says so.
  await onSale.getByRole('button', { name: 'Buy pass — Day pass' }).click()
  await expect(onSale.getByRole('alert')).toHaveText('You cannot buy your own plan')
  await expect(page.getByRole('region', { name: 'Terms' })).toContainText('non-refundable, except as required by law')

  // The uploaded picture is served, as a cacheable WebP.
  const picture = await page.request.get(pictureUrl ?? '')
  expect(picture.status()).toBe(200)
  expect(picture.headers()['content-type']).toBe('image/webp')

  await page.goto(new URL(shareLink).pathname + new URL(shareLink).search)
  await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}\?ref=/)
  await expect(page.getByRole('heading', { level: 1, name: 'Casey Creator' })).toBeVisible()
})

test('a creator edits their public profile on /edit-profile, and their old link still leads to them', async ({
  page,
}) => {
  const id = unique()
  const before = `pat_${id}`.slice(0, 30)
  const after = `patnew_${id}`.slice(0, 30)
  await signUpAtDashboard(page, `editor-${id}@example.com`)
  await page.getByLabel('Username').fill(before)
  await page.getByLabel('Specialty sport').selectOption('nhl')
  await page.getByRole('button', { name: 'Become a Creator' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Creator Dashboard' })).toBeVisible()

  await page.goto('/edit-profile')
  const creator = page.getByRole('region', { name: 'Creator profile' })
  await expect(creator.getByLabel('Username')).toHaveValue(before)
  await creator.getByLabel('Username').fill(after)
  await creator.getByLabel(/^Bio/).fill('Puck lines every night, posted before warm-ups.')
  await creator.getByRole('button', { name: 'Save Creator Profile' }).click()
  await expect(creator.getByRole('status')).toHaveText(
    'Creator profile saved. Your old link keeps leading here for 30 days.',
  )

  for (const name of [after, before]) {
    await page.goto(`/${name}`)
    await expect(page).toHaveURL(/\/shop-picks\/purchase\/[0-9a-f-]{36}$/)
    await expect(page.getByText(`@${after}`)).toBeVisible()
    await expect(page.getByText('Puck lines every night, posted before warm-ups.')).toBeVisible()
  }
})

test('an unknown username lands on the marketplace', async ({ page }) => {
  await page.goto(`/nobody_${unique()}`)
  await expect(page).toHaveURL(/\/marketplace$/)
})
