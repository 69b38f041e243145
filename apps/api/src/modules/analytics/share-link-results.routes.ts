import { CreatorIdParams, ShareLinkResults, ShareLinkResultsQuery } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { shareLinkResults } from './share-link-results.ts'

export interface ShareLinkResultsOptions {
  db: Db
  /** Whose "today" ends the days shown; tests move it. */
  now: () => Date
}

/** What a creator's share link brought, for /creator-promotions (issue 17, decision 036). */
export const shareLinkResultsRoutes: FastifyPluginAsyncZod<ShareLinkResultsOptions> = async (app, { db, now }) => {
  app.get(
    '/creators/:id/share-link/results',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['creators'],
        summary:
          "Visits, sign-ups and first purchases through the creator's share link, per UTC day over the last " +
          '`days` days (7–365, default 30) and in total (the creator or an admin)',
        params: CreatorIdParams,
        querystring: ShareLinkResultsQuery,
        response: { 200: ShareLinkResults },
      },
    },
    async (request) => shareLinkResults({ db }, request.params.id, { days: request.query.days, now: now() }),
  )
}
