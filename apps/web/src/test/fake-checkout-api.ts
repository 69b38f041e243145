import type { Charge, Purchase, SandboxCheckout } from '@picks/contracts'
import { paymentMessages, sandboxCards } from '@picks/contracts/client'
import { vi } from 'vitest'
import { apiError, creatorUserId, json, type CreatorCall } from './fake-creator-api.ts'
import { stubFetch } from './fake-fetch.ts'

/**
 * Test double of the buyer's payment endpoints (a purchase, the manage list, auto-renewal,
 * cancelling, the sandbox checkout), installed at the fetch boundary. It keeps state like the
 * server does and answers the sandbox's test cards the way the sandbox provider does.
 */

export type PaymentsCall = CreatorCall

type Reply = Response | Promise<Response> | undefined

export const buyerId = '00000000-0000-4000-8000-0000000000b1'

let purchaseNumber = 0
export function aPurchase(overrides: Partial<Purchase> = {}): Purchase {
  purchaseNumber += 1
  return {
    id: `00000000-0000-4000-a000-${String(purchaseNumber).padStart(12, '0')}`,
    user_id: buyerId,
    creator_id: creatorUserId,
    plan_id: '00000000-0000-4000-9000-000000000001',
    creator: { id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines', profile_picture: '🏀' },
    customer_name: 'Sam Rivers',
    plan_name: 'Monthly picks',
    kind: 'subscription',
    interval: 'month',
    access_days: null,
    price_cents: 1999,
    currency: 'usd',
    trial_days: 0,
    status: 'active',
    auto_renewal: true,
    current_period_start: '2026-11-01T12:00:00.000Z',
    current_period_end: '2026-12-01T12:00:00.000Z',
    has_access: true,
    canceled_at: null,
    ended_at: null,
    created_at: '2026-11-01T12:00:00.000Z',
    provider: 'sandbox',
    promo_code: null,
    discount: null,
    ...overrides,
  }
}

export function aCheckout(overrides: Partial<SandboxCheckout> = {}): SandboxCheckout {
  return {
    session_id: 'cs_test_1',
    status: 'open',
    item_name: 'Casey Lines — Monthly picks',
    kind: 'subscription',
    interval: 'month',
    access_days: null,
    trial_days: 0,
    amount_cents: 1999,
    price_cents: 1999,
    promo_code: null,
    discount_duration: null,
    discount_months: null,
    currency: 'usd',
    customer_email: 'sam@example.com',
    cancel_url: `/shop-picks/purchase/${creatorUserId}?checkout=cancelled`,
    success_url: '/payment-success?purchase=00000000-0000-4000-a000-000000000001',
    ...overrides,
  }
}

export interface FakePaymentsState {
  purchases: Purchase[]
  checkouts: SandboxCheckout[]
  /** The buyer's billing history (`GET /users/{id}/charges`), newest first. */
  charges: Charge[]
}

/** A paid charge of the buyer: Monthly picks from Casey Lines, $19.99 on November 1, 2026. */
export function aCharge(overrides: Partial<Charge> = {}): Charge {
  return {
    id: '00000000-0000-4000-c000-000000000001',
    purchase_id: '00000000-0000-4000-a000-000000000001',
    kind: 'charge',
    status: 'paid',
    amount_cents: 1999,
    refunded_cents: 0,
    currency: 'usd',
    plan_name: 'Monthly picks',
    creator_name: 'Casey Lines',
    period_start: '2026-11-01T12:00:00.000Z',
    period_end: '2026-12-01T12:00:00.000Z',
    card_last4: '4242',
    occurred_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  }
}

const expiryPattern = /^(\d{2})\/(\d{2})$/

/** The sandbox's checks of a card form, in its order: number, expiry, security code. */
function cardProblems(body: Record<string, unknown>): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  const number = String(body.card_number ?? '').replace(/[\s-]/g, '')
  if (!Object.values<string>(sandboxCards).includes(number)) {
    problems.push({ field: 'body.card_number', message: paymentMessages.unknownTestCard })
  }
  const expiry = expiryPattern.exec(String(body.expiry ?? ''))
  const month = Number(expiry?.[1])
  // The fake's "now" is 2026: any later year is in the future.
  if (!expiry || month < 1 || month > 12 || Number(expiry[2]) < 27) {
    problems.push({ field: 'body.expiry', message: paymentMessages.cardExpiry })
  }
  if (!/^\d{3,4}$/.test(String(body.cvc ?? ''))) problems.push({ field: 'body.cvc', message: paymentMessages.cardCvc })
  return problems
}

/**
 * Installs the fake. `override` may answer a call itself (an error, a hang); returning undefined
 * lets the fake answer. Returns the calls made and the live state, which a test may change between
 * calls (a pending purchase the provider confirms, say).
 */
export function servePaymentsApi(
  initial: Partial<FakePaymentsState> = {},
  override?: (call: PaymentsCall) => Reply,
): { calls: PaymentsCall[]; state: FakePaymentsState } {
  const state: FakePaymentsState = {
    purchases: initial.purchases ?? [],
    checkouts: initial.checkouts ?? [],
    charges: initial.charges ?? [],
  }
  const calls: PaymentsCall[] = []

  const purchaseIndex = (id: string | undefined) => state.purchases.findIndex((p) => p.id === id)
  const checkoutOf = (id: string | undefined) => state.checkouts.find((c) => c.session_id === id)
  const notFound = (what: string) => apiError(404, 'NOT_FOUND', `${what} not found`)

  function update(index: number, change: Partial<Purchase>): Response {
    const purchase = { ...state.purchases[index]!, ...change }
    state.purchases[index] = purchase
    return json({ purchase })
  }

  function answer(call: PaymentsCall): Response {
    const { method, path } = call
    const body = (typeof call.body === 'object' && call.body !== null ? call.body : {}) as Record<string, unknown>
    let match: RegExpExecArray | null

    if ((match = /^\/api\/purchases\/([^/]+)$/.exec(path))) {
      const index = purchaseIndex(match[1])
      if (index < 0) return notFound('Purchase')
      const current = state.purchases[index]!
      if (method === 'GET') return json({ purchase: current })
      if (method === 'DELETE') {
        const now = '2026-11-15T12:00:00.000Z'
        if (call.search.get('cancelImmediately') === 'true') {
          return update(index, {
            status: 'canceled',
            auto_renewal: false,
            has_access: false,
            canceled_at: now,
            ended_at: now,
          })
        }
        return update(index, { auto_renewal: false, canceled_at: now })
      }
    }
    if ((match = /^\/api\/users\/([^/]+)\/charges$/.exec(path)) && method === 'GET') {
      return json({ charges: match[1] === buyerId ? state.charges : [] })
    }
    if ((match = /^\/api\/users\/([^/]+)\/charges\/([^/]+)$/.exec(path)) && method === 'GET') {
      const charge = match[1] === buyerId ? state.charges.find((c) => c.id === match?.[2]) : undefined
      return charge ? json({ charge }) : notFound('Receipt')
    }
    // The same list at both of the spec's addresses, as the server answers it.
    if ((match = /^\/api\/(?:purchases\/user|subscriptions\/manage)\/([^/]+)$/.exec(path)) && method === 'GET') {
      return json({ purchases: state.purchases.filter((p) => p.user_id === match?.[1]) })
    }
    if ((match = /^\/api\/subscriptions\/([^/]+)\/auto-renewal$/.exec(path)) && method === 'PUT') {
      const index = purchaseIndex(match[1])
      if (index < 0) return notFound('Purchase')
      const autoRenewal = body.auto_renewal === true
      return update(index, { auto_renewal: autoRenewal, canceled_at: autoRenewal ? null : '2026-11-15T12:00:00.000Z' })
    }
    if ((match = /^\/api\/sandbox\/checkout\/([^/]+)$/.exec(path)) && method === 'GET') {
      const checkout = checkoutOf(match[1])
      return checkout ? json(checkout) : notFound('Checkout')
    }
    if ((match = /^\/api\/sandbox\/checkout\/([^/]+)\/(pay|cancel)$/.exec(path)) && method === 'POST') {
      const checkout = checkoutOf(match[1])
      if (!checkout) return notFound('Checkout')
      if (checkout.status !== 'open') {
        return apiError(409, 'CONFLICT', paymentMessages.checkoutClosed, { reason: 'CHECKOUT_CLOSED' })
      }
      if (match[2] === 'cancel') {
        checkout.status = 'expired'
        return json({ redirect_url: checkout.cancel_url })
      }
      const details = cardProblems(body)
      if (details.length > 0) {
        return apiError(400, 'VALIDATION_FAILED', details[0]!.message, { details })
      }
      const number = String(body.card_number).replace(/[\s-]/g, '')
      if (number === sandboxCards.declined) {
        return apiError(402, 'PAYMENT_FAILED', paymentMessages.cardDeclined, { reason: 'CARD_DECLINED' })
      }
      if (number === sandboxCards.insufficientFunds) {
        return apiError(402, 'PAYMENT_FAILED', paymentMessages.insufficientFunds, { reason: 'INSUFFICIENT_FUNDS' })
      }
      checkout.status = 'complete'
      return json({ redirect_url: checkout.success_url })
    }
    return apiError(404, 'NOT_FOUND', `Route ${method} ${path} not found`)
  }

  stubFetch(calls, answer, override)
  return { calls, state }
}

/**
 * Replaces `window.location.assign` (a real navigation, which the test page cannot follow) and
 * returns the mock that records where the page sent the browser.
 */
export function captureNavigation() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => undefined)
}
