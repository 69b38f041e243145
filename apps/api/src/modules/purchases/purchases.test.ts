import {
  AllPurchasesAnswer,
  CreatorStats,
  ErrorBody,
  PurchaseAnswer,
  PurchasesAnswer,
  SandboxCheckout,
  type Purchase,
} from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addPlan,
  buy,
  creator,
  ledgerOf as ledgerOfCreator,
  monthlyPlan,
  sandboxShop,
  startCheckout,
} from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'

let t: TestApp
let clock = new Date('2026-11-23T12:00:00Z')
const dayMs = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  clock = new Date('2026-11-23T12:00:00Z')
})

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

async function purchaseOf(who: Person, id: string): Promise<Purchase> {
  const res = await request(t, 'GET', `/purchases/${id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PurchaseAnswer.parse(res.json()).purchase
}

async function hasAccess(who: Person, creatorId: string): Promise<boolean> {
  const res = await request(t, 'GET', `/purchases/verify?userId=${who.id}&creatorId=${creatorId}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return (res.json() as { exists: boolean }).exists
}

const ledgerOf = (creatorId: string) => ledgerOfCreator(t, creatorId)
/** A creator who can take payments, with a monthly plan, and a customer. */
const shop = () => sandboxShop(t)

async function later(days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await t.app.billing.runDue(clock)
}

describe('POST /api/purchases', () => {
  it('starts a checkout: a pending purchase with the plan copied onto it, and no access until paid', async () => {
    const { dana, pat, monthly } = await shop()
    const res = await request(t, 'POST', '/purchases', pat, { plan_id: monthly })
    expect(res.statusCode, res.body).toBe(201)
    const answer = res.json() as { purchase: Purchase; checkout_url: string }
    expect(answer.checkout_url).toMatch(/^http:\/\/localhost:3000\/sandbox\/checkout\/cs_sbx_[0-9a-f]{24}$/)
    expect(answer.purchase).toMatchObject({
      user_id: pat.id,
      creator_id: dana.id,
      plan_id: monthly,
      plan_name: 'Monthly',
      kind: 'subscription',
      interval: 'month',
      price_cents: 2900,
      status: 'pending',
      has_access: false,
      provider: 'sandbox',
      creator: { username: 'SharpDana' },
    })
    expect(await hasAccess(pat, dana.id)).toBe(false)
  })

  it('asks visitors to sign in and names a bad plan id', async () => {
    const { monthly } = await shop()
    expect((await request(t, 'POST', '/purchases', null, { plan_id: monthly })).statusCode).toBe(401)
    const pat = await person(t, 'pat2@example.com')
    const bad = await request(t, 'POST', '/purchases', pat, { plan_id: 'monthly' })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['body.plan_id'])
  })

  it('refuses an unknown or inactive plan, your own plan, and a creator who cannot take payments', async () => {
    const { dana, pat, monthly } = await shop()
    const unknown = await request(t, 'POST', '/purchases', pat, { plan_id: '00000000-0000-4000-8000-000000000000' })
    expect(unknown.statusCode).toBe(404)

    const own = await request(t, 'POST', '/purchases', dana, { plan_id: monthly })
    expect(own.statusCode).toBe(403)
    expect(errorOf(own).reason).toBe('OWN_PLAN')

    await request(t, 'PUT', `/subscription-pricing/${monthly}`, dana, { active: false })
    const inactive = await request(t, 'POST', '/purchases', pat, { plan_id: monthly })
    expect(inactive.statusCode).toBe(409)
    expect(errorOf(inactive).message).toBe('This plan is no longer available')

    const newbie = await creator(t, 'newbie@example.com', 'NewbieNed')
    const plan = await addPlan(t, newbie, monthlyPlan)
    const notReady = await request(t, 'POST', '/purchases', pat, { plan_id: plan.id })
    expect(notReady.statusCode).toBe(409)
    expect(errorOf(notReady)).toMatchObject({
      reason: 'NOT_ACCEPTING_PAYMENTS',
      message: 'This creator is not accepting payments yet',
    })
  })

  it('refuses a second subscription to the same creator while one is live, but sells a pass alongside', async () => {
    const { dana, pat, monthly, pass } = await shop()
    await buy(t, pat, monthly)
    expect(await hasAccess(pat, dana.id)).toBe(true)
    const again = await request(t, 'POST', '/purchases', pat, { plan_id: monthly })
    expect(again.statusCode).toBe(409)
    expect(errorOf(again)).toMatchObject({
      reason: 'ALREADY_SUBSCRIBED',
      message: 'You already have an active subscription to this creator',
    })
    await buy(t, pat, pass)
    const mine = PurchasesAnswer.parse((await request(t, 'GET', `/purchases/user/${pat.id}`, pat)).json()).purchases
    expect(mine.map((p) => p.kind).sort()).toEqual(['one_time', 'subscription'])
    expect(mine.every((p) => p.creator_id === dana.id && p.has_access)).toBe(true)
  })

  it('sells again to a customer whose checkout was abandoned (a pending purchase gives no access)', async () => {
    const { pat, monthly } = await shop()
    await startCheckout(t, pat, monthly)
    expect((await request(t, 'POST', '/purchases', pat, { plan_id: monthly })).statusCode).toBe(201)
  })
})

describe('the sandbox checkout', () => {
  it('pays with 4242: the subscription is active for a month, renews, and the ledger books the charge and the fee', async () => {
    const { dana, pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const page = await request(t, 'GET', `/sandbox/checkout/${sessionId}`, pat)
    expect(SandboxCheckout.parse(page.json())).toMatchObject({
      status: 'open',
      item_name: 'Monthly – @SharpDana',
      amount_cents: 2900,
      customer_email: 'pat@example.com',
    })
    const paid = await request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, pat, {
      card_number: '4242 4242 4242 4242',
      expiry: '12 / 30',
      cvc: '123',
      name: 'Pat Bettor',
    })
    expect(paid.statusCode, paid.body).toBe(200)
    expect(paid.json()).toEqual({ redirect_url: `http://localhost:3000/payment-success?purchase=${purchase.id}` })

    const active = await purchaseOf(pat, purchase.id)
    expect(active).toMatchObject({ status: 'active', auto_renewal: true, has_access: true })
    expect(active.current_period_end).toBe('2026-12-23T12:00:00.000Z')
    expect(await hasAccess(pat, dana.id)).toBe(true)
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'platform_fee', amountCents: -290 },
    ])
    const stats = CreatorStats.parse((await request(t, 'GET', `/creators/${dana.id}/stats`, null)).json())
    expect(stats.subscriber_count).toBe(1)

    // A second click on Pay changes nothing.
    const twice = await request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, pat, {
      card_number: '4242424242424242',
      expiry: '12/30',
      cvc: '123',
    })
    expect(twice.statusCode).toBe(409)
    expect(errorOf(twice).reason).toBe('CHECKOUT_CLOSED')
    expect(await ledgerOf(dana.id)).toHaveLength(2)
  })

  it('shows the decline of 0002 and 9995 and leaves the checkout open for another card', async () => {
    const { dana, pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const card = (number: string) =>
      request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, pat, {
        card_number: number,
        expiry: '01/31',
        cvc: '999',
      })
    const declined = await card('4000 0000 0000 0002')
    expect(declined.statusCode).toBe(402)
    expect(errorOf(declined)).toMatchObject({ reason: 'CARD_DECLINED', message: 'Your card was declined.' })
    const broke = await card('4000000000009995')
    expect(broke.statusCode).toBe(402)
    expect(errorOf(broke)).toMatchObject({ reason: 'INSUFFICIENT_FUNDS', message: 'Your card has insufficient funds.' })
    expect((await purchaseOf(pat, purchase.id)).status).toBe('pending')
    expect(await ledgerOf(dana.id)).toEqual([])

    expect((await card('4242424242424242')).statusCode).toBe(200)
    expect((await purchaseOf(pat, purchase.id)).status).toBe('active')
  })

  it('names each bad card field, and shows the checkout to its buyer only', async () => {
    const { pat, monthly } = await shop()
    const { sessionId } = await startCheckout(t, pat, monthly)
    const bad = await request(t, 'POST', `/sandbox/checkout/${sessionId}/pay`, pat, {
      card_number: '1234 5678 9012 3456',
      expiry: '01/20',
      cvc: '12',
    })
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details).toEqual([
      { field: 'body.card_number', message: 'Use a test card, such as 4242 4242 4242 4242.' },
      { field: 'body.expiry', message: 'Enter the expiry as MM / YY, in the future.' },
      { field: 'body.cvc', message: 'Enter the 3-digit security code.' },
    ])
    const sam = await person(t, 'sam@example.com')
    expect((await request(t, 'GET', `/sandbox/checkout/${sessionId}`, sam)).statusCode).toBe(404)
    expect((await request(t, 'GET', `/sandbox/checkout/${sessionId}`, null)).statusCode).toBe(401)
  })

  it('cancelling returns to the purchase page and the purchase never counts', async () => {
    const { dana, pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const res = await request(t, 'POST', `/sandbox/checkout/${sessionId}/cancel`, pat)
    expect(res.json()).toEqual({
      redirect_url: `http://localhost:3000/shop-picks/purchase/${dana.id}?checkout=cancelled`,
    })
    expect((await purchaseOf(pat, purchase.id)).status).toBe('incomplete')
    const listed = PurchasesAnswer.parse((await request(t, 'GET', `/purchases/user/${pat.id}`, pat)).json())
    expect(listed.purchases).toEqual([])
  })
})

describe('the subscription lifecycle', () => {
  it('renews at the price the subscriber bought at, even after the creator raises it', async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    await request(t, 'PUT', `/subscription-pricing/${monthly}`, dana, { price_cents: 4900 })
    await later(31)
    const renewed = await purchaseOf(pat, id)
    expect(renewed).toMatchObject({ status: 'active', price_cents: 2900, has_access: true })
    expect(renewed.current_period_end).toBe('2027-01-23T12:00:00.000Z')
    const charges = (await ledgerOf(dana.id)).filter((e) => e.kind === 'charge')
    expect(charges).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'charge', amountCents: 2900 },
    ])
  })

  it('cancel at period end keeps access to the end, then ends without charging again', async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    const res = await request(t, 'DELETE', `/purchases/${id}`, pat)
    expect(res.statusCode, res.body).toBe(200)
    expect(PurchaseAnswer.parse(res.json()).purchase).toMatchObject({
      status: 'active',
      auto_renewal: false,
      has_access: true,
    })
    await later(29)
    expect(await hasAccess(pat, dana.id)).toBe(true)
    await later(2)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'canceled', has_access: false })
    expect(await hasAccess(pat, dana.id)).toBe(false)
    expect((await ledgerOf(dana.id)).filter((e) => e.kind === 'charge')).toHaveLength(1)
  })

  it('cancel immediately ends access now, with no refund', async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    const res = await request(t, 'DELETE', `/purchases/${id}?cancelImmediately=true`, pat)
    expect(PurchaseAnswer.parse(res.json()).purchase).toMatchObject({ status: 'canceled', has_access: false })
    expect(await hasAccess(pat, dana.id)).toBe(false)
    expect((await ledgerOf(dana.id)).map((e) => e.kind)).toEqual(['charge', 'platform_fee'])
    // Ended is ended: a second cancel says so.
    expect((await request(t, 'DELETE', `/purchases/${id}`, pat)).statusCode).toBe(409)
  })

  it('auto-renewal off then on again before the end keeps the subscription renewing', async () => {
    const { pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    const off = await request(t, 'PUT', `/subscriptions/${id}/auto-renewal`, pat, { auto_renewal: false })
    expect(PurchaseAnswer.parse(off.json()).purchase.auto_renewal).toBe(false)
    const on = await request(t, 'PUT', `/subscriptions/${id}/auto-renewal`, pat, { auto_renewal: true })
    expect(PurchaseAnswer.parse(on.json()).purchase).toMatchObject({ auto_renewal: true, canceled_at: null })
    await later(31)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'active', has_access: true })
    const bad = await request(t, 'PUT', `/subscriptions/${id}/auto-renewal`, pat, { auto_renewal: 'yes' })
    expect(errorOf(bad).details?.[0]?.field).toBe('body.auto_renewal')
  })

  it('a free trial gives access without a charge, then charges when it ends', async () => {
    const { dana, pat } = await shop()
    const trial = await addPlan(t, dana, { ...monthlyPlan, name: 'Trial monthly', trial_days: 7 })
    await request(t, 'PUT', `/subscription-pricing/${trial.id}`, dana, { active: true })
    const id = await buy(t, pat, trial.id)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'trialing', has_access: true })
    expect(await ledgerOf(dana.id)).toEqual([])
    await later(8)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'active', has_access: true })
    expect((await ledgerOf(dana.id)).map((e) => e.kind)).toEqual(['charge', 'platform_fee'])
  })

  it('a failing renewal card: past due with access while retrying, then the subscription ends', async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly, 'renewalsFail')
    await later(31)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'past_due', has_access: true })
    await later(1)
    await later(3)
    await later(5)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'canceled', has_access: false })
    expect(await hasAccess(pat, dana.id)).toBe(false)
    expect((await ledgerOf(dana.id)).filter((e) => e.kind === 'charge')).toHaveLength(1)
  })

  it('a one-day pass gives access for a day, then expires', async () => {
    const { dana, pat, pass } = await shop()
    const id = await buy(t, pat, pass)
    const bought = await purchaseOf(pat, id)
    expect(bought).toMatchObject({ kind: 'one_time', status: 'active', auto_renewal: false, has_access: true })
    expect(bought.current_period_end).toBe('2026-11-24T12:00:00.000Z')
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 999 },
      { kind: 'platform_fee', amountCents: -100 },
    ])
    await later(1)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'expired', has_access: false })
    expect(await hasAccess(pat, dana.id)).toBe(false)
  })
})

describe('who sees what', () => {
  it('a buyer sees their own purchases, a creator theirs, an admin all; no one else', async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    const sam = await person(t, 'sam@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')

    expect((await request(t, 'GET', `/purchases/user/${pat.id}`, sam)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/purchases/${id}`, sam)).statusCode).toBe(404)
    expect((await request(t, 'DELETE', `/purchases/${id}`, sam)).statusCode).toBe(404)
    expect((await request(t, 'GET', `/purchases/creator/${dana.id}`, pat)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/purchases/verify?userId=${pat.id}&creatorId=${dana.id}`, sam)).statusCode).toBe(
      403,
    )
    expect((await request(t, 'GET', '/purchases', pat)).statusCode).toBe(403)

    const forCreator = PurchasesAnswer.parse((await request(t, 'GET', `/purchases/creator/${dana.id}`, dana)).json())
    expect(forCreator.purchases.map((p) => [p.id, p.customer_name])).toEqual([[id, 'Pat Bettor']])
    const all = AllPurchasesAnswer.parse((await request(t, 'GET', '/purchases?limit=5', admin)).json())
    expect(all).toMatchObject({ total: 1, page: 1, limit: 5 })
    const managed = PurchasesAnswer.parse((await request(t, 'GET', `/subscriptions/manage/${pat.id}`, pat)).json())
    expect(managed.purchases.map((p) => p.id)).toEqual([id])
  })

  it("an administrator sees and changes anyone's purchases only once the admin password is entered", async () => {
    const { dana, pat, monthly } = await shop()
    const id = await buy(t, pat, monthly)
    const tom = await person(t, 'tom@example.com', 'unverifiedAdmin')

    for (const url of ['/purchases', `/purchases/user/${pat.id}`, `/purchases/creator/${dana.id}`]) {
      const res = await request(t, 'GET', url, tom)
      expect(res.statusCode, url).toBe(403)
      expect(errorOf(res).reason, url).toBe('ADMIN_PASSWORD_REQUIRED')
    }
    const managed = await request(t, 'GET', `/subscriptions/manage/${pat.id}`, tom)
    expect(managed.statusCode).toBe(403)
    expect(errorOf(managed).reason).toBe('ADMIN_PASSWORD_REQUIRED')
    // Someone else's purchase answers as it would to a customer: as if it did not exist.
    expect((await request(t, 'GET', `/purchases/${id}`, tom)).statusCode).toBe(404)
    expect((await request(t, 'DELETE', `/purchases/${id}?cancelImmediately=true`, tom)).statusCode).toBe(404)
    const renewal = await request(t, 'PUT', `/subscriptions/${id}/auto-renewal`, tom, { auto_renewal: false })
    expect(renewal.statusCode).toBe(404)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'active', auto_renewal: true, has_access: true })

    await enterAdminPassword(t, tom)
    const all = AllPurchasesAnswer.parse((await request(t, 'GET', '/purchases', tom)).json())
    expect(all.purchases.map((p) => p.id)).toEqual([id])
    expect(
      PurchasesAnswer.parse((await request(t, 'GET', `/purchases/user/${pat.id}`, tom)).json()).purchases,
    ).toHaveLength(1)
    const ended = await request(t, 'DELETE', `/purchases/${id}?cancelImmediately=true`, tom)
    expect(ended.statusCode, ended.body).toBe(200)
    expect(await purchaseOf(pat, id)).toMatchObject({ status: 'canceled', has_access: false })
  })

  it('answers whether a customer has access to the customer and the creator; others are refused', async () => {
    const { dana, pat, monthly } = await shop()
    await buy(t, pat, monthly)
    const sam = await person(t, 'sam@example.com')
    const verify = `/purchases/verify?userId=${pat.id}&creatorId=${dana.id}`

    expect((await request(t, 'GET', verify, pat)).json()).toEqual({ exists: true })
    expect((await request(t, 'GET', verify, dana)).json()).toEqual({ exists: true })
    expect((await request(t, 'GET', `/purchases/verify?userId=${sam.id}&creatorId=${dana.id}`, sam)).json()).toEqual({
      exists: false,
    })
    expect((await request(t, 'GET', verify, sam)).statusCode).toBe(403)
    for (const url of [verify, `/purchases/user/${pat.id}`]) {
      const visitor = await request(t, 'GET', url, null)
      expect(visitor.statusCode, url).toBe(401)
    }
    const bad = await request(t, 'GET', `/purchases/verify?userId=${pat.id}`, pat)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['query.creatorId'])
  })

  it('asks a visitor to sign in before it reads the address', async () => {
    const res = await request(t, 'GET', '/subscriptions/manage/x', null)
    expect(res.statusCode).toBe(401)
    expect(errorOf(res).reason).toBe('NOT_SIGNED_IN')
  })

  it('the webhook endpoint belongs to Stripe: the sandbox takes none', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{"id":"evt_1"}',
    })
    expect(res.statusCode).toBe(404)
  })
})

describe('payment events', () => {
  it('apply once however often they come', async () => {
    const { dana, pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const at = clock
    const completed = {
      id: 'evt_dup_1',
      occurredAt: at,
      type: 'checkout.completed' as const,
      purchaseId: purchase.id,
      sessionId,
      subscriptionId: 'sub_dup',
      payment: null,
    }
    const paid = {
      id: 'evt_dup_2',
      occurredAt: at,
      type: 'invoice.paid' as const,
      subscriptionId: 'sub_dup',
      purchaseId: purchase.id,
      invoiceId: 'in_dup',
      periodStart: at,
      periodEnd: new Date(at.getTime() + 30 * dayMs),
      payment: { paymentRef: 'pi_dup', amountCents: 2900, feeCents: 290, currency: 'usd' },
    }
    expect(await t.app.billing.applyEvent(completed)).toBe(true)
    expect(await t.app.billing.applyEvent(paid)).toBe(true)
    expect(await t.app.billing.applyEvent(paid)).toBe(false)
    expect(await t.app.billing.applyEvent({ ...paid, id: 'evt_dup_3' })).toBe(true)
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'platform_fee', amountCents: -290 },
    ])
  })

  it('give the same result in any order, and an older status never overwrites a newer one', async () => {
    const { pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const at = clock
    const periodEnd = new Date(at.getTime() + 30 * dayMs)
    await t.app.billing.applyEvent({
      id: 'evt_o_2',
      occurredAt: at,
      type: 'invoice.paid',
      subscriptionId: 'sub_o',
      purchaseId: purchase.id,
      invoiceId: 'in_o',
      periodStart: at,
      periodEnd,
      payment: { paymentRef: 'pi_o', amountCents: 2900, feeCents: 290, currency: 'usd' },
    })
    await t.app.billing.applyEvent({
      id: 'evt_o_3',
      occurredAt: new Date(at.getTime() + 60_000),
      type: 'subscription.updated',
      subscriptionId: 'sub_o',
      purchaseId: purchase.id,
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
    })
    // The checkout's own event comes last, and an older "renewing" status after it.
    await t.app.billing.applyEvent({
      id: 'evt_o_1',
      occurredAt: at,
      type: 'checkout.completed',
      purchaseId: purchase.id,
      sessionId,
      subscriptionId: 'sub_o',
      payment: null,
    })
    await t.app.billing.applyEvent({
      id: 'evt_o_0',
      occurredAt: new Date(at.getTime() - 60_000),
      type: 'subscription.updated',
      subscriptionId: 'sub_o',
      purchaseId: purchase.id,
      status: 'incomplete',
      cancelAtPeriodEnd: false,
      currentPeriodEnd: null,
    })
    expect(await purchaseOf(pat, purchase.id)).toMatchObject({
      status: 'active',
      auto_renewal: false,
      has_access: true,
      current_period_end: periodEnd.toISOString(),
    })
  })

  it('a renewal that fails and then succeeds on the provider’s retry makes the subscription active again', async () => {
    const { dana, pat, monthly } = await shop()
    const { purchase, sessionId } = await startCheckout(t, pat, monthly)
    const start = clock
    const firstEnd = new Date(start.getTime() + 30 * dayMs)
    const base = { subscriptionId: 'sub_r', purchaseId: purchase.id }
    await t.app.billing.applyEvent({
      id: 'evt_r_1',
      occurredAt: start,
      type: 'checkout.completed',
      sessionId,
      purchaseId: purchase.id,
      subscriptionId: 'sub_r',
      payment: null,
    })
    await t.app.billing.applyEvent({
      ...base,
      id: 'evt_r_2',
      occurredAt: start,
      type: 'invoice.paid',
      invoiceId: 'in_r_1',
      periodStart: start,
      periodEnd: firstEnd,
      payment: { paymentRef: 'pi_r_1', amountCents: 2900, feeCents: 290, currency: 'usd' },
    })
    await t.app.billing.applyEvent({
      ...base,
      id: 'evt_r_3',
      occurredAt: firstEnd,
      type: 'invoice.payment_failed',
      invoiceId: 'in_r_2',
      nextAttemptAt: new Date(firstEnd.getTime() + dayMs),
      reason: null,
    })
    clock = new Date(firstEnd.getTime() + 3 * dayMs)
    expect(await purchaseOf(pat, purchase.id)).toMatchObject({ status: 'past_due', has_access: true })
    const retried = new Date(firstEnd.getTime() + 3 * dayMs)
    await t.app.billing.applyEvent({
      ...base,
      id: 'evt_r_4',
      occurredAt: retried,
      type: 'invoice.paid',
      invoiceId: 'in_r_2',
      periodStart: firstEnd,
      periodEnd: new Date(firstEnd.getTime() + 30 * dayMs),
      payment: { paymentRef: 'pi_r_2', amountCents: 2900, feeCents: 290, currency: 'usd' },
    })
    expect(await purchaseOf(pat, purchase.id)).toMatchObject({
      status: 'active',
      has_access: true,
      current_period_end: new Date(firstEnd.getTime() + 30 * dayMs).toISOString(),
    })
    expect((await ledgerOf(dana.id)).filter((e) => e.kind === 'charge')).toHaveLength(2)
  })

  it('the ledger refuses changes and deletions', async () => {
    const { pat, monthly } = await shop()
    await buy(t, pat, monthly)
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause ?? error)
    const update = await t.database.db.execute(sql`update ledger_entries set amount_cents = 1`).catch(refusal)
    expect(update).toMatch(/ledger_entries is append-only: UPDATE refused/)
    const removal = await t.database.db.execute(sql`delete from ledger_entries`).catch(refusal)
    expect(removal).toMatch(/ledger_entries is append-only: DELETE refused/)
  })
})
