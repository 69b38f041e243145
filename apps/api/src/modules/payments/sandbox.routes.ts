import {
  paymentMessages,
  sandboxCards,
  SandboxCheckout,
  SandboxOnboarding,
  SandboxPayBody,
  SandboxRedirect,
  text,
} from '@picks/contracts'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { callerOf } from '../auth/guard.ts'
import { PaymentProviderError } from './payment-provider.ts'
import { sandboxPaymentCents, type SandboxCard, type SandboxProvider } from './sandbox-provider.ts'

const SessionParams = z.object({ sessionId: text().regex(/^cs_sbx_[0-9a-f]{24}$/, 'Unknown checkout') })
const LinkParams = z.object({ linkId: text().regex(/^link_sbx_[0-9a-f]{24}$/, 'Unknown onboarding link') })

const cardByNumber = new Map<string, SandboxCard>([
  [sandboxCards.succeeds, 'succeeds'],
  [sandboxCards.declined, 'declined'],
  [sandboxCards.insufficientFunds, 'insufficientFunds'],
  [sandboxCards.renewalsFail, 'renewalsFail'],
])

/** Checks a test card as a card form would; the problems by field. */
function cardProblems(body: z.output<typeof SandboxPayBody>, now: Date): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = []
  const digits = body.card_number.replace(/[\s-]/g, '')
  if (!cardByNumber.has(digits)) problems.push({ field: 'body.card_number', message: paymentMessages.unknownTestCard })
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(body.expiry)
  const month = Number(expiry?.[1])
  const year = 2000 + Number(expiry?.[2])
  const endOfMonth = Date.UTC(year, month, 1)
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) {
    problems.push({ field: 'body.expiry', message: paymentMessages.cardExpiry })
  }
  if (!/^\d{3,4}$/.test(body.cvc)) problems.push({ field: 'body.cvc', message: paymentMessages.cardCvc })
  return problems
}

function closed(): AppError {
  return new AppError('CONFLICT', paymentMessages.checkoutClosed, { reason: 'CHECKOUT_CLOSED' })
}

/**
 * The sandbox provider's pages' API: its test checkout and test onboarding. Only the buyer of a
 * checkout and the creator of an account can act on them. Registered only in sandbox mode.
 */
export const sandboxRoutes: FastifyPluginAsyncZod<{
  db: Db
  sandbox: SandboxProvider
  now: () => Date
}> = async (app, { sandbox, now }) => {
  // The buyer's own only (no admin power here): anyone else's checkout answers like an unknown one.
  async function ownSession(request: FastifyRequest, sessionId: string) {
    const { user } = await callerOf(request)
    const session = await sandbox.checkoutSession(sessionId)
    if (!session || session.customerId !== user.id) throw new AppError('NOT_FOUND', 'Checkout not found')
    return session
  }

  app.get(
    '/sandbox/checkout/:sessionId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sandbox'],
        summary: "A test checkout (the buyer's own)",
        params: SessionParams,
        response: { 200: SandboxCheckout },
      },
    },
    async (request) => {
      const session = await ownSession(request, request.params.sessionId)
      const { item } = session
      return {
        session_id: session.id,
        status: session.status,
        item_name: item.name,
        kind: item.kind,
        interval: item.interval,
        access_days: item.accessDays,
        trial_days: item.trialDays,
        amount_cents: sandboxPaymentCents(item.priceCents, item.discount, 0, item.interval),
        price_cents: item.priceCents,
        promo_code: item.discount?.code ?? null,
        discount_duration: item.discount ? (item.kind === 'one_time' ? 'once' : item.discount.duration) : null,
        discount_months: item.kind === 'subscription' ? (item.discount?.durationMonths ?? null) : null,
        currency: item.currency,
        customer_email: session.customerEmail,
        cancel_url: session.cancelUrl,
        success_url: session.successUrl,
      }
    },
  )

  app.post(
    '/sandbox/checkout/:sessionId/pay',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sandbox'],
        summary: 'Pays a test checkout with a test card',
        params: SessionParams,
        body: SandboxPayBody,
        response: { 200: SandboxRedirect },
      },
    },
    async (request) => {
      const session = await ownSession(request, request.params.sessionId)
      if (session.status !== 'open') throw closed()
      const problems = cardProblems(request.body, now())
      if (problems.length) {
        throw new AppError('VALIDATION_FAILED', `Invalid ${problems.map((p) => p.field).join(', ')}`, {
          details: problems,
        })
      }
      const card = cardByNumber.get(request.body.card_number.replace(/[\s-]/g, '')) ?? 'declined'
      try {
        const { redirectUrl } = await sandbox.payCheckout(session.id, card)
        return { redirect_url: redirectUrl }
      } catch (error) {
        if (error instanceof PaymentProviderError && error.reason === 'card_declined') {
          throw new AppError('PAYMENT_FAILED', paymentMessages.cardDeclined, { reason: 'CARD_DECLINED' })
        }
        if (error instanceof PaymentProviderError && error.reason === 'insufficient_funds') {
          throw new AppError('PAYMENT_FAILED', paymentMessages.insufficientFunds, { reason: 'INSUFFICIENT_FUNDS' })
        }
        if (error instanceof PaymentProviderError) throw closed()
        throw error
      }
    },
  )

  app.post(
    '/sandbox/checkout/:sessionId/cancel',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sandbox'],
        summary: 'Leaves a test checkout without paying',
        params: SessionParams,
        response: { 200: SandboxRedirect },
      },
    },
    async (request) => {
      const session = await ownSession(request, request.params.sessionId)
      const { redirectUrl } = await sandbox.cancelCheckout(session.id)
      return { redirect_url: redirectUrl }
    },
  )

  async function ownLink(request: FastifyRequest, linkId: string) {
    const { user } = await callerOf(request)
    const link = await sandbox.onboardingLink(linkId)
    if (!link || link.creatorId !== user.id) throw new AppError('NOT_FOUND', 'Onboarding link not found')
    return link
  }

  app.get(
    '/sandbox/onboarding/:linkId',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sandbox'],
        summary: "A test onboarding link (the creator's own)",
        params: LinkParams,
        response: { 200: SandboxOnboarding },
      },
    },
    async (request) => {
      const link = await ownLink(request, request.params.linkId)
      return {
        link_id: link.id,
        account_id: link.accountId,
        email: link.email,
        name: link.name,
        status: link.status,
        return_url: link.returnUrl,
        refresh_url: link.refreshUrl,
      }
    },
  )

  app.post(
    '/sandbox/onboarding/:linkId/complete',
    {
      config: { access: 'signedIn' },
      schema: {
        tags: ['sandbox'],
        summary: 'Completes test onboarding: the account can take payments and be paid out',
        params: LinkParams,
        response: { 200: SandboxRedirect },
      },
    },
    async (request) => {
      const link = await ownLink(request, request.params.linkId)
      if (link.status !== 'open') {
        throw new AppError('CONFLICT', 'This onboarding link has expired or was used.', { reason: 'LINK_CLOSED' })
      }
      const { redirectUrl } = await sandbox.completeOnboarding(link.id)
      return { redirect_url: redirectUrl }
    },
  )
}
