import { RefundAnswer, RefundBody, RefundHeaders, RefundParams } from '@picks/contracts'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { refundPurchase, type RefundDeps } from './refunds.service.ts'

/**
 * A verified administrator's refund of a purchase (issue 16, point 2; docs/decisions/032-refunds.md):
 * the purchase's latest charge, in full or in part, with a reason, once per `Idempotency-Key`.
 */
export const refundsRoutes: FastifyPluginAsyncZod<RefundDeps> = async (app, deps) => {
  app.post(
    '/admin/purchases/:id/refund',
    {
      config: { access: 'verifiedAdmin' },
      schema: {
        tags: ['admin'],
        summary:
          "Refunds a purchase's latest charge in full (no amount) or in part, with a reason; the same Idempotency-Key again refunds nothing more",
        params: RefundParams,
        headers: RefundHeaders,
        body: RefundBody,
        response: { 200: RefundAnswer },
      },
    },
    async (request) => ({
      refund: await refundPurchase(deps, request, request.params.id, request.body, request.headers['idempotency-key']),
    }),
  )
}
