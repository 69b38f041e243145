import { asc, eq } from 'drizzle-orm'
import { CreatePurchaseAnswer, PlanAnswer, type Plan, type Purchase } from '@picks/contracts'
import { ledgerEntries } from '../modules/ledger/ledger.table.ts'
import { payoutAccounts } from '../modules/payouts/payouts.table.ts'
import type { SandboxCard } from '../modules/payments/sandbox-provider.ts'
import type { TestApp } from './build-test-app.ts'
import { person, request, type Person } from './people.ts'

/**
 * Money fixtures for API tests, through the sandbox provider (the default in tests) and the real
 * endpoints, except where a test needs a state faster than the flow gives it.
 */

/** A verified account registered as a creator with `username`. */
export async function creator(t: TestApp, email: string, username: string): Promise<Person> {
  const who = await person(t, email)
  const res = await request(t, 'POST', `/users/${who.id}/register-creator`, who, { username, specialtySport: 'nba' })
  if (res.statusCode !== 201) throw new Error(`register-creator failed: ${res.body}`)
  return who
}

/**
 * Gives the creator a sandbox payout account that can take payments, as finishing onboarding does
 * (the onboarding flow itself has its own tests in payouts.test.ts).
 */
export async function onboard(t: TestApp, who: Person): Promise<string> {
  const { provider } = t.app.billing
  const { accountId } = await provider.createConnectedAccount({
    creatorId: who.id,
    email: who.email,
    name: 'Test Creator',
    idempotencyKey: `account:${who.id}`,
  })
  const link = await provider.createOnboardingLink({
    accountId,
    returnUrl: 'http://localhost:3000/creator/onboarding/complete',
    refreshUrl: 'http://localhost:3000/creator/payments',
  })
  await t.database.db
    .insert(payoutAccounts)
    .values({ creatorId: who.id, provider: provider.name, accountId })
    .onConflictDoNothing()
  const linkId = link.url.split('/').pop() ?? ''
  const sandbox = t.app.billing.sandbox
  if (!sandbox) throw new Error('onboard() needs the sandbox provider')
  await sandbox.completeOnboarding(linkId)
  const [row] = await t.database.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, who.id))
  if (!row?.chargesEnabled) throw new Error('onboarding did not enable charges')
  return accountId
}

export async function addPlan(t: TestApp, who: Person, body: Record<string, unknown>): Promise<Plan> {
  const res = await request(t, 'POST', '/subscription-pricing', who, body)
  if (res.statusCode !== 201) throw new Error(`adding a plan failed: ${res.body}`)
  return PlanAnswer.parse(res.json()).plan
}

export const monthlyPlan = { name: 'Monthly', kind: 'subscription', interval: 'month', price_cents: 2900 }
export const dayPass = { name: 'Day pass', kind: 'one_time', access_days: 1, price_cents: 999 }

/** Starts a purchase through the API; the pending purchase and its sandbox session id. */
export async function startCheckout(
  t: TestApp,
  buyer: Person,
  planId: string,
  promoCode?: string,
): Promise<{ purchase: Purchase; sessionId: string }> {
  const res = await request(t, 'POST', '/purchases', buyer, {
    plan_id: planId,
    ...(promoCode !== undefined ? { promo_code: promoCode } : {}),
  })
  if (res.statusCode !== 201) throw new Error(`POST /purchases failed: ${res.statusCode} ${res.body}`)
  const answer = CreatePurchaseAnswer.parse(res.json())
  const sessionId = answer.checkout_url.split('/').pop() ?? ''
  return { purchase: answer.purchase, sessionId }
}

/** Buys a plan with a sandbox test card, through the API and the sandbox's checkout. */
export async function buy(
  t: TestApp,
  buyer: Person,
  planId: string,
  card: SandboxCard = 'succeeds',
  promoCode?: string,
): Promise<string> {
  const { purchase, sessionId } = await startCheckout(t, buyer, planId, promoCode)
  const sandbox = t.app.billing.sandbox
  if (!sandbox) throw new Error('buy() needs the sandbox provider')
  await sandbox.payCheckout(sessionId, card)
  return purchase.id
}

/** A creator who takes payments (Dana), with a monthly plan at $29 and a day pass at $9.99, and a customer (Pat). */
export async function sandboxShop(t: TestApp): Promise<{ dana: Person; pat: Person; monthly: string; pass: string }> {
  const dana = await creator(t, 'dana@example.com', 'SharpDana')
  await onboard(t, dana)
  const monthly = (await addPlan(t, dana, monthlyPlan)).id
  const pass = (await addPlan(t, dana, dayPass)).id
  const pat = await person(t, 'pat@example.com')
  return { dana, pat, monthly, pass }
}

/** The creator's ledger, each entry's kind and amount, in the order booked. */
export async function ledgerOf(t: TestApp, creatorId: string) {
  return t.database.db
    .select({ kind: ledgerEntries.kind, amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.creatorId, creatorId))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.kind))
}
