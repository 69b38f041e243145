import type {
  AffiliateTermsBody,
  CreatorAffiliate,
  CreatorAffiliateAnswer,
  CreatorAffiliatesAnswer,
  InviteAffiliateBody,
} from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

// The creator's affiliates (decision 038): invite, list with figures, change the terms, end.
// The creator's own data (decision 023: never saved, read again on every visit).

const path = encodeURIComponent

export const affiliateQueries = {
  all: (creatorId: string) => ['affiliates', 'creator', creatorId] as const,
  list: (creatorId: string) =>
    queryOptions({
      queryKey: affiliateQueries.all(creatorId),
      queryFn: ({ signal }) => api.get<CreatorAffiliatesAnswer>(`/affiliates/creator/${path(creatorId)}`, { signal }),
      select: (answer) => answer.affiliates,
      ...ownData,
    }),
}

export async function inviteAffiliate(body: InviteAffiliateBody): Promise<CreatorAffiliate> {
  return (await api.post<CreatorAffiliateAnswer>('/affiliates', body)).affiliate
}

export async function changeAffiliate(id: string, body: AffiliateTermsBody): Promise<CreatorAffiliate> {
  return (await api.put<CreatorAffiliateAnswer>(`/affiliates/${path(id)}`, body)).affiliate
}

export async function endAffiliate(id: string): Promise<CreatorAffiliate> {
  return (await api.post<CreatorAffiliateAnswer>(`/affiliates/${path(id)}/end`)).affiliate
}
