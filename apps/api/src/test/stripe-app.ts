import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Config } from '../config.ts'
import { createStripeProvider } from '../modules/payments/stripe-provider.ts'
import { payoutAccounts } from '../modules/payouts/payouts.table.ts'
import { buildTestApp, type TestApp } from './build-test-app.ts'
import { request, type Person } from './people.ts'
import { startStripeDouble, type JsonObject, type StripeDouble } from './stripe-double.ts'

/**
 * The app on Stripe's official SDK against a local double of Stripe's API, for tests of the whole
 * Stripe path: Stripe's events come back signed to POST /api/webhooks/stripe.
 */
export async function buildStripeTestApp(
  overrides: Partial<Config> = {},
): Promise<{ t: TestApp; stripe: StripeDouble }> {
  const stripe = await startStripeDouble()
  const provider = createStripeProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    apiHost: stripe.apiHost,
    publicUrl: 'http://localhost:3000',
  })
  const t = await buildTestApp(overrides, { paymentProvider: provider })
  return { t, stripe }
}

/** Posts `event` to our webhook as Stripe would, signed (or with the given signature). */
export function stripeWebhook(t: TestApp, stripe: StripeDouble, event: JsonObject, signature?: string) {
  const signed = stripe.signedWebhook(event)
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature ?? signed.signature },
    payload: signed.body,
  })
}

/** Delivers Stripe's events in order, each answered 200. */
export async function deliverStripeEvents(t: TestApp, stripe: StripeDouble, events: JsonObject[]): Promise<void> {
  for (const event of events) {
    const res = await stripeWebhook(t, stripe, event)
    expect(res.statusCode, res.body).toBe(200)
  }
}

/** Onboards the creator at Stripe through our endpoints and Stripe's account.updated event. */
export async function onboardAtStripe(t: TestApp, stripe: StripeDouble, who: Person): Promise<string> {
  const onboard = await request(t, 'POST', '/creators/onboard', who, {
    creatorId: who.id,
    email: who.email,
    name: 'Dana Sharp',
  })
  expect(onboard.statusCode, onboard.body).toBe(200)
  const [account] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, who.id))
  expect(account?.provider).toBe('stripe')
  await deliverStripeEvents(t, stripe, stripe.finishOnboarding(account!.accountId))
  return account!.accountId
}
