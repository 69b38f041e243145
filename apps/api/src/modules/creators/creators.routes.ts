import {
  CreatorAnswer,
  CreatorByUsername,
  CreatorIdParams,
  CreatorLookupQuery,
  CreatorProfileUpdateBody,
  CreatorStats,
  CreatorSummary,
  CreatorsListQuery,
  CreatorsPage,
  CreatorsPageQuery,
  RegisterCreatorAnswer,
  RegisterCreatorBody,
  RegisterCreatorParams,
  ShareLink,
  UsernameParams,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { sendCachedJson } from '../../http/public-etags.ts'
import { carriesCredentials } from '../auth/auth.service.ts'
import { registerCreator, updateCreatorProfile } from './creator-accounts.ts'
import { assertCreatorShown } from './creator-visibility.ts'
import {
  findCreatorByUsername,
  getCreatorProfile,
  getCreatorStats,
  listCreators,
  listCreatorsPage,
} from './creators.service.ts'
import { plansRoutes } from './plans.routes.ts'
import { touchCookie } from './referral-touch.ts'
import { getShareLink, recordReferralVisit } from './share-links.ts'
import type { ShopCache } from './shop-cache.ts'

const CreatorsList = z.object({ creators: z.array(CreatorSummary) })

export interface CreatorsRoutesOptions {
  db: Db
  shopCache: ShopCache
  /** The clock of time-based rules (username holds, visit days); tests move it. */
  now: () => Date
  /** The site's public address, for share links. */
  publicUrl: string
  /** Keys the daily visitor hashes of share-link visits and signs the last-touch cookie (the auth secret). */
  visitorSecret: string
  /** How many customers hold access to a creator now (the purchases module answers). */
  subscriberCount: (creatorId: string) => Promise<number>
}

export const creatorsRoutes: FastifyPluginAsyncZod<CreatorsRoutesOptions> = async (app, options) => {
  const { db, shopCache, now, publicUrl, visitorSecret, subscriberCount } = options
  const secureCookies = new URL(publicUrl).protocol === 'https:'
  app.get(
    '/creators/paginated',
    {
      config: { access: 'public' },
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
      const answer = await shopCache.get(key, async () =>
        JSON.stringify(CreatorsPage.parse(await listCreatorsPage({ db }, request.query))),
      )
      return sendCachedJson(reply, answer)
    },
  )

  app.get(
    '/creators',
    {
      config: { access: 'public' },
      schema: {
        tags: ['creators'],
        summary: 'Creators by name (at most 100)',
        querystring: CreatorsListQuery,
        response: { 200: CreatorsList },
      },
    },
    async (request, reply) => {
      const { limit } = request.query
      const answer = await shopCache.get(JSON.stringify(['all', limit]), async () =>
        JSON.stringify(CreatorsList.parse({ creators: await listCreators({ db }, limit) })),
      )
      return sendCachedJson(reply, answer)
    },
  )

  app.get(
    '/creators/:id/stats',
    {
      config: { access: 'public' },
      schema: {
        tags: ['creators'],
        summary: "A creator's public figures",
        params: CreatorIdParams,
        response: { 200: CreatorStats },
      },
    },
    async (request) => {
      await assertCreatorShown({ db }, request, request.params.id)
      return getCreatorStats({ db }, request.params.id, subscriberCount)
    },
  )

  app.get(
    '/creator/:username',
    {
      config: { access: 'public' },
      schema: {
        tags: ['creators'],
        summary:
          'Look a creator up by username (profile links), also by a username given up less than 30 days ago; ' +
          "?ref= counts a visit through the creator's share link and remembers it for 30 days (a cookie)",
        params: UsernameParams,
        querystring: CreatorLookupQuery,
        response: { 200: CreatorByUsername },
      },
    },
    async (request, reply) => {
      const at = now()
      const { ref } = request.query
      const lookUp = async () => {
        const creator = await findCreatorByUsername({ db }, request.params.username, at)
        await assertCreatorShown({ db }, request, creator.id)
        return creator
      }
      // A visitor's plain lookup is the same for everyone: the shop's cache holds it (decision 050).
      if (!ref && !carriesCredentials(request)) {
        const key = JSON.stringify(['username', request.params.username.toLowerCase()])
        const answer = await shopCache.get(key, async () =>
          JSON.stringify(CreatorByUsername.parse({ success: true, creator: await lookUp() })),
        )
        return sendCachedJson(reply, answer)
      }
      const creator = await lookUp()
      if (ref) {
        const touch = await recordReferralVisit(
          { db },
          {
            creatorId: creator.id,
            code: ref,
            visitor: { ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') },
            now: at,
            secret: visitorSecret,
          },
        )
        // The last touch: a sign-up or purchase within 30 days is this link's (decision 036).
        if (touch) reply.header('set-cookie', touchCookie(touch, { secret: visitorSecret, secure: secureCookies }))
      }
      return { success: true as const, creator }
    },
  )

  app.post(
    '/users/:userId/register-creator',
    {
      config: { access: { owner: 'params.userId' } },
      schema: {
        tags: ['creators'],
        summary: 'Makes a user a creator with a public profile (that user or an admin)',
        params: RegisterCreatorParams,
        body: RegisterCreatorBody,
        response: { 201: RegisterCreatorAnswer },
      },
    },
    async (request, reply) => {
      const { userId } = request.params
      const answer = await registerCreator({ db }, userId, request.body, now())
      await shopCache.invalidate()
      return reply.status(201).send(answer)
    },
  )

  app.get(
    '/creators/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['creators'],
        summary: "A creator's public profile",
        params: CreatorIdParams,
        response: { 200: CreatorAnswer },
      },
    },
    async (request, reply) => {
      const profile = async () => {
        const creator = await getCreatorProfile({ db }, request.params.id)
        // The creator still sees their own page, told that the public does not.
        const hidden = await assertCreatorShown({ db }, request, creator.id)
        return hidden ? { creator, hidden_from_public: true } : { creator }
      }
      if (carriesCredentials(request)) return profile()
      // A visitor's answer is everyone's: a hidden storefront is a 404, which is not kept.
      const answer = await shopCache.get(JSON.stringify(['profile', request.params.id]), async () =>
        JSON.stringify(CreatorAnswer.parse(await profile())),
      )
      return sendCachedJson(reply, answer)
    },
  )

  app.put(
    '/creators/:id/profile',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['creators'],
        summary: "Changes a creator's profile, username included (the creator or an admin)",
        params: CreatorIdParams,
        body: CreatorProfileUpdateBody,
        response: { 200: CreatorAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      const creator = await updateCreatorProfile({ db }, id, request.body, now())
      await shopCache.invalidate()
      return { creator }
    },
  )

  app.get(
    '/creators/:id/share-link',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['creators'],
        summary:
          "The creator's profile link with their referral code, and the visits it brought (the creator or an admin)",
        params: CreatorIdParams,
        response: { 200: ShareLink },
      },
    },
    async (request) => getShareLink({ db }, request.params.id, { publicUrl, now: now() }),
  )

  await app.register(plansRoutes, { db, shopCache })
}
