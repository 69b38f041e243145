import type {
  BookmakerRankingsAnswer,
  CreatePickBody,
  GameOddsAnswer,
  OddsBoardAnswer,
  PickAnswer,
  PicksAnswer,
  SportsAnswer,
} from '@picks/contracts'
import type { SportSlug } from '@picks/contracts/client'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { pickKeys } from '../../components/records/pick-record-queries.ts'
import { api } from '../../lib/api-client.ts'
import type { FeedFilters } from './feed-filters.ts'

/** Picks per "Load more". */
export const feedPageSize = 20

// Lines move: the board is read again after a minute, and kept out of the saved cache.
const boardStaleMs = 60_000
// Feeds change as creators post and games are graded.
const feedStaleMs = 30_000

export const oddsQueries = {
  /** The provider's sports with whether each is in season. */
  sports: () =>
    queryOptions({
      queryKey: ['odds', 'sports'] as const,
      queryFn: ({ signal }) => api.get<SportsAnswer>('/odds-api/sports', { signal }),
      select: (answer) => answer.sports,
    }),

  /** A sport's upcoming games with every bookmaker's moneyline, spread and total. */
  board: (sport: SportSlug) =>
    queryOptions({
      queryKey: ['odds', 'board', sport] as const,
      queryFn: ({ signal }) => api.get<OddsBoardAnswer>(`/odds/${encodeURIComponent(sport)}/all`, { signal }),
      select: (answer) => answer.games,
      staleTime: boardStaleMs,
      meta: { persist: false },
    }),

  /**
   * One game's player props: without `markets` the API answers every prop market the sport offers
   * (the contracts' `propMarkets`), which is what the form lists.
   */
  props: (sport: SportSlug, eventId: string) =>
    queryOptions({
      queryKey: ['odds', 'props', sport, eventId] as const,
      queryFn: ({ signal }) =>
        api.get<GameOddsAnswer>(
          `/odds/event/${encodeURIComponent(sport)}/${encodeURIComponent(eventId)}/player-props`,
          { signal },
        ),
      select: (answer) => answer.game,
      staleTime: boardStaleMs,
      meta: { persist: false },
    }),

  /** How bookmakers are ordered; the page uses the spec's fallback while this is missing. */
  bookmakerRankings: () =>
    queryOptions({
      queryKey: ['odds', 'bookmaker-rankings'] as const,
      queryFn: ({ signal }) => api.get<BookmakerRankingsAnswer>('/bookmaker-rankings', { signal }),
      select: (answer) => answer.bookmakers,
    }),
}

/** A feed page. `unavailable` marks the spec §8 fallback: the subscribed feed failed and shows as empty. */
export type FeedPage = PicksAnswer & { unavailable: boolean }

export type FeedKind = 'subscribed' | 'public'

function feedQuery(filters: FeedFilters, offset: number) {
  return {
    sport: filters.sport ?? undefined,
    creatorId: filters.creatorId ?? undefined,
    status: filters.status ?? undefined,
    limit: feedPageSize,
    offset,
  }
}

async function fetchFeedPage(
  kind: FeedKind,
  userId: string | null,
  filters: FeedFilters,
  offset: number,
  signal: AbortSignal,
): Promise<FeedPage> {
  const query = feedQuery(filters, offset)
  if (kind === 'public') return { ...(await api.get<PicksAnswer>('/picks', { query, signal })), unavailable: false }
  try {
    const path = `/picks/subscribed/${encodeURIComponent(userId ?? '')}`
    return { ...(await api.get<PicksAnswer>(path, { query, signal })), unavailable: false }
  } catch (error) {
    if (signal.aborted) throw error
    // Spec §8: the subscribed feed falls back to an empty list.
    return { picks: [], total: 0, limit: feedPageSize, offset, unavailable: true }
  }
}

export const pickQueries = {
  all: () => pickKeys.all,

  /**
   * A feed, page after page for one set of filters. Kept in memory only: what a viewer may see
   * depends on their subscriptions, which must not outlive the session on a shared device.
   */
  feed: (kind: FeedKind, userId: string | null, filters: FeedFilters) =>
    infiniteQueryOptions({
      queryKey: ['picks', 'feed', kind, userId, filters] as const,
      queryFn: ({ pageParam, signal }) => fetchFeedPage(kind, userId, filters, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (last: FeedPage) =>
        !last.unavailable && last.offset + last.picks.length < last.total ? last.offset + last.picks.length : undefined,
      staleTime: feedStaleMs,
      meta: { persist: false },
    }),
}

/** `POST /picks`. Never retried: publishing twice would post two picks. */
export function createPick(body: CreatePickBody): Promise<PickAnswer> {
  return api.post<PickAnswer>('/picks', body)
}
