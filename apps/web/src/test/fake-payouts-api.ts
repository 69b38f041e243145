import type {
  CreatorBalance,
  LedgerEntry,
  OnboardingStatus,
  Payout,
  ProviderBalance,
  ProviderPayoutsAnswer,
  ProviderSubscriptionsAnswer,
  RevenueAnswer,
  SandboxOnboarding,
} from '@picks/contracts'
import { paymentLimits, paymentMessages, type RevenuePeriod } from '@picks/contracts/client'
import { apiError, creatorUserId, json } from './fake-creator-api.ts'
import { stubFetch, type FakeCall } from './fake-fetch.ts'

/**
 * Test double of the creator's payment endpoints (onboarding, balances, ledger, payouts, revenue,
 * provider subscriptions) and of the sandbox onboarding page's calls, installed at the fetch
 * boundary. It keeps state like the server does and applies the payout rules the pages react to:
 * onboarding first, at least $10, at most the available balance.
 */

export type PayoutsCall = FakeCall

type Reply = Response | Promise<Response> | undefined

export const onboardingUrl = 'https://connect.example.test/setup/acct_test_1'

let serial = 0
/** A fresh uuid-shaped id, distinct across a test file. */
function nextId(group: string): string {
  serial += 1
  return `00000000-0000-4000-${group}-${String(serial).padStart(12, '0')}`
}

export function notStarted(overrides: Partial<OnboardingStatus> = {}): OnboardingStatus {
  return {
    provider: 'sandbox',
    account_id: null,
    details_submitted: false,
    charges_enabled: false,
    payouts_enabled: false,
    onboarded: false,
    ...overrides,
  }
}

export function onboarded(overrides: Partial<OnboardingStatus> = {}): OnboardingStatus {
  return {
    provider: 'sandbox',
    account_id: 'acct_test_1',
    details_submitted: true,
    charges_enabled: true,
    payouts_enabled: true,
    onboarded: true,
    ...overrides,
  }
}

export function aBalance(overrides: Partial<CreatorBalance> = {}): CreatorBalance {
  return {
    currency: 'usd',
    available_cents: 5_000,
    pending_cents: 1_799,
    lifetime_net_cents: 8_099,
    gross_cents: 9_999,
    fees_cents: 1_000,
    refunds_cents: 900,
    paid_out_cents: 1_300,
    hold_days: 7,
    fee_bps: 1000,
    ...overrides,
  }
}

export function anEntry(overrides: Partial<LedgerEntry> = {}): LedgerEntry {
  return {
    id: nextId('a000'),
    kind: 'charge',
    amount_cents: 1_999,
    currency: 'usd',
    description: 'Monthly picks: Jordan Fields',
    purchase_id: null,
    payout_id: null,
    occurred_at: '2026-03-05T12:00:00.000Z',
    available_at: '2026-03-12T12:00:00.000Z',
    ...overrides,
  }
}

export function aPayout(overrides: Partial<Payout> = {}): Payout {
  return {
    id: nextId('b000'),
    creator_id: creatorUserId,
    amount_cents: 2_500,
    currency: 'usd',
    description: '',
    status: 'paid',
    failure_reason: null,
    created_at: '2026-03-01T12:00:00.000Z',
    updated_at: '2026-03-02T12:00:00.000Z',
    ...overrides,
  }
}

type ProviderPayout = ProviderPayoutsAnswer['payouts'][number]

export function aProviderPayout(overrides: Partial<ProviderPayout> = {}): ProviderPayout {
  return {
    id: nextId('c000'),
    amount_cents: 2_500,
    currency: 'usd',
    status: 'paid',
    arrival_at: '2026-03-03T00:00:00.000Z',
    created_at: '2026-03-01T12:00:00.000Z',
    description: 'To my bank',
    ...overrides,
  }
}

type RevenuePoint = RevenueAnswer['points'][number]

/** A revenue answer for `period` with these points (zeros where left out) and their sums as totals. */
export function aRevenue(period: RevenuePeriod, points: Partial<RevenuePoint>[] = []): RevenueAnswer {
  const full = points.map((point) => ({
    date: '2026-03-01',
    gross_cents: 0,
    fees_cents: 0,
    refunds_cents: 0,
    net_cents: 0,
    ...point,
  }))
  const sum = (key: keyof Omit<RevenuePoint, 'date'>) => full.reduce((total, point) => total + point[key], 0)
  return {
    period,
    currency: 'usd',
    bucket: period === '12m' || period === 'all' ? 'month' : 'day',
    points: full,
    totals: {
      gross_cents: sum('gross_cents'),
      fees_cents: sum('fees_cents'),
      refunds_cents: sum('refunds_cents'),
      net_cents: sum('net_cents'),
    },
  }
}

export function aSandboxLink(overrides: Partial<SandboxOnboarding> = {}): SandboxOnboarding {
  return {
    link_id: 'link_test_1',
    account_id: 'acct_test_1',
    email: 'casey@example.com',
    name: 'Casey Lines',
    status: 'open',
    return_url: '/creator/onboarding/complete',
    refresh_url: '/creator/payments?onboarding=expired',
    ...overrides,
  }
}

export interface FakePayoutsState {
  /** `GET /config` → `payments.provider`. */
  provider: 'sandbox' | 'stripe'
  onboarding: OnboardingStatus
  /** What the provider says when asked again (sync); by default what is stored. */
  providerOnboarding: OnboardingStatus | null
  balance: CreatorBalance
  providerBalance: ProviderBalance
  /** Newest first, as the server lists them. */
  earnings: LedgerEntry[]
  payouts: Payout[]
  /** `GET /creators/stripe-payouts/{id}`: the provider's payouts, newest first. */
  providerPayouts: ProviderPayout[]
  revenue: Partial<Record<RevenuePeriod, RevenueAnswer>>
  subscriptions: ProviderSubscriptionsAnswer
  sandboxLinks: SandboxOnboarding[]
}

/**
 * Installs the fake. `override` may answer a call itself (an error, a hang); returning undefined
 * lets the fake answer. Returns the calls made and the live state.
 */
export function servePayoutsApi(
  initial: Partial<FakePayoutsState> = {},
  override?: (call: PayoutsCall) => Reply,
): { calls: PayoutsCall[]; state: FakePayoutsState } {
  const state: FakePayoutsState = {
    provider: 'sandbox',
    onboarding: notStarted(),
    providerOnboarding: null,
    balance: aBalance(),
    providerBalance: { provider: 'sandbox', currency: 'usd', available_cents: 5_000, pending_cents: 1_799 },
    earnings: [],
    payouts: [],
    providerPayouts: [],
    revenue: {},
    subscriptions: { subscriptions: [], mrr_cents: 0 },
    sandboxLinks: [],
    ...initial,
  }
  const calls: PayoutsCall[] = []

  function page<T>(items: T[], call: PayoutsCall, defaultLimit: number) {
    const limit = Number(call.search.get('limit') ?? defaultLimit)
    const offset = Number(call.search.get('offset') ?? 0)
    return { items: items.slice(offset, offset + limit), total: items.length, limit, offset }
  }

  function requestPayout(body: { creatorId: string; amount: number; description: string }): Response {
    if (!state.onboarding.onboarded) {
      return apiError(409, 'CONFLICT', paymentMessages.payoutNotOnboarded, { reason: 'NOT_ONBOARDED' })
    }
    if (!Number.isInteger(body.amount) || body.amount < paymentLimits.minPayoutCents) {
      return apiError(400, 'VALIDATION_FAILED', 'Invalid request', {
        details: [{ field: 'body.amount', message: paymentMessages.payoutMinimum }],
      })
    }
    if (body.amount > state.balance.available_cents) {
      return apiError(409, 'CONFLICT', paymentMessages.payoutOverBalance, { reason: 'OVER_BALANCE' })
    }
    const payout = aPayout({
      amount_cents: body.amount,
      description: body.description,
      status: 'pending',
      created_at: '2026-03-10T12:00:00.000Z',
      updated_at: '2026-03-10T12:00:00.000Z',
    })
    state.payouts.unshift(payout)
    state.earnings.unshift(
      anEntry({
        kind: 'payout',
        amount_cents: -body.amount,
        description: body.description || 'Payout',
        payout_id: payout.id,
        occurred_at: payout.created_at,
        available_at: payout.created_at,
      }),
    )
    state.balance = {
      ...state.balance,
      available_cents: state.balance.available_cents - body.amount,
      paid_out_cents: state.balance.paid_out_cents + body.amount,
    }
    return json({ payout }, 201)
  }

  function answer(call: PayoutsCall): Response {
    const { method, path } = call
    let match: RegExpExecArray | null

    if (path === '/api/config' && method === 'GET') {
      return json({
        auth: { google: false, emailDelivery: 'outbox' },
        payments: { provider: state.provider, publishable_key: null },
      })
    }
    if (/^\/api\/creators\/onboarding-status\/[^/]+$/.test(path) && method === 'GET') return json(state.onboarding)
    if (path === '/api/creators/onboard' && method === 'POST') {
      state.onboarding = { ...state.onboarding, account_id: state.onboarding.account_id ?? 'acct_test_1' }
      return json({ url: onboardingUrl })
    }
    if (/^\/api\/creators\/sync-stripe-status\/[^/]+$/.test(path) && method === 'POST') {
      if (state.providerOnboarding) state.onboarding = state.providerOnboarding
      return json(state.onboarding)
    }
    if (/^\/api\/creators\/balance\/[^/]+$/.test(path) && method === 'GET') return json(state.balance)
    if (/^\/api\/creators\/stripe-balance\/[^/]+$/.test(path) && method === 'GET') return json(state.providerBalance)
    if (/^\/api\/creators\/earnings\/[^/]+$/.test(path) && method === 'GET') {
      const { items, ...paging } = page(state.earnings, call, paymentLimits.defaultEarningsLimit)
      return json({ earnings: items, ...paging })
    }
    if (/^\/api\/creators\/payouts\/[^/]+$/.test(path) && method === 'GET') {
      const { items, ...paging } = page(state.payouts, call, paymentLimits.defaultPayoutsLimit)
      return json({ payouts: items, ...paging })
    }
    if (/^\/api\/creators\/stripe-payouts\/[^/]+$/.test(path) && method === 'GET') {
      const limit = Number(call.search.get('limit') ?? paymentLimits.defaultProviderPayoutsLimit)
      return json({ payouts: state.providerPayouts.slice(0, limit) })
    }
    if (/^\/api\/creators\/stripe-revenue\/[^/]+$/.test(path) && method === 'GET') {
      const period = (call.search.get('period') ?? '30d') as RevenuePeriod
      return json(state.revenue[period] ?? aRevenue(period))
    }
    if (/^\/api\/creators\/stripe-subscriptions\/[^/]+$/.test(path) && method === 'GET') {
      return json(state.subscriptions)
    }
    if (path === '/api/creators/payout' && method === 'POST') {
      return requestPayout(call.body as { creatorId: string; amount: number; description: string })
    }
    if ((match = /^\/api\/sandbox\/onboarding\/([^/]+)$/.exec(path)) && method === 'GET') {
      const link = state.sandboxLinks.find((candidate) => candidate.link_id === match?.[1])
      return link ? json(link) : apiError(404, 'NOT_FOUND', 'Onboarding link not found')
    }
    if ((match = /^\/api\/sandbox\/onboarding\/([^/]+)\/complete$/.exec(path)) && method === 'POST') {
      const index = state.sandboxLinks.findIndex((candidate) => candidate.link_id === match?.[1])
      const link = state.sandboxLinks[index]
      if (!link) return apiError(404, 'NOT_FOUND', 'Onboarding link not found')
      if (link.status !== 'open') {
        return apiError(409, 'CONFLICT', 'This onboarding link is no longer open', { reason: 'LINK_CLOSED' })
      }
      state.sandboxLinks[index] = { ...link, status: 'used' }
      state.onboarding = onboarded({ account_id: link.account_id })
      return json({ redirect_url: link.return_url })
    }
    return apiError(404, 'NOT_FOUND', `Route ${method} ${path} not found`)
  }

  stubFetch(calls, answer, override)
  return { calls, state }
}

export { callsTo } from './fake-fetch.ts'
