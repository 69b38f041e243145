import type {
  CreatePromoCodeBody,
  CreatePurchaseBody,
  Plan,
  PromoCode,
  PromoQuote,
  ShareLinkResults,
  UpdatePromoCodeBody,
} from '@picks/contracts'
import { discountedCents, normalizePromoCode, promoMessages } from '@picks/contracts/client'
import { aPurchase } from './fake-checkout-api.ts'
import {
  apiError,
  creatorUserId,
  json,
  serveCreatorApi,
  type CreatorCall,
  type FakeCreatorState,
} from './fake-creator-api.ts'

/**
 * Test double of the promotion endpoints (promo codes, the quote, the share link's results) and of
 * `POST /purchases` with a promo code, on top of the creator fake (profiles, plans, share link),
 * installed at the fetch boundary. It keeps state like the server does and applies the rules the
 * pages react to: a code taken (case-insensitive), an expiry in the past, plans of one's own, and at
 * the quote and at checkout unknown, inactive, expired, used up and wrong-plan codes.
 */

export type PromotionsCall = CreatorCall

type Reply = Response | Promise<Response> | undefined

export const checkoutUrl = '/sandbox/checkout/cs_test_promo'

let serial = 0
function nextId(): string {
  serial += 1
  return `00000000-0000-4000-d000-${String(serial).padStart(12, '0')}`
}

export function aPromoCode(overrides: Partial<PromoCode> = {}): PromoCode {
  return {
    id: nextId(),
    creator_id: creatorUserId,
    code: 'SAVE50',
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
    created_at: '2026-11-01T12:00:00.000Z',
    updated_at: '2026-11-01T12:00:00.000Z',
    ...overrides,
  }
}

type Counts = ShareLinkResults['totals']

/** Results over `days` (the days named, zeros for the rest of 30 up to 2026-11-28), their sums as totals. */
export function aShareLinkResults(
  days: (Partial<Counts> & { date: string })[] = [],
  overrides: Partial<Omit<ShareLinkResults, 'days' | 'totals'>> = {},
): ShareLinkResults {
  const all = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 28 - 29 + index)).toISOString().slice(0, 10)
    const given = days.find((day) => day.date === date)
    return { date, visits: 0, signups: 0, first_purchases: 0, ...given }
  })
  const sum = (key: keyof Counts) => all.reduce((total, day) => total + day[key], 0)
  const totals = { visits: sum('visits'), signups: sum('signups'), first_purchases: sum('first_purchases') }
  return { days: all, totals, all_time: totals, attribution_days: 30, ...overrides }
}

export interface FakePromotionsState {
  promoCodes: PromoCode[]
  shareLinkResults: ShareLinkResults
  /** Codes each purchase was made with, in order (what `POST /purchases` received and accepted). */
  purchasesWithCodes: { plan_id: string; promo_code: string | null }[]
}

function definedOnly<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)) as Partial<T>
}

/**
 * Installs the fake. `creator` seeds the creator fake; `override` may answer a call itself (an
 * error, a hang); returning undefined lets the fakes answer. Returns the calls made and both states.
 */
export function servePromotionsApi(
  initial: Partial<FakePromotionsState> & { creator?: Partial<FakeCreatorState> } = {},
  override?: (call: PromotionsCall) => Reply,
): { calls: PromotionsCall[]; state: FakePromotionsState; creator: FakeCreatorState } {
  const state: FakePromotionsState = {
    promoCodes: initial.promoCodes ?? [],
    shareLinkResults: initial.shareLinkResults ?? aShareLinkResults(),
    purchasesWithCodes: initial.purchasesWithCodes ?? [],
  }
  let creator: FakeCreatorState | null = null
  const plansOf = (): Plan[] => creator?.plans ?? []
  const codeNamed = (code: string) =>
    state.promoCodes.find((promo) => normalizePromoCode(promo.code) === normalizePromoCode(code))
  const priceOf = (planId: string) => plansOf().find((plan) => plan.id === planId)?.price_cents ?? 0
  const termsOf = (promo: PromoCode) => ({
    kind: promo.discount_kind,
    percentOff: promo.percent_off,
    amountOffCents: promo.amount_off_cents,
  })
  const fieldError = (status: number, field: string, message: string) =>
    apiError(status, status === 409 ? 'CONFLICT' : 'VALIDATION_FAILED', message, {
      details: [{ field: `body.${field}`, message }],
    })

  /** The checks of the quote and of checkout, in the server's order; null when the code applies. */
  function refusal(promo: PromoCode | undefined, planId: string): string | null {
    if (!promo) return promoMessages.unknownCode
    if (!promo.active) return promoMessages.inactiveCode
    if (promo.expires_at && Date.parse(promo.expires_at) <= Date.now()) return promoMessages.expiredCode
    if (promo.max_redemptions !== null && promo.redemptions >= promo.max_redemptions) return promoMessages.usedUpCode
    if (promo.plan_ids && !promo.plan_ids.includes(planId)) return promoMessages.wrongPlan
    if (discountedCents(priceOf(planId), termsOf(promo)) === 0) return promoMessages.freeNotAllowed
    return null
  }

  function quote(planId: string, code: string): Response {
    const plan = plansOf().find((candidate) => candidate.id === planId)
    if (!plan) return apiError(404, 'NOT_FOUND', 'Plan not found')
    const promo = codeNamed(code)
    const message = refusal(promo, planId)
    const answer: PromoQuote =
      message || !promo
        ? {
            valid: false,
            message,
            code,
            price_cents: plan.price_cents,
            discounted_cents: plan.price_cents,
            duration: null,
            duration_months: null,
          }
        : {
            valid: true,
            message: null,
            code: promo.code,
            price_cents: plan.price_cents,
            discounted_cents: discountedCents(plan.price_cents, termsOf(promo)),
            duration: promo.duration,
            duration_months: promo.duration_months,
          }
    return json(answer)
  }

  function create(body: CreatePromoCodeBody): Response {
    if (codeNamed(body.code)) return fieldError(409, 'code', promoMessages.codeTaken)
    if (body.expires_at && Date.parse(body.expires_at) <= Date.now()) {
      return fieldError(400, 'expires_at', promoMessages.expiryInPast)
    }
    if (body.plan_ids?.some((id) => !plansOf().some((plan) => plan.id === id))) {
      return fieldError(400, 'plan_ids', promoMessages.planNotYours)
    }
    const promo = aPromoCode({
      ...definedOnly(body),
      creator_id: body.creatorId ?? creatorUserId,
      percent_off: body.percent_off ?? null,
      amount_off_cents: body.amount_off_cents ?? null,
      plan_ids: body.plan_ids ?? null,
      duration: body.duration ?? 'once',
      duration_months: body.duration_months ?? null,
      expires_at: body.expires_at ?? null,
      max_redemptions: body.max_redemptions ?? null,
    })
    state.promoCodes.unshift(promo)
    return json({ promo_code: promo }, 201)
  }

  function update(id: string, body: UpdatePromoCodeBody): Response {
    const index = state.promoCodes.findIndex((promo) => promo.id === id)
    const current = state.promoCodes[index]
    if (!current) return apiError(404, 'NOT_FOUND', 'Promo code not found')
    if (body.expires_at && Date.parse(body.expires_at) <= Date.now()) {
      return fieldError(400, 'expires_at', promoMessages.expiryInPast)
    }
    const promo: PromoCode = { ...current, ...definedOnly(body), updated_at: '2026-11-28T12:00:00.000Z' }
    state.promoCodes[index] = promo
    return json({ promo_code: promo })
  }

  function purchase(body: CreatePurchaseBody): Response {
    if (body.promo_code) {
      const message = refusal(codeNamed(body.promo_code), body.plan_id)
      if (message) return fieldError(409, 'promo_code', message)
    }
    state.purchasesWithCodes.push({ plan_id: body.plan_id, promo_code: body.promo_code ?? null })
    return json({ purchase: aPurchase({ status: 'pending', plan_id: body.plan_id }), checkout_url: checkoutUrl }, 201)
  }

  function answer(call: PromotionsCall): Response | undefined {
    const { method, path } = call
    let match: RegExpExecArray | null
    if (path === '/api/promo-codes' && method === 'GET') {
      const creatorId = call.search.get('creatorId') ?? creatorUserId
      return json({ promo_codes: state.promoCodes.filter((promo) => promo.creator_id === creatorId) })
    }
    if (path === '/api/promo-codes' && method === 'POST') return create(call.body as CreatePromoCodeBody)
    if (path === '/api/promo-codes/quote' && method === 'GET') {
      return quote(call.search.get('plan_id') ?? '', call.search.get('code') ?? '')
    }
    if ((match = /^\/api\/promo-codes\/([^/]+)$/.exec(path)) && method === 'PUT') {
      return update(match[1] ?? '', call.body as UpdatePromoCodeBody)
    }
    if (/^\/api\/creators\/[^/]+\/share-link\/results$/.test(path) && method === 'GET') {
      return json(state.shareLinkResults)
    }
    if (path === '/api/purchases' && method === 'POST') return purchase(call.body as CreatePurchaseBody)
    return undefined
  }

  const served = serveCreatorApi(initial.creator, (call) => override?.(call) ?? answer(call))
  creator = served.state
  return { calls: served.calls, state, creator: served.state }
}

export { callsTo } from './fake-fetch.ts'
