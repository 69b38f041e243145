import { CreatorStats, CreatorsPage, ErrorBody, OnboardAnswer, PlanAnswer, PlansAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { creator, monthlyPlan } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { storeAcceptingPayments } from '../payouts/payouts.service.ts'
import { payoutAccounts } from '../payouts/payouts.table.ts'

// Docs/decisions/025: a plan is on sale only while its creator's payout account can take charges,
// by the rule checkout applies. The shop's read cache is on, as in production.

let t: TestApp

beforeAll(async () => {
  t = await buildTestApp({ shopCacheTtlMs: 60_000 })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
})

async function shopPrices(): Promise<[string, number | null][]> {
  const res = await request(t, 'GET', '/creators/paginated?sortBy=price-low', null)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorsPage.parse(res.json()).creators.map((c) => [c.username, c.price_cents])
}

async function publicPlans(creatorId: string) {
  const res = await request(t, 'GET', `/subscription-pricing/${creatorId}`, null)
  expect(res.statusCode, res.body).toBe(200)
  return PlansAnswer.parse(res.json()).plans
}

async function ownPlans(who: Person) {
  const res = await request(t, 'GET', `/subscription-pricing/${who.id}?all=true`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PlansAnswer.parse(res.json()).plans
}

async function stats(creatorId: string): Promise<CreatorStats> {
  const res = await request(t, 'GET', `/creators/${creatorId}/stats`, null)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorStats.parse(res.json())
}

/** Payout onboarding as the creator goes through it: the link from the API, then the sandbox's page. */
async function setUpPayouts(who: Person): Promise<string> {
  const res = await request(t, 'POST', '/creators/onboard', who, { creatorId: who.id, email: who.email, name: 'Dana' })
  expect(res.statusCode, res.body).toBe(200)
  const linkId = OnboardAnswer.parse(res.json()).url.split('/').pop() ?? ''
  const done = await request(t, 'POST', `/sandbox/onboarding/${linkId}/complete`, who)
  expect(done.statusCode, done.body).toBe(200)
  const [account] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, who.id))
  return account?.accountId ?? ''
}

/** A new creator with a $29 monthly plan who has not set up payouts. */
async function newCreatorWithPlan(): Promise<{ dana: Person; planId: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  const res = await request(t, 'POST', '/subscription-pricing', dana, monthlyPlan)
  expect(res.statusCode, res.body).toBe(201)
  const { plan } = PlanAnswer.parse(res.json())
  expect(plan).toMatchObject({ active: true, on_sale: false })
  return { dana, planId: plan.id }
}

describe('plans on sale only when the creator can be paid', () => {
  it('offers nothing from a creator without payouts: no price in the shop, no plan to buy, checkout refuses', async () => {
    const { dana, planId } = await newCreatorWithPlan()

    expect(await shopPrices()).toEqual([['SharpDana', null]])
    expect(await publicPlans(dana.id)).toEqual([])
    expect(await stats(dana.id)).toMatchObject({ active_plans: 0, lowest_price_cents: null, plans: [] })
    // The creator sees the plan, marked as not on sale.
    expect((await ownPlans(dana)).map((p) => [p.name, p.active, p.on_sale])).toEqual([['Monthly', true, false]])

    const pat = await person(t, 'pat@example.com')
    const res = await request(t, 'POST', '/purchases', pat, { plan_id: planId })
    expect(res.statusCode, res.body).toBe(409)
    expect(ErrorBody.parse(res.json()).error).toMatchObject({
      message: 'This creator is not accepting payments yet',
      reason: 'NOT_ACCEPTING_PAYMENTS',
    })
  })

  it('puts the plan on sale, in the shop and on the purchase page, once onboarding completes', async () => {
    const { dana, planId } = await newCreatorWithPlan()
    // Read once so the shop's cache holds the answer without a price.
    expect(await shopPrices()).toEqual([['SharpDana', null]])

    await setUpPayouts(dana)

    expect(await shopPrices()).toEqual([['SharpDana', 2900]])
    expect((await publicPlans(dana.id)).map((p) => [p.id, p.on_sale])).toEqual([[planId, true]])
    expect(await stats(dana.id)).toMatchObject({ active_plans: 1, lowest_price_cents: 2900 })
    const pat = await person(t, 'pat@example.com')
    expect((await request(t, 'POST', '/purchases', pat, { plan_id: planId })).statusCode).toBe(201)
  })

  it('takes the plans off sale when the provider stops the account taking charges', async () => {
    const { dana } = await newCreatorWithPlan()
    const accountId = await setUpPayouts(dana)
    expect(await shopPrices()).toEqual([['SharpDana', 2900]])

    await t.app.billing.applyEvent({
      id: 'evt_disabled',
      occurredAt: new Date(),
      type: 'account.updated',
      accountId,
      detailsSubmitted: true,
      chargesEnabled: false,
      payoutsEnabled: true,
    })

    expect(await shopPrices()).toEqual([['SharpDana', null]])
    expect(await publicPlans(dana.id)).toEqual([])
  })

  it('counts an account made at the other provider as none, as checkout does', async () => {
    const { dana } = await newCreatorWithPlan()
    await setUpPayouts(dana)
    await t.database.db.update(payoutAccounts).set({ provider: 'stripe' }).where(eq(payoutAccounts.creatorId, dana.id))

    // What start-up does after the server switched providers.
    expect(await storeAcceptingPayments({ db: t.database.db, provider: 'sandbox' })).toBe(true)
    expect(await publicPlans(dana.id)).toEqual([])
    expect(await stats(dana.id)).toMatchObject({ lowest_price_cents: null })
    expect(await storeAcceptingPayments({ db: t.database.db, provider: 'stripe' })).toBe(true)
    expect(await stats(dana.id)).toMatchObject({ lowest_price_cents: 2900 })
  })
})
