import {
  CreatePromoCodeBody,
  PromoCodeAnswer,
  PromoCodeIdParams,
  PromoCodesAnswer,
  PromoCodesQuery,
  PromoQuote,
  PromoQuoteQuery,
  UpdatePromoCodeBody,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../errors.ts'
import { createSlidingWindow } from '../../http/sliding-window.ts'
import { assertOwner, callerOf, viewer } from '../auth/guard.ts'
import { findCreatorProfile } from '../creators/creators.service.ts'
import {
  createPromoCode,
  findPromoCodeById,
  promoCodesOf,
  quotePromoCode,
  updatePromoCode,
  type PromoDeps,
} from './promo-codes.service.ts'

/** Quotes one address may ask for per minute: enough for a person typing, too few to guess codes. */
const quoteLimit = { perWindow: 30, windowMs: 60_000 } as const

/** A creator's promo codes (`/creator-promotions`), and the purchase page's quote. */
export const promoCodesRoutes: FastifyPluginAsyncZod<PromoDeps> = async (app, deps) => {
  const { db } = deps
  // Counted per client address in the database, across every API process.
  const limiter = createSlidingWindow({
    db,
    name: 'promo-quotes',
    limit: quoteLimit.perWindow,
    windowMs: quoteLimit.windowMs,
    now: deps.now,
  })

  app.get(
    '/promo-codes',
    {
      // The caller's own codes; a verified admin names the creator (the handler checks that one).
      config: { access: { resource: 'creator', role: 'creator' } },
      schema: {
        tags: ['promotions'],
        summary:
          "A creator's promo codes, newest first, with their redemptions (the creator, or an admin naming creatorId)",
        querystring: PromoCodesQuery,
        response: { 200: PromoCodesAnswer },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      const creatorId = request.query.creatorId ?? user.id
      await assertOwner(request, creatorId, 'You can only see your own promo codes')
      return { promo_codes: await promoCodesOf(deps, creatorId) }
    },
  )

  app.post(
    '/promo-codes',
    {
      // The creator is the caller unless the body names another (the handler checks that one).
      config: { access: { resource: 'creator', role: 'creator' } },
      schema: {
        tags: ['promotions'],
        summary: 'Makes a promo code (a creator for themselves; an admin for the creator named by creatorId)',
        body: CreatePromoCodeBody,
        response: { 201: PromoCodeAnswer },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const creatorId = request.body.creatorId ?? user.id
      await assertOwner(request, creatorId, 'You can only make promo codes for your own creator profile')
      if (!(await findCreatorProfile({ db }, creatorId))) {
        throw new AppError('FORBIDDEN', 'Become a creator before making promo codes', { reason: 'NOT_A_CREATOR' })
      }
      const promo = await createPromoCode(deps, creatorId, request.body)
      return reply.status(201).send({ promo_code: promo })
    },
  )

  app.get(
    '/promo-codes/quote',
    {
      // Anyone on the purchase page; a signed-in buyer is also told when they have used the code.
      config: { access: 'public' },
      schema: {
        tags: ['promotions'],
        summary: "A plan's price and its first payment with a promo code, or why the code does not apply",
        querystring: PromoQuoteQuery,
        response: { 200: PromoQuote },
      },
    },
    async (request) => {
      const waitMs = await limiter.take(request.ip)
      if (waitMs > 0) {
        throw new AppError('RATE_LIMITED', 'Too many promo code checks. Try again in a minute.', {
          reason: 'RATE_LIMITED',
          retryAfterMs: waitMs,
        })
      }
      const signedIn = await viewer(request)
      return quotePromoCode(deps, signedIn?.user.id ?? null, request.query)
    },
  )

  app.put(
    '/promo-codes/:id',
    {
      // The handler loads the code and lets only its creator or a verified admin change it.
      config: { access: { resource: 'creator', role: 'creator' } },
      schema: {
        tags: ['promotions'],
        summary:
          "Changes a promo code's plans, expiry, limits or active switch (its creator or an admin); never its discount",
        params: PromoCodeIdParams,
        body: UpdatePromoCodeBody,
        response: { 200: PromoCodeAnswer },
      },
    },
    async (request) => {
      const row = await findPromoCodeById(db, request.params.id)
      if (!row) throw new AppError('NOT_FOUND', 'Promo code not found')
      await assertOwner(request, row.creatorId, 'You can only change your own promo codes')
      return { promo_code: await updatePromoCode(deps, row, request.body) }
    },
  )
}
