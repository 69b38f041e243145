/**
 * The payments module's one door for the rest of the API: the neutral provider interface and its
 * two implementations. Nothing here knows about purchases, creators or the ledger.
 */
export {
  PaymentProviderError,
  platformFeeCents,
  WebhookSignatureError,
  type AccountStatus,
  type CheckoutDiscount,
  type CheckoutInput,
  type CheckoutSession,
  type PaymentCharge,
  type PaymentEvent,
  type PaymentEventBody,
  type PaymentProvider,
  type ProviderBalance,
  type ProviderName,
  type ProviderPayout,
  type ProviderSubscription,
  type SubscriptionState,
} from './payment-provider.ts'
export { createSandboxProvider, type SandboxCard, type SandboxProvider } from './sandbox-provider.ts'
export { createStripeProvider } from './stripe-provider.ts'
export { sandboxRoutes } from './sandbox.routes.ts'
export { webhookRoutes } from './webhook.routes.ts'
