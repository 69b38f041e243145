import type {
  CreatePromoCodeBody,
  PromoCodeAnswer,
  PromoCodesAnswer,
  ShareLinkResults,
  UpdatePromoCodeBody,
} from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

/**
 * `/creator-promotions` (issue 17): the creator's promo codes and their share link's results. Own
 * data (`ownData`, decision 023): read again on every visit, never saved. The plans (for the trials
 * and a code's scope) and the share link itself are the dashboard's reads (`creatorDashboardQueries`).
 */

const path = encodeURIComponent

/** The share link's results cover the last 30 days, as the dashboard's visit count does. */
export const shareLinkResultDays = 30

export const promotionQueries = {
  all: (creatorId: string) => ['promotions', creatorId] as const,

  promoCodes: (creatorId: string) =>
    queryOptions({
      queryKey: [...promotionQueries.all(creatorId), 'promo-codes'] as const,
      queryFn: ({ signal }) => api.get<PromoCodesAnswer>('/promo-codes', { query: { creatorId }, signal }),
      select: (answer) => answer.promo_codes,
      ...ownData,
    }),

  shareLinkResults: (creatorId: string, days = shareLinkResultDays) =>
    queryOptions({
      queryKey: [...promotionQueries.all(creatorId), 'share-link-results', days] as const,
      queryFn: ({ signal }) =>
        api.get<ShareLinkResults>(`/creators/${path(creatorId)}/share-link/results`, { query: { days }, signal }),
      ...ownData,
    }),
}

export function createPromoCode(body: CreatePromoCodeBody): Promise<PromoCodeAnswer> {
  return api.post<PromoCodeAnswer>('/promo-codes', body)
}

/** The code itself and its discount cannot change: customers may already hold it. */
export function updatePromoCode(id: string, body: UpdatePromoCodeBody): Promise<PromoCodeAnswer> {
  return api.put<PromoCodeAnswer>(`/promo-codes/${path(id)}`, body)
}

export const promoCodesFailed = 'We couldn’t load your promo codes.'
export const shareLinkResultsFailed = 'We couldn’t load your link’s results.'
