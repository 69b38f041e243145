import { CreatorAnalytics, CreatorAnalyticsParams, CreatorAnalyticsQuery } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { creatorAnalytics } from './creator-analytics.ts'

export interface AnalyticsOptions {
  db: Db
  now: () => Date
}

/** A creator's analytics (spec §7): that creator's own, or a verified administrator's. */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsOptions> = async (app, { db, now }) => {
  app.get(
    '/creator/analytics/:id',
    {
      config: { access: { owner: 'params.id', role: 'creator' } },
      schema: {
        tags: ['creators'],
        summary:
          "The creator's sales, subscribers, trials, share link, promo codes, record and alerts over a timeframe (default all), with the period before (that creator or an admin)",
        params: CreatorAnalyticsParams,
        querystring: CreatorAnalyticsQuery,
        response: { 200: CreatorAnalytics },
      },
    },
    async (request) => creatorAnalytics(db, request.params.id, request.query.timeframe, now()),
  )
}
