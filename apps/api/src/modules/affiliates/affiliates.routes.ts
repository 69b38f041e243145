import {
  AcceptAffiliateBody,
  AffiliateArrangementAnswer,
  AffiliateClickAnswer,
  AffiliateCodeParams,
  AffiliateIdParams,
  AffiliateOnboardBody,
  AffiliateOverview,
  AffiliatePayoutBody,
  AffiliateTermsBody,
  CreatorAffiliateAnswer,
  CreatorAffiliatesAnswer,
  InviteAffiliateBody,
  OnboardAnswer,
  PagingQuery,
  paymentLimits,
  PayoutAnswer,
  PayoutsAnswer,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { assertOwner, callerOf } from '../auth/guard.ts'
import { openPayoutAccount, payeePayouts, requestPayout, type PayoutDeps } from '../payouts/payouts.service.ts'
import {
  acceptInvitation,
  affiliateOverview,
  arrangementById,
  assertAffiliate,
  changeAffiliateTerms,
  creatorAffiliates,
  endAffiliate,
  inviteAffiliate,
  recordClick,
  type AffiliateDeps,
} from './affiliates.service.ts'

export type AffiliatesOptions = AffiliateDeps & PayoutDeps

const PayoutsQuery = PagingQuery(paymentLimits.defaultPayoutsLimit)

/**
 * Affiliates (issue 17, decision 038): the creator invites, lists, changes and ends arrangements;
 * the invited person accepts, sees their links and earnings, sets up payouts and is paid; a visit
 * through an affiliate's link counts a click.
 */
export const affiliatesRoutes: FastifyPluginAsyncZod<AffiliatesOptions> = async (app, deps) => {
  const tags = ['affiliates']

  app.post(
    '/affiliates',
    {
      config: { access: 'creator' },
      schema: {
        tags,
        summary: 'Invites an affiliate by e-mail with a reward (the creator signed in)',
        body: InviteAffiliateBody,
        response: { 201: CreatorAffiliateAnswer },
      },
    },
    async (request, reply) => {
      const { user } = await callerOf(request)
      const affiliate = await inviteAffiliate(deps, user.id, request.body)
      return reply.status(201).send({ affiliate })
    },
  )

  app.get(
    '/affiliates/creator/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's affiliates with their clicks, customers, sales and commission",
        params: UserIdParams,
        response: { 200: CreatorAffiliatesAnswer },
      },
    },
    async (request) => ({ affiliates: await creatorAffiliates(deps, request.params.id) }),
  )

  app.put(
    '/affiliates/:id',
    {
      config: { access: { resource: 'affiliate', role: 'creator' } },
      schema: {
        tags,
        summary: "Changes an affiliate's reward or its scope, for payments from now on (its creator or an admin)",
        params: AffiliateIdParams,
        body: AffiliateTermsBody,
        response: { 200: CreatorAffiliateAnswer },
      },
    },
    async (request) => {
      const row = await arrangementById(deps.db, request.params.id)
      await assertOwner(request, row.creatorId, 'You can only change your own affiliates')
      return { affiliate: await changeAffiliateTerms(deps, row, request.body) }
    },
  )

  app.post(
    '/affiliates/:id/end',
    {
      config: { access: { resource: 'affiliate', role: 'creator' } },
      schema: {
        tags,
        summary: 'Ends the arrangement or withdraws the invitation (its creator or an admin)',
        params: AffiliateIdParams,
        response: { 200: CreatorAffiliateAnswer },
      },
    },
    async (request) => {
      const row = await arrangementById(deps.db, request.params.id)
      await assertOwner(request, row.creatorId, 'You can only end your own affiliates')
      return { affiliate: await endAffiliate(deps, row) }
    },
  )

  app.post(
    '/affiliates/accept',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Accepts an affiliate invitation (the person signed in with the invited e-mail)',
        body: AcceptAffiliateBody,
        response: { 200: AffiliateArrangementAnswer },
      },
    },
    async (request) => {
      const { user } = await callerOf(request)
      return { arrangement: await acceptInvitation(deps, user, request.body.token) }
    },
  )

  app.get(
    '/affiliate/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The affiliate's arrangements with their links, their earnings and payout account",
        params: UserIdParams,
        response: { 200: AffiliateOverview },
      },
    },
    async (request) => affiliateOverview(deps, request.params.id),
  )

  app.post(
    '/affiliate/:id/onboard',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "A fresh link to the provider's onboarding for the affiliate's payouts",
        params: UserIdParams,
        body: AffiliateOnboardBody,
        response: { 200: OnboardAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await assertAffiliate(deps.db, id)
      const site = deps.publicUrl.replace(/\/+$/, '')
      return openPayoutAccount(
        deps,
        { payeeId: id, ...request.body },
        { returnUrl: `${site}/affiliate?onboarding=complete`, refreshUrl: `${site}/affiliate?onboarding=expired` },
      )
    },
  )

  app.post(
    '/affiliate/:id/payout',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "Pays out part of the affiliate's available commission (at least $10; onboarding complete)",
        params: UserIdParams,
        body: AffiliatePayoutBody,
        response: { 201: PayoutAnswer },
      },
    },
    async (request, reply) => {
      const { id } = request.params
      await assertAffiliate(deps.db, id)
      const { amount, description } = request.body
      const payout = await requestPayout(deps, { creatorId: id, amountCents: amount, description, purse: 'affiliate' })
      return reply.status(201).send({ payout })
    },
  )

  app.get(
    '/affiliate/:id/payouts',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The affiliate's payouts, newest first",
        params: UserIdParams,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer },
      },
    },
    async (request) => payeePayouts(deps, request.params.id, 'affiliate', request.query),
  )

  app.post(
    '/affiliate-links/:code/clicks',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Counts a visit through an affiliate's link and answers the signed click for checkout",
        params: AffiliateCodeParams,
        response: { 200: AffiliateClickAnswer },
      },
    },
    async (request) =>
      recordClick(deps, request.params.code, {
        ip: request.ip,
        userAgent: String(request.headers['user-agent'] ?? ''),
      }),
  )
}
