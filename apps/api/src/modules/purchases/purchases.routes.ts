import {
  AllPurchasesAnswer,
  AllPurchasesQuery,
  AutoRenewalBody,
  CancelPurchaseQuery,
  CreatePurchaseAnswer,
  CreatePurchaseBody,
  PurchaseAnswer,
  PurchaseIdParams,
  PurchasesAnswer,
  UserIdParams,
  VerifyPurchaseAnswer,
  VerifyPurchaseQuery,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'
import { callerOf, canActFor } from '../auth/guard.ts'
import type { ReferralTouch } from '../creators/creators.service.ts'
import { hasPaidAccess } from './entitlements.ts'
import {
  allPurchases,
  cancelPurchase,
  getPurchase,
  purchasesOfCreator,
  purchasesOfUser,
  setAutoRenewal,
  startPurchase,
  type PurchaseDeps,
} from './purchases.service.ts'

export interface PurchasesRoutesOptions extends PurchaseDeps {
  /** The request's valid share-link touch (the signed cookie, at most 30 days old), if any. */
  lastTouch: (request: FastifyRequest) => ReferralTouch | null
}

/** Purchases and subscriptions (spec §7), for buyers, creators and administrators. */
export const purchasesRoutes: FastifyPluginAsyncZod<PurchasesRoutesOptions> = async (app, deps) => {
  const { db } = deps

  app.post(
    '/purchases',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['purchases'],
        summary: "Starts buying a plan: a pending purchase and the provider's checkout to pay it",
        body: CreatePurchaseBody,
        response: { 201: CreatePurchaseAnswer },
      },
    },
    async (request, reply) => {
      const { actor } = await callerOf(request)
      const { purchase, checkoutUrl, notice } = await startPurchase(deps, actor, request.body.plan_id, {
        promoCode: request.body.promo_code ?? null,
        referral: deps.lastTouch(request),
      })
      // An affiliate's link brought the buyer (decision 038): the one place a purchase gets its affiliate.
      await deps.attributePurchase?.(
        { id: purchase.id, userId: purchase.user_id, creatorId: purchase.creator_id },
        request.body.affiliate_click,
      )
      return reply.status(201).send({ purchase, checkout_url: checkoutUrl, notice })
    },
  )

  app.get(
    '/purchases',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['purchases'],
        summary: 'Every purchase, newest first (administrators)',
        querystring: AllPurchasesQuery,
        response: { 200: AllPurchasesAnswer },
      },
    },
    async (request) => allPurchases(deps, request.query),
  )

  app.get(
    '/purchases/verify',
    {
      // Two people own the answer besides an admin (the user and the creator): the handler checks both.
      config: { access: { resource: 'purchase' } },
      schema: {
        tags: ['purchases'],
        summary: "Whether the user may see the creator's premium picks now (the user, the creator or an admin asks)",
        querystring: VerifyPurchaseQuery,
        response: { 200: VerifyPurchaseAnswer },
      },
    },
    async (request) => {
      const caller = await callerOf(request)
      const { userId, creatorId } = request.query
      if (!canActFor(caller, userId) && !canActFor(caller, creatorId)) {
        throw new AppError('FORBIDDEN', 'You can only check your own purchases')
      }
      return { exists: await hasPaidAccess(db, userId, creatorId, deps.now()) }
    },
  )

  app.get(
    '/purchases/user/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['purchases'],
        summary: "A customer's purchases (that customer or an admin)",
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => ({ purchases: await purchasesOfUser(deps, request.params.id) }),
  )

  app.get(
    '/purchases/creator/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['purchases'],
        summary: 'What customers bought from a creator (that creator or an admin)',
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => ({ purchases: await purchasesOfCreator(deps, request.params.id) }),
  )

  app.get(
    '/purchases/:id',
    {
      // The service loads it and answers 404 to anyone but its buyer, its creator or a verified admin.
      config: { access: { resource: 'purchase' } },
      schema: {
        tags: ['purchases'],
        summary: 'One purchase (its buyer, its creator or an admin)',
        params: PurchaseIdParams,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const { actor } = await callerOf(request)
      return { purchase: await getPurchase(deps, actor, request.params.id) }
    },
  )

  app.delete(
    '/purchases/:id',
    {
      // The service loads it and answers 404 to anyone but its buyer or a verified admin.
      config: { access: { resource: 'purchase' } },
      schema: {
        tags: ['purchases'],
        summary: 'Cancels at the end of the paid period, or now with cancelImmediately=true (no refund)',
        params: PurchaseIdParams,
        querystring: CancelPurchaseQuery,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const { actor } = await callerOf(request)
      return { purchase: await cancelPurchase(deps, actor, request.params.id, request.query.cancelImmediately) }
    },
  )

  app.get(
    '/subscriptions/manage/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags: ['purchases'],
        summary: "A customer's subscriptions and passes, to manage (that customer or an admin)",
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => ({ purchases: await purchasesOfUser(deps, request.params.id) }),
  )

  app.put(
    '/subscriptions/:id/auto-renewal',
    {
      // The service loads it and answers 404 to anyone but its buyer or a verified admin.
      config: { access: { resource: 'purchase' } },
      schema: {
        tags: ['purchases'],
        summary: 'Turns renewal off (cancel at period end) or back on before the period ends',
        params: PurchaseIdParams,
        body: AutoRenewalBody,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const { actor } = await callerOf(request)
      return { purchase: await setAutoRenewal(deps, actor, request.params.id, request.body.auto_renewal) }
    },
  )
}
