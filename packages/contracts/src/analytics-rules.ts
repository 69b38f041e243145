/**
 * The creator analytics' timeframes and messages (issue 17, `GET /creator/analytics/{id}`), shared
 * by the browser and the API. Zod-free, so the web's client entry can carry them (decision 021).
 */

export const analyticsTimeframes = ['7d', '30d', '90d', '1y', 'all'] as const
export type AnalyticsTimeframe = (typeof analyticsTimeframes)[number]

export const analyticsMessages = {
  /** Spec §8, verbatim. */
  failed: 'Failed to fetch creator analytics',
  timeframe: 'timeframe is one of 7d, 30d, 90d, 1y or all',
} as const
