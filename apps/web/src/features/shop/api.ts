import type {
  CreatePurchaseAnswer,
  CreatorByUsername,
  CreatorStats,
  CreatorSummary,
  CreatorsPage,
  CreatorsPageQuery,
  PromoQuote,
  VerifyPurchaseAnswer,
} from '@picks/contracts'
import {
  cachePolicy,
  creatorPaging,
  normalizePromoCode,
  paymentMessages,
  sortCreatorsLocally,
} from '@picks/contracts/client'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'
import { filterCreatorsLocally, type ShopFilters } from './shop-filters.ts'
import { affiliateClickFor } from './affiliate-click.ts'

/** The paginated call's query as the client builds it: the contract's input with numeric paging. */
export type CreatorsPageRequest = CreatorsPageQuery & { page?: number; limit?: number }

/**
 * One page of the shop. `sortedLocally` marks the spec's client-side fallback: the server could
 * not answer, so the first creators by name were filtered and sorted on this device.
 */
export type ShopPage = CreatorsPage & { sortedLocally: boolean }

function fetchCreatorsPage(request: CreatorsPageRequest, signal?: AbortSignal): Promise<CreatorsPage> {
  return api.get<CreatorsPage>('/creators/paginated', { query: { ...request }, signal })
}

async function fetchAllCreators(signal?: AbortSignal): Promise<CreatorSummary[]> {
  // Spec §7: the only creators call the client retries.
  const { creators } = await api.get<{ creators: CreatorSummary[] }>('/creators', { retry: true, signal })
  return creators
}

function toPageRequest(filters: ShopFilters, page: number): CreatorsPageRequest {
  return {
    page,
    limit: creatorPaging.defaultLimit,
    sports: filters.sports.length > 0 ? filters.sports.join(',') : undefined,
    search: filters.search || undefined,
    sortBy: filters.sortBy,
  }
}

async function fetchShopPage(filters: ShopFilters, page: number, signal: AbortSignal): Promise<ShopPage> {
  try {
    return { ...(await fetchCreatorsPage(toPageRequest(filters, page), signal)), sortedLocally: false }
  } catch (error) {
    // Later pages have nothing to fall back to: the local list is a single page.
    if (page !== 1 || signal.aborted) throw error
    let everyone: CreatorSummary[]
    try {
      everyone = await fetchAllCreators(signal)
    } catch {
      throw error
    }
    const creators = sortCreatorsLocally(filterCreatorsLocally(everyone, filters), filters.sortBy)
    return { creators, total: creators.length, page: 1, limit: creators.length, hasMore: false, sortedLocally: true }
  }
}

export const creatorQueries = {
  all: () => ['creators'] as const,

  page: (request: CreatorsPageRequest) =>
    queryOptions({
      queryKey: [...creatorQueries.all(), 'page', request] as const,
      queryFn: ({ signal }) => fetchCreatorsPage(request, signal),
    }),

  /** The shop's list: page after page for one set of filters, falling back to a local sort when the server fails. */
  shop: (filters: ShopFilters) =>
    infiniteQueryOptions({
      queryKey: [...creatorQueries.all(), 'shop', filters] as const,
      queryFn: ({ pageParam, signal }) => fetchShopPage(filters, pageParam, signal),
      initialPageParam: creatorPaging.defaultPage,
      getNextPageParam: (lastPage: ShopPage) => (lastPage.hasMore ? lastPage.page + 1 : undefined),
    }),
}

/** A missing creator (404) or a malformed id (400) will not change on a second try. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

/** What the purchase page reads besides the profile and the plans. */
export const purchasePageQueries = {
  /**
   * `GET /creators/{id}/stats`: the creator's public figures where a buyer decides — customers with
   * access now, picks posted and the record from graded picks. Under `['creators']` like the
   * profile; read fresh (the record moves with every grade), never saved.
   */
  stats: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'stats', creatorId] as const,
      queryFn: async ({ signal }) => {
        const stats = await api.get<CreatorStats>(`/creators/${encodeURIComponent(creatorId)}/stats`, { signal })
        // An answer without the record it promises is a failure, not an empty record.
        if (!Array.isArray(stats.record?.last_10)) throw new Error('The server sent an answer this page cannot read')
        return stats
      },
      retry: retryUnlessClientError,
      staleTime: 30_000,
      meta: { persist: false },
    }),

  /**
   * `GET /purchases/verify?userId&creatorId`: whether the signed-in customer already has access to
   * this creator, asked before the plans are offered (decision 043). Under `['purchases']`, so a
   * payment confirmed elsewhere refreshes it; own data (decision 023).
   */
  access: (userId: string, creatorId: string) =>
    queryOptions({
      queryKey: ['purchases', 'verify', userId, creatorId] as const,
      queryFn: ({ signal }) =>
        api.get<VerifyPurchaseAnswer>('/purchases/verify', { query: { userId, creatorId }, signal }),
      retry: retryOnceUnlessClientError,
      ...ownData,
    }),
}

/**
 * `POST /purchases`: a pending purchase and the checkout to pay it at, with the promo code the
 * buyer applied (the server checks it again). Never retried: a second attempt is the buyer's own click.
 */
export function createPurchase({
  planId,
  promoCode,
  creatorId,
}: {
  planId: string
  promoCode: string | null
  creatorId?: string
}): Promise<CreatePurchaseAnswer> {
  // The latest click on one of the creator's affiliate links goes along (decision 038).
  const affiliateClick = creatorId ? affiliateClickFor(creatorId) : undefined
  return api.post<CreatePurchaseAnswer>('/purchases', {
    plan_id: planId,
    ...(promoCode ? { promo_code: promoCode } : {}),
    ...(affiliateClick ? { affiliate_click: affiliateClick } : {}),
  })
}

/**
 * What a plan costs with a promo code (`GET /promo-codes/quote`). It depends on who asks (a code
 * they already used), so it is read like own data (decision 023): never saved, asked again each visit.
 */
export const promoQueries = {
  all: () => ['promo-quote'] as const,

  quote: (planId: string, code: string) =>
    queryOptions({
      queryKey: [...promoQueries.all(), planId, normalizePromoCode(code)] as const,
      queryFn: ({ signal }) => api.get<PromoQuote>('/promo-codes/quote', { query: { plan_id: planId, code }, signal }),
      // The buyer is waiting beside the field: one more try for a blip, none for a refusal.
      retry: retryOnceUnlessClientError,
      ...ownData,
    }),
}

/** Why checkout could not start, as the buyer reads it. `alreadySubscribed` asks for a link to their subscriptions. */
export function purchaseFailure(error: unknown): { message: string; alreadySubscribed: boolean } {
  if (!(error instanceof ApiError)) {
    return { message: 'We couldn’t start checkout. Check your connection and try again.', alreadySubscribed: false }
  }
  if (error.reason === 'ALREADY_SUBSCRIBED') return { message: error.message, alreadySubscribed: true }
  if (error.reason === 'NOT_ACCEPTING_PAYMENTS') {
    return { message: paymentMessages.creatorNotAcceptingPayments, alreadySubscribed: false }
  }
  // Spec §8: creating a purchase throws the server's JSON body, so its message is what the buyer sees.
  if (!error.code.startsWith('HTTP_')) return { message: error.message, alreadySubscribed: false }
  return { message: 'We couldn’t start checkout. Please try again.', alreadySubscribed: false }
}

/**
 * A shared profile link should survive one blip, but the visitor is waiting on a spinner, so a
 * failure that persists sends them to the marketplace quickly instead of after the full read policy.
 */
function retryOnceUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < 1
}

export const profileLinkQueries = {
  /** `ref` (a share link's referral code) goes along so the creator's visit is counted. */
  byUsername: (username: string, ref: string | null = null) =>
    queryOptions({
      queryKey: ['creator', 'by-username', username.toLowerCase(), ref] as const,
      queryFn: ({ signal }) =>
        api.get<CreatorByUsername>(`/creator/${encodeURIComponent(username)}`, { query: { ref }, signal }),
      retry: retryOnceUnlessClientError,
    }),
}
