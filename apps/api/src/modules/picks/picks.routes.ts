import {
  CreatePickBody,
  CreatorRecord,
  GradePickBody,
  LeaderboardAnswer,
  LeaderboardQuery,
  PickAnswer,
  PickIdParams,
  PicksAnswer,
  PicksQuery,
  UpdatePickBody,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { sendCachedJson } from '../../http/public-etags.ts'
import type { ReadCache } from '../../http/read-cache.ts'
import { carriesCredentials } from '../auth/auth.service.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { actsAsAdmin, assertOwner, callerOf, viewer } from '../auth/guard.ts'
import type { OddsProvider } from '../odds/odds.service.ts'
import type { EntitlementCache } from '../purchases/purchases.service.ts'
import {
  createGrader,
  createPick,
  creatorRecord,
  deletePick,
  findPick,
  gradeByHand,
  leaderboard,
  listPicks,
  pickAnswer,
  picksOfCreator,
  subscribedPicks,
  updatePick,
  type PicksDeps,
} from './picks.service.ts'
import type { Viewer } from './pick-view.ts'
import { feedFreshUntil } from './picks-cache.ts'

/** The fixture odds provider's clock, which the demo and the browser tests move to finish games. */
export interface FixtureControl {
  advance(ms: number): void
  /** The provider's clock now: the real one plus every advance. */
  clockNow(): Date
}

const AdvanceFixturesBody = z.strictObject({ hours: z.number().int().min(1).max(72) })
const AdvanceFixturesAnswer = z.object({ graded: z.number().int() })
const SubscribedParams = z.object({ userId: z.uuid() })

const hourMs = 60 * 60 * 1000

/** Picks, their feeds, grading and records (spec §7 "Picks"; product-decisions.md "Picks"). */
export const picksRoutes: FastifyPluginAsyncZod<{
  db: Db
  odds: OddsProvider
  now: () => Date
  fixtures: FixtureControl | null
  /** Told when a record the shop shows changed (a grade, or an administrator deleting a graded pick). */
  onRecordChanged?: () => Promise<void>
  /**
   * The public picks reads every visitor shares (picks-cache.ts): every pick write forgets them, in
   * every process, after it commits (decision 050).
   */
  picksCache: ReadCache
  /**
   * Subscribers' feeds, one per set of creators they are entitled to and query: a cache of its own
   * (`createPicksCache`), so many subscribers' pages do not push the visitors' out.
   */
  subscribedFeeds: ReadCache
  /** Which creators a customer is entitled to now, kept per customer (the subscribed feed's scope). */
  entitlements: EntitlementCache
  /** The pick alerts' hooks: in the publishing transaction, and after its commit. */
  publishing?: Pick<PicksDeps, 'onPublished' | 'afterPublished'>
}> = async (app, options) => {
  const { db, odds, now, fixtures, picksCache, subscribedFeeds, entitlements } = options
  const deps: PicksDeps = { db, odds, now, ...options.publishing }
  // After a pick write has committed: the shop's notice when a record it shows changed (the picks
  // cache hears it too), else the picks' own.
  const recordChanged = async (shopChanged: boolean) => {
    if (shopChanged && options.onRecordChanged) await options.onRecordChanged()
    else await picksCache.invalidate()
  }
  /** A feed shared by everyone who reads `key`, from `cache`, kept until the first of its open picks closes. */
  const sharedFeed = async (
    cache: ReadCache,
    reply: FastifyReply,
    key: unknown[],
    read: () => Promise<PicksAnswer>,
  ) => {
    const answer = await cache.get(JSON.stringify(key), async () => {
      const feed = PicksAnswer.parse(await read())
      return { body: JSON.stringify(feed), freshUntil: feedFreshUntil(feed) }
    })
    return sendCachedJson(reply, answer)
  }
  /** A feed as a visitor reads it: shared (`sharedFeed`). A request with credentials is read for its viewer. */
  const visitorFeed = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: unknown[],
    read: (viewer: Viewer | null) => Promise<PicksAnswer>,
  ) => {
    if (carriesCredentials(request)) return read(await viewerActor(request))
    return sharedFeed(picksCache, reply, key, () => read(null))
  }
  const feedKey = (query: z.output<typeof PicksQuery>) => [
    query.sport ?? null,
    query.creatorId ?? null,
    query.status ?? null,
    query.free ?? null,
    query.limit,
    query.offset,
  ]
  // Who reads a feed: the viewer's actor, so an administrator's role counts only once verified.
  const viewerActor = async (request: FastifyRequest) => (await viewer(request))?.actor ?? null
  const grader = createGrader({
    db,
    odds,
    now,
    log: app.log,
    ...(options.onRecordChanged ? { onRecordChanged: options.onRecordChanged } : {}),
    onPicksChanged: () => picksCache.invalidate(),
  })

  app.post(
    '/picks',
    {
      // A customer hears NOT_A_CREATOR from the service; only a verified admin posts for another creator.
      config: { access: 'signedIn' },
      schema: {
        tags: ['picks'],
        summary: 'Posts a pick (a creator; an admin for the creator named by user_id). The server sets created_at',
        body: CreatePickBody,
        response: { 201: PickAnswer },
      },
    },
    async (request, reply) => {
      const { actor } = await callerOf(request)
      const { pick, shopChanged } = await createPick(deps, actor, request.body)
      await recordChanged(shopChanged)
      return reply.status(201).send({ pick })
    },
  )

  app.get(
    '/picks',
    {
      config: { access: 'public' },
      schema: {
        tags: ['picks'],
        summary: 'Every creator’s picks, newest first; premium ones as locked teasers unless the viewer is entitled',
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request, reply) =>
      visitorFeed(request, reply, ['feed', ...feedKey(request.query)], (who) => listPicks(deps, who, request.query)),
  )

  app.get(
    '/picks/user/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['picks'],
        summary: "A creator's picks, newest first; premium details only to the creator, entitled customers and admins",
        params: UserIdParams,
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request, reply) =>
      visitorFeed(request, reply, ['creator', request.params.id, ...feedKey(request.query)], (who) =>
        picksOfCreator(deps, who, request.params.id, request.query),
      ),
  )

  app.get(
    '/picks/subscribed/:userId',
    {
      config: { access: { owner: 'params.userId' } },
      schema: {
        tags: ['picks'],
        summary: 'The picks of the creators a user is entitled to now, newest first (that user or an admin)',
        params: SubscribedParams,
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request, reply) => {
      const { actor } = await callerOf(request)
      const creatorIds = await entitlements.creatorIds(request.params.userId)
      // An administrator reads every premium pick unlocked, and a creator the clients of their own.
      if (actsAsAdmin(actor) || creatorIds.includes(actor.id)) {
        return subscribedPicks(deps, actor, creatorIds, request.query)
      }
      // Anyone else entitled to exactly these creators reads the same page: shared, like a visitor's
      // feed, and forgotten on the same writes (decision 050). The entitlements are kept per customer until
      // the purchases table changes or the first of them ends.
      return sharedFeed(subscribedFeeds, reply, ['subscribed', creatorIds, ...feedKey(request.query)], () =>
        subscribedPicks(deps, null, creatorIds, request.query),
      )
    },
  )

  app.get(
    '/picks/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['picks'],
        summary: 'One pick; a premium one as a locked teaser unless the viewer is entitled',
        params: PickIdParams,
        response: { 200: PickAnswer },
      },
    },
    async (request) => ({ pick: await pickAnswer(deps, await viewerActor(request), request.params.id) }),
  )

  app.put(
    '/picks/:id',
    {
      config: { access: { resource: 'pick', role: 'creator' } },
      schema: {
        tags: ['picks'],
        summary: 'Changes a pick before its game starts (its creator or an admin); audited',
        params: PickIdParams,
        body: UpdatePickBody,
        response: { 200: PickAnswer },
      },
    },
    async (request) => {
      const current = await findPick(deps, request.params.id)
      const { actor } = await assertOwner(
        request,
        current.creatorId,
        'Only the creator of this pick or an admin can change it',
      )
      const { pick, shopChanged } = await updatePick(deps, actor, current, request.body)
      await recordChanged(shopChanged)
      return { pick }
    },
  )

  app.delete(
    '/picks/:id',
    {
      config: { access: { resource: 'pick', role: 'creator' } },
      schema: {
        tags: ['picks'],
        summary: 'Deletes a pick before its game starts (its creator; an admin at any time); audited',
        params: PickIdParams,
      },
    },
    async (request, reply) => {
      const current = await findPick(deps, request.params.id)
      const { actor } = await assertOwner(
        request,
        current.creatorId,
        'Only the creator of this pick or an admin can delete it',
      )
      await recordChanged((await deletePick(deps, actor, current)).shopChanged)
      return reply.status(204).send()
    },
  )

  app.post(
    '/picks/:id/grade',
    {
      config: { access: { resource: 'pick', role: 'creator' } },
      schema: {
        tags: ['picks'],
        summary:
          'Grades a player prop or a game entered by hand once the game has started (its creator or an admin); audited',
        params: PickIdParams,
        body: GradePickBody,
        response: { 200: PickAnswer },
      },
    },
    async (request) => {
      const current = await findPick(deps, request.params.id)
      const { actor } = await assertOwner(
        request,
        current.creatorId,
        'Only the creator of this pick or an admin can grade it',
      )
      const { pick, shopChanged } = await gradeByHand(deps, actor, current, request.body)
      await recordChanged(shopChanged)
      return { pick }
    },
  )

  app.get(
    '/creators/:id/record',
    {
      config: { access: 'public' },
      schema: {
        tags: ['picks'],
        summary: "A creator's record from graded picks, overall and by sport",
        params: UserIdParams,
        response: { 200: CreatorRecord },
      },
    },
    // The same record for everyone: cached whoever asks.
    async (request, reply) =>
      sendCachedJson(
        reply,
        await picksCache.get(JSON.stringify(['record', request.params.id]), async () =>
          JSON.stringify(CreatorRecord.parse(await creatorRecord(db, request.params.id))),
        ),
      ),
  )

  app.get(
    '/leaderboard',
    {
      config: { access: 'public' },
      schema: {
        tags: ['picks'],
        summary: 'Creators ranked by net units or ROI, once they have enough graded picks (optionally in one sport)',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardAnswer },
      },
    },
    async (request, reply) => {
      const { sport, sortBy, limit } = request.query
      const answer = await picksCache.get(JSON.stringify(['leaderboard', sport ?? null, sortBy, limit]), async () =>
        JSON.stringify(LeaderboardAnswer.parse(await leaderboard(db, request.query))),
      )
      return sendCachedJson(reply, answer)
    },
  )

  app.post(
    '/admin/odds-fixtures/advance',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary:
          "Moves the fixture odds provider's clock forward, then grades at once (a verified admin; fixtures only)",
        body: AdvanceFixturesBody,
        response: { 200: AdvanceFixturesAnswer },
      },
    },
    async (request) => {
      if (!fixtures) throw new AppError('NOT_FOUND', 'The fixture odds provider is not in use')
      const before = fixtures.clockNow()
      fixtures.advance(request.body.hours * hourMs)
      await recordAudit(db, request, now(), {
        action: 'fixture_clock.advanced',
        target: { type: 'fixture_clock', id: null },
        before: { clock: before.toISOString() },
        after: { clock: fixtures.clockNow().toISOString(), hours: request.body.hours },
      })
      return grader.gradeDue()
    },
  )
}
