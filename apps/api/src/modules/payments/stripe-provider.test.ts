import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startStripeDouble, type JsonObject, type StripeDouble } from '../../test/stripe-double.ts'
import {
  PaymentProviderError,
  platformFeeCents,
  WebhookSignatureError,
  type CheckoutDiscount,
  type CheckoutInput,
  type PaymentEvent,
  type PaymentProvider,
} from './payment-provider.ts'
import { describePaymentProviderContract } from './provider-contract.ts'
import { createStripeProvider, type StripeProviderOptions } from './stripe-provider.ts'

const feeBps = 1_000
const dayMs = 24 * 60 * 60 * 1000

function providerFor(double: StripeDouble, options: Partial<StripeProviderOptions> = {}): PaymentProvider {
  return createStripeProvider({
    secretKey: double.secretKey,
    webhookSecret: double.webhookSecret,
    apiHost: double.apiHost,
    ...options,
  })
}

/** Delivers Stripe's events as signed webhooks and keeps the neutral events they map to. */
function deliver(double: StripeDouble, provider: PaymentProvider, events: JsonObject[]): PaymentEvent[] {
  return events
    .map((event) => {
      const { body, signature } = double.signedWebhook(event)
      return provider.parseWebhook(body, signature)
    })
    .filter((event): event is PaymentEvent => event !== null)
}

describePaymentProviderContract('stripe, through the SDK against a local double of the Stripe API', async () => {
  const double = await startStripeDouble()
  const provider = providerFor(double)
  return {
    provider,
    completeCheckout: async (session, card) =>
      deliver(double, provider, double.completeCheckout(session.sessionId, card)),
    finishOnboarding: async (accountId) => deliver(double, provider, double.finishOnboarding(accountId)),
    async eventsDuring(step) {
      const from = double.events.length
      await step()
      return deliver(double, provider, double.events.slice(from))
    },
    close: () => double.close(),
  }
})

describe('Stripe provider', () => {
  let double: StripeDouble
  let provider: PaymentProvider

  beforeAll(async () => {
    double = await startStripeDouble()
    provider = providerFor(double, { publicUrl: 'https://picks.example.test' })
  })
  afterAll(async () => {
    await double?.close()
  })

  const eventsOf = (events: JsonObject[]) => deliver(double, provider, events)
  const only = <T extends PaymentEvent['type']>(events: PaymentEvent[], type: T) => {
    const found = events.filter((e): e is Extract<PaymentEvent, { type: T }> => e.type === type)
    expect(found).toHaveLength(1)
    return found[0]!
  }

  async function onboardedCreator(): Promise<string> {
    const creatorId = randomUUID()
    const { accountId } = await provider.createConnectedAccount({
      creatorId,
      email: 'dana@example.test',
      name: 'Sharp Dana',
      idempotencyKey: `account-${creatorId}`,
    })
    double.finishOnboarding(accountId)
    return accountId
  }

  function checkoutInput(accountId: string, item: CheckoutInput['item']): CheckoutInput {
    const purchaseId = randomUUID()
    return {
      purchaseId,
      customer: { id: randomUUID(), email: 'fan@example.test' },
      destinationAccountId: accountId,
      item,
      feeBps,
      successUrl: `/payment-success?purchase=${purchaseId}`,
      cancelUrl: '/shop-picks/purchase/dana?checkout=cancelled',
      idempotencyKey: `checkout-${purchaseId}`,
    }
  }
  const monthly = (priceCents = 1_500, trialDays = 0): CheckoutInput['item'] => ({
    kind: 'subscription',
    name: 'Monthly – @SharpDana',
    priceCents,
    currency: 'usd',
    interval: 'month',
    trialDays,
  })
  const dayPass = (priceCents = 999): CheckoutInput['item'] => ({
    kind: 'one_time',
    name: 'Day pass – @SharpDana',
    priceCents,
    currency: 'usd',
    accessDays: 1,
  })

  /** A paid subscription: its purchase, Stripe ids and the events of its checkout. */
  async function subscription(priceCents = 1_500) {
    const accountId = await onboardedCreator()
    const input = checkoutInput(accountId, monthly(priceCents))
    const session = await provider.createCheckout(input)
    const stripeEvents = double.completeCheckout(session.sessionId)
    const subscriptionId = String(double.object(session.sessionId)!.subscription)
    return { accountId, input, session, subscriptionId, stripeEvents }
  }

  async function paidPass(priceCents = 999) {
    const accountId = await onboardedCreator()
    const input = checkoutInput(accountId, dayPass(priceCents))
    const session = await provider.createCheckout(input)
    const stripeEvents = double.completeCheckout(session.sessionId)
    const paymentIntentId = String(double.object(session.sessionId)!.payment_intent)
    return { accountId, input, session, paymentIntentId, stripeEvents }
  }

  describe('webhook signatures', () => {
    async function someEvent(): Promise<JsonObject> {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, dayPass()))
      return double.expireCheckout(session.sessionId)[0]!
    }

    it('accepts a delivery signed with the endpoint secret', async () => {
      const { body, signature } = double.signedWebhook(await someEvent())
      expect(provider.parseWebhook(body, signature)).toMatchObject({ type: 'checkout.expired' })
    })

    it('rejects a delivery signed with another secret', async () => {
      const { body, signature } = double.signedWebhook(await someEvent(), { secret: 'whsec_someone_else' })
      expect(() => provider.parseWebhook(body, signature)).toThrow(WebhookSignatureError)
    })

    it('rejects a body changed after signing', async () => {
      const event = await someEvent()
      const { body, signature } = double.signedWebhook(event)
      const tampered = Buffer.from(body.toString('utf8').replace(String(event.id), 'evt_forged'))
      expect(() => provider.parseWebhook(tampered, signature)).toThrow(WebhookSignatureError)
    })

    it('rejects a delivery without a signature header', async () => {
      const { body } = double.signedWebhook(await someEvent())
      expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError)
      expect(() => provider.parseWebhook(body, '')).toThrow(WebhookSignatureError)
    })

    it('rejects a replayed delivery signed more than five minutes ago', async () => {
      const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600
      const { body, signature } = double.signedWebhook(await someEvent(), { timestamp: tenMinutesAgo })
      expect(() => provider.parseWebhook(body, signature)).toThrow(WebhookSignatureError)
    })

    it("also accepts the Connect endpoint's secret when one is configured", async () => {
      const withConnect = providerFor(double, { connectWebhookSecret: 'whsec_connect_endpoint' })
      const { body, signature } = double.signedWebhook(await someEvent(), { secret: 'whsec_connect_endpoint' })
      expect(withConnect.parseWebhook(body, signature)).toMatchObject({ type: 'checkout.expired' })
      expect(() => provider.parseWebhook(body, signature)).toThrow(WebhookSignatureError)
    })
  })

  describe('webhook events', () => {
    it('ignores event types it does not handle', async () => {
      const { stripeEvents } = await subscription()
      const created = stripeEvents.find((e) => e.type === 'customer.subscription.created')!
      const pass = await paidPass()
      const succeeded = pass.stripeEvents.find((e) => e.type === 'payment_intent.succeeded')!
      const customerCreated = { ...created, id: 'evt_customer', type: 'customer.created' }
      for (const event of [created, succeeded, customerCreated]) {
        const { body, signature } = double.signedWebhook(event)
        expect(provider.parseWebhook(body, signature)).toBeNull()
      }
    })

    it('maps a completed one-time checkout to its charge: the payment intent, the amount and the fee', async () => {
      const { input, session, paymentIntentId, stripeEvents } = await paidPass(999)
      const stripeEvent = stripeEvents.find((e) => e.type === 'checkout.session.completed')!

      expect(eventsOf([stripeEvent])).toEqual([
        {
          id: stripeEvent.id,
          occurredAt: new Date(Number(stripeEvent.created) * 1000),
          type: 'checkout.completed',
          purchaseId: input.purchaseId,
          sessionId: session.sessionId,
          subscriptionId: null,
          payment: { paymentRef: paymentIntentId, amountCents: 999, feeCents: 100, currency: 'usd' },
        },
      ])
    })

    it('maps a completed subscription checkout to its subscription, with no charge of its own', async () => {
      const { input, session, subscriptionId, stripeEvents } = await subscription()
      expect(only(eventsOf(stripeEvents), 'checkout.completed')).toMatchObject({
        purchaseId: input.purchaseId,
        sessionId: session.sessionId,
        subscriptionId,
        payment: null,
      })
    })

    it('completes a checkout paid by a delayed method only once the payment succeeds', async () => {
      const { input, stripeEvents } = await paidPass(999)
      const completed = stripeEvents.find((e) => e.type === 'checkout.session.completed')!
      const session = (completed.data as JsonObject).object as JsonObject
      const unpaid = { ...completed, data: { object: { ...session, payment_status: 'unpaid' } } }
      const succeeded = { ...completed, id: 'evt_async', type: 'checkout.session.async_payment_succeeded' }

      expect(eventsOf([unpaid])).toEqual([])
      expect(eventsOf([succeeded])).toEqual([
        expect.objectContaining({ id: 'evt_async', type: 'checkout.completed', purchaseId: input.purchaseId }),
      ])
    })

    it('maps an expired checkout', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, dayPass())
      const session = await provider.createCheckout(input)
      expect(eventsOf(double.expireCheckout(session.sessionId))).toEqual([
        expect.objectContaining({
          type: 'checkout.expired',
          purchaseId: input.purchaseId,
          sessionId: session.sessionId,
        }),
      ])
    })

    it("maps a paid invoice to its line's service period, the amount and the fee from the subscription's rate", async () => {
      const { input, subscriptionId, stripeEvents } = await subscription(1_500)
      const stripeInvoice = stripeEvents.find((e) => e.type === 'invoice.paid')!
      const invoiceObject = (stripeInvoice.data as JsonObject).object as JsonObject
      const line = ((invoiceObject.lines as JsonObject).data as JsonObject[])[0]!
      const period = line.period as { start: number; end: number }

      const paid = only(eventsOf([stripeInvoice]), 'invoice.paid')

      expect(paid).toEqual({
        id: stripeInvoice.id,
        occurredAt: new Date(Number(stripeInvoice.created) * 1000),
        type: 'invoice.paid',
        subscriptionId,
        purchaseId: input.purchaseId,
        invoiceId: invoiceObject.id,
        periodStart: new Date(period.start * 1000),
        periodEnd: new Date(period.end * 1000),
        // Current API versions leave the payment intent off the invoice payload: the invoice id stands in.
        payment: { paymentRef: invoiceObject.id, amountCents: 1_500, feeCents: 150, currency: 'usd' },
      })
      expect(paid.periodEnd.getTime()).toBeGreaterThan(paid.periodStart.getTime() + 27 * dayMs)
    })

    it('maps a renewal to the next period', async () => {
      const { subscriptionId, stripeEvents } = await subscription()
      const first = only(eventsOf(stripeEvents), 'invoice.paid')

      const renewal = eventsOf(double.renewSubscription(subscriptionId))

      const paid = only(renewal, 'invoice.paid')
      expect(paid.periodStart).toEqual(first.periodEnd)
      expect(paid.periodEnd.getTime()).toBeGreaterThan(first.periodEnd.getTime() + 27 * dayMs)
      expect(paid.payment).toMatchObject({ amountCents: 1_500, feeCents: 150 })
      expect(only(renewal, 'subscription.updated')).toMatchObject({ subscriptionId, status: 'active' })
    })

    it('maps a free trial invoice to no charge', async () => {
      const accountId = await onboardedCreator()
      const session = await provider.createCheckout(checkoutInput(accountId, monthly(1_500, 14)))
      const paid = only(eventsOf(double.completeCheckout(session.sessionId)), 'invoice.paid')
      expect(paid.payment).toBeNull()
      expect(paid.periodEnd.getTime() - paid.periodStart.getTime()).toBe(14 * dayMs)
    })

    it('reads the payment and fee an invoice carries: included payments, or the fields of older API versions', async () => {
      const { subscriptionId, input, stripeEvents } = await subscription(2_000)
      const stripeInvoice = stripeEvents.find((e) => e.type === 'invoice.paid')!
      const invoice = (stripeInvoice.data as JsonObject).object as JsonObject
      const withPayments = {
        ...invoice,
        payments: {
          object: 'list',
          data: [
            {
              object: 'invoice_payment',
              status: 'paid',
              payment: { type: 'payment_intent', payment_intent: 'pi_included' },
            },
          ],
          has_more: false,
          url: '/v1/invoice_payments',
        },
      }
      const { parent: _parent, ...withoutParent } = invoice
      const legacy = {
        ...withoutParent,
        subscription: subscriptionId,
        subscription_details: { metadata: { purchase_id: input.purchaseId } },
        payment_intent: 'pi_legacy',
        charge: 'ch_legacy',
        application_fee_amount: 123,
      }
      const [fromPayments, fromLegacy] = eventsOf([
        { ...stripeInvoice, id: 'evt_payments', data: { object: withPayments } },
        { ...stripeInvoice, id: 'evt_legacy', data: { object: legacy } },
      ])

      expect(fromPayments).toMatchObject({ payment: { paymentRef: 'pi_included', amountCents: 2_000, feeCents: 200 } })
      expect(fromLegacy).toMatchObject({
        subscriptionId,
        purchaseId: input.purchaseId,
        payment: { paymentRef: 'pi_legacy', amountCents: 2_000, feeCents: 123 },
      })
    })

    it('maps a failed renewal to the next attempt and the subscription falling past due', async () => {
      const { input, subscriptionId } = await subscription()

      const events = eventsOf(double.failRenewal(subscriptionId))

      const failed = only(events, 'invoice.payment_failed')
      expect(failed).toMatchObject({ subscriptionId, purchaseId: input.purchaseId, reason: null })
      expect(failed.invoiceId).toMatch(/^in_/)
      expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 2 * dayMs)
      expect(only(events, 'subscription.updated')).toMatchObject({ subscriptionId, status: 'past_due' })

      const final = eventsOf(double.failRenewal(subscriptionId, { finalAttempt: true }))
      expect(only(final, 'invoice.payment_failed').nextAttemptAt).toBeNull()
      expect(only(final, 'subscription.updated').status).toBe('unpaid')
    })

    it('maps cancelling at period end and resuming to subscription updates', async () => {
      const { input, subscriptionId } = await subscription()
      const seen = double.events.length

      await provider.cancelSubscription(subscriptionId, { atPeriodEnd: true, idempotencyKey: randomUUID() })
      await provider.resumeSubscription(subscriptionId, { idempotencyKey: randomUUID() })

      const [cancelled, resumed] = eventsOf(double.events.slice(seen))
      expect(cancelled).toMatchObject({
        type: 'subscription.updated',
        subscriptionId,
        purchaseId: input.purchaseId,
        status: 'active',
        cancelAtPeriodEnd: true,
        currentPeriodEnd: expect.any(Date),
      })
      expect(resumed).toMatchObject({ type: 'subscription.updated', cancelAtPeriodEnd: false })
    })

    it('maps an immediate cancellation to a deleted subscription', async () => {
      const { input, subscriptionId } = await subscription()
      const seen = double.events.length

      await provider.cancelSubscription(subscriptionId, { atPeriodEnd: false, idempotencyKey: randomUUID() })

      expect(eventsOf(double.events.slice(seen))).toEqual([
        expect.objectContaining({ type: 'subscription.deleted', subscriptionId, purchaseId: input.purchaseId }),
      ])
    })

    it('maps refunds to the refunded payment intent and the running total refunded', async () => {
      const { paymentIntentId } = await paidPass(999)
      const seen = double.events.length

      await provider.refund({ paymentRef: paymentIntentId, amountCents: 300, idempotencyKey: randomUUID() })
      await provider.refund({ paymentRef: paymentIntentId, amountCents: 200, idempotencyKey: randomUUID() })

      expect(eventsOf(double.events.slice(seen))).toEqual([
        expect.objectContaining({ type: 'charge.refunded', paymentRef: paymentIntentId, amountRefundedCents: 300 }),
        expect.objectContaining({ type: 'charge.refunded', paymentRef: paymentIntentId, amountRefundedCents: 500 }),
      ])
    })

    it('refunds a subscription invoice named by its invoice id through its payment intent', async () => {
      const { stripeEvents } = await subscription(1_500)
      const paid = only(eventsOf(stripeEvents), 'invoice.paid')

      await provider.refund({ paymentRef: paid.payment!.paymentRef, amountCents: 1_500, idempotencyKey: randomUUID() })

      const sent = double.requestsTo('POST', '/v1/refunds').at(-1)!
      expect(sent.params.payment_intent).toMatch(/^pi_/)
      expect(double.events.at(-1)).toMatchObject({ type: 'charge.refunded' })
    })

    it("names a subscription's invoice as another name of its payment intent, so its refund finds the booked charge", async () => {
      const { stripeEvents } = await subscription(1_500)
      const paid = only(eventsOf(stripeEvents), 'invoice.paid')
      const from = double.events.length
      await provider.refund({ paymentRef: paid.payment!.paymentRef, amountCents: 500, idempotencyKey: randomUUID() })
      const refunded = only(eventsOf(double.events.slice(from)), 'charge.refunded')

      expect(refunded.paymentRef).toMatch(/^pi_/)
      expect(await provider.paymentAliases(refunded.paymentRef)).toEqual([paid.invoiceId])
      expect(await provider.paymentAliases(paid.invoiceId)).toEqual([])
    })

    it('maps a connected account update to its status', async () => {
      const { accountId } = await provider.createConnectedAccount({
        creatorId: randomUUID(),
        email: 'dana@example.test',
        name: 'Sharp Dana',
        idempotencyKey: randomUUID(),
      })
      expect(eventsOf(double.finishOnboarding(accountId))).toEqual([
        expect.objectContaining({
          type: 'account.updated',
          accountId,
          detailsSubmitted: true,
          chargesEnabled: true,
          payoutsEnabled: true,
        }),
      ])
    })

    it("maps a connected account's payout paid or failed, carrying our payout id back", async () => {
      const { accountId } = await paidPass(5_000)
      const payoutIds = [randomUUID(), randomUUID()]
      const [paidOut, returned] = await Promise.all(
        payoutIds.map((payoutId) =>
          provider.createPayout({
            accountId,
            amountCents: 1_000,
            currency: 'usd',
            description: 'Withdrawal',
            payoutId,
            idempotencyKey: `payout-${payoutId}`,
          }),
        ),
      )

      expect(eventsOf(double.settlePayout(paidOut!.providerPayoutId, 'paid'))).toEqual([
        expect.objectContaining({
          type: 'payout.paid',
          accountId,
          providerPayoutId: paidOut!.providerPayoutId,
          payoutId: payoutIds[0],
          failureReason: null,
        }),
      ])
      expect(eventsOf(double.settlePayout(returned!.providerPayoutId, 'failed'))).toEqual([
        expect.objectContaining({
          type: 'payout.failed',
          accountId,
          providerPayoutId: returned!.providerPayoutId,
          payoutId: payoutIds[1],
          failureReason: 'The bank account has been closed.',
        }),
      ])
      expect(await provider.getBalance(accountId)).toMatchObject({ availableCents: 5_000 - 500 - 1_000 })
    })

    it("ignores a payout of the platform's own balance", async () => {
      const { accountId } = await paidPass(5_000)
      const payout = await provider.createPayout({
        accountId,
        amountCents: 1_000,
        currency: 'usd',
        description: 'Withdrawal',
        payoutId: randomUUID(),
        idempotencyKey: randomUUID(),
      })
      const [event] = double.settlePayout(payout.providerPayoutId, 'paid')
      const { account: _account, ...platformEvent } = event!
      expect(eventsOf([platformEvent])).toEqual([])
    })
  })

  describe('requests sent to Stripe', () => {
    it('opens a subscription checkout with the fee as a percentage to the creator, and our idempotency key', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, monthly(1_500))

      await provider.createCheckout(input)

      const [sent] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
      expect(sent!.idempotencyKey).toBe(input.idempotencyKey)
      expect(sent!.params).toEqual({
        mode: 'subscription',
        customer_email: 'fan@example.test',
        client_reference_id: input.purchaseId,
        success_url: `https://picks.example.test/payment-success?purchase=${input.purchaseId}`,
        cancel_url: 'https://picks.example.test/shop-picks/purchase/dana?checkout=cancelled',
        metadata: { purchase_id: input.purchaseId },
        line_items: [
          {
            quantity: '1',
            price_data: {
              currency: 'usd',
              unit_amount: '1500',
              product_data: { name: 'Monthly – @SharpDana' },
              recurring: { interval: 'month' },
            },
          },
        ],
        subscription_data: {
          application_fee_percent: '10',
          transfer_data: { destination: accountId },
          metadata: { purchase_id: input.purchaseId, fee_bps: '1000' },
        },
      })
    })

    it('sends the trial length when the plan has one', async () => {
      const accountId = await onboardedCreator()
      await provider.createCheckout({ ...checkoutInput(accountId, monthly(1_500, 7)), feeBps: 1_250 })
      const [sent] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
      expect(sent!.params.subscription_data).toMatchObject({ trial_period_days: '7', application_fee_percent: '12.5' })
    })

    it('opens a one-time checkout with the fee as an amount to the creator', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, dayPass(999))

      await provider.createCheckout(input)

      const [sent] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
      expect(sent!.idempotencyKey).toBe(input.idempotencyKey)
      expect(sent!.params).toMatchObject({
        mode: 'payment',
        client_reference_id: input.purchaseId,
        metadata: { purchase_id: input.purchaseId, fee_cents: String(platformFeeCents(999, feeBps)) },
        payment_intent_data: {
          application_fee_amount: String(platformFeeCents(999, feeBps)),
          transfer_data: { destination: accountId },
          metadata: { purchase_id: input.purchaseId },
        },
      })
      expect(sent!.params.subscription_data).toBeUndefined()
    })

    it('creates an Express account with card payments and transfers requested, under our idempotency key', async () => {
      const creatorId = randomUUID()
      await provider.createConnectedAccount({
        creatorId,
        email: 'dana@example.test',
        name: 'Sharp Dana',
        idempotencyKey: `account-${creatorId}`,
      })
      const [sent] = double.requestsTo('POST', '/v1/accounts').slice(-1)
      expect(sent!.idempotencyKey).toBe(`account-${creatorId}`)
      expect(sent!.params).toEqual({
        type: 'express',
        email: 'dana@example.test',
        business_profile: { name: 'Sharp Dana' },
        metadata: { creator_id: creatorId },
        capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
        settings: { payouts: { schedule: { interval: 'manual' } } },
      })
    })

    it('asks for an onboarding link with absolute return and refresh URLs', async () => {
      const accountId = await onboardedCreator()
      await provider.createOnboardingLink({
        accountId,
        returnUrl: '/creator/onboarding/complete',
        refreshUrl: '/creator/payments?onboarding=expired',
      })
      const [sent] = double.requestsTo('POST', '/v1/account_links').slice(-1)
      expect(sent!.params).toEqual({
        account: accountId,
        type: 'account_onboarding',
        return_url: 'https://picks.example.test/creator/onboarding/complete',
        refresh_url: 'https://picks.example.test/creator/payments?onboarding=expired',
      })
    })

    it('reads balances and makes payouts on the connected account', async () => {
      const { accountId } = await paidPass(5_000)
      const payoutId = randomUUID()

      await provider.getBalance(accountId)
      await provider.createPayout({
        accountId,
        amountCents: 1_200,
        currency: 'usd',
        description: 'Withdrawal',
        payoutId,
        idempotencyKey: `payout-${payoutId}`,
      })
      await provider.listPayouts(accountId, 500)

      expect(double.requestsTo('GET', '/v1/balance').at(-1)!.stripeAccount).toBe(accountId)
      const payout = double.requestsTo('POST', '/v1/payouts').at(-1)!
      expect(payout).toMatchObject({
        stripeAccount: accountId,
        idempotencyKey: `payout-${payoutId}`,
        params: { amount: '1200', currency: 'usd', description: 'Withdrawal', metadata: { payout_id: payoutId } },
      })
      expect(double.requestsTo('GET', '/v1/payouts').at(-1)).toMatchObject({
        stripeAccount: accountId,
        params: { limit: '100' },
      })
    })

    it('refunds with the application fee and the transfer reversed, under our idempotency key', async () => {
      const { paymentIntentId, accountId } = await paidPass(999)
      const key = randomUUID()

      await provider.refund({ paymentRef: paymentIntentId, amountCents: 999, idempotencyKey: key })

      expect(double.requestsTo('POST', '/v1/refunds').at(-1)).toMatchObject({
        idempotencyKey: key,
        params: {
          payment_intent: paymentIntentId,
          amount: '999',
          refund_application_fee: 'true',
          reverse_transfer: 'true',
        },
      })
      expect(await provider.getBalance(accountId)).toMatchObject({ availableCents: 0 })
    })

    it('cancels immediately without proration, and at period end by updating the subscription', async () => {
      const first = await subscription()
      const second = await subscription()

      await provider.cancelSubscription(first.subscriptionId, { atPeriodEnd: false, idempotencyKey: 'end-now' })
      await provider.cancelSubscription(second.subscriptionId, { atPeriodEnd: true, idempotencyKey: 'end-later' })

      expect(double.requestsTo('DELETE', `/v1/subscriptions/${first.subscriptionId}`)).toEqual([
        expect.objectContaining({ params: { prorate: 'false', invoice_now: 'false' }, idempotencyKey: 'end-now' }),
      ])
      expect(double.requestsTo('POST', `/v1/subscriptions/${second.subscriptionId}`)).toEqual([
        expect.objectContaining({ params: { cancel_at_period_end: 'true' }, idempotencyKey: 'end-later' }),
      ])
    })

    it('retries a request Stripe failed with a server error, under the same idempotency key', async () => {
      const accountId = await onboardedCreator()
      const input = checkoutInput(accountId, dayPass())
      double.failNext(
        { method: 'POST', path: '/v1/checkout/sessions' },
        { status: 500, error: { type: 'api_error', message: 'Something went wrong on our end.' } },
      )

      const session = await provider.createCheckout(input)

      const attempts = double.requestsTo('POST', '/v1/checkout/sessions').slice(-2)
      expect(attempts.map((r) => [r.status, r.idempotencyKey])).toEqual([
        [500, input.idempotencyKey],
        [200, input.idempotencyKey],
      ])
      expect(session.sessionId).toMatch(/^cs_test_/)
    })
  })

  describe('promo codes as coupons', () => {
    function discountOf(overrides: Partial<CheckoutDiscount> = {}): CheckoutDiscount {
      return {
        promoCodeId: randomUUID(),
        code: 'HALF50',
        percentOff: 50,
        amountOffCents: null,
        duration: 'once',
        durationMonths: null,
        ...overrides,
      }
    }
    const withDiscount = (input: CheckoutInput, discount: CheckoutDiscount): CheckoutInput => ({ ...input, discount })

    it('makes one coupon per code, tied to it by id and metadata, and reuses it for later checkouts', async () => {
      const accountId = await onboardedCreator()
      const discount = discountOf({ duration: 'repeating', durationMonths: 3, percentOff: 25 })
      const couponId = `promo_${discount.promoCodeId}`
      const creates = double.requestsTo('POST', '/v1/coupons').length

      await provider.createCheckout(withDiscount(checkoutInput(accountId, monthly(1_500)), discount))
      await provider.createCheckout(withDiscount(checkoutInput(accountId, monthly(1_500)), discount))

      const made = double.requestsTo('POST', '/v1/coupons').slice(creates)
      expect(made).toHaveLength(1)
      expect(made[0]!.idempotencyKey).toBe(`coupon:${couponId}`)
      expect(made[0]!.params).toEqual({
        id: couponId,
        name: 'HALF50',
        percent_off: '25',
        duration: 'repeating',
        duration_in_months: '3',
        metadata: { promo_code_id: discount.promoCodeId, code: 'HALF50' },
      })
      const sessions = double.requestsTo('POST', '/v1/checkout/sessions').slice(-2)
      for (const sent of sessions) expect(sent.params.discounts).toEqual([{ coupon: couponId }])
      // The fee stays a percentage: Stripe takes it on each invoice's total after the discount.
      expect(sessions[0]!.params.subscription_data).toMatchObject({ application_fee_percent: '10' })
    })

    it('gives an amount off in the currency, and takes a one-time fee on the discounted price', async () => {
      const accountId = await onboardedCreator()
      const discount = discountOf({ percentOff: null, amountOffCents: 200, duration: 'forever' })
      const input = withDiscount(checkoutInput(accountId, dayPass(999)), discount)

      const session = await provider.createCheckout(input)

      const [coupon] = double.requestsTo('POST', '/v1/coupons').slice(-1)
      expect(coupon!.params).toMatchObject({
        id: `promo_${discount.promoCodeId}_usd`,
        amount_off: '200',
        currency: 'usd',
      })
      const [sent] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
      expect(sent!.params).toMatchObject({
        discounts: [{ coupon: `promo_${discount.promoCodeId}_usd` }],
        metadata: { fee_cents: String(platformFeeCents(799, feeBps)) },
        payment_intent_data: { application_fee_amount: String(platformFeeCents(799, feeBps)) },
      })
      const completed = only(eventsOf(double.completeCheckout(session.sessionId)), 'checkout.completed')
      expect(completed.payment).toMatchObject({ amountCents: 799, feeCents: platformFeeCents(799, feeBps) })
    })

    it('uses the coupon another checkout made meanwhile', async () => {
      const accountId = await onboardedCreator()
      const discount = discountOf()
      const couponId = `promo_${discount.promoCodeId}`
      // Another process made the coupon (under its own request) after this checkout looked for it.
      const other = new Stripe(double.secretKey, { ...double.apiHost, maxNetworkRetries: 0 })
      await other.coupons.create({ id: couponId, percent_off: 50, duration: 'once' })
      double.failNext(
        { method: 'GET', path: `/v1/coupons/${couponId}` },
        {
          status: 404,
          error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such coupon: '${couponId}'` },
        },
      )
      await provider.createCheckout(withDiscount(checkoutInput(accountId, dayPass(999)), discount))
      const [create] = double.requestsTo('POST', '/v1/coupons').slice(-1)
      expect(create!.status).toBe(400)
      const [sent] = double.requestsTo('POST', '/v1/checkout/sessions').slice(-1)
      expect(sent!.status).toBe(200)
      expect(sent!.params.discounts).toEqual([{ coupon: couponId }])
    })

    it("honours the coupon's duration on renewals, with the fee on each invoice's total", async () => {
      const accountId = await onboardedCreator()
      const input = withDiscount(
        checkoutInput(accountId, monthly(2_900)),
        discountOf({ percentOff: 25, duration: 'repeating', durationMonths: 2 }),
      )
      const session = await provider.createCheckout(input)
      const first = eventsOf(double.completeCheckout(session.sessionId))
      const subscriptionId = String(double.object(session.sessionId)!.subscription)
      const renewals = [
        ...eventsOf(double.renewSubscription(subscriptionId)),
        ...eventsOf(double.renewSubscription(subscriptionId)),
      ]
      const paid = [...first, ...renewals]
        .filter((e): e is Extract<PaymentEvent, { type: 'invoice.paid' }> => e.type === 'invoice.paid')
        .map((e) => e.payment)
      expect(paid).toEqual([
        expect.objectContaining({ amountCents: 2_175, feeCents: platformFeeCents(2_175, feeBps) }),
        expect.objectContaining({ amountCents: 2_175, feeCents: platformFeeCents(2_175, feeBps) }),
        expect.objectContaining({ amountCents: 2_900, feeCents: platformFeeCents(2_900, feeBps) }),
      ])
    })

    it('a 100%-off first invoice charges nothing, like a trial', async () => {
      const accountId = await onboardedCreator()
      const input = withDiscount(checkoutInput(accountId, monthly(1_500)), discountOf({ percentOff: 100 }))
      const session = await provider.createCheckout(input)
      const events = eventsOf(double.completeCheckout(session.sessionId))
      expect(only(events, 'invoice.paid').payment).toBeNull()
      const subscriptionId = String(double.object(session.sessionId)!.subscription)
      expect(only(eventsOf(double.renewSubscription(subscriptionId)), 'invoice.paid').payment).toMatchObject({
        amountCents: 1_500,
      })
    })
  })

  describe('errors', () => {
    const noRetries = () => providerFor(double, { maxNetworkRetries: 0, publicUrl: 'https://picks.example.test' })

    async function checkoutFailure(failure: Parameters<StripeDouble['failNext']>[1]): Promise<PaymentProviderError> {
      const accountId = await onboardedCreator()
      double.failNext({ method: 'POST', path: '/v1/checkout/sessions' }, failure, 3)
      const error = await noRetries()
        .createCheckout(checkoutInput(accountId, dayPass()))
        .catch((e: unknown) => e)
      double.clearFailures()
      expect(error).toBeInstanceOf(PaymentProviderError)
      return error as PaymentProviderError
    }

    it('reports a declined card as card_declined', async () => {
      const error = await checkoutFailure({
        status: 402,
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'generic_decline',
          message: 'Your card was declined.',
        },
      })
      expect(error.reason).toBe('card_declined')
    })

    it('reports a card without the funds as insufficient_funds', async () => {
      const error = await checkoutFailure({
        status: 402,
        error: {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
        },
      })
      expect(error.reason).toBe('insufficient_funds')
    })

    it('reports a request Stripe refuses as invalid_request', async () => {
      await expect(
        provider.cancelSubscription('sub_missing', { atPeriodEnd: true, idempotencyKey: randomUUID() }),
      ).rejects.toMatchObject({ name: 'PaymentProviderError', reason: 'invalid_request' })
      const accountId = await onboardedCreator()
      await expect(
        provider.createPayout({
          accountId,
          amountCents: 1_000,
          currency: 'usd',
          description: 'More than there is',
          payoutId: randomUUID(),
          idempotencyKey: randomUUID(),
        }),
      ).rejects.toMatchObject({ reason: 'invalid_request', message: expect.stringContaining('insufficient funds') })
    })

    it('refuses to open a checkout to an account that has not finished onboarding', async () => {
      const { accountId } = await provider.createConnectedAccount({
        creatorId: randomUUID(),
        email: 'dana@example.test',
        name: 'Sharp Dana',
        idempotencyKey: randomUUID(),
      })
      await expect(provider.createCheckout(checkoutInput(accountId, dayPass()))).rejects.toMatchObject({
        reason: 'invalid_request',
      })
    })

    it('reports a server error or a dropped connection as unavailable', async () => {
      const serverError = await checkoutFailure({
        status: 500,
        error: { type: 'api_error', message: 'Something went wrong on our end.' },
      })
      expect(serverError.reason).toBe('unavailable')
      const dropped = await checkoutFailure('disconnect')
      expect(dropped.reason).toBe('unavailable')
    })

    it('reports an unreachable Stripe as unavailable', async () => {
      const closed = await startStripeDouble()
      await closed.close()
      const unreachable = createStripeProvider({
        secretKey: closed.secretKey,
        webhookSecret: closed.webhookSecret,
        apiHost: closed.apiHost,
        maxNetworkRetries: 0,
      })
      await expect(unreachable.getAccountStatus('acct_x')).rejects.toMatchObject({ reason: 'unavailable' })
    })

    it('never shows the secret key in an error', async () => {
      const wrongKey = 'sk_test_wrong_key_0123456789abcdefghijklmnop'
      const misconfigured = createStripeProvider({
        secretKey: wrongKey,
        webhookSecret: double.webhookSecret,
        apiHost: double.apiHost,
      })
      const error = await misconfigured.getBalance('acct_x').catch((e: unknown) => e)
      expect(error).toMatchObject({ name: 'PaymentProviderError', reason: 'unavailable' })
      const shown = `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`
      // Stripe names a refused key partly masked (sk_test_****mnop); not even that is shown.
      expect(shown).not.toMatch(/sk_test_/)
      expect(shown).not.toContain(wrongKey.slice(-4))
    })

    it('refuses a relative URL when no public URL is configured', async () => {
      const accountId = await onboardedCreator()
      const withoutPublicUrl = providerFor(double)
      await expect(withoutPublicUrl.createCheckout(checkoutInput(accountId, dayPass()))).rejects.toMatchObject({
        reason: 'invalid_request',
      })
    })
  })
})
