import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../../test/build-test-app.ts'
import type { PaymentEvent } from './payment-provider.ts'
import { describePaymentProviderContract } from './provider-contract.ts'
import { createSandboxProvider } from './sandbox-provider.ts'

/** The sandbox against the same contract as Stripe: what it does, it does as Stripe would. */
describePaymentProviderContract('sandbox', async () => {
  const database = await createTestDatabase()
  const delivered: PaymentEvent[] = []
  const provider = createSandboxProvider({
    db: database.db,
    publicUrl: 'http://localhost:3000',
    deliver: async (event) => void delivered.push(event),
  })
  /** The events `step` delivered. */
  async function eventsOf(step: () => Promise<unknown>): Promise<PaymentEvent[]> {
    const from = delivered.length
    await step()
    return delivered.slice(from)
  }
  return {
    provider,
    completeCheckout: (session, card) =>
      eventsOf(() => provider.payCheckout(session.sessionId, card).catch(() => undefined)),
    async finishOnboarding(accountId) {
      const link = await provider.createOnboardingLink({
        accountId,
        returnUrl: 'http://localhost:3000/creator/onboarding/complete',
        refreshUrl: 'http://localhost:3000/creator/payments',
      })
      return eventsOf(() => provider.completeOnboarding(link.url.slice(link.url.lastIndexOf('/') + 1)))
    },
    eventsDuring: eventsOf,
    close: () => database.close(),
  }
})

describe('the sandbox provider', () => {
  let database: TestDatabase
  const delivered: PaymentEvent[] = []
  let clock = new Date('2026-11-23T12:00:00Z')

  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it('takes no webhooks: its events go straight to the handler', () => {
    const provider = createSandboxProvider({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      deliver: async () => {},
    })
    expect(() => provider.parseWebhook(Buffer.from('{}'), 't=1,v1=abc')).toThrow(/takes no webhooks/)
  })

  it('expires a checkout nobody paid within a day', async () => {
    const provider = createSandboxProvider({
      db: database.db,
      publicUrl: 'http://localhost:3000',
      deliver: async (event) => void delivered.push(event),
      now: () => clock,
    })
    const { accountId } = await provider.createConnectedAccount({
      creatorId: 'creator-1',
      email: 'dana@example.com',
      name: 'Dana',
      idempotencyKey: 'account:creator-1',
    })
    const session = await provider.createCheckout({
      purchaseId: '5f0c4c6e-6a3b-4b8e-9a51-1f1f7b7a0c01',
      customer: { id: 'customer-1', email: 'pat@example.com' },
      destinationAccountId: accountId,
      item: { kind: 'one_time', name: 'Day pass', priceCents: 999, currency: 'usd', accessDays: 1 },
      feeBps: 1000,
      successUrl: 'http://localhost:3000/payment-success',
      cancelUrl: 'http://localhost:3000/shop-picks',
      idempotencyKey: 'checkout:1',
    })
    clock = new Date(clock.getTime() + 25 * 60 * 60 * 1000)
    expect(await provider.runDue(clock)).toMatchObject({ expired: 1 })
    expect(delivered.map((e) => e.type)).toEqual(['checkout.expired'])
    await expect(provider.payCheckout(session.sessionId, 'succeeds')).rejects.toThrow(/no longer open/)
  })
})
