import type {
  CreatorBalance,
  EarningsAnswer,
  OnboardingStatus,
  Payout,
  PayoutsAnswer,
  ProviderBalance,
  ProviderPayoutsAnswer,
  ProviderSubscriptionsAnswer,
  RevenueAnswer,
  SandboxOnboarding,
} from '@picks/contracts'
import { paymentLimits, type RevenuePeriod } from '@picks/contracts/client'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

// The creator's side of payments: payout onboarding, balances, the ledger, payouts, and the
// sandbox's test onboarding page. Money reads are own data (`ownData`, decision 023): never saved
// and read again on every visit, so a reload never shows an old balance as if it were current.

export type PaymentsProvider = 'stripe' | 'sandbox'

/** A refusal (not the owner, no such creator or link) will come back on a second try. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 2
}

const moneyRead = { ...ownData, retry: retryUnlessClientError } as const

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** `GET /config` → `payments.provider`; null when the server does not say. */
async function fetchPaymentsProvider(signal: AbortSignal): Promise<PaymentsProvider | null> {
  const answer = await api.get<unknown>('/config', { signal })
  const provider = isRecord(answer) && isRecord(answer.payments) ? answer.payments.provider : undefined
  return provider === 'stripe' || provider === 'sandbox' ? provider : null
}

const byCreator = (creatorId: string) => encodeURIComponent(creatorId)

export const payoutQueries = {
  /** Everything of one creator's payments, for one invalidation after a change. */
  all: (creatorId: string) => ['payments', 'creator', creatorId] as const,

  provider: () =>
    queryOptions({
      queryKey: ['payments', 'config'] as const,
      queryFn: ({ signal }) => fetchPaymentsProvider(signal),
      retry: retryUnlessClientError,
    }),

  onboardingStatus: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'onboarding-status'] as const,
      queryFn: ({ signal }) =>
        api.get<OnboardingStatus>(`/creators/onboarding-status/${byCreator(creatorId)}`, { signal }),
      ...moneyRead,
    }),

  balance: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'balance'] as const,
      queryFn: ({ signal }) => api.get<CreatorBalance>(`/creators/balance/${byCreator(creatorId)}`, { signal }),
      ...moneyRead,
    }),

  providerBalance: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'provider-balance'] as const,
      queryFn: ({ signal }) => api.get<ProviderBalance>(`/creators/stripe-balance/${byCreator(creatorId)}`, { signal }),
      ...moneyRead,
    }),

  revenue: (creatorId: string, period: RevenuePeriod) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'revenue', period] as const,
      queryFn: ({ signal }) =>
        api.get<RevenueAnswer>(`/creators/stripe-revenue/${byCreator(creatorId)}`, { query: { period }, signal }),
      ...moneyRead,
    }),

  subscriptions: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'subscriptions'] as const,
      queryFn: ({ signal }) =>
        api.get<ProviderSubscriptionsAnswer>(`/creators/stripe-subscriptions/${byCreator(creatorId)}`, { signal }),
      ...moneyRead,
    }),

  earnings: (creatorId: string) =>
    infiniteQueryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'earnings'] as const,
      queryFn: ({ pageParam, signal }) =>
        api.get<EarningsAnswer>(`/creators/earnings/${byCreator(creatorId)}`, {
          query: { limit: paymentLimits.defaultEarningsLimit, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: (last: EarningsAnswer) => nextOffset(last.offset, last.earnings.length, last.total),
      ...moneyRead,
    }),

  payouts: (creatorId: string) =>
    infiniteQueryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'payouts'] as const,
      queryFn: ({ pageParam, signal }) =>
        api.get<PayoutsAnswer>(`/creators/payouts/${byCreator(creatorId)}`, {
          query: { limit: paymentLimits.defaultPayoutsLimit, offset: pageParam },
          signal,
        }),
      initialPageParam: 0,
      getNextPageParam: (last: PayoutsAnswer) => nextOffset(last.offset, last.payouts.length, last.total),
      ...moneyRead,
    }),

  /** Spec §7: `GET /creators/{card-provider}-payouts/{id}?limit=50`, the provider's own payouts to the bank. */
  providerPayouts: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'provider-payouts'] as const,
      queryFn: ({ signal }) =>
        api.get<ProviderPayoutsAnswer>(`/creators/stripe-payouts/${byCreator(creatorId)}`, {
          query: { limit: paymentLimits.defaultProviderPayoutsLimit },
          signal,
        }),
      select: (answer) => answer.payouts,
      ...moneyRead,
    }),

  /**
   * `POST /creators/sync-stripe-status/{id}` as a read: the provider asked once per visit of the
   * onboarding return page (safe to repeat), never kept.
   */
  onboardingSync: (creatorId: string) =>
    queryOptions({
      queryKey: [...payoutQueries.all(creatorId), 'onboarding-sync'] as const,
      queryFn: () => syncOnboardingStatus(creatorId),
      ...ownData,
      gcTime: 0,
      retry: false,
    }),

  sandboxOnboarding: (linkId: string) =>
    queryOptions({
      queryKey: ['payments', 'sandbox-onboarding', linkId] as const,
      queryFn: ({ signal }) =>
        api.get<SandboxOnboarding>(`/sandbox/onboarding/${encodeURIComponent(linkId)}`, { signal }),
      ...moneyRead,
    }),
}

/** The next page's offset, or undefined when this page reached the end. */
export function nextOffset(offset: number, received: number, total: number): number | undefined {
  const next = offset + received
  return received > 0 && next < total ? next : undefined
}

/** `POST /creators/onboard`: the provider's onboarding address for this creator. */
export function requestOnboardingLink(body: { creatorId: string; email: string; name: string }): Promise<string> {
  return api.post<{ url: string }>('/creators/onboard', body).then((answer) => answer.url)
}

/** `POST /creators/sync-stripe-status/{id}`: asks the provider again and stores what it says. */
export function syncOnboardingStatus(creatorId: string): Promise<OnboardingStatus> {
  return api.post<OnboardingStatus>(`/creators/sync-stripe-status/${byCreator(creatorId)}`)
}

/** `POST /creators/payout`, `amount` in cents. */
export function requestPayout(body: { creatorId: string; amount: number; description: string }): Promise<Payout> {
  return api.post<{ payout: Payout }>('/creators/payout', body).then((answer) => answer.payout)
}

/** `POST /sandbox/onboarding/{linkId}/complete`: where the test provider sends the creator next. */
export function completeSandboxOnboarding(linkId: string): Promise<string> {
  return api
    .post<{ redirect_url: string }>(`/sandbox/onboarding/${encodeURIComponent(linkId)}/complete`)
    .then((answer) => answer.redirect_url)
}

/** Leaves the app for a provider's page (or comes back through a full load, as the provider would). */
export function leaveFor(url: string): void {
  window.location.assign(url)
}

/** The server's own reason for a refusal, shown beneath the spec's message; null when it gave none. */
export function serverReason(error: unknown): string | null {
  return error instanceof ApiError && !error.code.startsWith('HTTP_') && error.message ? error.message : null
}
