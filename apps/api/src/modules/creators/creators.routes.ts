import {
  CreatorByUsername,
  CreatorIdParams,
  CreatorStats,
  CreatorSummary,
  CreatorsListQuery,
  CreatorsPage,
  CreatorsPageQuery,
  UsernameParams,
} from '@picks/contracts'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { findCreatorByUsername, getCreatorStats, listCreators, listCreatorsPage } from './creators.service.ts'
import type { ShopCache } from './shop-cache.ts'

const CreatorsList = z.object({ creators: z.array(CreatorSummary) })

/**
 * Sends a cached answer as it is. It was checked against the route's response schema when it was
 * made; a string with a JSON content type skips the serializer.
 */
function sendSerialized(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body)
}

export const creatorsRoutes: FastifyPluginAsyncZod<{ db: Db; shopCache: ShopCache }> = async (
  app,
  { db, shopCache },
) => {
  app.get(
    '/creators/paginated',
    {
      schema: {
        tags: ['creators'],
        summary: 'One page of the shop of creators, filtered, searched and sorted',
        querystring: CreatorsPageQuery,
        response: { 200: CreatorsPage },
      },
    },
    async (request, reply) => {
      const { page, limit, sports, search, sortBy } = request.query
      // The same shop, however the query was spelled: sports in one order, search in lower case.
      const key = JSON.stringify(['page', page, limit, [...(sports ?? [])].sort(), search?.toLowerCase() ?? '', sortBy])
      const body = await shopCache.get(key, async () =>
        JSON.stringify(CreatorsPage.parse(await listCreatorsPage({ db }, request.query))),
      )
      return sendSerialized(reply, body)
    },
  )

  app.get(
    '/creators',
    {
      schema: {
        tags: ['creators'],
        summary: 'Creators by name (at most 100)',
        querystring: CreatorsListQuery,
        response: { 200: CreatorsList },
      },
    },
    async (request, reply) => {
      const { limit } = request.query
      const body = await shopCache.get(JSON.stringify(['all', limit]), async () =>
        JSON.stringify(CreatorsList.parse({ creators: await listCreators({ db }, limit) })),
      )
      return sendSerialized(reply, body)
    },
  )

  app.get(
    '/creators/:id/stats',
    {
      schema: {
        tags: ['creators'],
        summary: "A creator's public figures",
        params: CreatorIdParams,
        response: { 200: CreatorStats },
      },
    },
    async (request) => getCreatorStats({ db }, request.params.id),
  )

  app.get(
    '/creator/:username',
    {
      schema: {
        tags: ['creators'],
        summary: 'Look a creator up by username (profile links)',
        params: UsernameParams,
        response: { 200: CreatorByUsername },
      },
    },
    async (request) => ({
      success: true as const,
      creator: await findCreatorByUsername({ db }, request.params.username),
    }),
  )
}
