import type { CreatorByUsername } from '@picks/contracts'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'

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
