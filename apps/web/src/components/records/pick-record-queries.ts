import type { CreatorRecord, LeaderboardAnswer, PicksAnswer } from '@picks/contracts'
import { cachePolicy, type SportSlug } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError } from '../../lib/api-client.ts'

// The public reads of picks and records, shared by the locker room, the sport hub, the purchase
// page and the creator dashboard.

export type LeaderboardSort = 'net_units' | 'roi'

/** Every pick read sits under `['picks']`: a new pick, a grade or a purchase refreshes them at once. */
export const pickKeys = {
  all: ['picks'] as const,
  /** One creator's picks as a visitor or customer sees them (the purchase page). */
  byCreator: (creatorId: string) => ['picks', 'user', creatorId] as const,
}

/** Every leaderboard, for one invalidation after a grade. */
export const leaderboardKeys = { all: ['leaderboard'] as const }

/** Picks and records change with every post and grade, and depend on who is asking. */
const pickReadStaleMs = 30_000

export interface LeaderboardRequest {
  sport: SportSlug | null
  sortBy: LeaderboardSort
  limit?: number
}

/** `GET /picks`: the public feed (free picks in full, premium ones as teasers). */
export interface PickFeedRequest {
  sport: SportSlug | null
  free?: boolean
  status?: 'pending' | 'graded'
  limit?: number
}

/** A missing creator (404) or a malformed id (400) will not change on a second try. */
function retryUnlessClientError(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status < 500) return false
  return failureCount < cachePolicy.maxReadRetries
}

/** An answer without the list it promises is a failure, not an empty list. */
function withList<T extends object>(answer: T, key: keyof T): T {
  if (!Array.isArray(answer[key])) throw new Error('The server sent an answer this page cannot read')
  return answer
}

export const pickRecordQueries = {
  /** `GET /creators/{id}/record`: graded picks only, overall and by sport. Under `['creators']` like the profile. */
  creatorRecord: (creatorId: string) =>
    queryOptions({
      queryKey: ['creators', 'record', creatorId] as const,
      queryFn: async ({ signal }) => {
        const record = await api.get<CreatorRecord>(`/creators/${encodeURIComponent(creatorId)}/record`, { signal })
        return withList(record, 'last_10')
      },
      retry: retryUnlessClientError,
      // A record changes with every grade: read it fresh rather than from a copy saved for a day.
      staleTime: pickReadStaleMs,
      meta: { persist: false },
    }),

  leaderboard: ({ sport, sortBy, limit }: LeaderboardRequest) =>
    queryOptions({
      queryKey: [...leaderboardKeys.all, { sport, sortBy, limit }] as const,
      queryFn: async ({ signal }) => {
        const answer = await api.get<LeaderboardAnswer>('/leaderboard', { query: { sport, sortBy, limit }, signal })
        return withList(answer, 'entries')
      },
    }),

  feed: ({ sport, free, status, limit }: PickFeedRequest) =>
    queryOptions({
      queryKey: ['picks', 'feed', { sport, free, status, limit }] as const,
      queryFn: async ({ signal }) => {
        const answer = await api.get<PicksAnswer>('/picks', { query: { sport, free, status, limit }, signal })
        return withList(answer, 'picks')
      },
      staleTime: pickReadStaleMs,
      meta: { persist: false },
    }),

  /** `GET /picks/user/{id}`: premium picks come in full only to the creator, entitled customers and admins. */
  creatorPicks: (creatorId: string, limit: number) =>
    queryOptions({
      queryKey: [...pickKeys.byCreator(creatorId), { limit }] as const,
      queryFn: async ({ signal }) => {
        const answer = await api.get<PicksAnswer>(`/picks/user/${encodeURIComponent(creatorId)}`, {
          query: { limit },
          signal,
        })
        return withList(answer, 'picks')
      },
      retry: retryUnlessClientError,
      // Premium picks arrive in full once a customer subscribes, and never go to local storage.
      staleTime: pickReadStaleMs,
      meta: { persist: false },
    }),
}
