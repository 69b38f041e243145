import { randomUUID } from 'node:crypto'
import { AffiliateOverview, CreatePurchaseAnswer, OnboardAnswer, PayoutAnswer, RefundAnswer } from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import { affiliateClick, affiliateJoins } from '../../test/affiliates.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { addPlan, creator, dayPass, onboard } from '../../test/payments.ts'
import { person, request, type Person } from '../../test/people.ts'
import { buildStripeTestApp, deliverStripeEvents, onboardAtStripe } from '../../test/stripe-app.ts'
import type { StripeDouble } from '../../test/stripe-double.ts'
import { paymentEvents } from '../billing/billing.table.ts'
import type { PaymentEvent } from '../payments/payments.service.ts'
import { payoutAccounts } from '../payouts/payouts.table.ts'
import { purchases } from '../purchases/purchases.table.ts'
import { affiliateCommissionTransfers } from './affiliates.table.ts'

/**
 * The commission's money at the provider (decision 038), through each provider: Stripe's official
 * SDK against the local double of its API (events back through the signed webhook), and the
 * sandbox. The affiliate's connected account must end up holding what the ledger says, so that
 * their payout is paid from it: the double refuses a payout the account cannot cover, and a transfer
 * reversal beyond what is left of a transfer.
 */

interface World {
  t: TestApp
  /** Onboards a creator or an affiliate at the provider; their account id. */
  onboardCreator(who: Person): Promise<string>
  onboardAffiliate(who: Person): Promise<string>
  /** Runs `step`, then delivers what the provider reported meanwhile (Stripe's webhooks; the sandbox delivers at once). */
  settle<T>(step: () => Promise<T>): Promise<T>
  /** The customer pays the checkout. */
  pay(sessionId: string): Promise<void>
  close(): Promise<void>
}

async function sandboxWorld(): Promise<World> {
  const t = await buildTestApp({ payments: { feeBps: 1000, holdDays: 0 } })
  const sandbox = () => {
    if (!t.app.billing.sandbox) throw new Error('this world needs the sandbox provider')
    return t.app.billing.sandbox
  }
  return {
    t,
    onboardCreator: (who) => onboard(t, who),
    async onboardAffiliate(who) {
      const link = await request(t, 'POST', `/affiliate/${who.id}/onboard`, who, { email: who.email, name: 'Amy' })
      expect(link.statusCode, link.body).toBe(200)
      await sandbox().completeOnboarding(OnboardAnswer.parse(link.json()).url.split('/').pop() ?? '')
      return accountOf(t, who)
    },
    settle: (step) => step(),
    async pay(sessionId) {
      await sandbox().payCheckout(sessionId, 'succeeds')
    },
    close: () => t.app.close(),
  }
}

async function stripeWorld(): Promise<World> {
  const { t, stripe } = await buildStripeTestApp({ payments: { feeBps: 1000, holdDays: 0 } })
  const double: StripeDouble = stripe
  return {
    t,
    onboardCreator: (who) => onboardAtStripe(t, double, who),
    async onboardAffiliate(who) {
      const link = await request(t, 'POST', `/affiliate/${who.id}/onboard`, who, { email: who.email, name: 'Amy' })
      expect(link.statusCode, link.body).toBe(200)
      const accountId = await accountOf(t, who)
      await deliverStripeEvents(t, double, double.finishOnboarding(accountId))
      return accountId
    },
    async settle(step) {
      const from = double.events.length
      const result = await step()
      await deliverStripeEvents(t, double, double.events.slice(from))
      return result
    },
    async pay(sessionId) {
      await deliverStripeEvents(t, double, double.completeCheckout(sessionId))
    },
    async close() {
      await t.app.close()
      await double.close()
    },
  }
}

async function accountOf(t: TestApp, who: Person): Promise<string> {
  const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, who.id))
  if (!row) throw new Error(`${who.email} has no payout account`)
  return row.accountId
}

describe.each([
  ['the sandbox', sandboxWorld],
  ["Stripe's SDK against the double", stripeWorld],
])("an affiliate's commission money, through %s", (_name, makeWorld) => {
  let w: World
  let t: TestApp

  beforeAll(async () => {
    w = await makeWorld()
    t = w.t
  })
  afterAll(async () => {
    await w.close()
  })
  beforeEach(async () => {
    await t.database.reset()
  })

  /** Dana sells a $99.99 pass (10% to the platform); Amy earns 20% of every payment her link brings. */
  async function referredWorld(options: { amyOnboarded: boolean }) {
    const dana = await creator(t, 'dana@example.com', 'SharpDana')
    const danaAccount = await w.onboardCreator(dana)
    const pass = (await addPlan(t, dana, { ...dayPass, price_cents: price })).id
    const { affiliate: amy, code } = await affiliateJoins(t, dana, 'amy@example.com', {
      reward_kind: 'percent',
      percent_bps: 2000,
      amount_cents: null,
      payments: 'every',
      plan_ids: null,
    })
    const amyAccount = options.amyOnboarded ? await w.onboardAffiliate(amy) : null
    const pat = await person(t, 'pat@example.com')
    const res = await request(t, 'POST', '/purchases', pat, {
      plan_id: pass,
      affiliate_click: await affiliateClick(t, code),
    })
    expect(res.statusCode, res.body).toBe(201)
    const purchaseId = CreatePurchaseAnswer.parse(res.json()).purchase.id
    const [row] = await t.database.db.select().from(purchases).where(eq(purchases.id, purchaseId))
    await w.pay(row!.checkoutSessionId!)
    return { dana, danaAccount, amy, amyAccount, purchaseId }
  }

  /** What the provider holds for the account (available and pending). */
  async function held(accountId: string): Promise<number> {
    const balance = await t.app.billing.provider.getBalance(accountId)
    return balance.availableCents + balance.pendingCents
  }

  async function overviewOf(amy: Person): Promise<AffiliateOverview> {
    const res = await request(t, 'GET', `/affiliate/${amy.id}`, amy)
    expect(res.statusCode, res.body).toBe(200)
    return AffiliateOverview.parse(res.json())
  }

  const movements = () =>
    t.database.db
      .select({ kind: affiliateCommissionTransfers.kind, cents: affiliateCommissionTransfers.amountCents })
      .from(affiliateCommissionTransfers)
      .orderBy(affiliateCommissionTransfers.createdAt)

  async function refund(purchaseId: string, amountCents?: number) {
    const admin = await person(t, `ops-${randomUUID()}@example.com`, 'admin')
    const res = await w.settle(() =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/purchases/${purchaseId}/refund`,
        headers: { origin: testOrigin, cookie: admin.cookie, 'idempotency-key': randomUUID() },
        payload: { reason: 'The picks came late', ...(amountCents === undefined ? {} : { amountCents }) },
      }),
    )
    expect(res.statusCode, res.body).toBe(200)
    return RefundAnswer.parse(res.json()).refund
  }

  /** The payment's first event again, as a provider resending it under a new id would, and two scheduled passes. */
  async function repeatEverything() {
    const [first] = await t.database.db.select().from(paymentEvents).where(eq(paymentEvents.type, 'checkout.completed'))
    const payload = first!.payload as PaymentEvent
    await t.app.billing.applyEvent({ ...payload, id: `${payload.id}-again`, occurredAt: new Date(payload.occurredAt) })
    await t.app.billing.runScheduled()
    await t.app.billing.runScheduled()
  }

  // $99.99: the platform's fee 1000, the creator's share 8999, of which Amy's 20% (1999) is moved to her.
  const price = 9_999
  const fee = 1_000
  const commission = 1_999
  // A refund of half (5000): floor(1999 × 5000 / 9999) = 999 of the commission, 500 of the fee.
  const half = 5_000
  const halfCommission = 999
  const halfFee = 500

  it("moves a referred payment's commission to the affiliate's account once, and their payout is paid from it", async () => {
    const { dana, danaAccount, amy, amyAccount } = await referredWorld({ amyOnboarded: true })

    expect(await held(amyAccount!)).toBe(commission)
    expect(await held(danaAccount)).toBe(price - fee - commission)
    await repeatEverything()
    expect(await movements()).toEqual([{ kind: 'transfer', cents: commission }])
    expect(await held(amyAccount!)).toBe(commission)
    expect(await held(danaAccount)).toBe(price - fee - commission)

    const res = await request(t, 'POST', `/affiliate/${amy.id}/payout`, amy, { amount: commission })
    expect(res.statusCode, res.body).toBe(201)
    expect(PayoutAnswer.parse(res.json()).payout.amount_cents).toBe(commission)
    expect(await held(amyAccount!)).toBe(0)
    expect((await overviewOf(amy)).balance).toMatchObject({ available_cents: 0, paid_out_cents: commission })
    // Dana's own payout of her whole balance is covered by her account too.
    const danas = await request(t, 'POST', '/creators/payout', dana, {
      creatorId: dana.id,
      amount: price - fee - commission,
    })
    expect(danas.statusCode, danas.body).toBe(201)
    expect(await held(danaAccount)).toBe(0)
  })

  it('takes the commission back from the affiliate on a refund in part and then in full; the creator gives only the rest', async () => {
    const { danaAccount, amy, amyAccount, purchaseId } = await referredWorld({ amyOnboarded: true })

    await refund(purchaseId, half)
    // Half the commission comes back from Amy; Dana gives the rest of the half and gets half the fee back.
    expect(await held(amyAccount!)).toBe(commission - halfCommission)
    expect(await held(danaAccount)).toBe(price - fee - commission - (half - halfCommission) + halfFee)
    expect((await overviewOf(amy)).balance.earned_cents).toBe(commission - halfCommission)

    // The rest: the creator's share holds exactly what is asked of it (Stripe refuses a reversal beyond).
    const full = await refund(purchaseId)
    expect(full).toMatchObject({ refundStatus: 'full', refundableCents: 0 })
    expect(await held(amyAccount!)).toBe(0)
    expect(await held(danaAccount)).toBe(0)
    expect((await overviewOf(amy)).balance.earned_cents).toBe(0)

    await repeatEverything()
    expect(await movements()).toEqual([
      { kind: 'transfer', cents: commission },
      { kind: 'reversal', cents: halfCommission },
      { kind: 'reversal', cents: commission - halfCommission },
    ])
    expect(await held(amyAccount!)).toBe(0)
    expect(await held(danaAccount)).toBe(0)
  })

  it('keeps the commission pending until the affiliate onboards, then moves what the refunds left of it', async () => {
    const { danaAccount, amy, purchaseId } = await referredWorld({ amyOnboarded: false })
    await t.app.billing.runScheduled()
    expect(await movements()).toEqual([])
    expect(await held(danaAccount)).toBe(price - fee)
    expect((await overviewOf(amy)).balance.earned_cents).toBe(commission)

    // Refunded in part before she onboards: the creator's share is whole, so the refund takes it as usual.
    await refund(purchaseId, half)
    expect(await held(danaAccount)).toBe(price - fee - half + halfFee)

    const amyAccount = await w.onboardAffiliate(amy)
    expect(await movements()).toEqual([{ kind: 'transfer', cents: commission - halfCommission }])
    expect(await held(amyAccount)).toBe(commission - halfCommission)
    expect(await held(danaAccount)).toBe(price - fee - half + halfFee - (commission - halfCommission))

    await refund(purchaseId)
    expect(await held(amyAccount)).toBe(0)
    expect(await held(danaAccount)).toBe(0)
  })
})
