import { createRequire } from 'node:module'
import type Stripe from 'stripe'
import { discountedCents } from '@picks/contracts'
import {
  PaymentProviderError,
  platformFeeCents,
  WebhookSignatureError,
  type AccountStatus,
  type CheckoutDiscount,
  type CheckoutInput,
  type PaymentCharge,
  type PaymentEvent,
  type PaymentProvider,
  type PlanInterval,
  type ProviderPayout,
  type ProviderSubscription,
  type SubscriptionState,
} from './payment-provider.ts'

/**
 * The PaymentProvider on Stripe: Checkout Sessions with destination charges (the creator's Connect
 * Express account receives the charge less our application fee), Connect onboarding, balance and
 * payouts on the connected account, and snapshot webhooks verified with the endpoint's secret.
 * No Stripe type leaves this file.
 */

export interface StripeProviderOptions {
  secretKey: string
  /** The signing secret of the webhook endpoint for the platform's own events. */
  webhookSecret: string
  /**
   * The signing secret of a second endpoint for connected accounts' events (`account.updated`,
   * `payout.*`), when that endpoint is a separate one (Stripe gives each endpoint its own secret).
   */
  connectWebhookSecret?: string
  /** Makes relative success, cancel, return and refresh URLs absolute; Stripe requires absolute ones. */
  publicUrl?: string
  /** Another API host (a local double in tests). */
  apiHost?: { host: string; port: number; protocol: 'http' | 'https' }
  /** Retries of a failed connection or a 409/5xx answer; Stripe dedupes them by idempotency key. Default 2. */
  maxNetworkRetries?: number
  /** Per request, in milliseconds. Default 20 000. */
  timeoutMs?: number
}

/**
 * Stripe's SDK, loaded when the first Stripe provider is made: a server that sells through the
 * sandbox never loads it (about 0.2 s of a start, docs/performance.md "Start time").
 */
let loadedSdk: typeof Stripe | undefined
const stripeSdk = (): typeof Stripe => (loadedSdk ??= createRequire(import.meta.url)('stripe') as typeof Stripe)

/** Balances are kept in this currency (the platform sells in US dollars). */
const balanceCurrency = 'usd'
/** How many subscriptions `listSubscriptions` reads at most (10 pages of 100). */
const subscriptionScanLimit = 1_000

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new (stripeSdk())(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    ...(options.apiHost
      ? { host: options.apiHost.host, port: options.apiHost.port, protocol: options.apiHost.protocol }
      : {}),
  })
  const secrets = [options.webhookSecret, options.connectWebhookSecret].filter((s): s is string => Boolean(s))

  const absolute = (url: string, param: string): string => {
    try {
      return new URL(url, options.publicUrl).toString()
    } catch {
      throw new PaymentProviderError(`${param} must be an absolute URL (or set publicUrl)`, 'invalid_request')
    }
  }

  /** Runs one Stripe call, turning its failure into a PaymentProviderError that never names the key. */
  async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      throw toProviderError(what, error, options.secretKey)
    }
  }

  return {
    name: 'stripe',

    async createCheckout(input) {
      const successUrl = absolute(input.successUrl, 'successUrl')
      const cancelUrl = absolute(input.cancelUrl, 'cancelUrl')
      const couponId = input.discount ? await couponFor(input.discount, input.item.currency) : null
      const session = await call('Creating a checkout session', () =>
        stripe.checkout.sessions.create(checkoutParams(input, successUrl, cancelUrl, couponId), {
          idempotencyKey: input.idempotencyKey,
        }),
      )
      if (!session.url)
        throw new PaymentProviderError('Stripe returned a checkout session without a URL', 'unavailable')
      return { sessionId: session.id, url: session.url }
    },

    async createConnectedAccount(input) {
      const account = await call('Creating a connected account', () =>
        stripe.accounts.create(
          {
            type: 'express',
            email: input.email,
            business_profile: { name: input.name },
            metadata: { creator_id: input.creatorId },
            capabilities: { card_payments: { requested: true }, transfers: { requested: true } },
            // Creators ask for their payouts (POST /creators/payout), so Stripe must not sweep the balance.
            settings: { payouts: { schedule: { interval: 'manual' } } },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      )
      return { accountId: account.id }
    },

    async createOnboardingLink(input) {
      const link = await call('Creating an onboarding link', () =>
        stripe.accountLinks.create({
          account: input.accountId,
          type: 'account_onboarding',
          return_url: absolute(input.returnUrl, 'returnUrl'),
          refresh_url: absolute(input.refreshUrl, 'refreshUrl'),
        }),
      )
      return { url: link.url }
    },

    async getAccountStatus(accountId) {
      const account = await call('Reading the connected account', () => stripe.accounts.retrieve(accountId))
      return accountStatus(account)
    },

    async getBalance(accountId) {
      const balance = await call('Reading the balance', () => stripe.balance.retrieve({}, { stripeAccount: accountId }))
      const sum = (entries: { amount: number; currency: string }[]) =>
        entries.filter((e) => e.currency === balanceCurrency).reduce((total, e) => total + e.amount, 0)
      return { availableCents: sum(balance.available), pendingCents: sum(balance.pending), currency: balanceCurrency }
    },

    async createPayout(input) {
      const payout = await call('Creating a payout', () =>
        stripe.payouts.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            description: input.description,
            metadata: { payout_id: input.payoutId },
          },
          { stripeAccount: input.accountId, idempotencyKey: input.idempotencyKey },
        ),
      )
      return providerPayout(payout)
    },

    async listPayouts(accountId, limit) {
      const page = await call('Listing payouts', () =>
        stripe.payouts.list({ limit: Math.min(Math.max(limit, 1), 100) }, { stripeAccount: accountId }),
      )
      return page.data.map(providerPayout)
    },

    async listSubscriptions(accountId) {
      // Stripe cannot filter subscriptions by transfer destination, and its search is eventually
      // consistent; so read the live ones (the default list leaves out canceled) newest first, in
      // bounded pages, and keep this creator's.
      const found: ProviderSubscription[] = []
      let startingAfter: string | undefined
      for (let read = 0; read < subscriptionScanLimit;) {
        const page = await call('Listing subscriptions', () =>
          stripe.subscriptions.list({ limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) }),
        )
        read += page.data.length
        for (const sub of page.data) {
          if (idOf(sub.transfer_data?.destination) === accountId) found.push(providerSubscription(sub))
        }
        const last = page.data.at(-1)
        if (!page.has_more || !last) break
        startingAfter = last.id
      }
      return found
    },

    async cancelSubscription(subscriptionId, { atPeriodEnd, idempotencyKey }) {
      if (atPeriodEnd) {
        await call('Cancelling the subscription at period end', () =>
          stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }, { idempotencyKey }),
        )
        return
      }
      // Ends now; no proration credit: fees already paid are not refunded.
      await call('Cancelling the subscription', () =>
        stripe.subscriptions.cancel(subscriptionId, { prorate: false, invoice_now: false }, { idempotencyKey }),
      )
    },

    async resumeSubscription(subscriptionId, { idempotencyKey }) {
      await call('Resuming the subscription', () =>
        stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: false }, { idempotencyKey }),
      )
    },

    async refund({ paymentRef, amountCents, reason, affiliateCents = 0, idempotencyKey }) {
      const target = await refundTarget(paymentRef)
      // Stripe's own `reason` takes three fixed words; ours is free text (at most 500 characters, as metadata allows).
      const metadata = reason ? { metadata: { reason: reason.slice(0, 500) } } : {}
      if (affiliateCents <= 0) {
        // Destination charges: the fee comes back from the platform in proportion, and the creator's
        // share from the connected account (which may go negative: Stripe then debits it).
        await call('Refunding', () =>
          stripe.refunds.create(
            { ...target, amount: amountCents, refund_application_fee: true, reverse_transfer: true, ...metadata },
            { idempotencyKey },
          ),
        )
        return
      }
      // Part of the creator's transfer went on to an affiliate (decision 038): Stripe's
      // `reverse_transfer` would ask the transfer for the whole refund in proportion, more than is left
      // of it. The refund leaves the transfer alone and the creator's part is reversed here; the
      // affiliate's part comes back from their transfer (`reverseCommission`).
      const chargeId = await chargeIdOf(target)
      const transferId = await transferOf(chargeId)
      await call('Refunding', () =>
        stripe.refunds.create(
          { ...target, amount: amountCents, refund_application_fee: true, reverse_transfer: false, ...metadata },
          { idempotencyKey },
        ),
      )
      const creatorCents = amountCents - Math.min(affiliateCents, amountCents)
      if (creatorCents > 0) {
        await call("Taking the refund's share back from the creator", () =>
          stripe.transfers.createReversal(
            transferId,
            { amount: creatorCents, metadata: { refund_key: idempotencyKey.slice(0, 500) } },
            { idempotencyKey: `${idempotencyKey}:creator` },
          ),
        )
      }
    },

    async transferCommission({ paymentRef, destinationAccountId, amountCents, currency, idempotencyKey }) {
      const chargeId = await chargeIdOf(await refundTarget(paymentRef))
      const creatorTransfer = await transferOf(chargeId)
      // `source_transaction` makes the cents available to the affiliate when the charge's money is,
      // whatever the platform's own balance holds, and Stripe refuses more than the charge. The transfer
      // goes first: if the affiliate's account cannot take it, nothing has moved.
      const transfer = await call('Transferring the commission', () =>
        stripe.transfers.create(
          {
            amount: amountCents,
            currency,
            destination: destinationAccountId,
            source_transaction: chargeId,
            description: 'Affiliate commission',
            metadata: { payment_ref: paymentRef, commission_key: idempotencyKey.slice(0, 500) },
          },
          { idempotencyKey: `${idempotencyKey}:to-affiliate` },
        ),
      )
      // Out of the creator's share: the charge's transfer to the creator gives the cents back to the
      // platform. Should this fail, the caller's retry under the same key replays the transfer above
      // and tries this again.
      await call("Taking the commission from the creator's share", () =>
        stripe.transfers.createReversal(
          creatorTransfer,
          { amount: amountCents, metadata: { commission_key: idempotencyKey.slice(0, 500) } },
          { idempotencyKey: `${idempotencyKey}:from-creator` },
        ),
      )
      return { transferId: transfer.id }
    },

    async reverseCommission({ transferId, amountCents, idempotencyKey }) {
      await call('Taking the commission back', () =>
        stripe.transfers.createReversal(transferId, { amount: amountCents }, { idempotencyKey }),
      )
    },

    async paymentAliases(paymentRef) {
      if (!paymentRef.startsWith('pi_')) return []
      const payments = await call('Finding the invoice of a payment', () =>
        stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentRef }, limit: 10 }),
      )
      return payments.data.map((p) => idOf(p.invoice)).filter((id): id is string => id !== null)
    },

    parseWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('The Stripe-Signature header is missing')
      let event: Stripe.Event | null = null
      for (const secret of secrets) {
        try {
          event = stripe.webhooks.constructEvent(rawBody, signatureHeader, secret)
          break
        } catch {
          // Not this endpoint's secret (or a bad, tampered or stale signature): try the next.
        }
      }
      if (!event) throw new WebhookSignatureError()
      return toPaymentEvent(event)
    },
  }

  /**
   * The Stripe coupon of a promo code: one per code (and currency, for an amount off), its id made
   * from our code's id, so it is found again and reused by every later checkout with the code.
   * A code's discount never changes once made, so a coupon found under the id has the same terms.
   */
  async function couponFor(discount: CheckoutDiscount, currency: string): Promise<string> {
    const id = couponIdOf(discount, currency)
    try {
      await stripe.coupons.retrieve(id)
      return id
    } catch (error) {
      if (!(error instanceof stripeSdk().errors.StripeInvalidRequestError) || error.code !== 'resource_missing') {
        throw toProviderError('Reading the coupon', error, options.secretKey)
      }
    }
    try {
      await stripe.coupons.create(couponParams(id, discount, currency), { idempotencyKey: `coupon:${id}` })
    } catch (error) {
      // Another checkout made it meanwhile: the same coupon.
      if (
        !(error instanceof stripeSdk().errors.StripeInvalidRequestError) ||
        error.code !== 'resource_already_exists'
      ) {
        throw toProviderError('Creating the coupon', error, options.secretKey)
      }
    }
    return id
  }

  /** The charge itself (a `ch_` id): a payment intent's latest charge. */
  async function chargeIdOf(target: { payment_intent: string } | { charge: string }): Promise<string> {
    if ('charge' in target) return target.charge
    const intent = await call('Reading the payment', () => stripe.paymentIntents.retrieve(target.payment_intent))
    const charge = idOf(intent.latest_charge)
    if (!charge) throw new PaymentProviderError(`Payment ${target.payment_intent} has no charge`, 'invalid_request')
    return charge
  }

  /** The transfer of a destination charge to the creator's account. */
  async function transferOf(chargeId: string): Promise<string> {
    const charge = await call('Reading the charge', () => stripe.charges.retrieve(chargeId))
    const transfer = idOf(charge.transfer)
    if (!transfer) throw new PaymentProviderError(`Charge ${chargeId} has no transfer to a creator`, 'invalid_request')
    return transfer
  }

  /** A charge to refund: payment intents and charges directly; an invoice through its payment. */
  async function refundTarget(paymentRef: string): Promise<{ payment_intent: string } | { charge: string }> {
    if (paymentRef.startsWith('ch_') || paymentRef.startsWith('py_')) return { charge: paymentRef }
    if (!paymentRef.startsWith('in_')) return { payment_intent: paymentRef }
    const payments = await call('Finding the invoice payment', () =>
      stripe.invoicePayments.list({ invoice: paymentRef, status: 'paid', limit: 1 }),
    )
    const payment = payments.data[0]?.payment
    const paymentIntent = idOf(payment?.payment_intent)
    if (paymentIntent) return { payment_intent: paymentIntent }
    const charge = idOf(payment?.charge)
    if (charge) return { charge }
    throw new PaymentProviderError(`Invoice ${paymentRef} has no card payment to refund`, 'invalid_request')
  }
}

/** A promo code's coupon id: our code's id, and the currency an amount off is in. */
function couponIdOf(discount: CheckoutDiscount, currency: string): string {
  return discount.amountOffCents !== null
    ? `promo_${discount.promoCodeId}_${currency.toLowerCase()}`
    : `promo_${discount.promoCodeId}`
}

function couponParams(id: string, discount: CheckoutDiscount, currency: string): Stripe.CouponCreateParams {
  return {
    id,
    // Shown to the customer on the checkout page and the invoices.
    name: discount.code.slice(0, 40),
    ...(discount.amountOffCents !== null
      ? { amount_off: discount.amountOffCents, currency: currency.toLowerCase() }
      : { percent_off: discount.percentOff ?? 0 }),
    duration: discount.duration,
    ...(discount.duration === 'repeating' ? { duration_in_months: discount.durationMonths ?? 1 } : {}),
    metadata: { promo_code_id: discount.promoCodeId, code: discount.code },
  }
}

/** What a one-time payment costs with the discount (Checkout applies the coupon to the session's total). */
function discountedPrice(priceCents: number, discount: CheckoutDiscount | null | undefined): number {
  if (!discount) return priceCents
  return discountedCents(priceCents, discount)
}

function checkoutParams(
  input: CheckoutInput,
  successUrl: string,
  cancelUrl: string,
  couponId: string | null,
): Stripe.Checkout.SessionCreateParams {
  const { item } = input
  const common = {
    customer_email: input.customer.email,
    client_reference_id: input.purchaseId,
    success_url: successUrl,
    cancel_url: cancelUrl,
    // A promo code's coupon; Stripe shows it on the page and charges the discounted amount.
    ...(couponId ? { discounts: [{ coupon: couponId }] } : {}),
  }
  if (item.kind === 'subscription') {
    return {
      ...common,
      mode: 'subscription',
      metadata: { purchase_id: input.purchaseId },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: item.currency,
            unit_amount: item.priceCents,
            product_data: { name: item.name },
            recurring: { interval: item.interval },
          },
        },
      ],
      subscription_data: {
        // A percentage of each invoice's total, which is after the coupon's discount.
        application_fee_percent: input.feeBps / 100,
        transfer_data: { destination: input.destinationAccountId },
        ...(item.trialDays > 0 ? { trial_period_days: item.trialDays } : {}),
        // Every invoice carries a snapshot of these: the purchase, and the fee rate to compute the
        // fee with (current API versions no longer put the application fee on the invoice).
        metadata: { purchase_id: input.purchaseId, fee_bps: String(input.feeBps) },
      },
    }
  }
  // The fee on what is charged: the price less the promo code's discount.
  const feeCents = platformFeeCents(discountedPrice(item.priceCents, input.discount), input.feeBps)
  return {
    ...common,
    mode: 'payment',
    // The fee we asked for, so the completed event can report it without another call.
    metadata: { purchase_id: input.purchaseId, fee_cents: String(feeCents) },
    line_items: [
      {
        quantity: 1,
        price_data: { currency: item.currency, unit_amount: item.priceCents, product_data: { name: item.name } },
      },
    ],
    payment_intent_data: {
      application_fee_amount: feeCents,
      transfer_data: { destination: input.destinationAccountId },
      metadata: { purchase_id: input.purchaseId },
    },
  }
}

// --- Mapping Stripe objects to neutral ones -------------------------------------------------------

/** Reads a field Stripe's current types may not declare (older API versions' webhook payloads). */
function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
}

/** The id of an expandable field: a string id, or an expanded object's `id`. */
function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value
  const id = field(value, 'id')
  return typeof id === 'string' && id !== '' ? id : null
}

function metadataOf(value: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (value === null || typeof value !== 'object') return out
  for (const [k, v] of Object.entries(value)) if (typeof v === 'string') out[k] = v
  return out
}

const fromSeconds = (seconds: number | null | undefined): Date | null =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null

const intervals: readonly string[] = ['week', 'month', 'year'] satisfies PlanInterval[]
const asInterval = (value: unknown): PlanInterval | null =>
  typeof value === 'string' && intervals.includes(value) ? (value as PlanInterval) : null

function subscriptionState(status: string): SubscriptionState {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'unpaid':
    case 'canceled':
    case 'incomplete':
      return status
    case 'incomplete_expired':
      return 'canceled'
    default:
      // `paused`: a trial ended without a payment method; nothing is paid for.
      return 'unpaid'
  }
}

function accountStatus(account: Stripe.Account): AccountStatus {
  return {
    accountId: account.id,
    detailsSubmitted: Boolean(account.details_submitted),
    chargesEnabled: Boolean(account.charges_enabled),
    payoutsEnabled: Boolean(account.payouts_enabled),
  }
}

function providerPayout(payout: Stripe.Payout): ProviderPayout {
  const statuses: ProviderPayout['status'][] = ['pending', 'in_transit', 'paid', 'failed', 'canceled']
  const status = statuses.find((s) => s === payout.status) ?? 'pending'
  return {
    providerPayoutId: payout.id,
    amountCents: payout.amount,
    currency: payout.currency,
    status,
    arrivalAt: fromSeconds(payout.arrival_date),
    createdAt: new Date(payout.created * 1000),
    description: payout.description ?? null,
  }
}

/** The subscription's current period end: on its item in current API versions, on itself before. */
function periodEndOf(sub: Stripe.Subscription): Date | null {
  const itemEnds = sub.items.data.map((i) => i.current_period_end).filter((n): n is number => typeof n === 'number')
  if (itemEnds.length) return fromSeconds(Math.max(...itemEnds))
  const legacy = field(sub, 'current_period_end')
  return typeof legacy === 'number' ? fromSeconds(legacy) : null
}

function providerSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0]
  const price = item?.price
  return {
    subscriptionId: sub.id,
    purchaseId: metadataOf(sub.metadata).purchase_id ?? null,
    status: subscriptionState(sub.status),
    amountCents: (price?.unit_amount ?? 0) * (item?.quantity ?? 1),
    currency: price?.currency ?? sub.currency,
    interval: asInterval(price?.recurring?.interval),
    currentPeriodEnd: periodEndOf(sub),
    // A cancellation scheduled with `cancel_at` (e.g. from the Dashboard) also ends renewal.
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end) || typeof sub.cancel_at === 'number',
  }
}

/** Which subscription an invoice bills, and the subscription metadata snapshot it carries. */
function invoiceSubscription(invoice: Stripe.Invoice): {
  subscriptionId: string | null
  metadata: Record<string, string>
} {
  const details = invoice.parent?.subscription_details
  const lineSubscription = invoice.lines?.data
    .map((line) => idOf(line.parent?.subscription_item_details?.subscription) ?? idOf(field(line, 'subscription')))
    .find((id) => id !== null)
  return {
    subscriptionId: idOf(details?.subscription) ?? idOf(field(invoice, 'subscription')) ?? lineSubscription ?? null,
    // Current versions: parent.subscription_details.metadata; 2023-08 to 2025-02: subscription_details.metadata.
    metadata: {
      ...metadataOf(field(field(invoice, 'subscription_details'), 'metadata')),
      ...metadataOf(details?.metadata),
    },
  }
}

/** The service period an invoice pays for: its subscription line's period (the invoice's own is the previous one). */
function invoicePeriod(invoice: Stripe.Invoice): { start: Date; end: Date } {
  const lines = invoice.lines?.data ?? []
  const subscriptionLines = lines.filter(
    (line) => line.parent?.type === 'subscription_item_details' || field(line, 'type') === 'subscription',
  )
  const candidates = (subscriptionLines.length ? subscriptionLines : lines).filter((line) => line.period)
  const latest = candidates.reduce<(typeof candidates)[number] | undefined>(
    (best, line) => (!best || line.period.end > best.period.end ? line : best),
    undefined,
  )
  if (latest) return { start: new Date(latest.period.start * 1000), end: new Date(latest.period.end * 1000) }
  return { start: new Date(invoice.period_start * 1000), end: new Date(invoice.period_end * 1000) }
}

/**
 * The charge of a paid invoice. Since API version 2025-03-31 an invoice's webhook payload carries
 * neither its payment intent nor its application fee: the payment comes from `payments` when it
 * is included, else from the fields older versions had, else the invoice id (which `refund`
 * resolves); the fee from `application_fee_amount` when Stripe reports it, else from the fee rate
 * stored on the subscription.
 */
function invoiceCharge(invoice: Stripe.Invoice, metadata: Record<string, string>): PaymentCharge | null {
  if (!invoice.amount_paid) return null
  const payment = invoice.payments?.data.find((p) => p.status === 'paid')?.payment ?? invoice.payments?.data[0]?.payment
  const paymentRef =
    idOf(payment?.payment_intent) ??
    idOf(payment?.charge) ??
    idOf(field(invoice, 'payment_intent')) ??
    idOf(field(invoice, 'charge')) ??
    invoice.id
  const reportedFee = field(invoice, 'application_fee_amount')
  const feeBps = Number(metadata.fee_bps)
  const feeCents =
    typeof reportedFee === 'number'
      ? reportedFee
      : Number.isInteger(feeBps) && feeBps >= 0
        ? platformFeeCents(invoice.amount_paid, feeBps)
        : 0
  return { paymentRef, amountCents: invoice.amount_paid, feeCents, currency: invoice.currency }
}

/** The charge of a completed one-time checkout. */
function sessionCharge(session: Stripe.Checkout.Session): PaymentCharge {
  const metadata = metadataOf(session.metadata)
  const expandedFee = field(session.payment_intent, 'application_fee_amount')
  const storedFee = Number(metadata.fee_cents)
  return {
    paymentRef: idOf(session.payment_intent) ?? session.id,
    amountCents: session.amount_total ?? 0,
    feeCents: typeof expandedFee === 'number' ? expandedFee : Number.isInteger(storedFee) ? storedFee : 0,
    currency: session.currency ?? balanceCurrency,
  }
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent | null {
  const base = { id: event.id, occurredAt: new Date(event.created * 1000) }
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object
      const purchaseId = metadataOf(session.metadata).purchase_id ?? session.client_reference_id
      // Unpaid: a delayed payment method is still pending; async_payment_succeeded follows.
      if (!purchaseId || session.payment_status === 'unpaid') return null
      return {
        ...base,
        type: 'checkout.completed',
        purchaseId,
        sessionId: session.id,
        subscriptionId: idOf(session.subscription),
        payment: session.mode === 'payment' ? sessionCharge(session) : null,
      }
    }
    case 'checkout.session.expired': {
      const session = event.data.object
      const purchaseId = metadataOf(session.metadata).purchase_id ?? session.client_reference_id
      if (!purchaseId) return null
      return { ...base, type: 'checkout.expired', purchaseId, sessionId: session.id }
    }
    case 'invoice.paid': {
      const invoice = event.data.object
      const { subscriptionId, metadata } = invoiceSubscription(invoice)
      if (!subscriptionId) return null
      const period = invoicePeriod(invoice)
      return {
        ...base,
        type: 'invoice.paid',
        subscriptionId,
        purchaseId: metadata.purchase_id ?? null,
        invoiceId: invoice.id,
        periodStart: period.start,
        periodEnd: period.end,
        payment: invoiceCharge(invoice, metadata),
      }
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object
      const { subscriptionId, metadata } = invoiceSubscription(invoice)
      if (!subscriptionId) return null
      return {
        ...base,
        type: 'invoice.payment_failed',
        subscriptionId,
        purchaseId: metadata.purchase_id ?? null,
        invoiceId: invoice.id,
        nextAttemptAt: fromSeconds(invoice.next_payment_attempt),
        amountDueCents: invoice.amount_due,
        reason: invoice.last_finalization_error?.message ?? null,
      }
    }
    case 'customer.subscription.updated': {
      const sub = providerSubscription(event.data.object)
      return {
        ...base,
        type: 'subscription.updated',
        subscriptionId: sub.subscriptionId,
        purchaseId: sub.purchaseId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
      }
    }
    case 'customer.subscription.deleted': {
      const sub = event.data.object
      return {
        ...base,
        type: 'subscription.deleted',
        subscriptionId: sub.id,
        purchaseId: metadataOf(sub.metadata).purchase_id ?? null,
      }
    }
    case 'charge.refunded': {
      const charge = event.data.object
      return {
        ...base,
        type: 'charge.refunded',
        paymentRef: idOf(charge.payment_intent) ?? charge.id,
        amountRefundedCents: charge.amount_refunded,
        currency: charge.currency,
      }
    }
    case 'account.updated':
      return { ...base, type: 'account.updated', ...accountStatus(event.data.object) }
    case 'payout.paid':
    case 'payout.failed': {
      const payout = event.data.object
      // Our payouts are made on connected accounts; a payout of the platform's own balance is not ours.
      if (!event.account) return null
      return {
        ...base,
        type: event.type,
        accountId: event.account,
        providerPayoutId: payout.id,
        payoutId: metadataOf(payout.metadata).payout_id ?? null,
        failureReason: payout.failure_message ?? payout.failure_code ?? null,
      }
    }
    default:
      return null
  }
}

// --- Errors --------------------------------------------------------------------------------------

function toProviderError(what: string, error: unknown, secretKey: string): Error {
  if (error instanceof PaymentProviderError) return error
  if (!(error instanceof stripeSdk().errors.StripeError))
    return error instanceof Error ? error : new Error(String(error))
  const detail = redact(error.message, secretKey)
  const message = `${what} failed: ${detail}${error.requestId ? ` (request ${error.requestId})` : ''}`
  if (error instanceof stripeSdk().errors.StripeCardError) {
    const insufficient = error.decline_code === 'insufficient_funds' || error.code === 'insufficient_funds'
    return new PaymentProviderError(message, insufficient ? 'insufficient_funds' : 'card_declined')
  }
  if (
    error instanceof stripeSdk().errors.StripeInvalidRequestError ||
    error instanceof stripeSdk().errors.StripeIdempotencyError
  ) {
    return new PaymentProviderError(message, 'invalid_request')
  }
  // Connection, timeout, rate limit, Stripe's 5xx, and a refused key (our configuration): nothing
  // the customer or creator can fix; try again later.
  return new PaymentProviderError(message, 'unavailable')
}

/** Removes API keys (ours, or any Stripe secret or restricted key, even partly masked) from a message. */
function redact(message: string, secretKey: string): string {
  return message
    .split(secretKey)
    .join('[redacted]')
    .replace(/\b(sk|rk)_(test|live)_[A-Za-z0-9_*]+/g, '[redacted]')
}
