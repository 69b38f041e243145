import type { CreatorAnalytics } from '@picks/contracts'
import type { AnalyticsTimeframe } from '@picks/contracts/client'
import { queryOptions } from '@tanstack/react-query'
import { api } from '../../../lib/api-client.ts'
import { ownData } from '../../../lib/query-client.ts'

/**
 * The creator's analytics (`GET /creator/analytics/{id}?timeframe`), own data (decision 023): read
 * again on every visit and never saved. Under `['creators']`, so a plan saved (its sales by plan) or
 * any other creator change refreshes it with the rest.
 */
export const analyticsQueries = {
  all: (creatorId: string) => ['creators', 'analytics', creatorId] as const,

  figures: (creatorId: string, timeframe: AnalyticsTimeframe) =>
    queryOptions({
      queryKey: [...analyticsQueries.all(creatorId), timeframe] as const,
      queryFn: ({ signal }) =>
        api.get<CreatorAnalytics>(`/creator/analytics/${encodeURIComponent(creatorId)}`, {
          query: { timeframe },
          signal,
        }),
      ...ownData,
    }),
}
