import { CreatePurchaseAnswer, ErrorBody, PromoCodesAnswer, promoMessages } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, dayPass, ledgerOf as ledgerOfCreator, monthlyPlan } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { buildStripeTestApp, deliverStripeEvents, onboardAtStripe } from '../../test/stripe-app.ts'
import type { JsonObject, StripeDouble } from '../../test/stripe-double.ts'
import { purchases } from '../purchases/purchases.table.ts'

/**
 * Promo codes through Stripe's official SDK against a local double of Stripe's API: the coupon on
 * the Checkout Session, the fee on the discounted amount, and the ledger booking what Stripe's
 * signed events report, renewals included.
 */

let t: TestApp
let stripe: StripeDouble

beforeAll(async () => {
  ;({ t, stripe } = await buildStripeTestApp({ payments: { feeBps: 1000, holdDays: 0 } }))
})
afterAll(async () => {
  await t.app.close()
  await stripe.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const deliverAll = (events: JsonObject[]) => deliverStripeEvents(t, stripe, events)

/** A creator onboarded at Stripe with a monthly plan and a day pass, and a customer. */
async function shop(): Promise<{ dana: Person; pat: Person; monthly: string; pass: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboardAtStripe(t, stripe, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, dayPass)).id
  const pat = await person(t, 'pat@example.com')
  return { dana, pat, monthly, pass }
}

/** Buys with a code and pays on Stripe's page; the purchase and its Stripe checkout session. */
async function buyWithCode(who: Person, planId: string, code: string) {
  const res = await request(t, 'POST', '/purchases', who, { plan_id: planId, promo_code: code })
  expect(res.statusCode, res.body).toBe(201)
  const purchaseId = CreatePurchaseAnswer.parse(res.json()).purchase.id
  const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, purchaseId))
  const sessionId = row!.checkoutSessionId!
  await deliverAll(stripe.completeCheckout(sessionId))
  return { purchaseId, sessionId }
}

const ledgerOf = (creatorId: string) => ledgerOfCreator(t, creatorId)

describe('promo codes through Stripe', () => {
  it('a 50%-off first month: the coupon on the session, half charged with the fee on it, the renewal full', async () => {
    const { dana, pat, monthly } = await shop()
    const made = await request(t, 'POST', '/promo-codes', dana, {
      code: 'HALF50',
      discount_kind: 'percent',
      percent_off: 50,
    })
    expect(made.statusCode, made.body).toBe(201)

    const { sessionId } = await buyWithCode(pat, monthly, 'half50')

    const [sent] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
    expect(sent!.params.discounts).toEqual([{ coupon: expect.stringMatching(/^promo_[0-9a-f-]{36}$/) }])
    expect(stripe.object(String((sent!.params.discounts as { coupon: string }[])[0]!.coupon))).toMatchObject({
      percent_off: 50,
      duration: 'once',
    })
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 1450 },
      { kind: 'platform_fee', amountCents: -145 },
    ])
    const subscriptionId = String(stripe.object(sessionId)!.subscription)
    await deliverAll(stripe.renewSubscription(subscriptionId))
    // The double stamps events to the second, so the renewal may share the first charge's instant.
    const entries = await ledgerOf(dana.id)
    const amounts = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.amountCents)
    expect(amounts('charge').sort((a, b) => a - b)).toEqual([1450, 2900])
    expect(amounts('platform_fee').sort((a, b) => a - b)).toEqual([-290, -145])
    const codes = PromoCodesAnswer.parse((await request(t, 'GET', '/promo-codes', dana)).json()).promo_codes
    expect(codes[0]).toMatchObject({ redemptions: 1, discount_given_cents: 1450 })
  })

  it('a pass with an amount off: the one-time fee on the discounted price; the code then used up', async () => {
    const { dana, pat, pass } = await shop()
    await request(t, 'POST', '/promo-codes', dana, {
      code: 'TWOOFF',
      discount_kind: 'amount',
      amount_off_cents: 200,
      max_redemptions: 1,
    })
    await buyWithCode(pat, pass, 'TWOOFF')
    const [sent] = stripe.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
    expect(sent!.params.payment_intent_data).toMatchObject({ application_fee_amount: '80' })
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 799 },
      { kind: 'platform_fee', amountCents: -80 },
    ])
    const sam = await person(t, 'sam@example.com')
    const refused = await request(t, 'POST', '/purchases', sam, { plan_id: pass, promo_code: 'twooff' })
    expect(refused.statusCode).toBe(409)
    expect(ErrorBody.parse(refused.json()).error).toMatchObject({
      reason: 'PROMO_USED_UP',
      message: promoMessages.usedUpCode,
    })
  })
})
