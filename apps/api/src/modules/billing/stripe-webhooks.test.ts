import { CreatePurchaseAnswer, PurchaseAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, monthlyPlan } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { buildStripeTestApp, deliverStripeEvents, onboardAtStripe, stripeWebhook } from '../../test/stripe-app.ts'
import type { JsonObject, StripeDouble } from '../../test/stripe-double.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { purchases } from '../purchases/purchases.table.ts'

/**
 * The whole Stripe path through our HTTP boundary: the official SDK talks to a local double of
 * Stripe's API, and Stripe's events come back signed to POST /api/webhooks/stripe.
 */

let t: TestApp
let stripe: StripeDouble

beforeAll(async () => {
  ;({ t, stripe } = await buildStripeTestApp())
})
afterAll(async () => {
  await t.app.close()
  await stripe.close()
})
beforeEach(async () => {
  await t.database.reset()
})

const webhook = (event: JsonObject, signature?: string) => stripeWebhook(t, stripe, event, signature)
const deliverAll = (events: JsonObject[]) => deliverStripeEvents(t, stripe, events)

/** A creator onboarded at Stripe (through our endpoints and Stripe's account.updated event), with a plan. */
async function stripeCreator(): Promise<{ dana: Person; planId: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboardAtStripe(t, stripe, dana)
  const plan = await addPlan(t, dana, monthlyPlan)
  return { dana, planId: plan.id }
}

async function checkout(buyer: Person, planId: string): Promise<{ purchaseId: string; sessionId: string }> {
  const res = await request(t, 'POST', '/purchases', buyer, { plan_id: planId })
  expect(res.statusCode, res.body).toBe(201)
  const answer = CreatePurchaseAnswer.parse(res.json())
  expect(answer.purchase.provider).toBe('stripe')
  const [row] = await t.database.db
    .select({ sessionId: purchases.checkoutSessionId })
    .from(purchases)
    .where(eq(purchases.id, answer.purchase.id))
  expect(row?.sessionId).toMatch(/^cs_/)
  return { purchaseId: answer.purchase.id, sessionId: row?.sessionId ?? '' }
}

describe('Stripe webhooks', () => {
  it('make a paid checkout an active subscription, booking the charge and fee exactly once', async () => {
    const { dana, planId } = await stripeCreator()
    const pat = await person(t, 'pat@example.com')
    const { purchaseId, sessionId } = await checkout(pat, planId)
    const events = stripe.completeCheckout(sessionId)
    await deliverAll(events)
    // Stripe sends events again when it is unsure they arrived: nothing changes.
    await deliverAll(events)
    const purchase = PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${purchaseId}`, pat)).json()).purchase
    expect(purchase).toMatchObject({ status: 'active', auto_renewal: true, has_access: true })
    const ledger = await t.database.db
      .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.creatorId, dana.id))
    expect(ledger.sort((a, b) => b.amountCents - a.amountCents)).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'platform_fee', amountCents: -290 },
    ])
  })

  it('refuses an event whose signature does not verify, and changes nothing', async () => {
    const { planId } = await stripeCreator()
    const pat = await person(t, 'pat@example.com')
    const { purchaseId, sessionId } = await checkout(pat, planId)
    const [completed] = stripe.completeCheckout(sessionId)
    const res = await webhook(
      completed!,
      't=1700000000,v1=0000000000000000000000000000000000000000000000000000000000000000',
    )
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ error: { reason: 'BAD_SIGNATURE' } })
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(completed),
    })
    expect(unsigned.statusCode).toBe(400)
    const purchase = PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${purchaseId}`, pat)).json()).purchase
    expect(purchase.status).toBe('pending')
  })

  it('cancelling tells Stripe, and the events Stripe sends back agree with what the customer sees', async () => {
    const { planId } = await stripeCreator()
    const pat = await person(t, 'pat@example.com')
    const { purchaseId, sessionId } = await checkout(pat, planId)
    await deliverAll(stripe.completeCheckout(sessionId))

    let from = stripe.events.length
    const cancel = await request(t, 'DELETE', `/purchases/${purchaseId}`, pat)
    expect(PurchaseAnswer.parse(cancel.json()).purchase).toMatchObject({ auto_renewal: false, has_access: true })
    const cancelCalls = stripe.requests.filter(
      (r) => r.method === 'POST' && r.path.startsWith('/v1/subscriptions/') && r.params.cancel_at_period_end === 'true',
    )
    expect(cancelCalls).toHaveLength(1)
    expect(cancelCalls[0]?.idempotencyKey).toMatch(/^cancel:/)
    await deliverAll(stripe.events.slice(from))
    const afterUpdate = PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${purchaseId}`, pat)).json())
    expect(afterUpdate.purchase).toMatchObject({ status: 'active', auto_renewal: false, has_access: true })

    from = stripe.events.length
    await request(t, 'DELETE', `/purchases/${purchaseId}?cancelImmediately=true`, pat)
    const ended = stripe.events.slice(from)
    expect(ended.map((e) => e.type)).toContain('customer.subscription.deleted')
    await deliverAll(ended)
    const final = PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${purchaseId}`, pat)).json())
    expect(final.purchase).toMatchObject({ status: 'canceled', has_access: false })
  })
})
