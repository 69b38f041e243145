import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { platformFeeCents } from '../modules/payments/payment-provider.ts'

/**
 * A stand-in for the Stripe API on 127.0.0.1, for the Stripe provider's tests: it answers the
 * calls the provider makes (Checkout Sessions with coupons, Connect Express accounts and account links,
 * balance, payouts, subscriptions, refunds, invoice payments, charges, transfers and their reversals)
 * in Stripe's JSON shapes, with
 * Stripe's error bodies and statuses. It parses Stripe's bracketed form encoding, replays a
 * response for a repeated `Idempotency-Key`, scopes balances and payouts by `Stripe-Account`,
 * records every request, and keeps the events Stripe would send so tests can sign and deliver them.
 *
 * What it models of money: a successful charge credits the destination account's *available*
 * balance with the charge less the application fee at once (like Stripe's test card
 * 4000 0000 0000 0077, which bypasses the pending balance); payouts take from it; refunds with
 * `reverse_transfer` take the creator's share back. A destination charge makes a transfer of the
 * whole amount to the destination (the application fee comes back to the platform), which can be
 * reversed up to what is left of it, by a refund's `reverse_transfer` (in proportion to the amount
 * refunded) or by a transfer reversal. Transfers to connected accounts need the destination's
 * `transfers` capability; one with `source_transaction` may not exceed that charge. The platform's
 * own balance is kept too ('platform'). No currency conversion, no Stripe fees.
 */

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

/** A decoded form body or query: Stripe's `a[b][0][c]=v` syntax as nested objects and arrays. */
export type FormValue = string | FormValue[] | { [key: string]: FormValue }
export type FormObject = { [key: string]: FormValue }

export interface RecordedRequest {
  method: string
  /** The path without the query, e.g. `/v1/checkout/sessions`. */
  path: string
  /** The decoded query and body. */
  params: FormObject
  idempotencyKey: string | null
  stripeAccount: string | null
  status: number
}

export interface StripeErrorBody {
  type: 'card_error' | 'invalid_request_error' | 'api_error' | 'idempotency_error'
  code?: string
  decline_code?: string
  param?: string
  message: string
}

/** A failure to answer instead of handling the next matching request(s). */
export type InjectedFailure = { status: number; error: StripeErrorBody } | 'disconnect'

export type DoubleCard = 'succeeds' | 'declined' | 'insufficient_funds'

export interface StripeDouble {
  /** Pass to `new Stripe(key, { ...apiHost })` (or the provider's `apiHost` option). */
  apiHost: { host: string; port: number; protocol: 'http' }
  /** The only API key it accepts. */
  secretKey: string
  /** The secret its webhook helper signs with. */
  webhookSecret: string
  /** Every request it answered, in order. */
  requests: RecordedRequest[]
  /** Every event Stripe would have sent, in order. */
  events: JsonObject[]
  /** The requests to `method path`, in order. */
  requestsTo(method: string, path: string): RecordedRequest[]
  /** Answers the next `times` requests matching `method path` (a path or pattern) with `failure`. */
  failNext(match: { method: string; path: string | RegExp }, failure: InjectedFailure, times?: number): void
  /** Forgets failures `failNext` queued that have not been used. */
  clearFailures(): void
  /** The customer pays on the hosted page. Returns the events that produces. */
  completeCheckout(sessionId: string, card?: DoubleCard): JsonObject[]
  /** The session times out unpaid. */
  expireCheckout(sessionId: string): JsonObject[]
  /** The next period's invoice is paid. */
  renewSubscription(subscriptionId: string): JsonObject[]
  /** The next period's invoice fails; `finalAttempt` means Stripe will not retry. */
  failRenewal(subscriptionId: string, options?: { finalAttempt?: boolean }): JsonObject[]
  /** The creator finishes the hosted onboarding: details submitted, requested capabilities active. */
  finishOnboarding(accountId: string): JsonObject[]
  /** The bank accepts or returns a payout. */
  settlePayout(payoutId: string, outcome: 'paid' | 'failed'): JsonObject[]
  /** A webhook delivery of `event` as Stripe sends it: the body, its `Stripe-Signature`, and both headers. */
  signedWebhook(
    event: JsonObject,
    options?: { secret?: string; timestamp?: number },
  ): { body: Buffer; signature: string; headers: Record<string, string> }
  /** An object by id, as the API would answer it now (a copy), or null. */
  object(id: string): JsonObject | null
  close(): Promise<void>
}

class DoubleError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message)
  }
}

const invalid = (message: string, param?: string, code = 'parameter_invalid_string'): DoubleError =>
  new DoubleError(400, { type: 'invalid_request_error', code, message, ...(param ? { param } : {}) })
const missingParam = (param: string): DoubleError =>
  new DoubleError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  })
const noSuch = (kind: string, id: string, param = 'id'): DoubleError =>
  new DoubleError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${kind}: '${id}'`,
  })

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const now = () => Math.floor(Date.now() / 1000)
const daySeconds = 24 * 60 * 60
const clone = <T extends Json>(value: T): T => structuredClone(value)

/** Decodes `a[b][0][c]=v&…` into nested objects, turning objects keyed 0..n into arrays. */
export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {}
  for (const [key, value] of new URLSearchParams(encoded)) {
    const segments = (key.match(/^[^[\]]+|\[[^[\]]*\]/g) ?? [key]).map((s) => (s.startsWith('[') ? s.slice(1, -1) : s))
    let node: FormObject = root
    segments.forEach((raw, i) => {
      const segment = raw === '' ? String(Object.keys(node).length) : raw
      if (i === segments.length - 1) {
        node[segment] = value
        return
      }
      const next = node[segment]
      if (next === undefined || typeof next === 'string' || Array.isArray(next)) node[segment] = {}
      node = node[segment] as FormObject
    })
  }
  return indexedToArrays(root) as FormObject
}

function indexedToArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value
  const keys = Object.keys(value)
  const converted: FormObject = {}
  for (const key of keys) converted[key] = indexedToArrays(value[key]!)
  if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((k) => converted[k]!)
  }
  return converted
}

function at(value: FormValue | undefined, ...path: (string | number)[]): FormValue | undefined {
  let node = value
  for (const step of path) {
    if (node === undefined || typeof node === 'string') return undefined
    node = Array.isArray(node) ? node[Number(step)] : node[String(step)]
  }
  return node
}
const textAt = (value: FormValue | undefined, ...path: (string | number)[]): string | undefined => {
  const found = at(value, ...path)
  return typeof found === 'string' ? found : undefined
}
function intAt(value: FormValue | undefined, ...path: (string | number)[]): number | undefined {
  const found = textAt(value, ...path)
  if (found === undefined) return undefined
  if (!/^-?\d+$/.test(found)) throw invalid(`Invalid integer: ${found}`, path.join('.'), 'parameter_invalid_integer')
  return Number(found)
}
function metadataAt(value: FormValue | undefined, ...path: (string | number)[]): JsonObject {
  const found = at(value, ...path)
  if (found === undefined || typeof found === 'string' || Array.isArray(found)) return {}
  const metadata: JsonObject = {}
  for (const [k, v] of Object.entries(found)) if (typeof v === 'string') metadata[k] = v
  return metadata
}

/** Adds whole intervals the way Stripe bills: calendar months and years, clamped to the month's end. */
function addInterval(fromSeconds: number, interval: string, count = 1): number {
  if (interval === 'day') return fromSeconds + count * daySeconds
  if (interval === 'week') return fromSeconds + count * 7 * daySeconds
  const from = new Date(fromSeconds * 1000)
  const months = interval === 'year' ? 12 * count : count
  const target = new Date(from)
  target.setUTCDate(1)
  target.setUTCMonth(target.getUTCMonth() + months)
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay))
  return Math.floor(target.getTime() / 1000)
}

const list = (data: JsonObject[], url: string, hasMore = false): JsonObject => ({
  object: 'list',
  data,
  has_more: hasMore,
  url,
})

interface CheckoutState {
  session: JsonObject
  destination: string
  unitAmount: number
  /** The coupon of `discounts[0][coupon]`, when the session has one. */
  coupon: JsonObject | null
  productName: string
  interval: string | null
  trialDays: number
  feePercent: number | null
  feeAmount: number | null
  subscriptionMetadata: JsonObject
  paymentIntentMetadata: JsonObject
}

interface SubscriptionState {
  subscription: JsonObject
  destination: string
  customer: string
  unitAmount: number
  /** The coupon the subscription's discount came from, and how many invoices of more than zero it has seen. */
  coupon: JsonObject | null
  startedAt: number
  chargedInvoices: number
  productName: string
  interval: string
  feePercent: number | null
  priceId: string
  productId: string
  itemId: string
}

interface ChargeState {
  charge: JsonObject
  paymentIntent: JsonObject
  destination: string
  feeAmount: number
  /** The destination charge's transfer to `destination`. */
  transferId: string
}

interface Balances {
  available: Map<string, number>
  pending: Map<string, number>
}

export async function startStripeDouble(): Promise<StripeDouble> {
  const secretKey = `sk_test_double_${randomBytes(16).toString('hex')}`
  const webhookSecret = `whsec_double_${randomBytes(16).toString('hex')}`
  const requests: RecordedRequest[] = []
  const events: JsonObject[] = []
  const failures: { method: string; path: string | RegExp; failure: InjectedFailure; times: number }[] = []
  const idempotent = new Map<string, { fingerprint: string; status: number; body: Json }>()

  const accounts = new Map<string, JsonObject>()
  const checkouts = new Map<string, CheckoutState>()
  const subscriptions = new Map<string, SubscriptionState>()
  const invoices = new Map<string, { invoice: JsonObject; paymentIntentId: string | null }>()
  const charges = new Map<string, ChargeState>()
  const paymentIntents = new Map<string, string>() // payment intent id → charge id
  const payouts = new Map<string, { payout: JsonObject; account: string | null }>()
  const refunds = new Map<string, JsonObject>()
  const transfers = new Map<string, JsonObject>()
  const transferReversals = new Map<string, JsonObject>()
  const coupons = new Map<string, JsonObject>()
  const balances = new Map<string, Balances>() // account id ('platform' for ours) → balances
  let origin = ''

  const balanceOf = (account: string): Balances => {
    let found = balances.get(account)
    if (!found) {
      found = { available: new Map(), pending: new Map() }
      balances.set(account, found)
    }
    return found
  }
  const credit = (account: string, currency: string, cents: number) => {
    const b = balanceOf(account)
    b.available.set(currency, (b.available.get(currency) ?? 0) + cents)
  }

  function emit(
    type: string,
    object: JsonObject,
    options: { account?: string | null; previous?: JsonObject; request?: RecordedRequest | null } = {},
  ): JsonObject {
    const event: JsonObject = {
      id: newId('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      data: { object: clone(object), ...(options.previous ? { previous_attributes: clone(options.previous) } : {}) },
      livemode: false,
      pending_webhooks: 1,
      request: {
        id: options.request ? newId('req') : null,
        idempotency_key: options.request?.idempotencyKey ?? null,
      },
      type,
      ...(options.account ? { account: options.account } : {}),
    }
    events.push(event)
    return event
  }

  function accountOrThrow(id: string, param = 'account'): JsonObject {
    const account = accounts.get(id)
    if (!account) throw noSuch('account', id, param)
    return account
  }

  // --- API -------------------------------------------------------------------------------------

  function createAccount(p: FormObject): JsonObject {
    const type = textAt(p, 'type')
    if (type && !['express', 'standard', 'custom'].includes(type)) throw invalid(`Invalid type: ${type}`, 'type')
    const capabilities: JsonObject = {}
    for (const name of ['card_payments', 'transfers']) {
      if (textAt(p, 'capabilities', name, 'requested') === 'true') capabilities[name] = 'inactive'
    }
    const account: JsonObject = {
      id: newId('acct'),
      object: 'account',
      type: type ?? 'express',
      email: textAt(p, 'email') ?? null,
      country: textAt(p, 'country') ?? 'US',
      default_currency: 'usd',
      created: now(),
      business_profile: { name: textAt(p, 'business_profile', 'name') ?? null, url: null, mcc: null },
      capabilities,
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: metadataAt(p, 'metadata'),
      requirements: {
        currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
        eventually_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
        past_due: ['external_account'],
        disabled_reason: 'requirements.past_due',
        errors: [],
      },
      settings: {
        payouts: {
          schedule: { interval: textAt(p, 'settings', 'payouts', 'schedule', 'interval') ?? 'daily', delay_days: 2 },
        },
      },
    }
    accounts.set(String(account.id), account)
    return account
  }

  function createAccountLink(p: FormObject): JsonObject {
    const account = textAt(p, 'account')
    if (!account) throw missingParam('account')
    accountOrThrow(account)
    if (textAt(p, 'type') !== 'account_onboarding' && textAt(p, 'type') !== 'account_update') {
      throw invalid('Invalid type: must be one of account_onboarding or account_update', 'type')
    }
    if (!textAt(p, 'refresh_url')) throw missingParam('refresh_url')
    if (!textAt(p, 'return_url')) throw missingParam('return_url')
    const created = now()
    return {
      object: 'account_link',
      created,
      expires_at: created + 300,
      url: `${origin}/setup/e/${account}/${randomBytes(8).toString('hex')}`,
    }
  }

  function createCoupon(p: FormObject): JsonObject {
    const id = textAt(p, 'id') ?? randomBytes(4).toString('hex')
    if (coupons.has(id)) {
      throw new DoubleError(400, {
        type: 'invalid_request_error',
        code: 'resource_already_exists',
        param: 'id',
        message: 'Coupon already exists.',
      })
    }
    const duration = textAt(p, 'duration') ?? 'once'
    if (!['once', 'repeating', 'forever'].includes(duration)) throw invalid(`Invalid duration: ${duration}`, 'duration')
    const months = intAt(p, 'duration_in_months') ?? null
    if (duration === 'repeating' && (months === null || months < 1)) throw missingParam('duration_in_months')
    if (duration !== 'repeating' && months !== null) {
      throw invalid('duration_in_months can only be set for a repeating coupon', 'duration_in_months')
    }
    const percentText = textAt(p, 'percent_off')
    const percentOff = percentText === undefined ? null : Number(percentText)
    const amountOff = intAt(p, 'amount_off') ?? null
    const currency = textAt(p, 'currency') ?? null
    if ((percentOff === null) === (amountOff === null)) {
      throw invalid('You must pass exactly one of percent_off or amount_off.', 'percent_off')
    }
    if (percentOff !== null && !(percentOff > 0 && percentOff <= 100)) {
      throw invalid('percent_off must be between 0 and 100', 'percent_off')
    }
    if (amountOff !== null && (amountOff < 1 || !currency)) {
      throw amountOff < 1 ? invalid('Invalid positive integer', 'amount_off') : missingParam('currency')
    }
    const coupon: JsonObject = {
      id,
      object: 'coupon',
      amount_off: amountOff,
      created: now(),
      currency: amountOff !== null ? currency : null,
      duration,
      duration_in_months: months,
      livemode: false,
      max_redemptions: null,
      metadata: metadataAt(p, 'metadata'),
      name: textAt(p, 'name') ?? null,
      percent_off: percentOff,
      redeem_by: null,
      times_redeemed: 0,
      valid: true,
    }
    coupons.set(id, coupon)
    return coupon
  }

  function couponOrThrow(id: string, param = 'coupon'): JsonObject {
    const coupon = coupons.get(id)
    if (!coupon) throw noSuch('coupon', id, param)
    return coupon
  }

  /** What `amount` comes to with the coupon: Stripe rounds a percentage's discount to the cent. */
  function afterCoupon(amount: number, coupon: JsonObject | null): number {
    if (!coupon || amount === 0) return amount
    if (coupon.percent_off !== null) return amount - Math.round((amount * Number(coupon.percent_off)) / 100)
    return Math.max(0, amount - Number(coupon.amount_off))
  }

  /**
   * Whether a subscription's coupon covers an invoice for the period from `periodStart`: `forever`
   * every invoice; `repeating` the invoices within its months of the subscription's start (trial
   * included); `once` the first invoice that has something to discount (a trial's invoice of zero
   * does not use it up).
   */
  function couponCovers(state: SubscriptionState, periodStart: number, subtotal: number): boolean {
    const coupon = state.coupon
    if (!coupon || subtotal === 0) return false
    if (coupon.duration === 'forever') return true
    if (coupon.duration === 'once') return state.chargedInvoices === 0
    return periodStart < addInterval(state.startedAt, 'month', Number(coupon.duration_in_months))
  }

  function createCheckoutSession(p: FormObject): JsonObject {
    const mode = textAt(p, 'mode')
    if (!mode) throw missingParam('mode')
    if (mode !== 'payment' && mode !== 'subscription') throw invalid(`Invalid mode: ${mode}`, 'mode')
    const successUrl = textAt(p, 'success_url')
    if (!successUrl) throw missingParam('success_url')
    for (const [param, value] of [
      ['success_url', successUrl],
      ['cancel_url', textAt(p, 'cancel_url')],
    ] as const) {
      if (value !== undefined && !/^https?:\/\//.test(value)) throw invalid('Not a valid URL', param, 'url_invalid')
    }
    const items = at(p, 'line_items')
    if (!Array.isArray(items) || items.length !== 1) throw missingParam('line_items')
    const priceData = at(items[0], 'price_data')
    if (!priceData) throw missingParam('line_items[0][price_data]')
    const currency = textAt(priceData, 'currency')
    if (!currency) throw missingParam('line_items[0][price_data][currency]')
    const unitAmount = intAt(priceData, 'unit_amount')
    if (unitAmount === undefined) throw missingParam('line_items[0][price_data][unit_amount]')
    const productName = textAt(priceData, 'product_data', 'name')
    if (!productName) throw missingParam('line_items[0][price_data][product_data][name]')
    const quantity = intAt(items[0], 'quantity') ?? 1
    const interval = textAt(priceData, 'recurring', 'interval') ?? null

    const discounts = at(p, 'discounts')
    if (discounts !== undefined && (!Array.isArray(discounts) || discounts.length > 1)) {
      throw invalid('You may only specify one discount.', 'discounts')
    }
    const couponId = textAt(p, 'discounts', 0, 'coupon')
    const coupon = couponId ? couponOrThrow(couponId, 'discounts[0][coupon]') : null
    if (coupon?.currency && coupon.currency !== currency) {
      throw invalid(
        `The coupon's currency (${String(coupon.currency)}) does not match the session's (${currency}).`,
        'discounts',
      )
    }
    const total = mode === 'payment' ? afterCoupon(unitAmount * quantity, coupon) : unitAmount * quantity

    let destination: string | undefined
    let feePercent: number | null = null
    let feeAmount: number | null = null
    let trialDays = 0
    if (mode === 'subscription') {
      if (at(p, 'payment_intent_data') !== undefined) {
        throw invalid('You can not pass `payment_intent_data` in `subscription` mode.', 'payment_intent_data')
      }
      if (!interval) {
        throw invalid(
          'You must provide at least one recurring price in `subscription` mode when using prices.',
          'line_items',
        )
      }
      destination = textAt(p, 'subscription_data', 'transfer_data', 'destination')
      const percent = textAt(p, 'subscription_data', 'application_fee_percent')
      if (percent !== undefined) {
        feePercent = Number(percent)
        if (!(feePercent >= 0 && feePercent <= 100) || !/^\d+(\.\d{1,2})?$/.test(percent)) {
          throw invalid(
            'application_fee_percent must be between 0 and 100 with at most two decimals',
            'application_fee_percent',
          )
        }
      }
      trialDays = intAt(p, 'subscription_data', 'trial_period_days') ?? 0
      if (trialDays < 0 || trialDays > 730)
        throw invalid('Invalid trial_period_days', 'subscription_data[trial_period_days]')
    } else {
      if (at(p, 'subscription_data') !== undefined) {
        throw invalid('You can not pass `subscription_data` in `payment` mode.', 'subscription_data')
      }
      if (interval) {
        throw invalid(
          'You specified `payment` mode but passed a recurring price. Either switch to `subscription` mode or use only one-time prices.',
          'line_items',
        )
      }
      destination = textAt(p, 'payment_intent_data', 'transfer_data', 'destination')
      feeAmount = intAt(p, 'payment_intent_data', 'application_fee_amount') ?? null
      if (feeAmount !== null && (feeAmount < 0 || feeAmount > total)) {
        throw invalid('The application fee must not exceed the amount.', 'payment_intent_data[application_fee_amount]')
      }
    }
    if (destination) {
      const account = accounts.get(destination)
      if (!account) throw noSuch('account', destination, 'transfer_data[destination]')
      if (at(account as FormValue, 'capabilities', 'transfers') !== 'active') {
        throw invalid(
          'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
          'transfer_data[destination]',
          'insufficient_capabilities_for_transfer',
        )
      }
    }
    const created = now()
    const id = `cs_test_${randomBytes(20).toString('hex')}`
    const session: JsonObject = {
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: unitAmount * quantity,
      amount_total: total,
      discounts: coupon ? [{ coupon: String(coupon.id), promotion_code: null }] : [],
      total_details: { amount_discount: unitAmount * quantity - total, amount_shipping: 0, amount_tax: 0 },
      currency,
      customer: null,
      customer_details: null,
      customer_email: textAt(p, 'customer_email') ?? null,
      client_reference_id: textAt(p, 'client_reference_id') ?? null,
      metadata: metadataAt(p, 'metadata'),
      success_url: successUrl,
      cancel_url: textAt(p, 'cancel_url') ?? null,
      created,
      expires_at: intAt(p, 'expires_at') ?? created + daySeconds,
      invoice: null,
      payment_intent: null,
      subscription: null,
      livemode: false,
      url: `${origin}/c/pay/${id}`,
    }
    checkouts.set(id, {
      session,
      destination: destination ?? '',
      unitAmount: unitAmount * quantity,
      coupon,
      productName,
      interval,
      trialDays,
      feePercent,
      feeAmount,
      subscriptionMetadata: metadataAt(p, 'subscription_data', 'metadata'),
      paymentIntentMetadata: metadataAt(p, 'payment_intent_data', 'metadata'),
    })
    return session
  }

  function listSubscriptions(p: FormObject): JsonObject {
    const limit = Math.min(Math.max(intAt(p, 'limit') ?? 10, 1), 100)
    const status = textAt(p, 'status')
    const startingAfter = textAt(p, 'starting_after')
    let all = [...subscriptions.values()].map((s) => s.subscription).reverse() // newest first
    if (status && status !== 'all') all = all.filter((s) => s.status === status)
    else if (!status) all = all.filter((s) => s.status !== 'canceled' && s.status !== 'incomplete_expired')
    if (startingAfter) {
      const index = all.findIndex((s) => s.id === startingAfter)
      if (index < 0) throw noSuch('subscription', startingAfter, 'starting_after')
      all = all.slice(index + 1)
    }
    return list(all.slice(0, limit), '/v1/subscriptions', all.length > limit)
  }

  function subscriptionOrThrow(id: string): SubscriptionState {
    const found = subscriptions.get(id)
    if (!found) throw noSuch('subscription', id)
    return found
  }

  function updateSubscription(id: string, p: FormObject, request: RecordedRequest): JsonObject {
    const state = subscriptionOrThrow(id)
    const sub = state.subscription
    if (sub.status === 'canceled') {
      throw invalid(
        'A canceled subscription can only update its cancellation_details and metadata.',
        undefined,
        'resource_missing',
      )
    }
    const previous: JsonObject = {}
    const cancel = textAt(p, 'cancel_at_period_end')
    if (cancel !== undefined) {
      const value = cancel === 'true'
      if (sub.cancel_at_period_end !== value) {
        previous.cancel_at_period_end = sub.cancel_at_period_end ?? false
        previous.cancel_at = sub.cancel_at ?? null
        previous.canceled_at = sub.canceled_at ?? null
        sub.cancel_at_period_end = value
        sub.cancel_at = value ? currentPeriodEnd(state) : null
        sub.canceled_at = value ? now() : null
      }
    }
    const metadata = metadataAt(p, 'metadata')
    if (Object.keys(metadata).length) {
      previous.metadata = clone(sub.metadata ?? {})
      sub.metadata = { ...(sub.metadata as JsonObject), ...metadata }
    }
    if (Object.keys(previous).length) {
      emit('customer.subscription.updated', sub, { previous, request })
    }
    return sub
  }

  function cancelSubscription(id: string, request: RecordedRequest): JsonObject {
    const state = subscriptionOrThrow(id)
    const sub = state.subscription
    if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`, 'id', 'resource_missing')
    sub.status = 'canceled'
    sub.canceled_at = sub.canceled_at ?? now()
    sub.ended_at = now()
    sub.cancel_at_period_end = false
    emit('customer.subscription.deleted', sub, { request })
    return sub
  }

  function currentPeriodEnd(state: SubscriptionState): number {
    return Number(at(state.subscription as FormValue, 'items', 'data', 0, 'current_period_end') ?? 0)
  }

  function createPayout(p: FormObject, account: string | null): JsonObject {
    const amount = intAt(p, 'amount')
    if (amount === undefined) throw missingParam('amount')
    const currency = textAt(p, 'currency')
    if (!currency) throw missingParam('currency')
    if (amount < 1) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer')
    const owner = account ?? 'platform'
    if (account) {
      const acct = accountOrThrow(account)
      if (!acct.payouts_enabled) {
        throw new DoubleError(400, {
          type: 'invalid_request_error',
          code: 'payouts_not_allowed',
          message: 'Payouts have been disabled on this account.',
        })
      }
    }
    const balance = balanceOf(owner)
    const available = balance.available.get(currency) ?? 0
    if (amount > available) {
      throw new DoubleError(400, {
        type: 'invalid_request_error',
        code: 'balance_insufficient',
        message: `You have insufficient funds in your Stripe account for this transfer. Your card balance is too low.`,
      })
    }
    balance.available.set(currency, available - amount)
    const created = now()
    const payout: JsonObject = {
      id: newId('po'),
      object: 'payout',
      amount,
      arrival_date: created + 2 * daySeconds,
      automatic: false,
      balance_transaction: newId('txn'),
      created,
      currency,
      description: textAt(p, 'description') ?? null,
      destination: newId('ba'),
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: metadataAt(p, 'metadata'),
      method: textAt(p, 'method') ?? 'standard',
      source_type: 'card',
      statement_descriptor: textAt(p, 'statement_descriptor') ?? null,
      status: 'pending',
      type: 'bank_account',
    }
    payouts.set(String(payout.id), { payout, account })
    return payout
  }

  function listPayouts(p: FormObject, account: string | null): JsonObject {
    const limit = Math.min(Math.max(intAt(p, 'limit') ?? 10, 1), 100)
    const mine = [...payouts.values()]
      .filter((x) => x.account === account)
      .map((x) => x.payout)
      .reverse()
    return list(mine.slice(0, limit), '/v1/payouts', mine.length > limit)
  }

  function retrieveBalance(account: string | null): JsonObject {
    const balance = balanceOf(account ?? 'platform')
    const entries = (amounts: Map<string, number>): Json[] => {
      const currencies = amounts.size ? [...amounts.keys()] : ['usd']
      return currencies.map((currency) => ({
        amount: amounts.get(currency) ?? 0,
        currency,
        source_types: { card: amounts.get(currency) ?? 0 },
      }))
    }
    return {
      object: 'balance',
      available: entries(balance.available),
      pending: entries(balance.pending),
      livemode: false,
    }
  }

  function createRefund(p: FormObject, request: RecordedRequest): JsonObject {
    const byIntent = textAt(p, 'payment_intent')
    const byCharge = textAt(p, 'charge')
    if (!byIntent && !byCharge) throw missingParam('charge')
    const chargeId = byCharge ?? paymentIntents.get(byIntent!)
    if (!chargeId) throw noSuch('payment_intent', byIntent!, 'payment_intent')
    const state = charges.get(chargeId)
    if (!state) throw noSuch('charge', chargeId, 'charge')
    const charge = state.charge
    const chargeAmount = Number(charge.amount)
    const refunded = Number(charge.amount_refunded)
    const amount = intAt(p, 'amount') ?? chargeAmount - refunded
    if (refunded >= chargeAmount) {
      throw invalid(`Charge ${chargeId} has already been refunded.`, undefined, 'charge_already_refunded')
    }
    if (amount < 1 || amount > chargeAmount - refunded) {
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((chargeAmount - refunded) / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      )
    }
    const currency = String(charge.currency)
    const transfer = transfers.get(state.transferId)!
    // Stripe reverses the transfer in proportion to the amount refunded, and refuses a reversal
    // beyond what is left of the transfer.
    const reversal = Math.round((Number(transfer.amount) * amount) / chargeAmount)
    const reverse = textAt(p, 'reverse_transfer') === 'true'
    if (reverse && reversal > Number(transfer.amount) - Number(transfer.amount_reversed)) {
      throw invalid(
        `The transfer ${state.transferId} cannot be reversed by ${reversal}: only ${Number(transfer.amount) - Number(transfer.amount_reversed)} of it is left.`,
        'reverse_transfer',
        'transfer_reversal_amount_too_large',
      )
    }
    charge.amount_refunded = refunded + amount
    charge.refunded = refunded + amount === chargeAmount
    credit('platform', currency, -amount)
    if (reverse) reverseTransfer(transfer, reversal, {})
    if (textAt(p, 'refund_application_fee') === 'true') {
      const feeBack = Math.round((state.feeAmount * amount) / chargeAmount)
      credit(state.destination, currency, feeBack)
      credit('platform', currency, -feeBack)
    }
    const refund: JsonObject = {
      id: newId('re'),
      object: 'refund',
      amount,
      charge: chargeId,
      created: now(),
      currency: charge.currency ?? 'usd',
      metadata: metadataAt(p, 'metadata'),
      payment_intent: charge.payment_intent ?? null,
      reason: textAt(p, 'reason') ?? null,
      status: 'succeeded',
    }
    refunds.set(String(refund.id), refund)
    emit('charge.refunded', charge, {
      request,
      previous: { amount_refunded: refunded, refunded: refunded === chargeAmount },
    })
    return refund
  }

  function listInvoicePayments(p: FormObject): JsonObject {
    const invoiceId = textAt(p, 'invoice')
    const paymentIntent = textAt(p, 'payment', 'payment_intent')
    const rows = [...invoices.values()]
      .filter(({ invoice, paymentIntentId }) => paymentIntentId && (!invoiceId || invoice.id === invoiceId))
      .filter(({ paymentIntentId }) => !paymentIntent || paymentIntentId === paymentIntent)
      .map(({ invoice, paymentIntentId }) => invoicePayment(invoice, paymentIntentId!))
    return list(rows, '/v1/invoice_payments')
  }

  function invoicePayment(invoice: JsonObject, paymentIntentId: string): JsonObject {
    return {
      id: `inpay_${String(invoice.id).slice(3)}`,
      object: 'invoice_payment',
      amount_paid: invoice.amount_paid ?? 0,
      amount_requested: invoice.amount_due ?? 0,
      created: invoice.created ?? now(),
      currency: invoice.currency ?? 'usd',
      invoice: invoice.id ?? null,
      is_default: true,
      livemode: false,
      payment: { type: 'payment_intent', payment_intent: paymentIntentId },
      status: 'paid',
      status_transitions: { canceled_at: null, paid_at: invoice.created ?? now() },
    }
  }

  /** A transfer to a connected account, credited to it at once (its charge's money is available at once here). */
  function makeTransfer(input: {
    amount: number
    currency: string
    destination: string
    sourceTransaction: string | null
    metadata: JsonObject
    transferGroup: string | null
    description?: string | null
  }): JsonObject {
    const id = newId('tr')
    const transfer: JsonObject = {
      id,
      object: 'transfer',
      amount: input.amount,
      amount_reversed: 0,
      balance_transaction: newId('txn'),
      created: now(),
      currency: input.currency,
      description: input.description ?? null,
      destination: input.destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: input.metadata,
      reversals: list([], `/v1/transfers/${id}/reversals`),
      reversed: false,
      source_transaction: input.sourceTransaction,
      source_type: 'card',
      transfer_group: input.transferGroup,
    }
    transfers.set(id, transfer)
    credit('platform', input.currency, -input.amount)
    credit(input.destination, input.currency, input.amount)
    return transfer
  }

  function transferOrThrow(id: string): JsonObject {
    const found = transfers.get(id)
    if (!found) throw noSuch('transfer', id)
    return found
  }

  function createTransfer(p: FormObject): JsonObject {
    const amount = intAt(p, 'amount')
    if (amount === undefined) throw missingParam('amount')
    const currency = textAt(p, 'currency')
    if (!currency) throw missingParam('currency')
    const destination = textAt(p, 'destination')
    if (!destination) throw missingParam('destination')
    if (amount < 1) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer')
    const account = accountOrThrow(destination, 'destination')
    if ((account.capabilities as JsonObject | null)?.transfers !== 'active') {
      throw invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        'destination',
        'insufficient_capabilities_for_transfer',
      )
    }
    const source = textAt(p, 'source_transaction') ?? null
    if (source) {
      const state = charges.get(source)
      if (!state) throw noSuch('charge', source, 'source_transaction')
      if (String(state.charge.currency) !== currency) {
        throw invalid('The currency of the transfer must match its source transaction', 'currency')
      }
      // The source charge's own transfer (to the creator) is not counted: only transfers we make.
      const sourced = [...transfers.values()]
        .filter((t) => t.source_transaction === source && t.id !== state.transferId)
        .reduce((sum, t) => sum + Number(t.amount), 0)
      if (sourced + amount > Number(state.charge.amount)) {
        throw invalid(
          `The transfer amount exceeds the amount of the source transaction ${source}.`,
          'amount',
          'amount_too_large',
        )
      }
    } else if ((balanceOf('platform').available.get(currency) ?? 0) < amount) {
      throw invalid(
        'You have insufficient funds in your Stripe account for this transfer.',
        undefined,
        'balance_insufficient',
      )
    }
    return makeTransfer({
      amount,
      currency,
      destination,
      sourceTransaction: source,
      metadata: metadataAt(p, 'metadata'),
      transferGroup: textAt(p, 'transfer_group') ?? null,
      description: textAt(p, 'description') ?? null,
    })
  }

  /** Takes `amount` of `transfer` back from its destination to the platform. */
  function reverseTransfer(transfer: JsonObject, amount: number, metadata: JsonObject): JsonObject {
    const reversal: JsonObject = {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      balance_transaction: newId('txn'),
      created: now(),
      currency: transfer.currency ?? 'usd',
      destination_payment_refund: newId('pyr'),
      metadata,
      source_refund: null,
      transfer: transfer.id ?? null,
    }
    transferReversals.set(String(reversal.id), reversal)
    transfer.amount_reversed = Number(transfer.amount_reversed) + amount
    transfer.reversed = Number(transfer.amount_reversed) === Number(transfer.amount)
    const reversals = transfer.reversals as JsonObject
    reversals.data = [reversal, ...(reversals.data as Json[])]
    credit(String(transfer.destination), String(transfer.currency), -amount)
    credit('platform', String(transfer.currency), amount)
    return reversal
  }

  function createTransferReversal(id: string, p: FormObject): JsonObject {
    const transfer = transferOrThrow(id)
    const left = Number(transfer.amount) - Number(transfer.amount_reversed)
    if (left <= 0) throw invalid(`Transfer ${id} has already been reversed.`, undefined, 'transfer_already_reversed')
    const amount = intAt(p, 'amount') ?? left
    if (amount < 1) throw invalid('Invalid positive integer', 'amount', 'parameter_invalid_integer')
    if (amount > left) {
      throw invalid(
        `Transfer reversal amount ($${(amount / 100).toFixed(2)}) is greater than the amount left on the transfer ($${(left / 100).toFixed(2)}).`,
        'amount',
        'amount_too_large',
      )
    }
    return reverseTransfer(transfer, amount, metadataAt(p, 'metadata'))
  }

  function chargeOrThrow(id: string): JsonObject {
    const found = charges.get(id)
    if (!found) throw noSuch('charge', id)
    return found.charge
  }

  function paymentIntentOrThrow(id: string): JsonObject {
    const found = charges.get(paymentIntents.get(id) ?? '')
    if (!found) throw noSuch('payment_intent', id, 'intent')
    return found.paymentIntent
  }

  // --- Money movements --------------------------------------------------------------------------

  /** A successful card charge to `destination` with the platform's fee. */
  function charge(input: {
    amount: number
    currency: string
    feeAmount: number
    destination: string
    customer: string | null
    metadata: JsonObject
    description: string
  }): ChargeState {
    const created = now()
    const paymentIntentId = newId('pi')
    const chargeId = newId('ch')
    const transfer = makeTransfer({
      amount: input.amount,
      currency: input.currency,
      destination: input.destination,
      sourceTransaction: chargeId,
      metadata: {},
      transferGroup: `group_${paymentIntentId}`,
    })
    const paymentIntent: JsonObject = {
      id: paymentIntentId,
      object: 'payment_intent',
      amount: input.amount,
      amount_received: input.amount,
      application_fee_amount: input.feeAmount,
      created,
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      last_payment_error: null,
      latest_charge: chargeId,
      livemode: false,
      metadata: input.metadata,
      status: 'succeeded',
      transfer_data: { destination: input.destination },
    }
    const chargeObject: JsonObject = {
      id: chargeId,
      object: 'charge',
      amount: input.amount,
      amount_captured: input.amount,
      amount_refunded: 0,
      application_fee: newId('fee'),
      application_fee_amount: input.feeAmount,
      balance_transaction: newId('txn'),
      captured: true,
      created,
      currency: input.currency,
      customer: input.customer,
      description: input.description,
      disputed: false,
      failure_code: null,
      failure_message: null,
      livemode: false,
      metadata: input.metadata,
      paid: true,
      payment_intent: paymentIntentId,
      refunded: false,
      status: 'succeeded',
      transfer: transfer.id ?? null,
      transfer_data: { amount: null, destination: input.destination },
      transfer_group: transfer.transfer_group ?? null,
    }
    const state: ChargeState = {
      charge: chargeObject,
      paymentIntent,
      destination: input.destination,
      feeAmount: input.feeAmount,
      transferId: String(transfer.id),
    }
    charges.set(chargeId, state)
    paymentIntents.set(paymentIntentId, chargeId)
    // The customer pays the platform, which transfers the whole amount (above) and takes its fee back.
    credit('platform', input.currency, input.amount)
    credit(input.destination, input.currency, -input.feeAmount)
    credit('platform', input.currency, input.feeAmount)
    return state
  }

  function declinedIntent(amount: number, currency: string, card: DoubleCard, metadata: JsonObject): JsonObject {
    const insufficient = card === 'insufficient_funds'
    return {
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      created: now(),
      currency,
      last_payment_error: {
        type: 'card_error',
        code: 'card_declined',
        decline_code: insufficient ? 'insufficient_funds' : 'generic_decline',
        message: insufficient ? 'Your card has insufficient funds.' : 'Your card was declined.',
      },
      latest_charge: newId('ch'),
      livemode: false,
      metadata,
      status: 'requires_payment_method',
    }
  }

  function subscriptionInvoice(
    state: SubscriptionState,
    input: { periodStart: number; periodEnd: number; amount: number; paid: boolean; billingReason: string },
  ): { invoice: JsonObject; paymentIntentId: string | null } {
    const sub = state.subscription
    const created = now()
    const id = newId('in')
    const subtotal = input.amount
    const discounted = couponCovers(state, input.periodStart, subtotal)
    const total = discounted ? afterCoupon(subtotal, state.coupon) : subtotal
    if (discounted) state.chargedInvoices += 1
    let paymentIntentId: string | null = null
    if (input.paid && total > 0) {
      // The application fee percent is taken on the invoice's total, after the discount.
      const feeAmount = state.feePercent === null ? 0 : platformFeeCents(total, Math.round(state.feePercent * 100))
      paymentIntentId = String(
        charge({
          amount: total,
          currency: String(sub.currency),
          feeAmount,
          destination: state.destination,
          customer: state.customer,
          metadata: {},
          description: input.billingReason === 'subscription_create' ? 'Subscription creation' : 'Subscription update',
        }).paymentIntent.id,
      )
    }
    const invoice: JsonObject = {
      id,
      object: 'invoice',
      amount_due: total,
      amount_paid: input.paid ? total : 0,
      amount_remaining: input.paid ? 0 : total,
      attempt_count: 1,
      attempted: true,
      billing_reason: input.billingReason,
      collection_method: 'charge_automatically',
      created,
      currency: sub.currency ?? 'usd',
      customer: state.customer,
      lines: list(
        [
          {
            id: newId('il'),
            object: 'line_item',
            amount: input.amount,
            currency: sub.currency ?? 'usd',
            description: `1 × ${state.productName}`,
            invoice: id,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: {
                invoice_item: null,
                proration: false,
                proration_details: { credited_items: null },
                subscription: String(sub.id),
                subscription_item: state.itemId,
              },
            },
            period: { start: input.periodStart, end: input.periodEnd },
            pricing: {
              type: 'price_details',
              price_details: { price: state.priceId, product: state.productId },
              unit_amount_decimal: String(state.unitAmount),
            },
            quantity: 1,
          },
        ],
        `/v1/invoices/${id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: clone(sub.metadata ?? {}), subscription: String(sub.id) },
      },
      // Stripe's invoice-level period is the one *before* the invoice (equal for the first one).
      period_start: input.billingReason === 'subscription_create' ? created : input.periodStart,
      period_end: input.billingReason === 'subscription_create' ? created : input.periodStart,
      status: input.paid ? 'paid' : 'open',
      status_transitions: { finalized_at: created, paid_at: input.paid ? created : null },
      subtotal,
      total,
      total_discount_amounts: discounted ? [{ amount: subtotal - total, discount: newId('di') }] : [],
    }
    const stored = { invoice, paymentIntentId }
    invoices.set(id, stored)
    sub.latest_invoice = id
    return stored
  }

  function setPeriod(state: SubscriptionState, start: number, end: number) {
    const item = at(state.subscription as FormValue, 'items', 'data', 0) as unknown as JsonObject
    item.current_period_start = start
    item.current_period_end = end
  }

  // --- Lifecycle helpers --------------------------------------------------------------------------

  function completeCheckout(sessionId: string, card: DoubleCard = 'succeeds'): JsonObject[] {
    const state = checkouts.get(sessionId)
    if (!state) throw new Error(`No such checkout session: ${sessionId}`)
    const session = state.session
    if (session.status !== 'open') throw new Error(`Checkout session ${sessionId} is ${String(session.status)}`)
    const currency = String(session.currency)
    const produced: JsonObject[] = []
    if (card !== 'succeeds') {
      produced.push(
        emit(
          'payment_intent.payment_failed',
          declinedIntent(state.unitAmount, currency, card, state.paymentIntentMetadata),
        ),
      )
      return produced
    }
    const customer = newId('cus')
    const email = session.customer_email ?? 'customer@example.test'
    session.customer = customer
    session.customer_details = { email, name: null }
    session.status = 'complete'
    if (session.mode === 'payment') {
      const paid = charge({
        amount: Number(session.amount_total),
        currency,
        feeAmount: state.feeAmount ?? 0,
        destination: state.destination,
        customer,
        metadata: state.paymentIntentMetadata,
        description: state.productName,
      })
      session.payment_status = 'paid'
      session.payment_intent = paid.paymentIntent.id ?? null
      produced.push(emit('payment_intent.succeeded', paid.paymentIntent))
      produced.push(emit('checkout.session.completed', session))
      return produced
    }
    const start = now()
    const trialing = state.trialDays > 0
    const periodEnd = trialing ? start + state.trialDays * daySeconds : addInterval(start, state.interval!)
    const subId = newId('sub')
    const priceId = newId('price')
    const productId = newId('prod')
    const itemId = newId('si')
    const subscription: JsonObject = {
      id: subId,
      object: 'subscription',
      application: null,
      application_fee_percent: state.feePercent,
      billing_cycle_anchor: periodEnd,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      collection_method: 'charge_automatically',
      created: start,
      currency,
      customer,
      ended_at: null,
      items: list(
        [
          {
            id: itemId,
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: periodEnd,
            metadata: {},
            price: {
              id: priceId,
              object: 'price',
              active: false,
              currency,
              product: productId,
              recurring: { interval: state.interval, interval_count: 1, usage_type: 'licensed' },
              type: 'recurring',
              unit_amount: state.unitAmount,
            },
            quantity: 1,
            subscription: subId,
          },
        ],
        `/v1/subscription_items?subscription=${subId}`,
      ),
      latest_invoice: null,
      livemode: false,
      metadata: clone(state.subscriptionMetadata),
      start_date: start,
      status: trialing ? 'trialing' : 'active',
      transfer_data: { amount_percent: null, destination: state.destination },
      trial_end: trialing ? periodEnd : null,
      trial_start: trialing ? start : null,
    }
    const subState: SubscriptionState = {
      subscription,
      destination: state.destination,
      customer,
      unitAmount: state.unitAmount,
      coupon: state.coupon,
      startedAt: start,
      chargedInvoices: 0,
      productName: state.productName,
      interval: state.interval!,
      feePercent: state.feePercent,
      priceId,
      productId,
      itemId,
    }
    subscriptions.set(subId, subState)
    const { invoice } = subscriptionInvoice(subState, {
      periodStart: start,
      periodEnd,
      amount: trialing ? 0 : state.unitAmount,
      paid: true,
      billingReason: 'subscription_create',
    })
    session.subscription = subId
    session.invoice = invoice.id ?? null
    session.payment_status = trialing ? 'no_payment_required' : 'paid'
    produced.push(emit('customer.subscription.created', subscription))
    produced.push(emit('checkout.session.completed', session))
    produced.push(emit('invoice.paid', invoice))
    return produced
  }

  function expireCheckout(sessionId: string): JsonObject[] {
    const state = checkouts.get(sessionId)
    if (!state) throw new Error(`No such checkout session: ${sessionId}`)
    if (state.session.status !== 'open') throw new Error(`Checkout session ${sessionId} is not open`)
    state.session.status = 'expired'
    state.session.url = null
    return [emit('checkout.session.expired', state.session)]
  }

  function renewSubscription(subscriptionId: string): JsonObject[] {
    const state = subscriptions.get(subscriptionId)
    if (!state) throw new Error(`No such subscription: ${subscriptionId}`)
    const sub = state.subscription
    if (sub.status === 'canceled') throw new Error(`Subscription ${subscriptionId} is canceled`)
    const start = currentPeriodEnd(state)
    const end = addInterval(start, state.interval)
    const previous: JsonObject = { status: sub.status ?? null }
    const { invoice } = subscriptionInvoice(state, {
      periodStart: start,
      periodEnd: end,
      amount: state.unitAmount,
      paid: true,
      billingReason: 'subscription_cycle',
    })
    setPeriod(state, start, end)
    sub.status = 'active'
    return [emit('invoice.paid', invoice), emit('customer.subscription.updated', sub, { previous })]
  }

  function failRenewal(subscriptionId: string, options: { finalAttempt?: boolean } = {}): JsonObject[] {
    const state = subscriptions.get(subscriptionId)
    if (!state) throw new Error(`No such subscription: ${subscriptionId}`)
    const sub = state.subscription
    const start = currentPeriodEnd(state)
    const { invoice } = subscriptionInvoice(state, {
      periodStart: start,
      periodEnd: addInterval(start, state.interval),
      amount: state.unitAmount,
      paid: false,
      billingReason: 'subscription_cycle',
    })
    invoice.next_payment_attempt = options.finalAttempt ? null : now() + 3 * daySeconds
    const previous: JsonObject = { status: sub.status ?? null }
    sub.status = options.finalAttempt ? 'unpaid' : 'past_due'
    return [emit('invoice.payment_failed', invoice), emit('customer.subscription.updated', sub, { previous })]
  }

  function finishOnboarding(accountId: string): JsonObject[] {
    const account = accounts.get(accountId)
    if (!account) throw new Error(`No such account: ${accountId}`)
    const previous: JsonObject = {
      charges_enabled: account.charges_enabled ?? false,
      payouts_enabled: account.payouts_enabled ?? false,
      details_submitted: account.details_submitted ?? false,
      capabilities: clone(account.capabilities ?? {}),
    }
    const capabilities: JsonObject = {}
    for (const name of Object.keys((account.capabilities as JsonObject | null) ?? {})) capabilities[name] = 'active'
    account.capabilities = capabilities
    account.details_submitted = true
    account.charges_enabled = capabilities.card_payments === 'active'
    account.payouts_enabled = true
    account.requirements = { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null, errors: [] }
    return [emit('account.updated', account, { account: accountId, previous })]
  }

  function settlePayout(payoutId: string, outcome: 'paid' | 'failed'): JsonObject[] {
    const found = payouts.get(payoutId)
    if (!found) throw new Error(`No such payout: ${payoutId}`)
    const payout = found.payout
    if (payout.status !== 'pending' && payout.status !== 'in_transit') throw new Error(`Payout ${payoutId} is settled`)
    payout.status = outcome
    if (outcome === 'failed') {
      payout.failure_code = 'account_closed'
      payout.failure_message = 'The bank account has been closed.'
      credit(found.account ?? 'platform', String(payout.currency), Number(payout.amount))
    }
    return [emit(`payout.${outcome}`, payout, { account: found.account })]
  }

  // --- HTTP ---------------------------------------------------------------------------------------

  type Handler = (match: RegExpMatchArray, p: FormObject, request: RecordedRequest) => JsonObject
  const routes: [string, RegExp, Handler][] = [
    ['POST', /^\/v1\/accounts$/, (_m, p) => createAccount(p)],
    ['GET', /^\/v1\/accounts\/([^/]+)$/, (m) => accountOrThrow(m[1]!, 'account')],
    ['POST', /^\/v1\/account_links$/, (_m, p) => createAccountLink(p)],
    ['POST', /^\/v1\/coupons$/, (_m, p) => createCoupon(p)],
    ['GET', /^\/v1\/coupons\/([^/]+)$/, (m) => couponOrThrow(decodeURIComponent(m[1]!), 'id')],
    ['POST', /^\/v1\/checkout\/sessions$/, (_m, p) => createCheckoutSession(p)],
    [
      'GET',
      /^\/v1\/checkout\/sessions\/([^/]+)$/,
      (m) => {
        const found = checkouts.get(m[1]!)
        if (!found) throw noSuch('checkout.session', m[1]!)
        return found.session
      },
    ],
    ['GET', /^\/v1\/subscriptions$/, (_m, p) => listSubscriptions(p)],
    ['GET', /^\/v1\/subscriptions\/([^/]+)$/, (m) => subscriptionOrThrow(m[1]!).subscription],
    ['POST', /^\/v1\/subscriptions\/([^/]+)$/, (m, p, r) => updateSubscription(m[1]!, p, r)],
    ['DELETE', /^\/v1\/subscriptions\/([^/]+)$/, (m, _p, r) => cancelSubscription(m[1]!, r)],
    ['GET', /^\/v1\/balance$/, (_m, _p, r) => retrieveBalance(r.stripeAccount)],
    ['POST', /^\/v1\/payouts$/, (_m, p, r) => createPayout(p, r.stripeAccount)],
    ['GET', /^\/v1\/payouts$/, (_m, p, r) => listPayouts(p, r.stripeAccount)],
    ['POST', /^\/v1\/refunds$/, (_m, p, r) => createRefund(p, r)],
    ['GET', /^\/v1\/invoice_payments$/, (_m, p) => listInvoicePayments(p)],
    ['GET', /^\/v1\/charges\/([^/]+)$/, (m) => chargeOrThrow(m[1]!)],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (m) => paymentIntentOrThrow(m[1]!)],
    ['POST', /^\/v1\/transfers$/, (_m, p) => createTransfer(p)],
    ['GET', /^\/v1\/transfers\/([^/]+)$/, (m) => transferOrThrow(m[1]!)],
    ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, (m, p) => createTransferReversal(m[1]!, p)],
  ]

  function route(request: RecordedRequest): { status: number; body: Json } {
    for (const [method, pattern, handler] of routes) {
      const match = request.path.match(pattern)
      if (match && method === request.method) return { status: 200, body: handler(match, request.params, request) }
    }
    throw new DoubleError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${request.path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
    })
  }

  function respond(res: ServerResponse, status: number, body: Json, replayed = false) {
    const payload = JSON.stringify(body, null, 2)
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
      'request-id': newId('req'),
      'stripe-version': Stripe.API_VERSION,
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
    })
    res.end(payload)
  }

  function handle(req: IncomingMessage, res: ServerResponse, body: string) {
    const url = new URL(req.url ?? '/', 'http://double')
    const header = (name: string) => {
      const value = req.headers[name]
      return typeof value === 'string' && value !== '' ? value : null
    }
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      params: { ...parseStripeForm(url.search.slice(1)), ...parseStripeForm(body) },
      idempotencyKey: header('idempotency-key'),
      stripeAccount: header('stripe-account'),
      status: 0,
    }
    requests.push(request)
    const send = (status: number, json: Json, replayed = false) => {
      request.status = status
      respond(res, status, json, replayed)
    }

    const injected = failures.find(
      (f) =>
        f.method === request.method &&
        (typeof f.path === 'string' ? f.path === request.path : f.path.test(request.path)),
    )
    if (injected) {
      injected.times -= 1
      if (injected.times <= 0) failures.splice(failures.indexOf(injected), 1)
      if (injected.failure === 'disconnect') {
        request.status = -1
        req.socket.destroy()
        return
      }
      send(injected.failure.status, { error: { ...injected.failure.error } })
      return
    }

    if (header('authorization') !== `Bearer ${secretKey}`) {
      const given = (header('authorization') ?? '').replace(/^Bearer /, '')
      send(401, {
        error: {
          type: 'invalid_request_error',
          message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(given.length - 12, 0))}${given.slice(-4)}`,
        },
      })
      return
    }

    const scope = `${request.stripeAccount ?? 'platform'}|${request.idempotencyKey}`
    const fingerprint = `${request.method} ${request.path} ${JSON.stringify(request.params)}`
    if (request.method === 'POST' && request.idempotencyKey) {
      const seen = idempotent.get(scope)
      if (seen && seen.fingerprint !== fingerprint) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${request.idempotencyKey}' if you meant to execute a different request.`,
          },
        })
        return
      }
      if (seen) {
        send(seen.status, seen.body, true)
        return
      }
    }

    let status: number
    let json: Json
    try {
      ;({ status, body: json } = route(request))
      json = clone(json)
    } catch (error) {
      if (!(error instanceof DoubleError)) throw error
      status = error.status
      json = { error: { ...error.body } }
    }
    if (request.method === 'POST' && request.idempotencyKey && status < 500) {
      idempotent.set(scope, { fingerprint, status, body: json })
    }
    send(status, json)
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        handle(req, res, Buffer.concat(chunks).toString('utf8'))
      } catch (error) {
        respond(res, 500, { error: { type: 'api_error', message: `Stripe double failed: ${String(error)}` } })
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  origin = `http://127.0.0.1:${port}`

  return {
    apiHost: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    webhookSecret,
    requests,
    events,
    requestsTo: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    failNext: (match, failure, times = 1) => {
      failures.push({ ...match, failure, times })
    },
    clearFailures: () => {
      failures.length = 0
    },
    completeCheckout,
    expireCheckout,
    renewSubscription,
    failRenewal,
    finishOnboarding,
    settlePayout,
    signedWebhook(event, options = {}) {
      const payload = JSON.stringify(event, null, 2)
      const signature = Stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? webhookSecret,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      })
      return {
        body: Buffer.from(payload, 'utf8'),
        signature,
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      }
    },
    object(id) {
      const found =
        accounts.get(id) ??
        checkouts.get(id)?.session ??
        subscriptions.get(id)?.subscription ??
        invoices.get(id)?.invoice ??
        charges.get(id)?.charge ??
        charges.get(paymentIntents.get(id) ?? '')?.paymentIntent ??
        payouts.get(id)?.payout ??
        refunds.get(id) ??
        transfers.get(id) ??
        transferReversals.get(id) ??
        coupons.get(id)
      return found ? clone(found) : null
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
