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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { findCreatorByUsername, getCreatorStats, listCreators, listCreatorsPage } from './creators.service.ts'

export const creatorsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
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
    async (request) => listCreatorsPage({ db }, request.query),
  )

  app.get(
    '/creators',
    {
      schema: {
        tags: ['creators'],
        summary: 'Creators by name (at most 100)',
        querystring: CreatorsListQuery,
        response: { 200: z.object({ creators: z.array(CreatorSummary) }) },
      },
    },
    async (request) => ({ creators: await listCreators({ db }, request.query.limit) }),
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
