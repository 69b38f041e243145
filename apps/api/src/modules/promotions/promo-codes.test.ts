import {
  CreatePurchaseAnswer,
  ErrorBody,
  paymentMessages,
  promoLimits,
  promoMessages,
  PromoCodeAnswer,
  PromoCodesAnswer,
  PromoQuote,
  PurchaseAnswer,
  SandboxCheckout,
  type PromoCode,
} from '@picks/contracts'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import {
  addPlan,
  buy,
  creator,
  ledgerOf as ledgerOfCreator,
  monthlyPlan,
  onboard,
  sandboxShop,
  startCheckout,
} from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { billingReceipts } from '../billing/receipts.table.ts'
import { promoCodes } from './promotions.table.ts'

let t: TestApp
const start = new Date('2026-11-23T12:00:00Z').getTime()
const dayMs = 24 * 60 * 60 * 1000
let clock = new Date(start)
let testNumber = 0

beforeAll(async () => {
  t = await buildTestApp({ payments: { feeBps: 1_000, holdDays: 0 } }, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  // Each test starts its own minute, so the quotes' per-minute limit counts one test's quotes only.
  testNumber += 1
  clock = new Date(start + testNumber * 120_000)
})

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

async function later(days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await t.app.billing.runDue(clock)
}

const shop = () => sandboxShop(t)

async function makeCode(who: Person, body: Record<string, unknown>): Promise<PromoCode> {
  const res = await request(t, 'POST', '/promo-codes', who, body)
  expect(res.statusCode, res.body).toBe(201)
  return PromoCodeAnswer.parse(res.json()).promo_code
}

async function codesOf(who: Person, creatorId?: string): Promise<PromoCode[]> {
  const res = await request(t, 'GET', `/promo-codes${creatorId ? `?creatorId=${creatorId}` : ''}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PromoCodesAnswer.parse(res.json()).promo_codes
}

async function quote(who: Person | null, planId: string, code: string) {
  const res = await request(t, 'GET', `/promo-codes/quote?plan_id=${planId}&code=${encodeURIComponent(code)}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PromoQuote.parse(res.json())
}

const ledgerOf = (creatorId: string) => ledgerOfCreator(t, creatorId)

const half = { code: 'HALF50', discount_kind: 'percent', percent_off: 50 }

describe('making and changing promo codes', () => {
  it('makes codes, lists them newest first and refuses a name already taken in any case', async () => {
    const { dana } = await shop()
    const first = await makeCode(dana, half)
    expect(first).toMatchObject({
      creator_id: dana.id,
      code: 'HALF50',
      discount_kind: 'percent',
      percent_off: 50,
      amount_off_cents: null,
      plan_ids: null,
      duration: 'once',
      duration_months: null,
      expires_at: null,
      max_redemptions: null,
      one_per_customer: true,
      active: true,
      redemptions: 0,
      discount_given_cents: 0,
    })
    clock = new Date(clock.getTime() + 1_000)
    await makeCode(dana, {
      code: 'Five-Off',
      discount_kind: 'amount',
      amount_off_cents: 500,
      duration: 'repeating',
      duration_months: 3,
    })
    expect((await codesOf(dana)).map((c) => c.code)).toEqual(['Five-Off', 'HALF50'])

    const taken = await request(t, 'POST', '/promo-codes', dana, { ...half, code: 'half50' })
    expect(taken.statusCode).toBe(409)
    expect(errorOf(taken).details).toEqual([{ field: 'body.code', message: promoMessages.codeTaken }])

    // Another creator may use the same name.
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    expect((await makeCode(eli, half)).code).toBe('HALF50')
  })

  it('names each field at fault: shape, plans of another creator, an expiry in the past', async () => {
    const { dana } = await shop()
    const both = await request(t, 'POST', '/promo-codes', dana, { ...half, amount_off_cents: 100 })
    expect(both.statusCode).toBe(400)
    expect(errorOf(both).details).toEqual([{ field: 'body.amount_off_cents', message: promoMessages.oneDiscount }])

    const months = await request(t, 'POST', '/promo-codes', dana, { ...half, duration: 'repeating' })
    expect(errorOf(months).details).toEqual([
      { field: 'body.duration_months', message: promoMessages.durationMonthsRequired },
    ])

    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const elisPlan = await addPlan(t, eli, monthlyPlan)
    const notYours = await request(t, 'POST', '/promo-codes', dana, { ...half, plan_ids: [elisPlan.id] })
    expect(notYours.statusCode).toBe(400)
    expect(errorOf(notYours).details).toEqual([{ field: 'body.plan_ids', message: promoMessages.planNotYours }])

    const past = await request(t, 'POST', '/promo-codes', dana, { ...half, expires_at: '2026-01-01T00:00:00Z' })
    expect(past.statusCode).toBe(400)
    expect(errorOf(past).details).toEqual([{ field: 'body.expires_at', message: promoMessages.expiryInPast }])
    expect(await codesOf(dana)).toEqual([])
  })

  it('keeps at most the limit of codes per creator', async () => {
    const { dana } = await shop()
    await t.database.db.insert(promoCodes).values(
      Array.from({ length: promoLimits.maxCodesPerCreator }, (_, i) => ({
        creatorId: dana.id,
        code: `CODE${i}`,
        discountKind: 'percent' as const,
        percentOff: 10,
        duration: 'once' as const,
      })),
    )
    const over = await request(t, 'POST', '/promo-codes', dana, half)
    expect(over.statusCode).toBe(409)
    expect(errorOf(over)).toMatchObject({ reason: 'TOO_MANY_CODES', message: promoMessages.tooManyCodes })
  })

  it('changes scope, expiry, limits and the switch, never the code or its discount', async () => {
    const { dana, pass } = await shop()
    const code = await makeCode(dana, half)
    const res = await request(t, 'PUT', `/promo-codes/${code.id}`, dana, {
      plan_ids: [pass],
      expires_at: '2027-01-01T00:00:00.000Z',
      max_redemptions: 10,
      one_per_customer: false,
      active: false,
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(PromoCodeAnswer.parse(res.json()).promo_code).toMatchObject({
      plan_ids: [pass],
      expires_at: '2027-01-01T00:00:00.000Z',
      max_redemptions: 10,
      one_per_customer: false,
      active: false,
      percent_off: 50,
    })
    const discount = await request(t, 'PUT', `/promo-codes/${code.id}`, dana, { percent_off: 90 })
    expect(discount.statusCode).toBe(400)
    const past = await request(t, 'PUT', `/promo-codes/${code.id}`, dana, { expires_at: '2026-01-01T00:00:00Z' })
    expect(errorOf(past).details).toEqual([{ field: 'body.expires_at', message: promoMessages.expiryInPast }])
  })

  it("shows and changes a creator's codes to them and a verified admin only", async () => {
    const { dana, pat } = await shop()
    const code = await makeCode(dana, half)
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    expect((await request(t, 'GET', '/promo-codes', pat)).statusCode).toBe(403)
    expect((await request(t, 'GET', '/promo-codes', null)).statusCode).toBe(401)
    expect((await request(t, 'POST', '/promo-codes', pat, half)).statusCode).toBe(403)
    expect((await request(t, 'GET', `/promo-codes?creatorId=${dana.id}`, eli)).statusCode).toBe(403)
    expect((await request(t, 'PUT', `/promo-codes/${code.id}`, eli, { active: false })).statusCode).toBe(403)
    const missing = await request(t, 'PUT', '/promo-codes/00000000-0000-4000-8000-000000000000', dana, {
      active: false,
    })
    expect(missing.statusCode).toBe(404)

    const admin = await person(t, 'admin@example.com', 'admin')
    expect((await codesOf(admin, dana.id)).map((c) => c.id)).toEqual([code.id])
    const made = await makeCode(admin, { ...half, code: 'ADMIN10', percent_off: 10, creatorId: dana.id })
    expect(made.creator_id).toBe(dana.id)
  })
})

describe('the quote', () => {
  it('prices a plan with a code for anyone, and says why a code does not apply', async () => {
    const { dana, pat, monthly, pass } = await shop()
    await makeCode(dana, half)
    expect(await quote(null, monthly, 'half50')).toEqual({
      valid: true,
      message: null,
      code: 'HALF50',
      price_cents: 2900,
      discounted_cents: 1450,
      duration: 'once',
      duration_months: null,
    })
    expect(await quote(pat, monthly, 'NOPE')).toMatchObject({
      valid: false,
      message: promoMessages.unknownCode,
      price_cents: 2900,
      discounted_cents: 2900,
    })
    const scoped = await makeCode(dana, { ...half, code: 'PASSONLY', plan_ids: [pass] })
    expect((await quote(pat, monthly, 'PASSONLY')).message).toBe(promoMessages.wrongPlan)
    await request(t, 'PUT', `/promo-codes/${scoped.id}`, dana, { active: false })
    expect((await quote(pat, pass, 'PASSONLY')).message).toBe(promoMessages.inactiveCode)
    await makeCode(dana, { ...half, code: 'SOON', expires_at: new Date(clock.getTime() + dayMs).toISOString() })
    clock = new Date(clock.getTime() + 2 * dayMs)
    expect((await quote(pat, monthly, 'SOON')).message).toBe(promoMessages.expiredCode)

    const bad = await request(t, 'GET', `/promo-codes/quote?plan_id=monthly&code=X`, null)
    expect(bad.statusCode).toBe(400)
    expect(errorOf(bad).details?.map((d) => d.field)).toEqual(['query.plan_id'])
  })

  it('tells a signed-in customer they have used a one-per-customer code', async () => {
    const { dana, pat, monthly, pass } = await shop()
    await makeCode(dana, half)
    await buy(t, pat, pass, 'succeeds', 'HALF50')
    expect((await quote(pat, monthly, 'HALF50')).message).toBe(promoMessages.alreadyUsed)
    expect((await quote(null, monthly, 'HALF50')).valid).toBe(true)
  })

  it('answers at most 30 quotes a minute to one address', async () => {
    const { dana, monthly } = await shop()
    await makeCode(dana, half)
    for (let i = 0; i < 30; i++) await quote(null, monthly, `GUESS${i}`)
    const refused = await request(t, 'GET', `/promo-codes/quote?plan_id=${monthly}&code=HALF50`, null)
    expect(refused.statusCode).toBe(429)
    expect(errorOf(refused).reason).toBe('RATE_LIMITED')
    clock = new Date(clock.getTime() + 61_000)
    expect((await quote(null, monthly, 'HALF50')).valid).toBe(true)
  })
})

describe('checkout with a code, through the sandbox', () => {
  it('50% off once: the first payment is half with the fee on it, the renewal full price', async () => {
    const { dana, pat, monthly } = await shop()
    const code = await makeCode(dana, half)
    const { purchase, sessionId } = await startCheckout(t, pat, monthly, ' half50 ')
    expect(purchase).toMatchObject({
      promo_code: 'HALF50',
      price_cents: 2900,
      discount: {
        kind: 'percent',
        percent_off: 50,
        amount_off_cents: null,
        duration: 'once',
        duration_months: null,
        first_payment_cents: 1450,
      },
    })
    const page = SandboxCheckout.parse((await request(t, 'GET', `/sandbox/checkout/${sessionId}`, pat)).json())
    expect(page).toMatchObject({
      amount_cents: 1450,
      price_cents: 2900,
      promo_code: 'HALF50',
      discount_duration: 'once',
    })
    await t.app.billing.sandbox!.payCheckout(sessionId, 'succeeds')
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 1450 },
      { kind: 'platform_fee', amountCents: -145 },
    ])

    await later(31)
    expect((await ledgerOf(dana.id)).slice(2)).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'platform_fee', amountCents: -290 },
    ])
    const [listed] = await codesOf(dana)
    expect(listed).toMatchObject({ id: code.id, redemptions: 1, discount_given_cents: 1450 })
  })

  it('a repeating code discounts the payments of its months, then the price is full', async () => {
    const { dana, pat, monthly } = await shop()
    await makeCode(dana, {
      code: 'TWOMONTHS',
      discount_kind: 'percent',
      percent_off: 25,
      duration: 'repeating',
      duration_months: 2,
    })
    await buy(t, pat, monthly, 'succeeds', 'TWOMONTHS')
    await later(31)
    await later(31)
    const charges = (await ledgerOf(dana.id)).filter((e) => e.kind === 'charge').map((e) => e.amountCents)
    expect(charges).toEqual([2175, 2175, 2900])
    const fees = (await ledgerOf(dana.id)).filter((e) => e.kind === 'platform_fee').map((e) => e.amountCents)
    expect(fees).toEqual([-218, -218, -290])
    expect((await codesOf(dana))[0]).toMatchObject({ redemptions: 1, discount_given_cents: 1450 })
  })

  it('a forever code discounts every renewal', async () => {
    const { dana, pat, monthly } = await shop()
    await makeCode(dana, { code: 'LOYAL', discount_kind: 'amount', amount_off_cents: 500, duration: 'forever' })
    await buy(t, pat, monthly, 'succeeds', 'LOYAL')
    await later(31)
    await later(31)
    const charges = (await ledgerOf(dana.id)).filter((e) => e.kind === 'charge').map((e) => e.amountCents)
    expect(charges).toEqual([2400, 2400, 2400])
  })

  it('a failed renewal asks for the discounted amount, and its receipt says so', async () => {
    const { dana, pat, monthly } = await shop()
    await makeCode(dana, { code: 'LOYAL', discount_kind: 'amount', amount_off_cents: 500, duration: 'forever' })
    const id = await buy(t, pat, monthly, 'renewalsFail', 'LOYAL')
    await later(31)
    const receipts = await t.database.db
      .select({ kind: billingReceipts.kind, amountCents: billingReceipts.amountCents })
      .from(billingReceipts)
      .where(eq(billingReceipts.purchaseId, id))
      .orderBy(asc(billingReceipts.occurredAt))
    expect(receipts.filter((r) => r.kind !== 'new_subscriber')).toEqual([
      { kind: 'charge', amountCents: 2400 },
      { kind: 'renewal_failed', amountCents: 2400 },
    ])
  })

  it('a pass is charged the discounted price once', async () => {
    const { dana, pat, pass } = await shop()
    await makeCode(dana, { code: 'TWOOFF', discount_kind: 'amount', amount_off_cents: 200 })
    await buy(t, pat, pass, 'succeeds', 'twooff')
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 799 },
      { kind: 'platform_fee', amountCents: -80 },
    ])
  })

  it('100% off: a subscription starts with an invoice of zero and no charge; a pass is refused', async () => {
    const { dana, pat, monthly, pass } = await shop()
    await makeCode(dana, { code: 'FREEMONTH', discount_kind: 'percent', percent_off: 100 })
    const id = await buy(t, pat, monthly, 'succeeds', 'FREEMONTH')
    const bought = PurchaseAnswer.parse((await request(t, 'GET', `/purchases/${id}`, pat)).json()).purchase
    expect(bought).toMatchObject({ has_access: true, discount: { first_payment_cents: 0 } })
    expect(await ledgerOf(dana.id)).toEqual([])
    await later(31)
    expect(await ledgerOf(dana.id)).toEqual([
      { kind: 'charge', amountCents: 2900 },
      { kind: 'platform_fee', amountCents: -290 },
    ])
    expect((await codesOf(dana))[0]).toMatchObject({ redemptions: 1, discount_given_cents: 2900 })

    const sam = await person(t, 'sam@example.com')
    const free = await request(t, 'POST', '/purchases', sam, { plan_id: pass, promo_code: 'FREEMONTH' })
    expect(free.statusCode).toBe(409)
    expect(errorOf(free)).toMatchObject({ reason: 'PROMO_FREE_NOT_ALLOWED', message: promoMessages.freeNotAllowed })
  })
})

describe('checkout refuses a code that does not apply', () => {
  async function refusal(who: Person, planId: string, code: string) {
    const res = await request(t, 'POST', '/purchases', who, { plan_id: planId, promo_code: code })
    expect(res.statusCode === 400 || res.statusCode === 409, res.body).toBe(true)
    const error = errorOf(res)
    expect(error.details).toEqual([{ field: 'body.promo_code', message: error.message }])
    return { status: res.statusCode, reason: error.reason, message: error.message }
  }

  it('unknown, inactive, expired and wrong-plan codes, each with its message', async () => {
    const { dana, pat, monthly, pass } = await shop()
    expect(await refusal(pat, monthly, 'NOPE')).toEqual({
      status: 400,
      reason: 'PROMO_UNKNOWN',
      message: promoMessages.unknownCode,
    })
    const off = await makeCode(dana, { ...half, code: 'OFF' })
    await request(t, 'PUT', `/promo-codes/${off.id}`, dana, { active: false })
    expect(await refusal(pat, monthly, 'OFF')).toEqual({
      status: 409,
      reason: 'PROMO_INACTIVE',
      message: promoMessages.inactiveCode,
    })
    await makeCode(dana, { ...half, code: 'SOON', expires_at: new Date(clock.getTime() + dayMs).toISOString() })
    clock = new Date(clock.getTime() + dayMs)
    expect((await refusal(pat, monthly, 'SOON')).reason).toBe('PROMO_EXPIRED')
    await makeCode(dana, { ...half, code: 'PASSONLY', plan_ids: [pass] })
    expect((await refusal(pat, monthly, 'PASSONLY')).reason).toBe('PROMO_WRONG_PLAN')
    // Another creator's code is unknown here.
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    await makeCode(eli, { ...half, code: 'ELIS' })
    expect((await refusal(pat, monthly, 'ELIS')).reason).toBe('PROMO_UNKNOWN')
    // Nothing was bought along the way.
    const [row] = await codesOf(dana)
    expect(row?.redemptions).toBe(0)
  })

  it('one per customer: the second use by the same customer is refused, another customer may use it', async () => {
    const { dana, pat, pass } = await shop()
    await makeCode(dana, half)
    await buy(t, pat, pass, 'succeeds', 'HALF50')
    expect(await refusal(pat, pass, 'HALF50')).toEqual({
      status: 409,
      reason: 'PROMO_ALREADY_USED',
      message: promoMessages.alreadyUsed,
    })
    const sam = await person(t, 'sam@example.com')
    await buy(t, sam, pass, 'succeeds', 'HALF50')
    expect((await codesOf(dana))[0]).toMatchObject({ redemptions: 2, discount_given_cents: 2 * 500 })
  })

  it('the redemption limit counts paid purchases and open checkouts, which hold one until they lapse', async () => {
    const { dana, pat, pass } = await shop()
    await makeCode(dana, { ...half, max_redemptions: 1, one_per_customer: false })
    const sam = await person(t, 'sam@example.com')
    // Pat's open checkout holds the only redemption.
    const { sessionId } = await startCheckout(t, pat, pass, 'HALF50')
    expect(await refusal(sam, pass, 'HALF50')).toEqual({
      status: 409,
      reason: 'PROMO_USED_UP',
      message: promoMessages.usedUpCode,
    })
    expect((await quote(sam, pass, 'HALF50')).message).toBe(promoMessages.usedUpCode)
    // Pat may start again: the new checkout replaces the old one.
    const again = await startCheckout(t, pat, pass, 'HALF50')
    await t.app.billing.sandbox!.payCheckout(again.sessionId, 'succeeds')
    expect(sessionId).not.toBe(again.sessionId)
    expect((await refusal(sam, pass, 'HALF50')).reason).toBe('PROMO_USED_UP')
  })

  it('an unpaid checkout stops holding a redemption when it lapses', async () => {
    const { dana, pat, pass } = await shop()
    await makeCode(dana, { ...half, max_redemptions: 1 })
    await startCheckout(t, pat, pass, 'HALF50')
    const sam = await person(t, 'sam@example.com')
    expect((await refusal(sam, pass, 'HALF50')).reason).toBe('PROMO_USED_UP')
    await later(1.1)
    await buy(t, sam, pass, 'succeeds', 'HALF50')
    expect((await codesOf(dana))[0]?.redemptions).toBe(1)
  })

  it('two customers at once cannot both take the last redemption', async () => {
    const { dana, pat, pass } = await shop()
    await makeCode(dana, { ...half, max_redemptions: 1 })
    const sam = await person(t, 'sam@example.com')
    const answers = await Promise.all(
      [pat, sam].map((who) => request(t, 'POST', '/purchases', who, { plan_id: pass, promo_code: 'HALF50' })),
    )
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409])
  })
})

describe('free trials, once per creator', () => {
  it("gives a plan's trial once per creator; the next subscription starts with a payment and says so", async () => {
    const { dana, pat } = await shop()
    const trial = await addPlan(t, dana, { ...monthlyPlan, name: 'Trial monthly', trial_days: 7 })
    const first = await startCheckout(t, pat, trial.id)
    expect(first.purchase.trial_days).toBe(7)
    await t.app.billing.sandbox!.payCheckout(first.sessionId, 'succeeds')
    expect(await ledgerOf(dana.id)).toEqual([])
    const cancel = await request(t, 'DELETE', `/purchases/${first.purchase.id}?cancelImmediately=true`, pat)
    expect(cancel.statusCode, cancel.body).toBe(200)

    const res = await request(t, 'POST', '/purchases', pat, { plan_id: trial.id })
    expect(res.statusCode, res.body).toBe(201)
    const again = CreatePurchaseAnswer.parse(res.json())
    expect(again.purchase.trial_days).toBe(0)
    expect(again.notice).toBe(paymentMessages.trialUsed)
    const sessionId = again.checkout_url.split('/').pop()!
    const page = SandboxCheckout.parse((await request(t, 'GET', `/sandbox/checkout/${sessionId}`, pat)).json())
    expect(page.trial_days).toBe(0)
    await t.app.billing.sandbox!.payCheckout(sessionId, 'succeeds')
    expect((await ledgerOf(dana.id)).filter((e) => e.kind === 'charge')).toEqual([
      { kind: 'charge', amountCents: 2900 },
    ])

    // Another creator's trial is still theirs to give.
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    await onboard(t, eli)
    const elis = await addPlan(t, eli, { ...monthlyPlan, trial_days: 7 })
    const fresh = await startCheckout(t, pat, elis.id)
    expect(fresh.purchase.trial_days).toBe(7)
  })

  it('a checkout that was never paid does not use the trial', async () => {
    const { dana, pat } = await shop()
    const trial = await addPlan(t, dana, { ...monthlyPlan, trial_days: 7 })
    const { sessionId } = await startCheckout(t, pat, trial.id)
    await t.app.billing.sandbox!.cancelCheckout(sessionId)
    const again = await startCheckout(t, pat, trial.id)
    expect(again.purchase.trial_days).toBe(7)
  })
})
