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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { requireVerifiedAdmin } from '../admin/admin.service.ts'
import { requireUser, sessionUser, type Auth } from '../auth/auth.service.ts'
import type { OddsProvider } from '../odds/odds.service.ts'
import {
  createGrader,
  createPick,
  creatorRecord,
  deletePick,
  gradeByHand,
  leaderboard,
  listPicks,
  pickAnswer,
  picksOfCreator,
  subscribedPicks,
  updatePick,
  type PicksDeps,
} from './picks.service.ts'

/** The fixture odds provider's clock, which the demo and the browser tests move to finish games. */
export interface FixtureControl {
  advance(ms: number): void
}

const AdvanceFixturesBody = z.strictObject({ hours: z.number().int().min(1).max(72) })
const AdvanceFixturesAnswer = z.object({ graded: z.number().int() })
const SubscribedParams = z.object({ userId: z.uuid() })

const hourMs = 60 * 60 * 1000

/** Picks, their feeds, grading and records (spec §7 "Picks"; product-decisions.md "Picks"). */
export const picksRoutes: FastifyPluginAsyncZod<{
  auth: Auth
  db: Db
  odds: OddsProvider
  now: () => Date
  fixtures: FixtureControl | null
  /** Told when a record the shop shows changed (a grade, or an administrator deleting a graded pick). */
  onRecordChanged?: () => void
  /** The pick alerts' hooks: in the publishing transaction, and after its commit. */
  publishing?: Pick<PicksDeps, 'onPublished' | 'afterPublished'>
}> = async (app, options) => {
  const { auth, db, odds, now, fixtures } = options
  const deps: PicksDeps = { db, odds, now, ...options.publishing }
  const recordChanged = (changed: boolean) => {
    if (changed) options.onRecordChanged?.()
  }
  const grader = createGrader({
    db,
    odds,
    now,
    log: app.log,
    ...(options.onRecordChanged ? { onRecordChanged: options.onRecordChanged } : {}),
  })

  app.post(
    '/picks',
    {
      schema: {
        tags: ['picks'],
        summary: 'Posts a pick (a creator; an admin for the creator named by user_id). The server sets created_at',
        body: CreatePickBody,
        response: { 200: PickAnswer, 201: PickAnswer },
      },
    },
    async (request, reply) => {
      const me = await requireUser(auth, db, request)
      const { pick, created, shopChanged } = await createPick(deps, me, request.body)
      recordChanged(shopChanged)
      return reply.status(created ? 201 : 200).send({ pick })
    },
  )

  app.get(
    '/picks',
    {
      schema: {
        tags: ['picks'],
        summary: 'Every creator’s picks, newest first; premium ones as locked teasers unless the viewer is entitled',
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request) => listPicks(deps, await sessionUser(auth, db, request), request.query),
  )

  app.get(
    '/picks/user/:id',
    {
      schema: {
        tags: ['picks'],
        summary: "A creator's picks, newest first; premium details only to the creator, entitled customers and admins",
        params: UserIdParams,
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request) => picksOfCreator(deps, await sessionUser(auth, db, request), request.params.id, request.query),
  )

  app.get(
    '/picks/subscribed/:userId',
    {
      schema: {
        tags: ['picks'],
        summary: 'The picks of the creators a user is entitled to now, newest first (that user or an admin)',
        params: SubscribedParams,
        querystring: PicksQuery,
        response: { 200: PicksAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      return subscribedPicks(deps, me, request.params.userId, request.query)
    },
  )

  app.get(
    '/picks/:id',
    {
      schema: {
        tags: ['picks'],
        summary: 'One pick; a premium one as a locked teaser unless the viewer is entitled',
        params: PickIdParams,
        response: { 200: PickAnswer },
      },
    },
    async (request) => ({ pick: await pickAnswer(deps, await sessionUser(auth, db, request), request.params.id) }),
  )

  app.put(
    '/picks/:id',
    {
      schema: {
        tags: ['picks'],
        summary: 'Changes a pick before its game starts (its creator or an admin); audited',
        params: PickIdParams,
        body: UpdatePickBody,
        response: { 200: PickAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      const { pick, shopChanged } = await updatePick(deps, me, request.params.id, request.body)
      recordChanged(shopChanged)
      return { pick }
    },
  )

  app.delete(
    '/picks/:id',
    {
      schema: {
        tags: ['picks'],
        summary: 'Deletes a pick before its game starts (its creator; an admin at any time); audited',
        params: PickIdParams,
      },
    },
    async (request, reply) => {
      const me = await requireUser(auth, db, request)
      recordChanged((await deletePick(deps, me, request.params.id)).shopChanged)
      return reply.status(204).send()
    },
  )

  app.post(
    '/picks/:id/grade',
    {
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
      const me = await requireUser(auth, db, request)
      const { pick, shopChanged } = await gradeByHand(deps, me, request.params.id, request.body)
      recordChanged(shopChanged)
      return { pick }
    },
  )

  app.get(
    '/creators/:id/record',
    {
      schema: {
        tags: ['picks'],
        summary: "A creator's record from graded picks, overall and by sport",
        params: UserIdParams,
        response: { 200: CreatorRecord },
      },
    },
    async (request) => creatorRecord(db, request.params.id),
  )

  app.get(
    '/leaderboard',
    {
      schema: {
        tags: ['picks'],
        summary: 'Creators ranked by net units or ROI, once they have enough graded picks (optionally in one sport)',
        querystring: LeaderboardQuery,
        response: { 200: LeaderboardAnswer },
      },
    },
    async (request) => leaderboard(db, request.query),
  )

  app.post(
    '/admin/odds-fixtures/advance',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Moves the fixture odds provider's clock forward, then grades at once (a verified admin; fixtures only)",
        body: AdvanceFixturesBody,
        response: { 200: AdvanceFixturesAnswer },
      },
    },
    async (request) => {
      await requireVerifiedAdmin({ auth, db, now }, request)
      if (!fixtures) throw new AppError('NOT_FOUND', 'The fixture odds provider is not in use')
      fixtures.advance(request.body.hours * hourMs)
      return grader.gradeDue()
    },
  )
}
