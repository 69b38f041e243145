import { randomUUID } from 'node:crypto'
import { CreatePurchaseAnswer, CreatorBalance, PurchaseAnswer, RefundAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import type { TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, monthlyPlan } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { buildStripeTestApp, deliverStripeEvents, onboardAtStripe } from '../../test/stripe-app.ts'
import type { JsonObject, StripeDouble } from '../../test/stripe-double.ts'
import { latestChargeRefunds } from '../ledger/ledger.service.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { billingReceipts } from './receipts.table.ts'

/**
 * Refunds through Stripe's official SDK against a local double of Stripe's API, with Stripe's
 * events coming back signed to POST /api/webhooks/stripe: after our answer, twice, out of order, and
 * for a refund made in Stripe's Dashboard rather than through us.
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

/** Stripe's events since `from`, and where the list ends now. */
function eventsSince(from: number): JsonObject[] {
  return stripe.events.slice(from)
}

/** A creator onboarded at Stripe with a monthly plan, a customer subscribed to it, and an administrator. */
async function subscribed(): Promise<{ dana: Person; pat: Person; admin: Person; purchaseId: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboardAtStripe(t, stripe, dana)
  const plan = await addPlan(t, dana, monthlyPlan)
  const pat = await person(t, 'pat@example.com')
  const res = await request(t, 'POST', '/purchases', pat, { plan_id: plan.id })
  expect(res.statusCode, res.body).toBe(201)
  const purchaseId = CreatePurchaseAnswer.parse(res.json()).purchase.id
  const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, purchaseId))
  await deliverAll(stripe.completeCheckout(row!.checkoutSessionId!))
  const admin = await person(t, 'ops@example.com', 'admin')
  return { dana, pat, admin, purchaseId }
}

function askRefund(admin: Person, purchaseId: string, body: Record<string, unknown>, key: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/purchases/${purchaseId}/refund`,
    headers: { origin: testOrigin, cookie: admin.cookie, 'idempotency-key': key },
    payload: body,
  })
}

async function refund(admin: Person, purchaseId: string, body: Record<string, unknown>, key = randomUUID()) {
  const res = await askRefund(admin, purchaseId, body, key)
  expect(res.statusCode, res.body).toBe(200)
  return RefundAnswer.parse(res.json()).refund
}

async function sums(dana: Person) {
  const res = await request(t, 'GET', `/creators/balance/${dana.id}`, dana)
  const b = CreatorBalance.parse(res.json())
  return { available: b.available_cents, gross: b.gross_cents, fees: b.fees_cents, refunds: b.refunds_cents }
}

async function purchaseOf(pat: Person, id: string) {
  return PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${id}`, pat)).json()).purchase
}

/** Cancellations asked of Stripe since its `since`-th request. */
const subscriptionCancels = (since: number) =>
  stripe.requests.slice(since).filter((r) => r.method === 'DELETE' && r.path.startsWith('/v1/subscriptions/'))

describe('refunds through Stripe', () => {
  it('refunds in part then in full through the SDK; the events book once whenever and however often they come', async () => {
    const { dana, pat, admin, purchaseId } = await subscribed()
    const calls = stripe.requests.length
    expect(await sums(dana)).toEqual({ available: 2610, gross: 2900, fees: 290, refunds: 0 })

    let from = stripe.events.length
    const key = randomUUID()
    const partial = await refund(admin, purchaseId, { amountCents: 1000, reason: 'Two picks came late' }, key)
    // Asked for, not booked yet: the ledger waits for Stripe's event.
    expect(partial).toMatchObject({ refundedCents: 1000, refundableCents: 1900, refundStatus: 'partial' })
    expect(partial).toMatchObject({ status: 'active', hasAccess: true })
    expect(await sums(dana)).toEqual({ available: 2610, gross: 2900, fees: 290, refunds: 0 })
    expect(stripe.requestsTo('POST', '/v1/refunds').slice(-1)).toMatchObject([
      {
        idempotencyKey: `admin-refund:${key}`,
        params: {
          amount: '1000',
          refund_application_fee: 'true',
          reverse_transfer: 'true',
          metadata: { reason: 'Two picks came late' },
        },
      },
    ])
    // The same request again: no second refund at Stripe.
    expect(await refund(admin, purchaseId, { amountCents: 1000, reason: 'Two picks came late' }, key)).toEqual(partial)
    expect(stripe.requests.slice(calls).filter((r) => r.path === '/v1/refunds')).toHaveLength(1)
    const first = eventsSince(from)
    expect(first.map((e) => e.type)).toEqual(['charge.refunded'])

    from = stripe.events.length
    const full = await refund(admin, purchaseId, { reason: 'Cancelled on request' })
    // Access ends with our answer, before Stripe's event; the subscription is cancelled at Stripe.
    expect(full).toMatchObject({ refundedCents: 2900, refundableCents: 0, refundStatus: 'full' })
    expect(full).toMatchObject({ status: 'canceled', hasAccess: false })
    expect(subscriptionCancels(calls)).toHaveLength(1)
    const second = eventsSince(from)
    expect(second.map((e) => e.type).sort()).toEqual(['charge.refunded', 'customer.subscription.deleted'])

    // Stripe delivers the newer events first, then the older one, then everything again.
    await deliverAll(second)
    await deliverAll(first)
    await deliverAll([...first, ...second])
    expect(await sums(dana)).toEqual({ available: 0, gross: 2900, fees: 0, refunds: 2900 })
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'canceled', has_access: false })
    expect(subscriptionCancels(calls)).toHaveLength(1)
    // Stripe e-mails its own refund receipts; ours is kept, marked as the provider's. The newer event
    // came first and reported the whole 2900 refunded, so one receipt says so and the older adds none.
    const receipts = await t.database.db
      .select({ amountCents: billingReceipts.amountCents, status: billingReceipts.emailStatus })
      .from(billingReceipts)
      .where(eq(billingReceipts.kind, 'refund'))
    expect(receipts).toEqual([{ amountCents: 2900, status: 'provider' }])

    const beyond = await askRefund(admin, purchaseId, { amountCents: 1, reason: 'Once more' }, randomUUID())
    expect(beyond.statusCode).toBe(400)
  })

  it('books a refund made in the Dashboard, not through us, once: access ends and the subscription stops', async () => {
    const { dana, pat, admin, purchaseId } = await subscribed()
    const calls = stripe.requests.length
    const charge = await latestChargeRefunds(t.database.db, purchaseId)
    const from = stripe.events.length
    await t.app.billing.provider.refund({
      paymentRef: charge!.paymentRef,
      amountCents: 2900,
      idempotencyKey: randomUUID(),
    })
    const events = eventsSince(from)
    await deliverAll(events)
    await deliverAll(events)

    expect(await sums(dana)).toEqual({ available: 0, gross: 2900, fees: 0, refunds: 2900 })
    expect(await purchaseOf(pat, purchaseId)).toMatchObject({ status: 'canceled', has_access: false })
    expect(subscriptionCancels(calls)).toHaveLength(1)
    await deliverAll(eventsSince(from + events.length))
    const state = await askRefund(admin, purchaseId, { reason: 'Again' }, randomUUID())
    expect(state.statusCode).toBe(400)
  })
})
