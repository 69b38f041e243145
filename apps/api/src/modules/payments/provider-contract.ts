import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  platformFeeCents,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentEvent,
  type PaymentProvider,
  type PlanInterval,
} from './payment-provider.ts'

/**
 * The behaviour every PaymentProvider must show, whichever service is behind it. A harness gives
 * the provider and plays the outside world: the customer paying on the checkout page, the creator
 * finishing onboarding. It answers with the neutral events the provider produces for that (for
 * Stripe: the webhooks Stripe would send, through `parseWebhook`), so the same tests hold for all.
 */
export interface ContractHarness {
  provider: PaymentProvider
  /** The customer pays the checkout with a card that succeeds or is declined. */
  completeCheckout(session: CheckoutSession, card: 'succeeds' | 'declined'): Promise<PaymentEvent[]>
  /** The creator completes the provider's onboarding for the account. */
  finishOnboarding(accountId: string): Promise<PaymentEvent[]>
  /** Runs `step` (calls on the provider) and answers the events the provider reported meanwhile. */
  eventsDuring(step: () => Promise<unknown>): Promise<PaymentEvent[]>
  close(): Promise<void>
}

const feeBps = 1_000
const dayMs = 24 * 60 * 60 * 1000

type EventOf<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>

function only<T extends PaymentEvent['type']>(events: PaymentEvent[], type: T): EventOf<T> {
  const found = events.filter((e): e is EventOf<T> => e.type === type)
  expect(found, `exactly one ${type} event`).toHaveLength(1)
  return found[0]!
}

/** One billing interval apart: 7 days, a calendar month (28–31 days) or a calendar year. */
function expectOneIntervalApart(start: Date, end: Date, interval: PlanInterval): void {
  const days = (end.getTime() - start.getTime()) / dayMs
  const [min, max] = interval === 'week' ? [7, 7] : interval === 'month' ? [28, 31] : [365, 366]
  expect(days).toBeGreaterThanOrEqual(min - 1 / 86_400)
  expect(days).toBeLessThanOrEqual(max + 1 / 86_400)
}

export function describePaymentProviderContract(name: string, setup: () => Promise<ContractHarness>): void {
  describe(`PaymentProvider contract: ${name}`, () => {
    let harness: ContractHarness
    let provider: PaymentProvider

    beforeAll(async () => {
      harness = await setup()
      provider = harness.provider
    })
    afterAll(async () => {
      await harness?.close()
    })

    /** A creator whose account can receive charges and payouts. */
    async function onboardedCreator(): Promise<string> {
      const creatorId = randomUUID()
      const { accountId } = await provider.createConnectedAccount({
        creatorId,
        email: `creator-${creatorId}@example.test`,
        name: 'Sharp Dana',
        idempotencyKey: `account-${creatorId}`,
      })
      await harness.finishOnboarding(accountId)
      return accountId
    }

    function checkoutInput(
      destinationAccountId: string,
      item: CheckoutInput['item'],
      overrides: Partial<CheckoutInput> = {},
    ): CheckoutInput {
      const purchaseId = randomUUID()
      return {
        purchaseId,
        customer: { id: randomUUID(), email: 'fan@example.test' },
        destinationAccountId,
        item,
        feeBps,
        successUrl: `https://picks.example.test/payment-success?purchase=${purchaseId}`,
        cancelUrl: 'https://picks.example.test/shop-picks/purchase/creator?checkout=cancelled',
        idempotencyKey: `checkout-${purchaseId}`,
        ...overrides,
      }
    }

    const monthly = (priceCents: number, trialDays = 0): CheckoutInput['item'] => ({
      kind: 'subscription',
      name: 'Monthly – @SharpDana',
      priceCents,
      currency: 'usd',
      interval: 'month',
      trialDays,
    })
    const dayPass = (priceCents: number): CheckoutInput['item'] => ({
      kind: 'one_time',
      name: 'Day pass – @SharpDana',
      priceCents,
      currency: 'usd',
      accessDays: 1,
    })

    async function subscribe(accountId: string, priceCents = 1_500) {
      const input = checkoutInput(accountId, monthly(priceCents))
      const session = await provider.createCheckout(input)
      const events = await harness.completeCheckout(session, 'succeeds')
      const subscriptionId = only(events, 'checkout.completed').subscriptionId
      expect(subscriptionId).toEqual(expect.any(String))
      return { input, subscriptionId: subscriptionId! }
    }

    it('opens a checkout with a session id and a URL to send the customer to', async () => {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, monthly(1_500)))
      expect(session.sessionId).not.toBe('')
      expect(['http:', 'https:']).toContain(new URL(session.url).protocol)
    })

    it('completes a paid subscription checkout, then reports its first invoice paid for one interval at the price', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, monthly(1_500))
      const startedAt = Date.now()
      const session = await provider.createCheckout(input)

      const events = await harness.completeCheckout(session, 'succeeds')

      const completed = only(events, 'checkout.completed')
      expect(completed).toMatchObject({ purchaseId: input.purchaseId, sessionId: session.sessionId, payment: null })
      expect(completed.subscriptionId).toEqual(expect.any(String))
      const invoice = only(events, 'invoice.paid')
      expect(invoice).toMatchObject({ subscriptionId: completed.subscriptionId, purchaseId: input.purchaseId })
      expect(invoice.payment).toMatchObject({
        amountCents: 1_500,
        feeCents: platformFeeCents(1_500, feeBps),
        currency: 'usd',
      })
      expect(invoice.payment!.paymentRef).not.toBe('')
      expect(invoice.periodStart.getTime()).toBeGreaterThanOrEqual(startedAt - 60_000)
      expectOneIntervalApart(invoice.periodStart, invoice.periodEnd, 'month')
      expect(new Set(events.map((e) => e.id)).size).toBe(events.length)
    })

    it('starts a subscription with a free trial on an invoice of zero that charges nothing', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, monthly(1_500, 7))
      const session = await provider.createCheckout(input)

      const events = await harness.completeCheckout(session, 'succeeds')

      expect(only(events, 'checkout.completed')).toMatchObject({ purchaseId: input.purchaseId, payment: null })
      const invoice = only(events, 'invoice.paid')
      expect(invoice.payment).toBeNull()
      const trialDays = (invoice.periodEnd.getTime() - invoice.periodStart.getTime()) / dayMs
      expect(Math.abs(trialDays - 7)).toBeLessThan(1 / 86_400)
    })

    it('completes a one-time checkout with a charge of the price and the platform fee', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, dayPass(999))
      const session = await provider.createCheckout(input)

      const events = await harness.completeCheckout(session, 'succeeds')

      const completed = only(events, 'checkout.completed')
      expect(completed).toMatchObject({
        purchaseId: input.purchaseId,
        sessionId: session.sessionId,
        subscriptionId: null,
        payment: { amountCents: 999, feeCents: platformFeeCents(999, feeBps), currency: 'usd' },
      })
      expect(completed.payment!.paymentRef).not.toBe('')
      expect(events.filter((e) => e.type === 'invoice.paid')).toEqual([])
    })

    it('charges a one-time checkout with a promo code the discounted price, with the fee on what is charged', async () => {
      const accountId = await onboardedCreator()
      const discount = {
        promoCodeId: randomUUID(),
        code: 'TWOOFF',
        percentOff: null,
        amountOffCents: 200,
        duration: 'once' as const,
        durationMonths: null,
      }
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(999), { discount }))

      const completed = only(await harness.completeCheckout(session, 'succeeds'), 'checkout.completed')

      expect(completed.payment).toMatchObject({ amountCents: 799, feeCents: platformFeeCents(799, feeBps) })
      const balance = await provider.getBalance(accountId)
      expect(balance.availableCents + balance.pendingCents).toBe(799 - platformFeeCents(799, feeBps))
    })

    it("charges a subscription's first invoice with a percent-off code the discounted price, fee on it", async () => {
      const accountId = await onboardedCreator()
      const discount = {
        promoCodeId: randomUUID(),
        code: 'HALF50',
        percentOff: 50,
        amountOffCents: null,
        duration: 'once' as const,
        durationMonths: null,
      }
      const session = await provider.createCheckout(checkoutInput(accountId, monthly(1_500), { discount }))

      const events = await harness.completeCheckout(session, 'succeeds')

      expect(only(events, 'invoice.paid').payment).toMatchObject({
        amountCents: 750,
        feeCents: platformFeeCents(750, feeBps),
      })
    })

    it('does not complete a checkout paid with a declined card, and a good card still can', async () => {
      const accountId = await onboardedCreator()
      for (const item of [dayPass(999), monthly(1_500)]) {
        const input = checkoutInput(accountId, item)
        const session = await provider.createCheckout(input)

        const declined = await harness.completeCheckout(session, 'declined')
        expect(declined.filter((e) => e.type === 'checkout.completed' || e.type === 'invoice.paid')).toEqual([])

        const retried = await harness.completeCheckout(session, 'succeeds')
        expect(only(retried, 'checkout.completed').purchaseId).toBe(input.purchaseId)
      }
    })

    it('onboards a connected account: a link to follow, not enabled until onboarding is finished', async () => {
      const creatorId = randomUUID()
      const { accountId } = await provider.createConnectedAccount({
        creatorId,
        email: `creator-${creatorId}@example.test`,
        name: 'Sharp Dana',
        idempotencyKey: `account-${creatorId}`,
      })
      const link = await provider.createOnboardingLink({
        accountId,
        returnUrl: 'https://picks.example.test/creator/onboarding/complete',
        refreshUrl: 'https://picks.example.test/creator/payments?onboarding=expired',
      })
      expect(['http:', 'https:']).toContain(new URL(link.url).protocol)
      expect(await provider.getAccountStatus(accountId)).toEqual({
        accountId,
        detailsSubmitted: false,
        chargesEnabled: false,
        payoutsEnabled: false,
      })

      const events = await harness.finishOnboarding(accountId)

      expect(only(events, 'account.updated')).toMatchObject({
        accountId,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      })
      expect(await provider.getAccountStatus(accountId)).toEqual({
        accountId,
        detailsSubmitted: true,
        chargesEnabled: true,
        payoutsEnabled: true,
      })
    })

    it('creates one connected account for a repeated idempotency key, sent twice at once or again later', async () => {
      const creatorId = randomUUID()
      const input = {
        creatorId,
        email: `creator-${creatorId}@example.test`,
        name: 'Sharp Dana',
        idempotencyKey: `account-${creatorId}`,
      }
      const [first, concurrent] = await Promise.all([
        provider.createConnectedAccount(input),
        provider.createConnectedAccount(input),
      ])
      const again = await provider.createConnectedAccount(input)
      expect(concurrent.accountId).toBe(first.accountId)
      expect(again.accountId).toBe(first.accountId)
    })

    it('holds a new account at zero and credits it with a completed charge less the platform fee', async () => {
      const accountId = await onboardedCreator()
      const before = await provider.getBalance(accountId)
      expect(before).toEqual({ availableCents: 0, pendingCents: 0, currency: 'usd' })

      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(2_000)))
      await harness.completeCheckout(session, 'succeeds')

      const after = await provider.getBalance(accountId)
      expect(after.currency).toBe('usd')
      expect(Number.isInteger(after.availableCents) && Number.isInteger(after.pendingCents)).toBe(true)
      expect(after.availableCents + after.pendingCents).toBe(2_000 - platformFeeCents(2_000, feeBps))
    })

    it('pays out from the balance once for a key sent twice at once, and lists the payout', async () => {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(5_000)))
      await harness.completeCheckout(session, 'succeeds')
      const payoutId = randomUUID()
      const request = {
        accountId,
        amountCents: 1_000,
        currency: 'usd',
        description: 'Weekly withdrawal',
        payoutId,
        idempotencyKey: `payout-${payoutId}`,
      }

      const [payout, concurrent] = await Promise.all([provider.createPayout(request), provider.createPayout(request)])
      expect(concurrent.providerPayoutId).toBe(payout.providerPayoutId)

      expect(payout).toMatchObject({ amountCents: 1_000, currency: 'usd', description: 'Weekly withdrawal' })
      expect(['pending', 'in_transit', 'paid']).toContain(payout.status)
      expect(payout.createdAt).toBeInstanceOf(Date)
      const listed = await provider.listPayouts(accountId, 10)
      expect(listed.map((p) => p.providerPayoutId)).toEqual([payout.providerPayoutId])
      const balance = await provider.getBalance(accountId)
      expect(balance.availableCents + balance.pendingCents).toBe(5_000 - platformFeeCents(5_000, feeBps) - 1_000)
    })

    it("lists the creator's subscriptions, cancels one at period end and resumes it", async () => {
      const accountId = await onboardedCreator()
      const otherAccountId = await onboardedCreator()
      const { input, subscriptionId } = await subscribe(accountId, 1_500)
      await subscribe(otherAccountId, 900)

      const listed = await provider.listSubscriptions(accountId)
      expect(listed).toHaveLength(1)
      expect(listed[0]).toMatchObject({
        subscriptionId,
        purchaseId: input.purchaseId,
        status: 'active',
        amountCents: 1_500,
        currency: 'usd',
        interval: 'month',
        cancelAtPeriodEnd: false,
      })
      expect(listed[0]!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now())

      await provider.cancelSubscription(subscriptionId, {
        atPeriodEnd: true,
        idempotencyKey: `cancel-${subscriptionId}`,
      })
      const cancelled = (await provider.listSubscriptions(accountId)).find((s) => s.subscriptionId === subscriptionId)
      expect(cancelled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true })

      await provider.resumeSubscription(subscriptionId, { idempotencyKey: `resume-${subscriptionId}` })
      const resumed = (await provider.listSubscriptions(accountId)).find((s) => s.subscriptionId === subscriptionId)
      expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false })
    })

    it('ends a subscription now when cancelled immediately', async () => {
      const accountId = await onboardedCreator()
      const { subscriptionId } = await subscribe(accountId)

      await provider.cancelSubscription(subscriptionId, { atPeriodEnd: false, idempotencyKey: `end-${subscriptionId}` })

      const still = (await provider.listSubscriptions(accountId)).filter(
        (s) => s.subscriptionId === subscriptionId && s.status !== 'canceled',
      )
      expect(still).toEqual([])
    })

    it('refunds part of a charge, then the rest, reporting the running total and giving back the fee in proportion', async () => {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(2_000)))
      const paymentRef = only(await harness.completeCheckout(session, 'succeeds'), 'checkout.completed').payment!
        .paymentRef
      const net = 2_000 - platformFeeCents(2_000, feeBps)

      const partial = await harness.eventsDuring(() =>
        provider.refund({
          paymentRef,
          amountCents: 500,
          reason: 'Late pick',
          idempotencyKey: `refund-${paymentRef}-1`,
        }),
      )
      expect(only(partial, 'charge.refunded')).toMatchObject({ paymentRef, amountRefundedCents: 500, currency: 'usd' })
      const afterPartial = await provider.getBalance(accountId)
      expect(afterPartial.availableCents + afterPartial.pendingCents).toBe(net - (500 - platformFeeCents(500, feeBps)))

      const rest = await harness.eventsDuring(() =>
        provider.refund({ paymentRef, amountCents: 1_500, idempotencyKey: `refund-${paymentRef}-2` }),
      )
      expect(only(rest, 'charge.refunded')).toMatchObject({ paymentRef, amountRefundedCents: 2_000 })
      const afterFull = await provider.getBalance(accountId)
      expect(afterFull.availableCents + afterFull.pendingCents).toBe(0)

      // Nothing is left to refund: a third refund is refused and reports nothing.
      const beyond = await harness.eventsDuring(() =>
        expect(
          provider.refund({ paymentRef, amountCents: 1, idempotencyKey: `refund-${paymentRef}-3` }),
        ).rejects.toMatchObject({ reason: 'invalid_request' }),
      )
      expect(beyond.filter((e) => e.type === 'charge.refunded')).toEqual([])
    })

    it('refunds once for a key sent twice at once or again later', async () => {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(999)))
      const paymentRef = only(await harness.completeCheckout(session, 'succeeds'), 'checkout.completed').payment!
        .paymentRef
      const input = {
        paymentRef,
        amountCents: 999,
        reason: 'Duplicate purchase',
        idempotencyKey: `refund-${paymentRef}`,
      }

      const events = await harness.eventsDuring(async () => {
        await Promise.all([provider.refund(input), provider.refund(input)])
        await provider.refund(input)
      })

      expect(only(events, 'charge.refunded')).toMatchObject({ paymentRef, amountRefundedCents: 999 })
      const balance = await provider.getBalance(accountId)
      expect(balance.availableCents + balance.pendingCents).toBe(0)
    })

    /** A paid day pass of `priceCents` to the account: the charge's reference. */
    async function paidCharge(accountId: string, priceCents: number): Promise<string> {
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass(priceCents)))
      return only(await harness.completeCheckout(session, 'succeeds'), 'checkout.completed').payment!.paymentRef
    }
    const held = async (accountId: string) => {
      const balance = await provider.getBalance(accountId)
      return balance.availableCents + balance.pendingCents
    }

    it("moves a commission from the creator's share to the affiliate's account once per key, and the affiliate pays it out", async () => {
      const creator = await onboardedCreator()
      const affiliate = await onboardedCreator()
      const paymentRef = await paidCharge(creator, 2_000)
      const net = 2_000 - platformFeeCents(2_000, feeBps)
      const input = {
        paymentRef,
        destinationAccountId: affiliate,
        amountCents: 300,
        currency: 'usd',
        idempotencyKey: `commission-${paymentRef}`,
      }

      const [first, concurrent] = await Promise.all([
        provider.transferCommission(input),
        provider.transferCommission(input),
      ])
      const again = await provider.transferCommission(input)
      expect(concurrent.transferId).toBe(first.transferId)
      expect(again.transferId).toBe(first.transferId)
      expect(await held(creator)).toBe(net - 300)
      expect(await held(affiliate)).toBe(300)

      const payoutId = randomUUID()
      const payout = await provider.createPayout({
        accountId: affiliate,
        amountCents: 300,
        currency: 'usd',
        description: 'Affiliate payout',
        payoutId,
        idempotencyKey: `payout-${payoutId}`,
      })
      expect(payout).toMatchObject({ amountCents: 300, currency: 'usd' })
      expect(await held(affiliate)).toBe(0)
      expect(await held(creator)).toBe(net - 300)
    })

    it('refuses a commission larger than the charge, or to an account not onboarded, moving nothing', async () => {
      const creator = await onboardedCreator()
      const affiliate = await onboardedCreator()
      const { accountId: pending } = await provider.createConnectedAccount({
        creatorId: randomUUID(),
        email: 'affiliate-pending@example.test',
        name: 'Not onboarded',
        idempotencyKey: `account-${randomUUID()}`,
      })
      const paymentRef = await paidCharge(creator, 1_000)
      const base = { paymentRef, currency: 'usd', destinationAccountId: affiliate }
      await expect(
        provider.transferCommission({ ...base, amountCents: 1_001, idempotencyKey: `too-much-${paymentRef}` }),
      ).rejects.toMatchObject({ reason: 'invalid_request' })
      await expect(
        provider.transferCommission({
          ...base,
          destinationAccountId: pending,
          amountCents: 100,
          idempotencyKey: `not-onboarded-${paymentRef}`,
        }),
      ).rejects.toMatchObject({ reason: 'invalid_request' })
      expect(await held(creator)).toBe(1_000 - platformFeeCents(1_000, feeBps))
      expect(await held(affiliate)).toBe(0)
    })

    it("refunds a charge whose commission moved: the creator gives only their part, the affiliate's transfer the rest", async () => {
      const creator = await onboardedCreator()
      const affiliate = await onboardedCreator()
      const paymentRef = await paidCharge(creator, 2_000)
      const { transferId } = await provider.transferCommission({
        paymentRef,
        destinationAccountId: affiliate,
        amountCents: 300,
        currency: 'usd',
        idempotencyKey: `commission-${paymentRef}`,
      })

      // Asking the creator's share for the whole refund is more than is left of it: refused, nothing refunded.
      const refused = await harness.eventsDuring(() =>
        expect(
          provider.refund({ paymentRef, amountCents: 2_000, idempotencyKey: `refund-${paymentRef}-whole` }),
        ).rejects.toMatchObject({ reason: 'invalid_request' }),
      )
      expect(refused.filter((e) => e.type === 'charge.refunded')).toEqual([])

      // Half, of which the commission's half (150) comes back from the affiliate.
      const half = await harness.eventsDuring(() =>
        provider.refund({
          paymentRef,
          amountCents: 1_000,
          affiliateCents: 150,
          idempotencyKey: `refund-${paymentRef}-1`,
        }),
      )
      expect(only(half, 'charge.refunded')).toMatchObject({ paymentRef, amountRefundedCents: 1_000 })
      const reversal = { transferId, amountCents: 150, idempotencyKey: `commission-back-${paymentRef}-1` }
      await Promise.all([provider.reverseCommission(reversal), provider.reverseCommission(reversal)])
      await provider.reverseCommission(reversal)
      const net = 2_000 - platformFeeCents(2_000, feeBps)
      const feeBack = platformFeeCents(1_000, feeBps)
      expect(await held(creator)).toBe(net - 300 - (1_000 - 150) + feeBack)
      expect(await held(affiliate)).toBe(150)

      // The rest: the creator's share holds exactly its part.
      await harness.eventsDuring(() =>
        provider.refund({
          paymentRef,
          amountCents: 1_000,
          affiliateCents: 150,
          idempotencyKey: `refund-${paymentRef}-2`,
        }),
      )
      await provider.reverseCommission({
        transferId,
        amountCents: 150,
        idempotencyKey: `commission-back-${paymentRef}-2`,
      })
      expect(await held(creator)).toBe(0)
      expect(await held(affiliate)).toBe(0)

      // Nothing is left of the affiliate's transfer.
      await expect(
        provider.reverseCommission({ transferId, amountCents: 1, idempotencyKey: `commission-back-${paymentRef}-3` }),
      ).rejects.toMatchObject({ reason: 'invalid_request' })
    })

    it('opens one checkout for a repeated idempotency key (sent twice at once or again later) and another for a new key', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, monthly(1_500))

      const [first, concurrent] = await Promise.all([provider.createCheckout(input), provider.createCheckout(input)])
      const again = await provider.createCheckout(input)
      expect(concurrent.sessionId).toBe(first.sessionId)
      const other = await provider.createCheckout({ ...input, idempotencyKey: `${input.idempotencyKey}-2` })

      expect(again.sessionId).toBe(first.sessionId)
      expect(other.sessionId).not.toBe(first.sessionId)
    })
  })
}
