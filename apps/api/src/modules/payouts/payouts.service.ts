import {
  paymentMessages,
  type CreatorBalance,
  type EarningsAnswer,
  type OnboardingStatus,
  type Payout,
  type PayoutsAnswer,
  type ProviderBalance,
  type ProviderPayoutsAnswer,
  type ProviderSubscriptionsAnswer,
  type RevenueAnswer,
  type RevenuePeriod,
} from '@picks/contracts'
import { and, count, desc, eq, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  PaymentProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type ProviderName,
  type ProviderPayout,
} from '../payments/payments.service.ts'
import {
  earningLines,
  firstEarningMonth,
  ledgerBalance,
  purses,
  revenueBuckets,
  type PurseName,
} from '../ledger/ledger.service.ts'
import { findUserById } from '../users/users.service.ts'
import { storeAcceptingPayments } from './charges.ts'
import { payoutAccounts, payouts } from './payouts.table.ts'

// The rule for taking charges: checkout's question (app.ts passes it to purchases) and what is on sale.
export { chargeableAccountOf, storeAcceptingPayments, takesCharges } from './charges.ts'
export { payoutFigures, type PayoutFigures } from './payout-figures.ts'

/**
 * A creator's side of the money: the payout account at the provider (onboarding), the balance and
 * the revenue read from the ledger, and payouts. Balances are always sums of the ledger
 * (ledger/ledger.service.ts); the provider's own figures are shown beside them, never instead of them.
 */

export interface PayoutDeps {
  db: Db
  provider: PaymentProvider
  feeBps: number
  holdDays: number
  publicUrl: string
  now: () => Date
  /** Called after a change to a payout account put plans on sale or took them off (the shop's cache). */
  onSaleChanged?: () => Promise<void>
}

type AccountRow = typeof payoutAccounts.$inferSelect
type PayoutRow = typeof payouts.$inferSelect

/** A provider call whose failure the creator can only retry later: `message` is spec §8's. */
async function atProvider<T>(message: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new AppError('SERVICE_UNAVAILABLE', message, { reason: 'PROVIDER' })
    throw error
  }
}

function notOnboarded(): AppError {
  return new AppError('CONFLICT', paymentMessages.payoutNotOnboarded, { reason: 'NOT_ONBOARDED' })
}

/** The creator's payout account as stored, whichever provider made it; null before onboarding starts. */
export async function payoutAccountOf(deps: Pick<PayoutDeps, 'db'>, creatorId: string): Promise<AccountRow | null> {
  const [row] = await deps.db.select().from(payoutAccounts).where(eq(payoutAccounts.creatorId, creatorId))
  return row ?? null
}

/**
 * The creator's payout account at the configured provider. An account made at the other provider
 * (the server switched between sandbox and Stripe) counts as none: it can neither take payments
 * nor pay out here.
 */
async function currentAccount(
  deps: Pick<PayoutDeps, 'db' | 'provider'>,
  creatorId: string,
): Promise<AccountRow | null> {
  const row = await payoutAccountOf(deps, creatorId)
  return row && row.provider === deps.provider.name ? row : null
}

function isOnboarded(account: Pick<AccountRow, 'detailsSubmitted' | 'chargesEnabled' | 'payoutsEnabled'>): boolean {
  return account.detailsSubmitted && account.chargesEnabled && account.payoutsEnabled
}

function toStatus(deps: Pick<PayoutDeps, 'provider'>, account: AccountRow | null): OnboardingStatus {
  if (!account) {
    return {
      provider: deps.provider.name,
      account_id: null,
      details_submitted: false,
      charges_enabled: false,
      payouts_enabled: false,
      onboarded: false,
    }
  }
  return {
    provider: account.provider,
    account_id: account.accountId,
    details_submitted: account.detailsSubmitted,
    charges_enabled: account.chargesEnabled,
    payouts_enabled: account.payoutsEnabled,
    onboarded: isOnboarded(account),
  }
}

// ---------------------------------------------------------------- onboarding

export async function onboardingStatus(
  deps: Pick<PayoutDeps, 'db' | 'provider'>,
  creatorId: string,
): Promise<OnboardingStatus> {
  return toStatus(deps, await currentAccount(deps, creatorId))
}

/** The creator's onboarding: a creator's payout account (`openPayoutAccount`), back to the creator's pages. */
export async function startOnboarding(
  deps: PayoutDeps,
  input: { creatorId: string; email: string; name: string },
): Promise<{ url: string }> {
  // A creator is a user with the creator role and a creator profile (which gives the username).
  const creator = await findUserById(deps, input.creatorId)
  if (!creator || creator.role !== 'creator' || creator.username === null) {
    throw new AppError('FORBIDDEN', 'Only creators can set up payouts', { reason: 'NOT_A_CREATOR' })
  }
  const site = deps.publicUrl.replace(/\/$/, '')
  return openPayoutAccount(
    deps,
    { payeeId: input.creatorId, email: input.email, name: input.name },
    { returnUrl: `${site}/creator/onboarding/complete`, refreshUrl: `${site}/creator/payments?onboarding=expired` },
  )
}

/**
 * Makes the payee's connected account (once: the idempotency key makes a retried or concurrent
 * request find the same one) and returns a fresh single-use onboarding link to it. The caller has
 * checked that the payee may have one: a creator, or an affiliate (decision 038).
 */
export async function openPayoutAccount(
  deps: PayoutDeps,
  input: { payeeId: string; email: string; name: string },
  links: { returnUrl: string; refreshUrl: string },
): Promise<{ url: string }> {
  const payeeId = input.payeeId
  let account = await currentAccount(deps, payeeId)
  if (!account) {
    const { accountId } = await atProvider(paymentMessages.onboardingLinkFailed, () =>
      deps.provider.createConnectedAccount({
        creatorId: payeeId,
        email: input.email,
        name: input.name,
        idempotencyKey: `account:${payeeId}`,
      }),
    )
    const fresh = {
      provider: deps.provider.name,
      accountId,
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    }
    // A row left by the other provider is replaced; a concurrent request's identical row is kept.
    await deps.db
      .insert(payoutAccounts)
      .values({ creatorId: payeeId, ...fresh })
      .onConflictDoUpdate({
        target: payoutAccounts.creatorId,
        set: { ...fresh, updatedAt: sql`now()` },
        setWhere: sql`${payoutAccounts.provider} <> ${deps.provider.name}`,
      })
    account = await currentAccount(deps, payeeId)
    if (!account) throw new AppError('INTERNAL', 'The payout account was not stored')
    // A replaced account of the other provider took charges there, never here.
    await storeAcceptingPaymentsOf(deps, payeeId)
  }
  const accountId = account.accountId
  return atProvider(paymentMessages.onboardingLinkFailed, () =>
    deps.provider.createOnboardingLink({ accountId, ...links }),
  )
}

/** Puts the creator's plans on sale or takes them off by the account as it stands, and tells the shop. */
async function storeAcceptingPaymentsOf(
  deps: Pick<PayoutDeps, 'db' | 'provider' | 'onSaleChanged'>,
  creatorId: string,
): Promise<void> {
  if (await storeAcceptingPayments({ db: deps.db, provider: deps.provider.name }, [creatorId]))
    await deps.onSaleChanged?.()
}

/** Asks the provider how the account stands now (its events may be late or lost) and stores the answer. */
export async function syncOnboardingStatus(
  deps: Pick<PayoutDeps, 'db' | 'provider' | 'onSaleChanged'>,
  creatorId: string,
): Promise<OnboardingStatus> {
  const account = await currentAccount(deps, creatorId)
  if (!account) return toStatus(deps, null)
  const status = await atProvider(paymentMessages.providerSyncFailed, () =>
    deps.provider.getAccountStatus(account.accountId),
  )
  const [updated] = await deps.db
    .update(payoutAccounts)
    .set({
      detailsSubmitted: status.detailsSubmitted,
      chargesEnabled: status.chargesEnabled,
      payoutsEnabled: status.payoutsEnabled,
      updatedAt: sql`now()`,
    })
    .where(eq(payoutAccounts.creatorId, creatorId))
    .returning()
  await storeAcceptingPaymentsOf(deps, creatorId)
  return toStatus(deps, updated ?? account)
}

// ---------------------------------------------------------------- balances and the ledger

export async function creatorBalance(
  deps: Pick<PayoutDeps, 'db' | 'now' | 'feeBps' | 'holdDays'>,
  creatorId: string,
): Promise<CreatorBalance> {
  const b = await ledgerBalance(deps.db, creatorId, deps.now())
  return {
    currency: b.currency,
    available_cents: b.availableCents,
    pending_cents: b.pendingCents,
    // Net of affiliates' commissions too (decision 038), so it stays what the creator keeps.
    lifetime_net_cents: b.grossCents - b.feesCents - b.refundsCents - b.commissionsCents,
    gross_cents: b.grossCents,
    fees_cents: b.feesCents,
    refunds_cents: b.refundsCents,
    paid_out_cents: b.paidOutCents,
    hold_days: deps.holdDays,
    fee_bps: deps.feeBps,
  }
}

export async function providerBalance(
  deps: Pick<PayoutDeps, 'db' | 'provider'>,
  creatorId: string,
): Promise<ProviderBalance> {
  const account = await currentAccount(deps, creatorId)
  // A balance read is not a payout request: it says payouts are not set up (same status and reason).
  if (!account || !isOnboarded(account)) {
    throw new AppError('CONFLICT', paymentMessages.providerBalanceNotSetUp, { reason: 'NOT_ONBOARDED' })
  }
  const balance = await atProvider(paymentMessages.providerBalanceFailed, () =>
    deps.provider.getBalance(account.accountId),
  )
  return {
    provider: deps.provider.name,
    currency: balance.currency,
    available_cents: balance.availableCents,
    pending_cents: balance.pendingCents,
  }
}

/** What the creator earned, line by line: charges, the platform's fees and refunds, newest first. */
export async function creatorEarnings(
  deps: Pick<PayoutDeps, 'db'>,
  creatorId: string,
  page: { limit: number; offset: number },
): Promise<EarningsAnswer> {
  const { lines, total } = await earningLines(deps.db, creatorId, page)
  return {
    earnings: lines.map((line) => ({
      id: line.id,
      kind: line.kind,
      amount_cents: line.amountCents,
      currency: line.currency,
      description: line.description,
      purchase_id: line.purchaseId,
      payout_id: line.payoutId,
      occurred_at: line.occurredAt.toISOString(),
      available_at: line.availableAt.toISOString(),
    })),
    total,
    limit: page.limit,
    offset: page.offset,
  }
}

function toPayout(row: PayoutRow): Payout {
  return {
    id: row.id,
    creator_id: row.creatorId,
    amount_cents: row.amountCents,
    currency: row.currency,
    description: row.description,
    status: row.status,
    failure_reason: row.failureReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}

export function creatorPayouts(
  deps: Pick<PayoutDeps, 'db'>,
  creatorId: string,
  page: { limit: number; offset: number },
): Promise<PayoutsAnswer> {
  return payeePayouts(deps, creatorId, 'creator', page)
}

/** The payee's payouts out of one purse (a creator's earnings, an affiliate's commissions), newest first. */
export async function payeePayouts(
  deps: Pick<PayoutDeps, 'db'>,
  payeeId: string,
  purse: PurseName,
  page: { limit: number; offset: number },
): Promise<PayoutsAnswer> {
  const mine = and(eq(payouts.creatorId, payeeId), eq(payouts.purse, purse))
  const [total] = await deps.db.select({ n: count() }).from(payouts).where(mine)
  const rows = await deps.db
    .select()
    .from(payouts)
    .where(mine)
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(page.limit)
    .offset(page.offset)
  return { payouts: rows.map(toPayout), total: Number(total?.n ?? 0), limit: page.limit, offset: page.offset }
}

/** The provider's payouts to the account; none before there is an account. */
export async function providerPayouts(
  deps: Pick<PayoutDeps, 'db' | 'provider'>,
  creatorId: string,
  limit: number,
): Promise<ProviderPayoutsAnswer> {
  const account = await currentAccount(deps, creatorId)
  if (!account) return { payouts: [] }
  const list = await atProvider(paymentMessages.providerPayoutsFailed, () =>
    deps.provider.listPayouts(account.accountId, limit),
  )
  return {
    payouts: list.map((p) => ({
      id: p.providerPayoutId,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: p.status,
      arrival_at: p.arrivalAt ? p.arrivalAt.toISOString() : null,
      created_at: p.createdAt.toISOString(),
      description: p.description,
    })),
  }
}

/** Monthly amounts in twelfths of a cent, so that weekly and yearly prices add up without rounding until the end. */
const twelfthsPerMonth = { week: 52, month: 12, year: 1 } as const

/** The provider's subscriptions to the creator's account, and their monthly recurring revenue. */
export async function providerSubscriptions(
  deps: Pick<PayoutDeps, 'db' | 'provider'>,
  creatorId: string,
): Promise<ProviderSubscriptionsAnswer> {
  const account = await currentAccount(deps, creatorId)
  if (!account) return { subscriptions: [], mrr_cents: 0 }
  const list = await atProvider(paymentMessages.providerSubscriptionsFailed, () =>
    deps.provider.listSubscriptions(account.accountId),
  )
  // MRR counts the subscriptions paying now: active, and past_due (the provider is still
  // collecting; it leaves when the subscription ends). A trial has paid nothing yet, so it is out;
  // one cancelled at period end still pays for its period, so it stays in until it ends.
  const twelfths = list
    .filter((s) => s.status === 'active' || s.status === 'past_due')
    .reduce((sum, s) => sum + (s.interval ? s.amountCents * twelfthsPerMonth[s.interval] : 0), 0)
  return {
    subscriptions: list.map((s) => ({
      id: s.subscriptionId,
      purchase_id: s.purchaseId && z.uuid().safeParse(s.purchaseId).success ? s.purchaseId : null,
      status: s.status,
      amount_cents: s.amountCents,
      currency: s.currency,
      interval: s.interval,
      current_period_end: s.currentPeriodEnd ? s.currentPeriodEnd.toISOString() : null,
      cancel_at_period_end: s.cancelAtPeriodEnd,
    })),
    mrr_cents: Math.round(twelfths / 12),
  }
}

// ---------------------------------------------------------------- revenue

const dayPeriods: Partial<Record<RevenuePeriod, number>> = { '7d': 7, '30d': 30, '90d': 90 }

/**
 * Revenue from the ledger (not the provider: the ledger is the books), by UTC day for 7d, 30d and
 * 90d and by month for 12m and all, every bucket of the period present even when empty. `all` runs
 * from the month of the creator's first entry. Fees are net of fees given back with refunds, and
 * a refund counts on the day it was made.
 */
export async function creatorRevenue(
  deps: Pick<PayoutDeps, 'db' | 'now'>,
  creatorId: string,
  period: RevenuePeriod,
): Promise<RevenueAnswer> {
  const now = deps.now()
  const today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const thisMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
  const days = dayPeriods[period]
  const bucket = days ? 'day' : 'month'
  let first: Date | null
  if (days) first = new Date(today.getTime() - (days - 1) * 24 * 60 * 60 * 1000)
  else if (period === '12m') first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1))
  else first = await firstEarningMonth(deps.db, creatorId)
  const last = days ? today : thisMonth
  const buckets =
    first && first.getTime() <= last.getTime() ? await revenueBuckets(deps.db, creatorId, { first, last, bucket }) : []
  const points = buckets.map((b) => ({
    date: b.date,
    gross_cents: b.grossCents,
    fees_cents: b.feesCents,
    refunds_cents: b.refundsCents,
    net_cents: b.grossCents - b.feesCents - b.refundsCents,
  }))
  const totals = points.reduce(
    (sum, p) => ({
      gross_cents: sum.gross_cents + p.gross_cents,
      fees_cents: sum.fees_cents + p.fees_cents,
      refunds_cents: sum.refunds_cents + p.refunds_cents,
      net_cents: sum.net_cents + p.net_cents,
    }),
    { gross_cents: 0, fees_cents: 0, refunds_cents: 0, net_cents: 0 },
  )
  return { period, currency: 'usd', bucket, points, totals }
}

// ---------------------------------------------------------------- payouts

/**
 * Pays out part of the available balance of a purse: the creator's earnings, or (`purse:
 * 'affiliate'`, decision 038) an affiliate's commissions. The balance check and the booking happen
 * in one transaction holding the payee's payout account row, so two requests at once cannot both
 * spend the same money; the provider is called after the commit (never inside a transaction), with
 * an idempotency key, and a refusal puts the money back.
 */
export async function requestPayout(
  deps: PayoutDeps,
  input: { creatorId: string; amountCents: number; description: string; purse?: PurseName },
): Promise<Payout> {
  const at = deps.now()
  const purseName = input.purse ?? 'creator'
  const purse = purses[purseName]
  const { payout, account } = await deps.db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.creatorId, input.creatorId))
      .for('update')
    if (!locked || locked.provider !== deps.provider.name || !isOnboarded(locked)) throw notOnboarded()
    const balance = await purse.available(tx, input.creatorId, at)
    if (input.amountCents > balance.availableCents) {
      throw new AppError('CONFLICT', paymentMessages.payoutOverBalance, { reason: 'OVER_BALANCE' })
    }
    const [row] = await tx
      .insert(payouts)
      .values({
        creatorId: input.creatorId,
        purse: purseName,
        amountCents: input.amountCents,
        currency: balance.currency,
        description: input.description,
        createdAt: at,
        updatedAt: at,
      })
      .returning()
    if (!row) throw new AppError('INTERNAL', 'The payout was not stored')
    await purse.book(
      tx,
      { id: row.id, payeeId: row.creatorId, amountCents: row.amountCents, currency: row.currency, occurredAt: at },
      'payout',
    )
    return { payout: row, account: locked }
  })

  let sent: ProviderPayout
  try {
    sent = await deps.provider.createPayout({
      accountId: account.accountId,
      amountCents: payout.amountCents,
      currency: payout.currency,
      description: payout.description || 'Payout',
      payoutId: payout.id,
      idempotencyKey: `payout:${payout.id}`,
    })
  } catch (error) {
    // The provider's words (keys already redacted) tell the creator why; anything else stays in the logs.
    await failPayout(
      deps,
      payout.id,
      error instanceof PaymentProviderError ? error.message : 'The payment provider did not take the payout',
    )
    if (error instanceof PaymentProviderError) {
      throw new AppError('SERVICE_UNAVAILABLE', paymentMessages.payoutFailed, { reason: 'PROVIDER' })
    }
    throw error
  }
  // The provider's event may have settled the payout already (the sandbox's comes before this
  // returns): only the reference is filled in here, and only a payout still pending can fail.
  await deps.db
    .update(payouts)
    .set({ providerPayoutId: sent.providerPayoutId, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, payout.id), sql`${payouts.providerPayoutId} is null`))
  if (sent.status === 'failed' || sent.status === 'canceled') {
    await failPayout(deps, payout.id, 'The provider did not accept the payout')
  }
  const [final] = await deps.db.select().from(payouts).where(eq(payouts.id, payout.id))
  if (!final) throw new AppError('INTERNAL', 'The payout was not stored')
  return toPayout(final)
}

/** Marks a pending payout failed and returns its money to the balance, once. */
async function failPayout(deps: Pick<PayoutDeps, 'db' | 'now'>, payoutId: string, reason: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update')
    if (!row || row.status !== 'pending') return
    await tx
      .update(payouts)
      .set({ status: 'failed', failureReason: reason.slice(0, 500), updatedAt: sql`now()` })
      .where(eq(payouts.id, payoutId))
    await purses[row.purse].book(
      tx,
      {
        id: row.id,
        payeeId: row.creatorId,
        amountCents: row.amountCents,
        currency: row.currency,
        occurredAt: deps.now(),
      },
      'payout_reversal',
    )
  })
}

/**
 * What the provider says of a connected account (its `account.updated` event), and so whether the
 * creator's plans are on sale. Billing runs it in the event's transaction and clears the shop's
 * cache after the commit.
 */
export async function recordAccountStatus(
  deps: { db: Db; provider: ProviderName },
  event: Extract<PaymentEvent, { type: 'account.updated' }>,
): Promise<void> {
  const updated = await deps.db
    .update(payoutAccounts)
    .set({
      detailsSubmitted: event.detailsSubmitted,
      chargesEnabled: event.chargesEnabled,
      payoutsEnabled: event.payoutsEnabled,
      updatedAt: sql`now()`,
    })
    .where(eq(payoutAccounts.accountId, event.accountId))
    .returning({ creatorId: payoutAccounts.creatorId })
  await storeAcceptingPayments(
    deps,
    updated.map((row) => row.creatorId),
  )
}

/** A payout event from the provider: paid, or failed with its money back in the balance (once). */
export async function settlePayout(
  deps: { db: Db },
  event: Extract<PaymentEvent, { type: 'payout.paid' | 'payout.failed' }>,
): Promise<void> {
  const conditions = [eq(payouts.providerPayoutId, event.providerPayoutId)]
  if (event.payoutId && z.uuid().safeParse(event.payoutId).success) conditions.push(eq(payouts.id, event.payoutId))
  const [payout] = await deps.db
    .select()
    .from(payouts)
    .where(or(...conditions))
    .limit(1)
    .for('update')
  if (!payout || payout.status === 'failed') return
  if (event.type === 'payout.paid') {
    await deps.db
      .update(payouts)
      .set({ status: 'paid', providerPayoutId: event.providerPayoutId, updatedAt: sql`now()` })
      .where(eq(payouts.id, payout.id))
    return
  }
  await deps.db
    .update(payouts)
    .set({
      status: 'failed',
      providerPayoutId: event.providerPayoutId,
      failureReason: event.failureReason ?? 'The payout failed',
      updatedAt: sql`now()`,
    })
    .where(eq(payouts.id, payout.id))
  await purses[payout.purse].book(
    deps.db,
    {
      id: payout.id,
      payeeId: payout.creatorId,
      amountCents: payout.amountCents,
      currency: payout.currency,
      occurredAt: event.occurredAt,
    },
    'payout_reversal',
  )
}
