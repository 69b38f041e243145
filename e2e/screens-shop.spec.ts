import { PicksAnswer, PromoQuote, SandboxCheckout } from '@picks/contracts'
import { answer, failure } from './support/screens/api-double.ts'
import {
  fixtureCreators,
  maya,
  plansOf,
  purchasePageAnswers,
  shopAnswers,
} from './support/screens/fixtures/creators.ts'
import { gradedPicks, picksAnswerOf, subscriberFeed, upcomingPicks } from './support/screens/fixtures/picks.ts'
import { checkScreen, expect, skipRetries, test } from './support/screens/screen-test.ts'

// The shop, a creator's purchase page, the profile link and the picks feed, as a visitor and as a
// customer sees them (docs/decisions/029-screenshot-suite.md).

test.describe('/shop-picks', () => {
  test('with creators', async ({ page, api }) => {
    api.serve(shopAnswers.data())
    await page.goto('/shop-picks')
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible()
    await checkScreen(page, 'shop-data')
  })

  test('with no creators yet', async ({ page, api }) => {
    api.serve(shopAnswers.empty())
    await page.goto('/shop-picks')
    await expect(page.getByRole('heading', { name: 'No creators yet' })).toBeVisible()
    await checkScreen(page, 'shop-empty')
  })

  test('when the creators cannot be read', async ({ page, api }) => {
    api.serve(shopAnswers.error())
    await page.goto('/shop-picks')
    await skipRetries(page, api, page.getByRole('heading', { name: 'We couldn’t load creators' }))
    await checkScreen(page, 'shop-error')
  })

  test('/marketplace after a profile link nobody has', async ({ page, api }) => {
    api.serve(shopAnswers.data(), failure('/creator/no_such_creator', { status: 404, message: 'Creator not found' }))
    await page.goto('/no_such_creator')
    await expect(page).toHaveURL(/\/marketplace$/)
    await expect(page.getByRole('status').filter({ hasText: '/no_such_creator' })).toBeVisible()
    await checkScreen(page, 'marketplace-unknown-profile')
  })
})

test.describe('/shop-picks/purchase/{id}', () => {
  test('with plans, a record and picks', async ({ page, api }) => {
    const picks = [...upcomingPicks, ...gradedPicks].filter((p) => p.user_id === maya.id)
    api.serve(
      purchasePageAnswers(maya, plansOf(maya.id)),
      answer(`/picks/user/${maya.id}`, PicksAnswer, picksAnswerOf(picks, 10)),
    )
    await page.goto(`/shop-picks/purchase/${maya.id}`)
    await expect(page.getByRole('list', { name: 'Plans on sale' })).toBeVisible()
    await checkScreen(page, 'purchase-data')
  })

  test('with a promo code from the link applied', async ({ page, api }) => {
    const plans = plansOf(maya.id)
    const quote = (plan: (typeof plans)[number], terms: { valid: boolean; discounted: number }) =>
      answer(
        '/promo-codes/quote',
        PromoQuote,
        {
          valid: terms.valid,
          message: terms.valid ? null : 'That promo code does not apply to this plan',
          code: 'SAVE50',
          price_cents: plan.price_cents,
          discounted_cents: terms.discounted,
          duration: terms.valid ? 'repeating' : null,
          duration_months: terms.valid ? 3 : null,
        },
        { query: { plan_id: plan.id, code: 'SAVE50' } },
      )
    api.serve(
      purchasePageAnswers(maya, plans),
      answer(`/picks/user/${maya.id}`, PicksAnswer, picksAnswerOf([], 10)),
      quote(plans[0]!, { valid: true, discounted: 999 }),
      quote(plans[1]!, { valid: true, discounted: 7499 }),
      quote(plans[2]!, { valid: false, discounted: plans[2]!.price_cents }),
    )
    await page.goto(`/shop-picks/purchase/${maya.id}?promo=SAVE50`)
    const onSale = page.getByRole('list', { name: 'Plans on sale' })
    await expect(onSale.getByText(/^With SAVE50: \$9\.99 \/ month/)).toBeVisible()
    await expect(onSale.getByText('That promo code does not apply to this plan')).toBeVisible()
    await checkScreen(page, 'purchase-promo')
  })

  test('of a creator with nothing on sale and no picks', async ({ page, api }) => {
    const newcomer = fixtureCreators[3]!
    api.serve(
      purchasePageAnswers(newcomer, []),
      answer(`/picks/user/${newcomer.id}`, PicksAnswer, picksAnswerOf([], 10)),
    )
    await page.goto(`/shop-picks/purchase/${newcomer.id}`)
    await expect(page.getByText('This creator has no plans on sale yet.')).toBeVisible()
    await checkScreen(page, 'purchase-empty')
  })

  test('when the creator cannot be read', async ({ page, api }) => {
    // The page asks for the record, the plans and the picks beside the profile; only the profile fails.
    const [, ...recordAndPlans] = purchasePageAnswers(maya, plansOf(maya.id))
    api.serve(
      failure(`/creators/${maya.id}`),
      recordAndPlans,
      answer(`/picks/user/${maya.id}`, PicksAnswer, picksAnswerOf([], 10)),
    )
    await page.goto(`/shop-picks/purchase/${maya.id}`)
    await skipRetries(page, api, page.getByRole('heading', { name: 'We couldn’t load this creator' }))
    await checkScreen(page, 'purchase-error')
  })
})

test.describe('/my-picks as a visitor', () => {
  test('shows everyone’s picks', async ({ page, api }) => {
    api.serve(answer('/picks', PicksAnswer, picksAnswerOf([...upcomingPicks, ...gradedPicks])))
    await page.goto('/my-picks')
    await expect(page.getByRole('list', { name: 'Picks' })).toBeVisible()
    await checkScreen(page, 'my-picks-visitor')
  })

  test('when the picks cannot be read', async ({ page, api }) => {
    api.serve(failure('/picks'))
    await page.goto('/my-picks')
    await skipRetries(page, api, page.getByRole('heading', { name: 'We couldn’t load picks' }))
    await checkScreen(page, 'my-picks-visitor-error')
  })
})

test.describe('/my-picks as a customer', () => {
  test.use({ viewer: 'customer' })

  test('with picks of the creators they follow', async ({ page, api, account }) => {
    api.serve(answer(`/picks/subscribed/${account.id}`, PicksAnswer, picksAnswerOf(subscriberFeed)))
    await page.goto('/my-picks')
    await expect(page.getByRole('list', { name: 'Picks' })).toBeVisible()
    await checkScreen(page, 'my-picks-data')
  })

  test('reporting a pick from its card', async ({ page, api, account }) => {
    api.serve(answer(`/picks/subscribed/${account.id}`, PicksAnswer, picksAnswerOf(subscriberFeed)))
    await page.goto('/my-picks')
    const card = page.getByRole('list', { name: 'Picks' }).getByRole('article').first()
    await card.getByRole('button', { name: 'More actions for this pick' }).click()
    await page.getByRole('menuitem', { name: 'Report' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this pick' })
    await dialog.getByLabel('Reason').fill('Posted after the game had started, then edited.')
    await expect(dialog.getByText(/^47 \/ 500 characters/)).toBeVisible()
    await checkScreen(page, 'my-picks-report', { picture: 'screen' })
  })

  test('before they follow anyone', async ({ page, api, account }) => {
    api.serve(answer(`/picks/subscribed/${account.id}`, PicksAnswer, picksAnswerOf([])))
    await page.goto('/my-picks')
    await expect(page.getByRole('heading', { name: 'No picks from your creators yet' })).toBeVisible()
    await checkScreen(page, 'my-picks-empty')
  })

  test('when their feed cannot be read', async ({ page, api, account }) => {
    api.serve(failure(`/picks/subscribed/${account.id}`))
    await page.goto('/my-picks')
    await expect(page.getByRole('status').filter({ hasText: 'We couldn’t load your feed just now' })).toBeVisible()
    await checkScreen(page, 'my-picks-error')
  })
})

test.describe('/sandbox/checkout/{id}', () => {
  test.use({ viewer: 'customer' })

  test('with a promo code on a plan with a trial', async ({ page, api }) => {
    api.serve(
      answer('/sandbox/checkout/cs_screens_promo', SandboxCheckout, {
        session_id: 'cs_screens_promo',
        status: 'open',
        item_name: 'Monthly Picks – @maya_hoops',
        kind: 'subscription',
        interval: 'month',
        access_days: null,
        trial_days: 7,
        amount_cents: 999,
        price_cents: 1999,
        promo_code: 'SAVE50',
        discount_duration: 'repeating',
        discount_months: 3,
        currency: 'usd',
        customer_email: 'pat.bettor@example.com',
        cancel_url: `http://127.0.0.1/shop-picks/purchase/${maya.id}?checkout=cancelled`,
        success_url: 'http://127.0.0.1/payment-success?purchase=00000000-0000-4000-8000-000000000001',
      }),
    )
    await page.goto('/sandbox/checkout/cs_screens_promo')
    await expect(page.getByRole('form', { name: 'Pay with card' })).toBeVisible()
    await expect(page.getByText('SAVE50').first()).toBeVisible()
    await checkScreen(page, 'sandbox-checkout-promo')
  })
})
