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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'
import { requireRole, requireUser, type Auth } from '../auth/auth.service.ts'
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

/** Purchases and subscriptions (spec §7), for buyers, creators and administrators. */
export const purchasesRoutes: FastifyPluginAsyncZod<PurchaseDeps & { auth: Auth }> = async (app, deps) => {
  const { auth, db } = deps

  app.post(
    '/purchases',
    {
      schema: {
        tags: ['purchases'],
        summary: "Starts buying a plan: a pending purchase and the provider's checkout to pay it",
        body: CreatePurchaseBody,
        response: { 201: CreatePurchaseAnswer },
      },
    },
    async (request, reply) => {
      const me = await requireUser(auth, db, request)
      const { purchase, checkoutUrl } = await startPurchase(deps, me, request.body.plan_id)
      return reply.status(201).send({ purchase, checkout_url: checkoutUrl })
    },
  )

  app.get(
    '/purchases',
    {
      schema: {
        tags: ['purchases'],
        summary: 'Every purchase, newest first (administrators)',
        querystring: AllPurchasesQuery,
        response: { 200: AllPurchasesAnswer },
      },
    },
    async (request) => {
      await requireRole(auth, db, request, 'admin')
      return allPurchases(deps, request.query)
    },
  )

  app.get(
    '/purchases/verify',
    {
      schema: {
        tags: ['purchases'],
        summary: "Whether the user may see the creator's premium picks now (the user, the creator or an admin asks)",
        querystring: VerifyPurchaseQuery,
        response: { 200: VerifyPurchaseAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      const { userId, creatorId } = request.query
      if (me.id !== userId && me.id !== creatorId && me.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only check your own purchases')
      }
      return { exists: await hasPaidAccess(db, userId, creatorId, deps.now()) }
    },
  )

  app.get(
    '/purchases/user/:id',
    {
      schema: {
        tags: ['purchases'],
        summary: "A customer's purchases (that customer or an admin)",
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      if (me.id !== request.params.id && me.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only see your own purchases')
      }
      return { purchases: await purchasesOfUser(deps, request.params.id) }
    },
  )

  app.get(
    '/purchases/creator/:id',
    {
      schema: {
        tags: ['purchases'],
        summary: 'What customers bought from a creator (that creator or an admin)',
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      if (me.id !== request.params.id && me.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'Only the creator or an admin can see these purchases')
      }
      return { purchases: await purchasesOfCreator(deps, request.params.id) }
    },
  )

  app.get(
    '/purchases/:id',
    {
      schema: {
        tags: ['purchases'],
        summary: 'One purchase (its buyer, its creator or an admin)',
        params: PurchaseIdParams,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      return { purchase: await getPurchase(deps, me, request.params.id) }
    },
  )

  app.delete(
    '/purchases/:id',
    {
      schema: {
        tags: ['purchases'],
        summary: 'Cancels at the end of the paid period, or now with cancelImmediately=true (no refund)',
        params: PurchaseIdParams,
        querystring: CancelPurchaseQuery,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      return { purchase: await cancelPurchase(deps, me, request.params.id, request.query.cancelImmediately) }
    },
  )

  app.get(
    '/subscriptions/manage/:id',
    {
      schema: {
        tags: ['purchases'],
        summary: "A customer's subscriptions and passes, to manage (that customer or an admin)",
        params: UserIdParams,
        response: { 200: PurchasesAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      if (me.id !== request.params.id && me.role !== 'admin') {
        throw new AppError('FORBIDDEN', 'You can only manage your own subscriptions')
      }
      return { purchases: await purchasesOfUser(deps, request.params.id) }
    },
  )

  app.put(
    '/subscriptions/:id/auto-renewal',
    {
      schema: {
        tags: ['purchases'],
        summary: 'Turns renewal off (cancel at period end) or back on before the period ends',
        params: PurchaseIdParams,
        body: AutoRenewalBody,
        response: { 200: PurchaseAnswer },
      },
    },
    async (request) => {
      const me = await requireUser(auth, db, request)
      return { purchase: await setAutoRenewal(deps, me, request.params.id, request.body.auto_renewal) }
    },
  )
}
