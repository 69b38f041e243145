import type { FastifyPluginAsync } from 'fastify'
import { AppError } from '../../errors.ts'
import { WebhookSignatureError, type PaymentEvent, type PaymentProvider } from './payment-provider.ts'

/**
 * `POST /webhooks/stripe`: the provider's events. The body is kept raw, because the signature is
 * over the exact bytes. A bad signature is a 400; an event that fails to apply is a 500, so the
 * provider sends it again later; a repeated event is answered 200 and changes nothing.
 */
export const webhookRoutes: FastifyPluginAsync<{
  provider: PaymentProvider
  onEvent: (event: PaymentEvent) => Promise<boolean>
}> = async (app, { provider, onEvent }) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body))

  app.post(
    '/webhooks/stripe',
    {
      config: { access: 'signature' },
      schema: { tags: ['payments'], summary: "Stripe's signed webhook events", hide: provider.name !== 'stripe' },
    },
    async (request) => {
      if (provider.name !== 'stripe') throw new AppError('NOT_FOUND', 'Webhooks are for the Stripe provider')
      if (!Buffer.isBuffer(request.body)) throw new AppError('VALIDATION_FAILED', 'Send the event as JSON')
      const signature = request.headers['stripe-signature']
      let event: PaymentEvent | null
      try {
        event = provider.parseWebhook(request.body, typeof signature === 'string' ? signature : undefined)
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          throw new AppError('VALIDATION_FAILED', 'The webhook signature does not verify', { reason: 'BAD_SIGNATURE' })
        }
        throw error
      }
      if (!event) return { received: true, applied: false }
      const applied = await onEvent(event)
      request.log.info({ eventId: event.id, type: event.type, applied }, 'payment event')
      return { received: true, applied }
    },
  )
}
