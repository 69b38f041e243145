import {
  CreatorBalance,
  EarningsAnswer,
  ErrorBody,
  OnboardAnswer,
  OnboardingStatus,
  paymentMessages,
  PayoutAnswer,
  PayoutsAnswer,
  ProviderBalance,
  ProviderPayoutsAnswer,
  ProviderSubscriptionsAnswer,
  RevenueAnswer,
  SandboxOnboarding,
  SandboxRedirect,
  type Payout,
} from '@picks/contracts'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { queryRows } from '../../db/client.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, buy, creator, dayPass, monthlyPlan, onboard } from '../../test/payments.ts'
import { enterAdminPassword, person, request, type Person } from '../../test/people.ts'
import { sandboxAccounts, sandboxCharges } from '../payments/sandbox.table.ts'
import { ledgerEntries } from '../ledger/ledger.table.ts'
import { payoutAccounts, payouts } from './payouts.table.ts'

/** The default app of tests: a 10% fee and no hold. */
let t: TestApp
/** A production-like app: a 10% fee and a 7-day hold before charges can be paid out. */
let held: TestApp
const start = new Date('2026-11-23T12:00:00Z')
let clock = start
const dayMs = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock })
  held = await buildTestApp({ payments: { feeBps: 1000, holdDays: 7 } }, { now: () => clock })
})
afterAll(async () => {
  await t.app.close()
  await held.app.close()
})
beforeEach(async () => {
  await t.database.reset()
  await held.database.reset()
  clock = start
})

function errorOf(res: { body: string }) {
  return ErrorBody.parse(JSON.parse(res.body)).error
}

function at(iso: string): void {
  clock = new Date(iso)
}

async function later(app: TestApp, days: number): Promise<void> {
  clock = new Date(clock.getTime() + days * dayMs)
  await app.app.billing.runDue(clock)
}

async function balanceOf(who: Person, creatorId = who.id, app = t): Promise<CreatorBalance> {
  const res = await request(app, 'GET', `/creators/balance/${creatorId}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return CreatorBalance.parse(res.json())
}

async function statusOf(who: Person, creatorId = who.id): Promise<OnboardingStatus> {
  const res = await request(t, 'GET', `/creators/onboarding-status/${creatorId}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return OnboardingStatus.parse(res.json())
}

function askPayout(who: Person | null, body: Record<string, unknown>, app = t) {
  return request(app, 'POST', '/creators/payout', who, body)
}

async function payOut(who: Person, amount: number, app = t, creatorId = who.id): Promise<Payout> {
  const res = await askPayout(who, { creatorId, amount, description: 'To my bank' }, app)
  expect(res.statusCode, res.body).toBe(201)
  return PayoutAnswer.parse(res.json()).payout
}

async function payoutsOf(who: Person, app = t): Promise<PayoutsAnswer> {
  const res = await request(app, 'GET', `/creators/payouts/${who.id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return PayoutsAnswer.parse(res.json())
}

async function providerPayoutsOf(who: Person, app = t) {
  const res = await request(app, 'GET', `/creators/stripe-payouts/${who.id}`, who)
  expect(res.statusCode, res.body).toBe(200)
  return ProviderPayoutsAnswer.parse(res.json()).payouts
}

/** The provider's reference of the creator's charges, oldest first. */
async function chargeRefs(creatorId: string, app = t): Promise<string[]> {
  const rows = await app.database.db
    .select({ ref: ledgerEntries.providerRef })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.creatorId, creatorId), eq(ledgerEntries.kind, 'charge')))
    .orderBy(ledgerEntries.occurredAt)
  return rows.map((r) => r.ref)
}

async function refund(paymentRef: string, amountCents: number, app = t): Promise<void> {
  await app.app.billing.provider.refund({
    paymentRef,
    amountCents,
    idempotencyKey: `refund:${paymentRef}:${amountCents}`,
  })
}

/** An onboarded creator with a $29.00 monthly plan that a customer has bought: 2610 cents to the creator. */
async function paidCreator(app = t): Promise<{ dana: Person; pat: Person; monthly: string }> {
  const dana = await creator(app, 'dana@example.com', 'SharpDana')
  await onboard(app, dana)
  const monthly = (await addPlan(app, dana, monthlyPlan)).id
  const pat = await person(app, 'pat@example.com')
  await buy(app, pat, monthly)
  return { dana, pat, monthly }
}

describe('payout onboarding', () => {
  it('takes a creator through the provider’s onboarding pages to a complete account', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect(await statusOf(dana)).toEqual({
      provider: 'sandbox',
      account_id: null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      onboarded: false,
    })

    const res = await request(t, 'POST', '/creators/onboard', dana, {
      creatorId: dana.id,
      email: dana.email,
      name: 'Dana Sharp',
    })
    expect(res.statusCode, res.body).toBe(200)
    const { url } = OnboardAnswer.parse(res.json())
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox\/onboarding\/link_sbx_[0-9a-f]{24}$/)
    const linkId = url.split('/').pop() ?? ''
    const started = await statusOf(dana)
    expect(started).toMatchObject({ account_id: expect.stringMatching(/^acct_sbx_/), onboarded: false })

    const page = await request(t, 'GET', `/sandbox/onboarding/${linkId}`, dana)
    expect(page.statusCode, page.body).toBe(200)
    expect(SandboxOnboarding.parse(page.json())).toEqual({
      link_id: linkId,
      account_id: started.account_id,
      email: dana.email,
      name: 'Dana Sharp',
      status: 'open',
      return_url: 'http://localhost:3000/creator/onboarding/complete',
      refresh_url: 'http://localhost:3000/creator/payments?onboarding=expired',
    })

    const mallory = await person(t, 'mallory@example.com')
    expect((await request(t, 'GET', `/sandbox/onboarding/${linkId}`, mallory)).statusCode).toBe(404)
    expect((await request(t, 'POST', `/sandbox/onboarding/${linkId}/complete`, mallory)).statusCode).toBe(404)
    expect((await statusOf(dana)).onboarded).toBe(false)

    const done = await request(t, 'POST', `/sandbox/onboarding/${linkId}/complete`, dana)
    expect(done.statusCode, done.body).toBe(200)
    expect(SandboxRedirect.parse(done.json())).toEqual({
      redirect_url: 'http://localhost:3000/creator/onboarding/complete',
    })
    const complete = {
      provider: 'sandbox',
      account_id: started.account_id,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      onboarded: true,
    }
    expect(await statusOf(dana)).toEqual(complete)
    const synced = await request(t, 'POST', `/creators/sync-stripe-status/${dana.id}`, dana)
    expect(synced.statusCode, synced.body).toBe(200)
    expect(synced.json()).toEqual(complete)
  })

  it('makes one account however often the creator asks, with a fresh link each time', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const body = { creatorId: dana.id, email: dana.email, name: 'Dana Sharp' }
    const answers = await Promise.all([
      request(t, 'POST', '/creators/onboard', dana, body),
      request(t, 'POST', '/creators/onboard', dana, body),
    ])
    const again = await request(t, 'POST', '/creators/onboard', dana, body)
    const urls = [...answers, again].map((res) => {
      expect(res.statusCode, res.body).toBe(200)
      return OnboardAnswer.parse(res.json()).url
    })
    expect(new Set(urls).size).toBe(3)
    const accounts = await t.database.db.select().from(payoutAccounts)
    expect(accounts).toHaveLength(1)
    expect(accounts[0]).toMatchObject({ creatorId: dana.id, provider: 'sandbox' })
    expect(await t.database.db.select().from(sandboxAccounts)).toHaveLength(1)
  })

  it('lets only creators onboard, each for themself or through an admin', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const pat = await person(t, 'pat@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    const body = (creatorId: string) => ({ creatorId, email: 'payouts@example.com', name: 'Payee' })

    const customer = await request(t, 'POST', '/creators/onboard', pat, body(pat.id))
    expect(customer.statusCode).toBe(403)
    // Refused by the route's declaration (creators only), before the body is read.
    expect(errorOf(customer)).toMatchObject({ reason: 'NOT_A_CREATOR', message: 'Only creators can do this' })
    const someoneElse = await request(t, 'POST', '/creators/onboard', eli, body(dana.id))
    expect(someoneElse.statusCode).toBe(403)
    expect((await request(t, 'POST', '/creators/onboard', null, body(dana.id))).statusCode).toBe(401)
    const invalid = await request(t, 'POST', '/creators/onboard', dana, { creatorId: dana.id, email: 'nope', name: '' })
    expect(invalid.statusCode).toBe(400)
    expect(
      errorOf(invalid)
        .details?.map((d) => d.field)
        .sort(),
    ).toEqual(['body.email', 'body.name'])
    expect(await t.database.db.select().from(payoutAccounts)).toEqual([])

    const byAdmin = await request(t, 'POST', '/creators/onboard', admin, body(dana.id))
    expect(byAdmin.statusCode, byAdmin.body).toBe(200)
    expect((await statusOf(dana)).account_id).toMatch(/^acct_sbx_/)
  })

  it('syncs what the provider says when its event never arrived', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', '/creators/onboard', dana, {
      creatorId: dana.id,
      email: dana.email,
      name: 'Dana Sharp',
    })
    expect(res.statusCode, res.body).toBe(200)
    const { account_id: accountId } = await statusOf(dana)
    await t.database.db
      .update(sandboxAccounts)
      .set({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: false })
      .where(eq(sandboxAccounts.id, accountId ?? ''))
    expect((await statusOf(dana)).details_submitted).toBe(false)

    const synced = await request(t, 'POST', `/creators/sync-stripe-status/${dana.id}`, dana)
    expect(synced.statusCode, synced.body).toBe(200)
    expect(synced.json()).toMatchObject({
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: false,
      onboarded: false,
    })
    expect(await statusOf(dana)).toMatchObject({ charges_enabled: true, onboarded: false })
  })

  it('starts over at this provider when the account was made at the other one', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await t.database.db.insert(payoutAccounts).values({
      creatorId: dana.id,
      provider: 'stripe',
      accountId: 'acct_from_stripe',
      detailsSubmitted: true,
      chargesEnabled: true,
      payoutsEnabled: true,
    })
    expect(await statusOf(dana)).toMatchObject({ provider: 'sandbox', account_id: null, onboarded: false })
    const res = await request(t, 'POST', '/creators/onboard', dana, {
      creatorId: dana.id,
      email: dana.email,
      name: 'Dana Sharp',
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(await statusOf(dana)).toMatchObject({
      provider: 'sandbox',
      account_id: expect.stringMatching(/^acct_sbx_/),
      onboarded: false,
    })
    expect(await t.database.db.select().from(payoutAccounts)).toHaveLength(1)
  })

  it('answers a sync before any account with the empty status', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'POST', `/creators/sync-stripe-status/${dana.id}`, dana)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ provider: 'sandbox', account_id: null, onboarded: false })
  })
})

describe('who may see and do what', () => {
  const reads = [
    ['GET', 'onboarding-status'],
    ['POST', 'sync-stripe-status'],
    ['GET', 'balance'],
    ['GET', 'stripe-balance'],
    ['GET', 'earnings'],
    ['GET', 'payouts'],
    ['GET', 'stripe-payouts'],
    ['GET', 'stripe-revenue'],
    ['GET', 'stripe-subscriptions'],
  ] as const

  it.each(reads)('%s /creators/%s/{id} is the creator’s own or an admin’s', async (method, path) => {
    const { dana } = await paidCreator()
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    const sam = await person(t, 'sam@example.com')
    const admin = await person(t, 'admin@example.com', 'admin')
    const url = `/creators/${path}/${dana.id}`
    expect((await request(t, method, url, null)).statusCode).toBe(401)
    for (const stranger of [eli, sam]) {
      const res = await request(t, method, url, stranger)
      expect(res.statusCode, `${stranger.email}: ${res.body}`).toBe(403)
    }
    for (const allowed of [dana, admin]) {
      const res = await request(t, method, url, allowed)
      expect(res.statusCode, `${allowed.email}: ${res.body}`).toBe(200)
    }
  })

  it('refuses a payout request from a visitor (401) and from anyone but the creator or an admin (403)', async () => {
    const { dana } = await paidCreator()
    const eli = await creator(t, 'eli@example.com', 'EliEdges')
    await onboard(t, eli)
    const body = { creatorId: dana.id, amount: 1000, description: '' }
    expect((await askPayout(null, body)).statusCode).toBe(401)
    const res = await askPayout(eli, body)
    expect(res.statusCode).toBe(403)
    expect(errorOf(res).code).toBe('FORBIDDEN')
    expect((await payoutsOf(dana)).total).toBe(0)
    expect((await balanceOf(dana)).available_cents).toBe(2610)

    const admin = await person(t, 'admin@example.com', 'admin')
    const payout = await payOut(admin, 1000, t, dana.id)
    expect(payout).toMatchObject({ creator_id: dana.id, amount_cents: 1000 })
    expect((await balanceOf(dana)).available_cents).toBe(1610)
  })

  it('gives an administrator another creator’s money only once the session has entered the admin password', async () => {
    const { dana } = await paidCreator()
    const ops = await person(t, 'ops@example.com', 'unverifiedAdmin')
    const reads = ['balance', 'earnings', 'payouts', 'stripe-subscriptions'].map(
      (path) => `/creators/${path}/${dana.id}`,
    )
    const body = { creatorId: dana.id, amount: 1000, description: 'Not yet' }

    for (const url of reads) {
      const res = await request(t, 'GET', url, ops)
      expect(res.statusCode, url).toBe(403)
      expect(errorOf(res).reason, url).toBe('ADMIN_PASSWORD_REQUIRED')
    }
    const refused = await askPayout(ops, body)
    expect(refused.statusCode).toBe(403)
    expect(errorOf(refused).reason).toBe('ADMIN_PASSWORD_REQUIRED')
    expect((await payoutsOf(dana)).total).toBe(0)

    await enterAdminPassword(t, ops)
    for (const url of reads) {
      const res = await request(t, 'GET', url, ops)
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200)
    }
    expect((await balanceOf(ops, dana.id)).available_cents).toBe(2610)
    expect(await payOut(ops, 1000, t, dana.id)).toMatchObject({ creator_id: dana.id, amount_cents: 1000 })
    expect((await balanceOf(dana)).available_cents).toBe(1610)
  })

  it('answers a visitor 401 whatever the request holds, and pays nothing', async () => {
    const { dana } = await paidCreator()
    const bodies = [{}, { creatorId: dana.id, amount: 1000 }, { creatorId: 'nope', amount: -5, extra: true }]
    for (const body of bodies) {
      for (const path of ['/creators/payout', '/creators/onboard']) {
        const res = await request(t, 'POST', path, null, body)
        expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(401)
        expect(errorOf(res).reason).toBe('NOT_SIGNED_IN')
      }
    }
    for (const url of [
      `/creators/balance/${dana.id}`,
      '/creators/earnings/not-an-id',
      `/creators/earnings/${dana.id}?limit=-1`,
    ]) {
      expect((await request(t, 'GET', url, null)).statusCode, url).toBe(401)
    }
    expect(await t.database.db.select().from(payouts)).toEqual([])
  })
})

describe('GET /api/creators/balance/{id}', () => {
  it('is all zero before any sale', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    expect(await balanceOf(dana)).toEqual({
      currency: 'usd',
      available_cents: 0,
      pending_cents: 0,
      lifetime_net_cents: 0,
      gross_cents: 0,
      fees_cents: 0,
      refunds_cents: 0,
      paid_out_cents: 0,
      hold_days: 0,
      fee_bps: 1000,
    })
  })

  it('is the charge less the platform fee after a $29.00 monthly subscription is bought', async () => {
    const { dana } = await paidCreator()
    expect(await balanceOf(dana)).toEqual({
      currency: 'usd',
      available_cents: 2610,
      pending_cents: 0,
      lifetime_net_cents: 2610,
      gross_cents: 2900,
      fees_cents: 290,
      refunds_cents: 0,
      paid_out_cents: 0,
      hold_days: 0,
      fee_bps: 1000,
    })
  })

  it('keeps a charge pending for the hold days, then makes it available', async () => {
    const { dana } = await paidCreator(held)
    expect(await balanceOf(dana, dana.id, held)).toMatchObject({
      available_cents: 0,
      pending_cents: 2610,
      lifetime_net_cents: 2610,
      hold_days: 7,
      fee_bps: 1000,
    })
    const early = await askPayout(dana, { creatorId: dana.id, amount: 1000, description: '' }, held)
    expect(early.statusCode).toBe(409)
    expect(errorOf(early)).toMatchObject({ reason: 'OVER_BALANCE', message: paymentMessages.payoutOverBalance })

    clock = new Date(start.getTime() + 7 * dayMs - 1000)
    expect((await balanceOf(dana, dana.id, held)).available_cents).toBe(0)
    clock = new Date(start.getTime() + 7 * dayMs)
    expect(await balanceOf(dana, dana.id, held)).toMatchObject({ available_cents: 2610, pending_cents: 0 })
    await payOut(dana, 1000, held)
    expect(await balanceOf(dana, dana.id, held)).toMatchObject({ available_cents: 1610, paid_out_cents: 1000 })
  })

  it('takes a refund out at once, with the share of the fee given back', async () => {
    const { dana } = await paidCreator()
    const [ref] = await chargeRefs(dana.id)
    await refund(ref ?? '', 1000)
    expect(await balanceOf(dana)).toMatchObject({
      available_cents: 2610 - 1000 + 100,
      gross_cents: 2900,
      fees_cents: 190,
      refunds_cents: 1000,
      lifetime_net_cents: 1710,
    })
  })
})

describe('GET /api/creators/stripe-balance/{id}', () => {
  it('says payouts are not set up before onboarding is complete (not the payout request’s words)', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const res = await request(t, 'GET', `/creators/stripe-balance/${dana.id}`, dana)
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toMatchObject({ reason: 'NOT_ONBOARDED', message: paymentMessages.providerBalanceNotSetUp })
    expect(errorOf(res).message).toBe('Payouts are not set up yet. Set up payouts to see your Stripe balance.')
  })

  it('shows the provider’s own figure of the account', async () => {
    const { dana } = await paidCreator()
    const res = await request(t, 'GET', `/creators/stripe-balance/${dana.id}`, dana)
    expect(res.statusCode, res.body).toBe(200)
    expect(ProviderBalance.parse(res.json())).toEqual({
      provider: 'sandbox',
      currency: 'usd',
      available_cents: 2610,
      pending_cents: 0,
    })
  })
})

describe('POST /api/creators/payout', () => {
  it('pays out part of the available balance, which then shows in both payout lists', async () => {
    const { dana } = await paidCreator()
    const res = await askPayout(dana, { creatorId: dana.id, amount: 2000, description: 'November' })
    expect(res.statusCode, res.body).toBe(201)
    const { payout } = PayoutAnswer.parse(res.json())
    // The sandbox's bank takes it at once.
    expect(payout).toEqual({
      id: expect.any(String),
      creator_id: dana.id,
      amount_cents: 2000,
      currency: 'usd',
      description: 'November',
      status: 'paid',
      failure_reason: null,
      created_at: clock.toISOString(),
      updated_at: expect.any(String),
    })
    expect(await balanceOf(dana)).toMatchObject({
      available_cents: 610,
      paid_out_cents: 2000,
      lifetime_net_cents: 2610,
    })
    expect(await payoutsOf(dana)).toEqual({ payouts: [payout], total: 1, limit: 20, offset: 0 })
    const atProvider = await providerPayoutsOf(dana)
    expect(atProvider).toEqual([
      {
        id: expect.stringMatching(/^po_sbx_/),
        amount_cents: 2000,
        currency: 'usd',
        status: 'paid',
        arrival_at: expect.any(String),
        created_at: clock.toISOString(),
        description: 'November',
      },
    ])
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout.id))
    expect(row?.providerPayoutId).toBe(atProvider[0]?.id)
    const providerBalance = await request(t, 'GET', `/creators/stripe-balance/${dana.id}`, dana)
    expect(ProviderBalance.parse(providerBalance.json()).available_cents).toBe(610)
  })

  it('pays out the whole available balance, and nothing more after it', async () => {
    const { dana } = await paidCreator()
    await payOut(dana, 2610)
    expect((await balanceOf(dana)).available_cents).toBe(0)
    const res = await askPayout(dana, { creatorId: dana.id, amount: 1000, description: '' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res).reason).toBe('OVER_BALANCE')
  })

  it('refuses more than the available balance and books nothing', async () => {
    const { dana } = await paidCreator()
    const res = await askPayout(dana, { creatorId: dana.id, amount: 2611, description: '' })
    expect(res.statusCode).toBe(409)
    expect(errorOf(res)).toMatchObject({
      code: 'CONFLICT',
      reason: 'OVER_BALANCE',
      message: paymentMessages.payoutOverBalance,
    })
    expect((await payoutsOf(dana)).total).toBe(0)
    expect(await providerPayoutsOf(dana)).toEqual([])
    expect(await balanceOf(dana)).toMatchObject({ available_cents: 2610, paid_out_cents: 0 })
  })

  it.each([
    [999, paymentMessages.payoutMinimum],
    [0, paymentMessages.payoutMinimum],
    [1500.5, 'Enter the amount in whole cents'],
    ['2000', 'Enter the amount in cents'],
  ])('refuses an amount of %j as %s', async (amount, message) => {
    const { dana } = await paidCreator()
    const res = await askPayout(dana, { creatorId: dana.id, amount, description: '' })
    expect(res.statusCode).toBe(400)
    expect(errorOf(res).details).toEqual([{ field: 'body.amount', message }])
    expect((await payoutsOf(dana)).total).toBe(0)
  })

  it('refuses a creator whose onboarding is not complete', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    for (const step of ['no account', 'account started'] as const) {
      if (step === 'account started') {
        const res = await request(t, 'POST', '/creators/onboard', dana, {
          creatorId: dana.id,
          email: dana.email,
          name: 'Dana',
        })
        expect(res.statusCode, res.body).toBe(200)
      }
      const res = await askPayout(dana, { creatorId: dana.id, amount: 1000, description: '' })
      expect(res.statusCode, step).toBe(409)
      expect(errorOf(res)).toMatchObject({ reason: 'NOT_ONBOARDED', message: paymentMessages.payoutNotOnboarded })
    }
    expect((await payoutsOf(dana)).total).toBe(0)
  })

  it('lets payouts asked for at the same moment spend the money only once', async () => {
    const { dana } = await paidCreator()
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => askPayout(dana, { creatorId: dana.id, amount: 1000, description: `#${i}` })),
    )
    const codes = answers.map((res) => res.statusCode)
    expect(codes.filter((code) => code === 201)).toHaveLength(2)
    expect(codes.filter((code) => code === 409)).toHaveLength(6)
    expect(await balanceOf(dana)).toMatchObject({ available_cents: 610, paid_out_cents: 2000 })
    expect((await payoutsOf(dana)).total).toBe(2)
  })

  it('puts the money back when the provider refuses the payout', async () => {
    const { dana } = await paidCreator()
    const { account_id: accountId } = await statusOf(dana)
    // The provider has turned payouts off and its event has not come yet.
    await t.database.db
      .update(sandboxAccounts)
      .set({ payoutsEnabled: false })
      .where(eq(sandboxAccounts.id, accountId ?? ''))
    const res = await askPayout(dana, { creatorId: dana.id, amount: 2000, description: '' })
    expect(res.statusCode).toBe(503)
    expect(errorOf(res)).toMatchObject({ reason: 'PROVIDER', message: paymentMessages.payoutFailed })
    const { payouts: list } = await payoutsOf(dana)
    expect(list).toEqual([
      expect.objectContaining({
        amount_cents: 2000,
        status: 'failed',
        failure_reason: 'Payouts are not enabled for this account',
      }),
    ])
    expect(await balanceOf(dana)).toMatchObject({ available_cents: 2610, paid_out_cents: 0 })
  })

  it('returns a failed payout’s money once, however often the provider says it failed', async () => {
    const { dana } = await paidCreator()
    const payout = await payOut(dana, 2000)
    const [row] = await t.database.db.select().from(payouts).where(eq(payouts.id, payout.id))
    const { account_id: accountId } = await statusOf(dana)
    const failed = {
      id: 'evt_payout_failed_1',
      occurredAt: clock,
      type: 'payout.failed' as const,
      accountId: accountId ?? '',
      providerPayoutId: row?.providerPayoutId ?? '',
      payoutId: payout.id,
      failureReason: 'The bank account was closed',
    }
    expect(await t.app.billing.applyEvent(failed)).toBe(true)
    expect(await t.app.billing.applyEvent(failed)).toBe(false)
    // The same news under another event id (a provider's retry can carry one) changes nothing either.
    expect(await t.app.billing.applyEvent({ ...failed, id: 'evt_payout_failed_2' })).toBe(true)

    expect(await balanceOf(dana)).toMatchObject({ available_cents: 2610, paid_out_cents: 0, lifetime_net_cents: 2610 })
    expect((await payoutsOf(dana)).payouts).toEqual([
      expect.objectContaining({ id: payout.id, status: 'failed', failure_reason: 'The bank account was closed' }),
    ])
    const reversals = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.payoutId, payout.id), eq(ledgerEntries.kind, 'payout_reversal')))
    expect(reversals.map((r) => r.amountCents)).toEqual([2000])
  })
})

describe('earnings, revenue and subscriptions', () => {
  /**
   * Dana's month: a day pass on Nov 13, a $29.00 monthly on Nov 20, $10.00 of it refunded on Nov 21,
   * and a payout on Nov 22 (which is not an earning). Today is Nov 23.
   */
  async function danasMonth(): Promise<Person> {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    await onboard(t, dana)
    const pass = (await addPlan(t, dana, dayPass)).id
    const monthly = (await addPlan(t, dana, monthlyPlan)).id
    const pat = await person(t, 'pat@example.com')
    const sam = await person(t, 'sam@example.com')
    at('2026-11-13T12:00:00Z')
    await buy(t, pat, pass)
    at('2026-11-20T09:00:00Z')
    await buy(t, sam, monthly)
    at('2026-11-21T15:00:00Z')
    const refs = await chargeRefs(dana.id)
    await refund(refs[1] ?? '', 1000)
    at('2026-11-22T10:00:00Z')
    await payOut(dana, 1000)
    at('2026-11-23T12:00:00Z')
    return dana
  }

  it('lists charges, fees and refunds newest first, page by page', async () => {
    const dana = await danasMonth()
    const res = await request(t, 'GET', `/creators/earnings/${dana.id}`, dana)
    expect(res.statusCode, res.body).toBe(200)
    const answer = EarningsAnswer.parse(res.json())
    expect(answer).toMatchObject({ total: 6, limit: 50, offset: 0 })
    expect(answer.earnings.map((e) => [e.kind, e.amount_cents, e.occurred_at.slice(0, 10)])).toEqual([
      ['refund', -1000, '2026-11-21'],
      ['platform_fee', 100, '2026-11-21'],
      ['charge', 2900, '2026-11-20'],
      ['platform_fee', -290, '2026-11-20'],
      ['charge', 999, '2026-11-13'],
      ['platform_fee', -100, '2026-11-13'],
    ])
    expect(answer.earnings[2]).toMatchObject({
      description: 'Monthly subscription',
      purchase_id: expect.any(String),
      payout_id: null,
      currency: 'usd',
      available_at: '2026-11-20T09:00:00.000Z',
    })

    const page = await request(t, 'GET', `/creators/earnings/${dana.id}?limit=2&offset=2`, dana)
    expect(page.statusCode, page.body).toBe(200)
    const second = EarningsAnswer.parse(page.json())
    expect(second).toMatchObject({ total: 6, limit: 2, offset: 2 })
    expect(second.earnings.map((e) => e.amount_cents)).toEqual([2900, -290])

    const tooMany = await request(t, 'GET', `/creators/earnings/${dana.id}?limit=101`, dana)
    expect(tooMany.statusCode).toBe(400)
    expect(errorOf(tooMany).details?.[0]?.field).toBe('query.limit')
  })

  it('pages the payout requests, newest first', async () => {
    const { dana } = await paidCreator()
    await payOut(dana, 1000)
    clock = new Date(clock.getTime() + 60_000)
    await payOut(dana, 1200)
    const res = await request(t, 'GET', `/creators/payouts/${dana.id}?limit=1&offset=0`, dana)
    expect(res.statusCode, res.body).toBe(200)
    const answer = PayoutsAnswer.parse(res.json())
    expect(answer).toMatchObject({ total: 2, limit: 1, offset: 0 })
    expect(answer.payouts.map((p) => p.amount_cents)).toEqual([1200])
    const res2 = await request(t, 'GET', `/creators/payouts/${dana.id}?limit=1&offset=1`, dana)
    expect(PayoutsAnswer.parse(res2.json()).payouts.map((p) => p.amount_cents)).toEqual([1000])
    expect((await providerPayoutsOf(dana)).map((p) => p.amount_cents)).toEqual([1200, 1000])
  })

  it('lists the provider’s payouts up to `limit` (spec §7 asks for 50), a limit of 1 to 100', async () => {
    const { dana } = await paidCreator()
    await payOut(dana, 1000)
    clock = new Date(clock.getTime() + 60_000)
    await payOut(dana, 1200)
    const one = await request(t, 'GET', `/creators/stripe-payouts/${dana.id}?limit=1`, dana)
    expect(one.statusCode, one.body).toBe(200)
    expect(ProviderPayoutsAnswer.parse(one.json()).payouts.map((p) => p.amount_cents)).toEqual([1200])
    const fifty = await request(t, 'GET', `/creators/stripe-payouts/${dana.id}?limit=50`, dana)
    expect(ProviderPayoutsAnswer.parse(fifty.json()).payouts).toHaveLength(2)
    for (const limit of ['0', '101', 'many', '1.5']) {
      const res = await request(t, 'GET', `/creators/stripe-payouts/${dana.id}?limit=${limit}`, dana)
      expect(res.statusCode, `limit=${limit}`).toBe(400)
      expect(errorOf(res).details?.[0]?.field).toBe('query.limit')
    }
  })

  it('buckets the last 7 days by UTC day, every day present, net of fees and refunds', async () => {
    const dana = await danasMonth()
    const res = await request(t, 'GET', `/creators/stripe-revenue/${dana.id}?period=7d`, dana)
    expect(res.statusCode, res.body).toBe(200)
    const revenue = RevenueAnswer.parse(res.json())
    const zero = { gross_cents: 0, fees_cents: 0, refunds_cents: 0, net_cents: 0 }
    expect(revenue).toEqual({
      period: '7d',
      currency: 'usd',
      bucket: 'day',
      points: [
        { date: '2026-11-17', ...zero },
        { date: '2026-11-18', ...zero },
        { date: '2026-11-19', ...zero },
        { date: '2026-11-20', gross_cents: 2900, fees_cents: 290, refunds_cents: 0, net_cents: 2610 },
        { date: '2026-11-21', gross_cents: 0, fees_cents: -100, refunds_cents: 1000, net_cents: -900 },
        { date: '2026-11-22', ...zero },
        { date: '2026-11-23', ...zero },
      ],
      totals: { gross_cents: 2900, fees_cents: 190, refunds_cents: 1000, net_cents: 1710 },
    })
  })

  it('covers 30 and 90 days by day, 12 months by month, and all time from the first sale', async () => {
    const dana = await danasMonth()
    const revenue = async (period: string) => {
      const res = await request(t, 'GET', `/creators/stripe-revenue/${dana.id}?period=${period}`, dana)
      expect(res.statusCode, res.body).toBe(200)
      return RevenueAnswer.parse(res.json())
    }
    const everything = { gross_cents: 3899, fees_cents: 290, refunds_cents: 1000, net_cents: 2609 }

    const month = await revenue('30d')
    expect(month.points).toHaveLength(30)
    expect(month.points[0]?.date).toBe('2026-10-25')
    expect(month.points.at(-1)?.date).toBe('2026-11-23')
    expect(month.points.find((p) => p.date === '2026-11-13')).toMatchObject({ gross_cents: 999, net_cents: 899 })
    expect(month.totals).toEqual(everything)

    const quarter = await revenue('90d')
    expect(quarter).toMatchObject({ bucket: 'day', totals: everything })
    expect(quarter.points).toHaveLength(90)
    expect(quarter.points[0]?.date).toBe('2026-08-26')

    const year = await revenue('12m')
    expect(year.bucket).toBe('month')
    expect(year.points.map((p) => p.date)).toEqual([
      '2025-12-01',
      ...['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11'].map((m) => `2026-${m}-01`),
    ])
    expect(year.points.at(-1)).toEqual({ date: '2026-11-01', ...everything })
    expect(year.totals).toEqual(everything)

    const all = await revenue('all')
    expect(all).toEqual({
      period: 'all',
      currency: 'usd',
      bucket: 'month',
      points: [{ date: '2026-11-01', ...everything }],
      totals: everything,
    })
    expect((await balanceOf(dana)).lifetime_net_cents).toBe(everything.net_cents)

    expect((await request(t, 'GET', `/creators/stripe-revenue/${dana.id}?period=2w`, dana)).statusCode).toBe(400)
    expect((await request(t, 'GET', `/creators/stripe-revenue/${dana.id}`, dana)).json()).toMatchObject({
      period: '30d',
    })
  })

  it('is empty for a creator with no sales yet', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const all = await request(t, 'GET', `/creators/stripe-revenue/${dana.id}?period=all`, dana)
    expect(all.json()).toMatchObject({ points: [], totals: { gross_cents: 0, net_cents: 0 } })
    const week = RevenueAnswer.parse(
      (await request(t, 'GET', `/creators/stripe-revenue/${dana.id}?period=7d`, dana)).json(),
    )
    expect(week.points.map((p) => p.net_cents)).toEqual([0, 0, 0, 0, 0, 0, 0])
  })

  it('lists the provider’s subscriptions, counting paying ones in the monthly recurring revenue', async () => {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const none = await request(t, 'GET', `/creators/stripe-subscriptions/${dana.id}`, dana)
    expect(none.statusCode, none.body).toBe(200)
    expect(none.json()).toEqual({ subscriptions: [], mrr_cents: 0 })

    await onboard(t, dana)
    const monthly = (await addPlan(t, dana, monthlyPlan)).id
    const weekly = (
      await addPlan(t, dana, { name: 'Weekly', kind: 'subscription', interval: 'week', price_cents: 700 })
    ).id
    const yearly = (
      await addPlan(t, dana, { name: 'Yearly', kind: 'subscription', interval: 'year', price_cents: 24000 })
    ).id
    const trial = (await addPlan(t, dana, { ...monthlyPlan, name: 'Trial', price_cents: 1500, trial_days: 7 })).id
    const pat = await person(t, 'pat@example.com')
    const monthlyPurchase = await buy(t, pat, monthly)
    await buy(t, await person(t, 'sam@example.com'), weekly)
    await buy(t, await person(t, 'lee@example.com'), yearly)
    await buy(t, await person(t, 'kim@example.com'), trial)

    const subscriptions = async () => {
      const res = await request(t, 'GET', `/creators/stripe-subscriptions/${dana.id}`, dana)
      expect(res.statusCode, res.body).toBe(200)
      return ProviderSubscriptionsAnswer.parse(res.json())
    }
    const before = await subscriptions()
    expect(before.subscriptions).toHaveLength(4)
    expect(before.subscriptions.find((s) => s.purchase_id === monthlyPurchase)).toEqual({
      id: expect.stringMatching(/^sub_sbx_/),
      purchase_id: monthlyPurchase,
      status: 'active',
      amount_cents: 2900,
      currency: 'usd',
      interval: 'month',
      current_period_end: '2026-12-23T12:00:00.000Z',
      cancel_at_period_end: false,
    })
    expect(before.subscriptions.map((s) => s.status).sort()).toEqual(['active', 'active', 'active', 'trialing'])
    // 2900 a month, 700 × 52 / 12 for the weekly, 24000 / 12 for the yearly; the trial pays nothing yet.
    expect(before.mrr_cents).toBe(Math.round(2900 + (700 * 52) / 12 + 24000 / 12))

    const cancelled = await request(t, 'DELETE', `/purchases/${monthlyPurchase}?cancelImmediately=true`, pat)
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    const after = await subscriptions()
    expect(after.subscriptions.find((s) => s.purchase_id === monthlyPurchase)?.status).toBe('canceled')
    expect(after.mrr_cents).toBe(Math.round((700 * 52) / 12 + 24000 / 12))
  })
})

describe('the ledger invariant', () => {
  /** Sums of the ledger by kind for one creator, straight from the table. */
  async function ledgerSums(creatorId: string) {
    const [row] = await queryRows<Record<'total' | 'charges' | 'fees' | 'refunds' | 'payouts', string>>(
      held.database.db,
      sql`select coalesce(sum(amount_cents), 0) as "total",
            coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "charges",
            coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "fees",
            coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refunds",
            coalesce(-sum(amount_cents) filter (where kind in ('payout', 'payout_reversal')), 0) as "payouts"
          from ledger_entries where creator_id = ${creatorId}`,
    )
    return {
      total: Number(row?.total),
      charges: Number(row?.charges),
      fees: Number(row?.fees),
      refunds: Number(row?.refunds),
      payouts: Number(row?.payouts),
    }
  }

  it('holds for every creator after purchases, renewals, a refund, payouts and a failed payout', async () => {
    const h = held
    at('2026-09-01T12:00:00Z')
    const dana = await creator(h, 'dana@example.com', 'SharpDana')
    const eli = await creator(h, 'eli@example.com', 'EliEdges')
    const danaAccount = await onboard(h, dana)
    const eliAccount = await onboard(h, eli)
    const danaMonthly = (await addPlan(h, dana, monthlyPlan)).id
    const danaWeekly = (
      await addPlan(h, dana, { name: 'Weekly', kind: 'subscription', interval: 'week', price_cents: 700 })
    ).id
    const danaPass = (await addPlan(h, dana, dayPass)).id
    const eliMonthly = (await addPlan(h, eli, { ...monthlyPlan, price_cents: 1900 })).id
    const pat = await person(h, 'pat@example.com')
    const sam = await person(h, 'sam@example.com')
    const lee = await person(h, 'lee@example.com')

    await buy(h, pat, danaMonthly)
    await buy(h, sam, danaWeekly)
    await buy(h, lee, danaPass)
    await buy(h, pat, eliMonthly)
    await later(h, 1)
    // Sam's card pays at checkout and fails every renewal after: retries, then the end.
    await buy(h, sam, eliMonthly, 'renewalsFail')
    await buy(h, lee, danaWeekly)
    for (let week = 0; week < 9; week++) await later(h, 7)

    const [firstDanaCharge] = await chargeRefs(dana.id, h)
    await refund(firstDanaCharge ?? '', 1234, h)

    await payOut(dana, 3000, h)
    const failing = await payOut(eli, 2000, h)
    const [failingRow] = await h.database.db.select().from(payouts).where(eq(payouts.id, failing.id))
    const failed = {
      id: 'evt_invariant_payout_failed',
      occurredAt: clock,
      type: 'payout.failed' as const,
      accountId: eliAccount,
      providerPayoutId: failingRow?.providerPayoutId ?? '',
      payoutId: failing.id,
      failureReason: 'The bank account was closed',
    }
    await h.app.billing.applyEvent(failed)
    await h.app.billing.applyEvent(failed)
    await payOut(eli, 1000, h)
    // A sale today is still on hold at the end.
    await buy(h, await person(h, 'kim@example.com'), danaPass)

    const expectedPaidOut = new Map([
      [dana.id, 3000],
      [eli.id, 1000],
    ])
    for (const [who, accountId] of [
      [dana, danaAccount],
      [eli, eliAccount],
    ] as const) {
      const sums = await ledgerSums(who.id)
      const balance = await balanceOf(who, who.id, h)
      expect(sums.charges - sums.fees - sums.refunds - sums.payouts).toBe(sums.total)
      expect(balance.available_cents + balance.pending_cents).toBe(sums.total)
      expect(balance.lifetime_net_cents - balance.paid_out_cents).toBe(sums.total)
      expect(balance).toMatchObject({
        gross_cents: sums.charges,
        fees_cents: sums.fees,
        refunds_cents: sums.refunds,
        paid_out_cents: expectedPaidOut.get(who.id),
      })
      // The ledger agrees with the provider's own record of the money it moved.
      const [atProvider] = await h.database.db
        .select({
          charged: sql<string>`coalesce(sum(${sandboxCharges.amountCents}), 0)`,
          refunded: sql<string>`coalesce(sum(${sandboxCharges.refundedCents}), 0)`,
        })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.accountId, accountId))
      expect(Number(atProvider?.charged)).toBe(sums.charges)
      expect(Number(atProvider?.refunded)).toBe(sums.refunds)
    }

    const danaBalance = await balanceOf(dana, dana.id, h)
    expect(danaBalance.pending_cents).toBeGreaterThan(0)
    expect(danaBalance.refunds_cents).toBe(1234)
    // Renewals happened: more than the first four charges of dana's two subscriptions and the passes.
    expect((await chargeRefs(dana.id, h)).length).toBeGreaterThan(10)
    // Sam's failing renewals to eli never booked anything beyond the first charge.
    expect(await chargeRefs(eli.id, h)).toHaveLength(4)
  })
})
