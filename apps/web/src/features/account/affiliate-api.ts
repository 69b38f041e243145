import type { AffiliateArrangement, AffiliateArrangementAnswer, AffiliateOverview, Payout } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

// The affiliate's side (decision 038): accepting an invitation, their links and earnings, and
// payouts through their own connected account. Own data (decision 023: never saved).

const path = encodeURIComponent

export const affiliateOverviewQuery = (userId: string) =>
  queryOptions({
    queryKey: ['affiliate', userId] as const,
    queryFn: ({ signal }) => api.get<AffiliateOverview>(`/affiliate/${path(userId)}`, { signal }),
    ...ownData,
  })

export async function acceptInvitation(token: string): Promise<AffiliateArrangement> {
  return (await api.post<AffiliateArrangementAnswer>('/affiliates/accept', { token })).arrangement
}

/** The provider's onboarding address for the affiliate's payouts. */
export async function startAffiliateOnboarding(userId: string, body: { email: string; name: string }): Promise<string> {
  return (await api.post<{ url: string }>(`/affiliate/${path(userId)}/onboard`, body)).url
}

export async function requestAffiliatePayout(userId: string, amountCents: number): Promise<Payout> {
  return (await api.post<{ payout: Payout }>(`/affiliate/${path(userId)}/payout`, { amount: amountCents })).payout
}
