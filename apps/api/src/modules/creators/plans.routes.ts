import {
  CreatePlanBody,
  PlanAnswer,
  PlanCreatorParams,
  PlanIdParams,
  PlansAnswer,
  PlansQuery,
  UpdatePlanBody,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { actsAsAdmin, assertOwner, callerOf } from '../auth/guard.ts'
import { findCreatorProfile } from './creators.service.ts'
import { plansOf } from './plans-on-sale.ts'
import { createPlan, updatePlan } from './plans.ts'
import type { ShopCache } from './shop-cache.ts'

/** What a creator sells (`subscription-pricing`, product-decisions.md "What is sold"). */
export const plansRoutes: FastifyPluginAsyncZod<{ db: Db; shopCache: ShopCache }> = async (app, { db, shopCache }) => {
  app.get(
    '/subscription-pricing/:id',
    {
      // The plans on sale are the shop's; `all=true` asks the caller to be the creator or a verified admin.
      config: { access: 'public' },
      schema: {
        tags: ['plans'],
        summary:
          "A creator's plans on sale, cheapest first (none until they can take payments); with all=true (the creator or an admin) every plan, marked on_sale",
        params: PlanCreatorParams,
        querystring: PlansQuery,
        response: { 200: PlansAnswer },
      },
    },
    async (request) => {
      const { id: creatorId } = request.params
      const includeInactive = request.query.all
      if (includeInactive) {
        await assertOwner(request, creatorId, 'Only the creator or an admin can see inactive plans')
      }
      if (!(await findCreatorProfile({ db }, creatorId))) throw new AppError('NOT_FOUND', 'Creator not found')
      return { plans: await plansOf({ db }, creatorId, { onSaleOnly: !includeInactive }) }
    },
  )

  app.post(
    '/subscription-pricing',
    {
      // The creator is the caller unless the body names another (the handler checks that one).
      config: { access: { resource: 'creator', role: 'creator' } },
      schema: {
        tags: ['plans'],
        summary: 'Adds a plan (a creator for themselves; an admin for the creator named by creatorId)',
        body: CreatePlanBody,
        response: { 201: PlanAnswer },
      },
    },
    async (request, reply) => {
      const { user: me } = await callerOf(request)
      const creatorId = request.body.creatorId ?? me.id
      await assertOwner(request, creatorId, 'You can only add plans to your own creator profile')
      if (creatorId === me.id && !(await findCreatorProfile({ db }, me.id))) {
        throw new AppError('FORBIDDEN', 'Become a creator before adding plans', { reason: 'NOT_A_CREATOR' })
      }
      const plan = await createPlan({ db }, creatorId, request.body)
      await shopCache.invalidate()
      return reply.status(201).send({ plan })
    },
  )

  app.put(
    '/subscription-pricing/:id',
    {
      // updatePlan loads the plan and lets only its creator or a verified admin change it.
      config: { access: { resource: 'plan', role: 'creator' } },
      schema: {
        tags: ['plans'],
        summary: "Changes a plan's name, terms, price or active flag (its creator or an admin)",
        params: PlanIdParams,
        body: UpdatePlanBody,
        response: { 200: PlanAnswer },
      },
    },
    async (request) => {
      const { user, actor } = await callerOf(request)
      const plan = await updatePlan({ db }, request.params.id, request.body, {
        id: user.id,
        isAdmin: actsAsAdmin(actor),
      })
      await shopCache.invalidate()
      return { plan }
    },
  )
}
