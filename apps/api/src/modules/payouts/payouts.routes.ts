import {
  CreatorBalance,
  EarningsAnswer,
  OnboardAnswer,
  OnboardBody,
  OnboardingStatus,
  PagingQuery,
  paymentLimits,
  PayoutAnswer,
  PayoutBody,
  PayoutsAnswer,
  ProviderBalance,
  ProviderPayoutsAnswer,
  ProviderPayoutsQuery,
  ProviderSubscriptionsAnswer,
  RevenueAnswer,
  RevenueQuery,
  UserIdParams,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { requireUser, type Auth } from '../auth/auth.service.ts'
import type { PaymentEvent, PaymentProvider } from '../payments/payments.service.ts'
import { depositsRoutes } from './deposits.routes.ts'
import {
  creatorBalance,
  creatorEarnings,
  creatorPayouts,
  creatorRevenue,
  onboardingStatus,
  providerBalance,
  providerPayouts,
  providerSubscriptions,
  requestPayout,
  startOnboarding,
  syncOnboardingStatus,
} from './payouts.service.ts'

export interface PayoutsOptions {
  auth: Auth
  db: Db
  provider: PaymentProvider
  applyEvent: (e: PaymentEvent) => Promise<boolean>
  feeBps: number
  holdDays: number
  publicUrl: string
  now: () => Date
}

const EarningsQuery = PagingQuery(paymentLimits.defaultEarningsLimit)
const PayoutsQuery = PagingQuery(paymentLimits.defaultPayoutsLimit)

/**
 * Creator payouts (spec §7): onboarding at the payment provider, balances, the ledger, revenue and
 * payout requests. Each is the creator's own, or an administrator's to see. The provider's name in
 * the `stripe-*` paths is the spec's `{card-provider}`; they answer for the sandbox too.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<PayoutsOptions> = async (app, deps) => {
  const { auth, db } = deps
  const tags = ['payouts']

  /** The creator themself or an admin; 401 for a visitor, 403 (`refusal`) for anyone else. */
  async function requireOwnerOrAdmin(request: FastifyRequest, creatorId: string, refusal: string): Promise<void> {
    const me = await requireUser(auth, db, request)
    if (me.id !== creatorId && me.role !== 'admin') throw new AppError('FORBIDDEN', refusal)
  }

  await app.register(depositsRoutes, deps)

  app.get(
    '/creators/onboarding-status/:id',
    {
      schema: {
        tags,
        summary: "The creator's payout account and whether its onboarding is complete",
        params: UserIdParams,
        response: { 200: OnboardingStatus },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own payout account')
      return onboardingStatus(deps, id)
    },
  )

  app.post(
    '/creators/onboard',
    {
      schema: {
        tags,
        summary: "A fresh link to the provider's onboarding (the account is made on the first call)",
        body: OnboardBody,
        response: { 200: OnboardAnswer },
      },
    },
    async (request) => {
      const { creatorId, email, name } = request.body
      await requireOwnerOrAdmin(request, creatorId, 'You can only set up your own payouts')
      return startOnboarding(deps, { creatorId, email, name })
    },
  )

  app.post(
    '/creators/sync-stripe-status/:id',
    {
      schema: {
        tags,
        summary: 'Asks the provider how the payout account stands and stores the answer',
        params: UserIdParams,
        response: { 200: OnboardingStatus },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only sync your own payout account')
      return syncOnboardingStatus(deps, id)
    },
  )

  app.get(
    '/creators/balance/:id',
    {
      schema: {
        tags,
        summary: "The creator's balance from the ledger: available, pending (on hold) and lifetime",
        params: UserIdParams,
        response: { 200: CreatorBalance },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own balance')
      return creatorBalance(deps, id)
    },
  )

  app.get(
    '/creators/stripe-balance/:id',
    {
      schema: {
        tags,
        summary: "The provider's own view of the payout account's balance (once onboarded)",
        params: UserIdParams,
        response: { 200: ProviderBalance },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own balance')
      return providerBalance(deps, id)
    },
  )

  app.get(
    '/creators/earnings/:id',
    {
      schema: {
        tags,
        summary: "The creator's charges, platform fees and refunds, newest first",
        params: UserIdParams,
        querystring: EarningsQuery,
        response: { 200: EarningsAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own earnings')
      return creatorEarnings(deps, id, request.query)
    },
  )

  app.get(
    '/creators/payouts/:id',
    {
      schema: {
        tags,
        summary: "The creator's payout requests, newest first",
        params: UserIdParams,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own payouts')
      return creatorPayouts(deps, id, request.query)
    },
  )

  app.get(
    '/creators/stripe-payouts/:id',
    {
      schema: {
        tags,
        summary: "The provider's payouts to the creator's account, newest first",
        params: UserIdParams,
        querystring: ProviderPayoutsQuery,
        response: { 200: ProviderPayoutsAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own payouts')
      return providerPayouts(deps, id, request.query.limit)
    },
  )

  app.get(
    '/creators/stripe-revenue/:id',
    {
      schema: {
        tags,
        summary: "The creator's revenue by day or month over a period, from the ledger",
        params: UserIdParams,
        querystring: RevenueQuery,
        response: { 200: RevenueAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own revenue')
      return creatorRevenue(deps, id, request.query.period)
    },
  )

  app.get(
    '/creators/stripe-subscriptions/:id',
    {
      schema: {
        tags,
        summary: "The provider's subscriptions to the creator, with the monthly recurring revenue",
        params: UserIdParams,
        response: { 200: ProviderSubscriptionsAnswer },
      },
    },
    async (request) => {
      const { id } = request.params
      await requireOwnerOrAdmin(request, id, 'You can only see your own subscriptions')
      return providerSubscriptions(deps, id)
    },
  )

  app.post(
    '/creators/payout',
    {
      schema: {
        tags,
        summary: 'Pays out part of the available balance (at least $10; onboarding complete)',
        body: PayoutBody,
        response: { 201: PayoutAnswer },
      },
    },
    async (request, reply) => {
      const { creatorId, amount, description } = request.body
      await requireOwnerOrAdmin(request, creatorId, 'You can only request your own payouts')
      const payout = await requestPayout(deps, { creatorId, amountCents: amount, description })
      return reply.status(201).send({ payout })
    },
  )
}
