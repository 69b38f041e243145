import type { GamesAnswer, OddsBoardAnswer } from '@picks/contracts'
import type { SportSlug } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../lib/api-client.ts'

const liveScoresRefreshMs = 60_000

function withGames<T extends { games: unknown }>(answer: T): T {
  if (!Array.isArray(answer.games)) throw new Error('The server sent an answer this page cannot read')
  return answer
}

export const sportHubQueries = {
  /** `GET /odds/{sport}/all`: the upcoming games with every book's moneyline, spread and total. */
  odds: (sport: SportSlug) =>
    queryOptions({
      queryKey: ['odds', sport, 'all'] as const,
      queryFn: async ({ signal }) => withGames(await api.get<OddsBoardAnswer>(`/odds/${sport}/all`, { signal })),
    }),

  /** `GET /games/{sport}/all`: every game with its status and score; refreshed while one is live. */
  games: (sport: SportSlug) =>
    queryOptions({
      queryKey: ['games', sport, 'all'] as const,
      queryFn: async ({ signal }) => withGames(await api.get<GamesAnswer>(`/games/${sport}/all`, { signal })),
      refetchInterval: (query) =>
        query.state.data?.games.some((game) => game.status === 'live') ? liveScoresRefreshMs : false,
    }),
}
