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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import type { Db } from '../../db/client.ts'
import type { PaymentProvider } from '../payments/payments.service.ts'
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
  db: Db
  provider: PaymentProvider
  feeBps: number
  holdDays: number
  publicUrl: string
  now: () => Date
  /** Called after a payout account's change put plans on sale or took them off (the shop's cache). */
  onSaleChanged?: () => Promise<void>
}

const EarningsQuery = PagingQuery(paymentLimits.defaultEarningsLimit)
const PayoutsQuery = PagingQuery(paymentLimits.defaultPayoutsLimit)

/**
 * Creator payouts (spec §7): onboarding at the payment provider, balances, the ledger, revenue and
 * payout requests. Each is the creator's own, or a verified administrator's. The provider's name in
 * the `stripe-*` paths is the spec's `{card-provider}`; they answer for the sandbox too.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<PayoutsOptions> = async (app, deps) => {
  const tags = ['payouts']

  app.get(
    '/creators/onboarding-status/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's payout account and whether its onboarding is complete",
        params: UserIdParams,
        response: { 200: OnboardingStatus },
      },
    },
    async (request) => onboardingStatus(deps, request.params.id),
  )

  app.post(
    '/creators/onboard',
    {
      config: { access: { owner: 'body.creatorId', role: 'creator' } },
      schema: {
        tags,
        summary: "A fresh link to the provider's onboarding (the account is made on the first call)",
        body: OnboardBody,
        response: { 200: OnboardAnswer },
      },
    },
    async (request) => startOnboarding(deps, request.body),
  )

  app.post(
    '/creators/sync-stripe-status/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: 'Asks the provider how the payout account stands and stores the answer',
        params: UserIdParams,
        response: { 200: OnboardingStatus },
      },
    },
    async (request) => syncOnboardingStatus(deps, request.params.id),
  )

  app.get(
    '/creators/balance/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's balance from the ledger: available, pending (on hold) and lifetime",
        params: UserIdParams,
        response: { 200: CreatorBalance },
      },
    },
    async (request) => creatorBalance(deps, request.params.id),
  )

  app.get(
    '/creators/stripe-balance/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The provider's own view of the payout account's balance (once onboarded)",
        params: UserIdParams,
        response: { 200: ProviderBalance },
      },
    },
    async (request) => providerBalance(deps, request.params.id),
  )

  app.get(
    '/creators/earnings/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's charges, platform fees and refunds, newest first",
        params: UserIdParams,
        querystring: EarningsQuery,
        response: { 200: EarningsAnswer },
      },
    },
    async (request) => creatorEarnings(deps, request.params.id, request.query),
  )

  app.get(
    '/creators/payouts/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's payout requests, newest first",
        params: UserIdParams,
        querystring: PayoutsQuery,
        response: { 200: PayoutsAnswer },
      },
    },
    async (request) => creatorPayouts(deps, request.params.id, request.query),
  )

  app.get(
    '/creators/stripe-payouts/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The provider's payouts to the creator's account, newest first",
        params: UserIdParams,
        querystring: ProviderPayoutsQuery,
        response: { 200: ProviderPayoutsAnswer },
      },
    },
    async (request) => providerPayouts(deps, request.params.id, request.query.limit),
  )

  app.get(
    '/creators/stripe-revenue/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The creator's revenue by day or month over a period, from the ledger",
        params: UserIdParams,
        querystring: RevenueQuery,
        response: { 200: RevenueAnswer },
      },
    },
    async (request) => creatorRevenue(deps, request.params.id, request.query.period),
  )

  app.get(
    '/creators/stripe-subscriptions/:id',
    {
      config: { access: { owner: 'params.id' } },
      schema: {
        tags,
        summary: "The provider's subscriptions to the creator, with the monthly recurring revenue",
        params: UserIdParams,
        response: { 200: ProviderSubscriptionsAnswer },
      },
    },
    async (request) => providerSubscriptions(deps, request.params.id),
  )

  app.post(
    '/creators/payout',
    {
      config: { access: { owner: 'body.creatorId', role: 'creator' } },
      schema: {
        tags,
        summary: 'Pays out part of the available balance (at least $10; onboarding complete)',
        body: PayoutBody,
        response: { 201: PayoutAnswer },
      },
    },
    async (request, reply) => {
      const { creatorId, amount, description } = request.body
      const payout = await requestPayout(deps, { creatorId, amountCents: amount, description })
      return reply.status(201).send({ payout })
    },
  )
}
