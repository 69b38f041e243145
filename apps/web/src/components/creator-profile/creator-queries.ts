import type { CreatorAnswer, PlansAnswer } from '@picks/contracts'
import { cachePolicy } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'
import { ownData } from '../../lib/query-client.ts'

/** A missing creator (404) or a malformed id (400) will not change on a second try. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

/** Every creator read sits under the shop's key, so a change a creator makes refreshes them all at once. */
export const creatorKeys = { all: ['creators'] as const }

function fetchProfile(creatorId: string, signal: AbortSignal): Promise<CreatorAnswer> {
  return api.get<CreatorAnswer>(`/creators/${encodeURIComponent(creatorId)}`, { signal })
}

/**
 * The reads of one creator: the public ones the purchase page shows, and the creator's own view of
 * their profile. Keys sit under the shop's `['creators']`, so a change the creator makes refreshes
 * them all at once.
 */
export const creatorProfileQueries = {
  /** As customers see it: cached per spec §9. */
  profile: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'profile', creatorId] as const,
      queryFn: ({ signal }) => fetchProfile(creatorId, signal),
      retry: retryUnlessClientError,
    }),

  /**
   * The same profile read by its owner (the dashboard, `/edit-profile`): own data (decision 023),
   * so a rename on another device never comes back from the saved cache.
   */
  own: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'profile', creatorId, 'owner'] as const,
      queryFn: ({ signal }) => fetchProfile(creatorId, signal),
      retry: retryUnlessClientError,
      ...ownData,
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
