import type { CreatorAnswer, PlansAnswer } from '@picks/contracts'
import { cachePolicy } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'

/** A missing creator (404) or a malformed id (400) will not change on a second try. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

/** Every creator read sits under the shop's key, so a change a creator makes refreshes them all at once. */
export const creatorKeys = { all: ['creators'] as const }

/**
 * The public reads of one creator, shared by the purchase page and the creator's own dashboard.
 * Keys sit under the shop's `['creators']`, so a change the creator makes refreshes them all at once.
 */
export const creatorProfileQueries = {
  profile: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'profile', creatorId] as const,
      queryFn: ({ signal }) => api.get<CreatorAnswer>(`/creators/${encodeURIComponent(creatorId)}`, { signal }),
      retry: retryUnlessClientError,
    }),

  /** The plans on sale: active ones only. */
  activePlans: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'plans', creatorId, 'active'] as const,
      queryFn: ({ signal }) =>
        api.get<PlansAnswer>(`/subscription-pricing/${encodeURIComponent(creatorId)}`, { signal }),
      retry: retryUnlessClientError,
    }),
}
