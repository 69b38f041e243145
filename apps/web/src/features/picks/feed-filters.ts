import { isSportSlug, type SportSlug } from '@picks/contracts/client'

export type FeedStatus = 'pending' | 'graded'

/** What a feed is filtered by; mirrored in the URL as `?sport=nba&creator=<id>&status=graded`. */
export interface FeedFilters {
  sport: SportSlug | null
  creatorId: string | null
  status: FeedStatus | null
}

export const noFilters: FeedFilters = { sport: null, creatorId: null, status: null }

const idPattern = /^[0-9a-f-]{36}$/i

/** Reads filters from the URL, dropping anything the API would reject so a hand-edited link still works. */
export function readFeedFilters(params: URLSearchParams): FeedFilters {
  const sport = (params.get('sport') ?? '').toLowerCase()
  const creatorId = params.get('creator') ?? ''
  const status = params.get('status')
  return {
    sport: isSportSlug(sport) ? sport : null,
    creatorId: idPattern.test(creatorId) ? creatorId.toLowerCase() : null,
    status: status === 'pending' || status === 'graded' ? status : null,
  }
}

/** Writes filters into a copy of `params`, leaving empty ones out and other parameters alone. */
export function writeFeedFilters(params: URLSearchParams, filters: FeedFilters): URLSearchParams {
  const next = new URLSearchParams(params)
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key))
  set('sport', filters.sport)
  set('creator', filters.creatorId)
  set('status', filters.status)
  return next
}

export function hasFilters(filters: FeedFilters): boolean {
  return filters.sport !== null || filters.creatorId !== null || filters.status !== null
}
