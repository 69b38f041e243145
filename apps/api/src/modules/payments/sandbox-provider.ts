import { randomBytes } from 'node:crypto'
import { addPlanInterval, discountAppliesTo, discountedCents, sandboxCards } from '@picks/contracts'
import { and, desc, eq, inArray, lte, or, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'
import {
  PaymentProviderError,
  platformFeeCents,
  WebhookSignatureError,
  type AccountStatus,
  type CheckoutInput,
  type PaymentCharge,
  type PaymentEvent,
  type PaymentEventBody,
  type PaymentProvider,
  type ProviderPayout,
  type ProviderSubscription,
} from './payment-provider.ts'
import {
  sandboxAccountLinks,
  sandboxAccounts,
  sandboxCharges,
  sandboxCheckoutSessions,
  sandboxPayouts,
  sandboxRefunds,
  sandboxSubscriptions,
  sandboxTransfers,
  type SandboxDiscount,
  type SandboxItem,
} from './sandbox.table.ts'

/**
 * The offline payment provider: the default when no Stripe key is set. It keeps its own state in
 * sandbox_* tables, serves a test checkout page and a test onboarding page (the web app's
 * /sandbox/* pages, through payments.routes.ts), accepts Stripe's test card numbers, and produces
 * the same neutral events as Stripe's webhooks, handed to the same handler through `deliver`.
 * Renewals happen when `runDue` is called (the billing scheduler does it every minute).
 */

export type SandboxCard = 'succeeds' | 'declined' | 'insufficientFunds' | 'renewalsFail'

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox'
  checkoutSession(sessionId: string): Promise<SandboxSession | null>
  /** Pays an open session with a test card; events are delivered before it returns. */
  payCheckout(sessionId: string, card: SandboxCard): Promise<{ redirectUrl: string }>
  cancelCheckout(sessionId: string): Promise<{ redirectUrl: string }>
  onboardingLink(linkId: string): Promise<SandboxLink | null>
  completeOnboarding(linkId: string): Promise<{ redirectUrl: string }>
  /**
   * Test accounts with onboarding finished, as if each creator had gone through it (the demo
   * creators of a first start): one statement for all of them, no events. An account made before
   * under the same idempotency key is kept as it is. Answers every creator's account.
   */
  createOnboardedAccounts(creators: readonly NewSandboxAccount[]): Promise<(AccountStatus & { creatorId: string })[]>
  /** Renews or ends due subscriptions, retries failed renewals, and expires stale checkouts. */
  runDue(now: Date): Promise<{ renewed: number; failed: number; ended: number; expired: number }>
}

export interface NewSandboxAccount {
  creatorId: string
  email: string
  name: string
  idempotencyKey: string
}

export interface SandboxSession {
  id: string
  purchaseId: string
  customerId: string
  customerEmail: string
  item: SandboxItem
  feeBps: number
  status: 'open' | 'complete' | 'expired'
  successUrl: string
  cancelUrl: string
}

export interface SandboxLink {
  id: string
  accountId: string
  creatorId: string
  email: string
  name: string
  status: 'open' | 'used' | 'expired'
  returnUrl: string
  refreshUrl: string
}

export interface SandboxOptions {
  db: Db
  publicUrl: string
  /** The events' one handler (billing/payment-events.ts). */
  deliver: (event: PaymentEvent) => Promise<unknown>
  now?: () => Date
}

const dayMs = 24 * 60 * 60 * 1000
/** Stripe's smart retries, roughly: 1, 3 and 5 days after the first failure, then the subscription ends. */
const retryDelaysDays = [1, 3, 5]
const checkoutLifetimeMs = dayMs
const onboardingLinkLifetimeMs = 10 * 60 * 1000

/**
 * What the payment numbered `paymentIndex` (0: the first paid period, after any trial) costs: the
 * price, less the discount on the payments its duration covers. Zero for a 100%-off payment.
 */
export function sandboxPaymentCents(
  priceCents: number,
  discount: SandboxDiscount | null | undefined,
  paymentIndex: number,
  interval: 'week' | 'month' | 'year' | null,
): number {
  if (!discount || !discountAppliesTo(paymentIndex, discount.duration, discount.durationMonths, interval)) {
    return priceCents
  }
  return discountedCents(priceCents, discount)
}

function sandboxId(prefix: string): string {
  return `${prefix}_sbx_${randomBytes(12).toString('hex')}`
}

export function createSandboxProvider(options: SandboxOptions): SandboxProvider {
  const { db, deliver } = options
  const now = options.now ?? (() => new Date())
  const site = options.publicUrl.replace(/\/$/, '')

  function event(body: PaymentEventBody, occurredAt: Date): PaymentEvent {
    return { ...body, id: sandboxId('evt'), occurredAt }
  }

  async function charge(
    accountId: string,
    amountCents: number,
    feeBps: number,
    currency: string,
    at: Date,
    card: SandboxCard,
  ): Promise<PaymentCharge> {
    const id = sandboxId('pi')
    const feeCents = platformFeeCents(amountCents, feeBps)
    await db.insert(sandboxCharges).values({ id, accountId, amountCents, feeCents, currency, createdAt: at })
    return { paymentRef: id, amountCents, feeCents, currency, cardLast4: sandboxCards[card].slice(-4) }
  }

  async function findAccount(accountId: string) {
    const [account] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, accountId))
    if (!account) throw new PaymentProviderError(`No such account: ${accountId}`, 'invalid_request')
    return account
  }

  /**
   * What is left of the creator's share of a charge (Stripe's transfer of a destination charge, less
   * its reversals): the whole amount, less what refunds took from the creator and the commissions
   * moved on to affiliates. A refund or a commission may not take more.
   */
  async function creatorTransferLeft(tx: Db, chargeId: string): Promise<number> {
    const [row] = await queryRows<{ cents: string | number }>(
      tx,
      sql`select c.amount_cents - (c.refunded_cents - c.affiliate_refunded_cents)
            - coalesce((select sum(t.amount_cents) from sandbox_transfers t
                where t.kind = 'transfer' and t.charge_id = c.id), 0) as cents
          from sandbox_charges c where c.id = ${chargeId}`,
    )
    return Number(row?.cents ?? 0)
  }

  /** The transfer or reversal stored under this key; it must be the same request. */
  async function earlierTransfer(
    idempotencyKey: string,
    same: (row: typeof sandboxTransfers.$inferSelect) => boolean,
    tx: Db = db,
  ) {
    const [earlier] = await tx
      .select()
      .from(sandboxTransfers)
      .where(eq(sandboxTransfers.idempotencyKey, idempotencyKey))
    if (earlier && !same(earlier)) {
      throw new PaymentProviderError('This idempotency key was used for another transfer', 'invalid_request')
    }
    return earlier ?? null
  }

  /** The object a request under this idempotency key stored (the winner when two raced). */
  async function storedUnder<T extends typeof sandboxAccounts | typeof sandboxCheckoutSessions | typeof sandboxPayouts>(
    table: T,
    idempotencyKey: string,
  ): Promise<T['$inferSelect']> {
    const [row] = await db
      .select()
      .from(table as typeof sandboxPayouts)
      .where(eq(table.idempotencyKey, idempotencyKey))
    if (!row) throw new PaymentProviderError('The request under this idempotency key was not stored', 'unavailable')
    return row as T['$inferSelect']
  }

  async function findSubscription(subscriptionId: string) {
    const [sub] = await db.select().from(sandboxSubscriptions).where(eq(sandboxSubscriptions.id, subscriptionId))
    if (!sub) throw new PaymentProviderError(`No such subscription: ${subscriptionId}`, 'invalid_request')
    return sub
  }

  function subscriptionEvent(sub: typeof sandboxSubscriptions.$inferSelect, at: Date): PaymentEvent {
    return event(
      {
        type: 'subscription.updated',
        subscriptionId: sub.id,
        purchaseId: sub.purchaseId,
        status: sub.status,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        currentPeriodEnd: sub.currentPeriodEnd,
      },
      at,
    )
  }

  async function deliverAll(events: PaymentEvent[]): Promise<void> {
    for (const e of events) await deliver(e)
  }

  /** One renewal attempt of a due subscription; the events it produced. */
  /**
   * The subscription row exactly as it was read: each renewal step claims it with this condition,
   * so two processes running the scheduled work at once never renew (or charge) the same period twice.
   */
  function unchanged(sub: typeof sandboxSubscriptions.$inferSelect) {
    return and(
      eq(sandboxSubscriptions.id, sub.id),
      eq(sandboxSubscriptions.status, sub.status),
      eq(sandboxSubscriptions.currentPeriodEnd, sub.currentPeriodEnd),
      eq(sandboxSubscriptions.failedAttempts, sub.failedAttempts),
      eq(sandboxSubscriptions.cancelAtPeriodEnd, sub.cancelAtPeriodEnd),
    )
  }

  async function renew(sub: typeof sandboxSubscriptions.$inferSelect, at: Date): Promise<PaymentEvent[]> {
    if (sub.cancelAtPeriodEnd) {
      const [claimed] = await db
        .update(sandboxSubscriptions)
        .set({ status: 'canceled' })
        .where(unchanged(sub))
        .returning()
      if (!claimed) return []
      return [event({ type: 'subscription.deleted', subscriptionId: sub.id, purchaseId: sub.purchaseId }, at)]
    }
    const invoiceId = sandboxId('in')
    if (sub.card === 'renewalsFail') {
      const attempts = sub.failedAttempts + 1
      const delay = retryDelaysDays[attempts - 1]
      if (delay === undefined) {
        const [claimed] = await db
          .update(sandboxSubscriptions)
          .set({ status: 'canceled', failedAttempts: attempts, nextAttemptAt: null })
          .where(unchanged(sub))
          .returning()
        if (!claimed) return []
        return [
          event(
            {
              type: 'invoice.payment_failed',
              subscriptionId: sub.id,
              purchaseId: sub.purchaseId,
              invoiceId,
              nextAttemptAt: null,
              amountDueCents: sandboxPaymentCents(sub.amountCents, sub.discount, sub.paymentsMade, sub.interval),
              reason: 'Your card was declined.',
            },
            at,
          ),
          event({ type: 'subscription.deleted', subscriptionId: sub.id, purchaseId: sub.purchaseId }, at),
        ]
      }
      const nextAttemptAt = new Date(at.getTime() + delay * dayMs)
      const [updated] = await db
        .update(sandboxSubscriptions)
        .set({ status: 'past_due', failedAttempts: attempts, nextAttemptAt })
        .where(unchanged(sub))
        .returning()
      if (!updated) return []
      return [
        event(
          {
            type: 'invoice.payment_failed',
            subscriptionId: sub.id,
            purchaseId: sub.purchaseId,
            invoiceId,
            nextAttemptAt,
            amountDueCents: sandboxPaymentCents(sub.amountCents, sub.discount, sub.paymentsMade, sub.interval),
            reason: 'Your card was declined.',
          },
          at,
        ),
        subscriptionEvent(updated, at),
      ]
    }
    const periodStart = sub.currentPeriodEnd
    let periodEnd = addPlanInterval(periodStart, sub.interval)
    // A subscription left unrenewed for several periods (a server that was down) restarts from now.
    if (periodEnd.getTime() <= at.getTime()) periodEnd = addPlanInterval(at, sub.interval)
    const [updated] = await db
      .update(sandboxSubscriptions)
      .set({
        status: 'active',
        currentPeriodStart: periodStart,
        currentPeriodEnd: periodEnd,
        failedAttempts: 0,
        nextAttemptAt: null,
        paymentsMade: sub.paymentsMade + 1,
      })
      .where(unchanged(sub))
      .returning()
    if (!updated) return []
    // The discount on the payments its duration covers; a payment of zero is no charge, like a trial's.
    const amountCents = sandboxPaymentCents(sub.amountCents, sub.discount, sub.paymentsMade, sub.interval)
    const payment =
      amountCents > 0 ? await charge(sub.accountId, amountCents, sub.feeBps, sub.currency, at, sub.card) : null
    return [
      event(
        {
          type: 'invoice.paid',
          subscriptionId: sub.id,
          purchaseId: sub.purchaseId,
          invoiceId,
          periodStart,
          periodEnd,
          payment,
        },
        at,
      ),
      subscriptionEvent(updated, at),
    ]
  }

  const provider: SandboxProvider = {
    name: 'sandbox',

    async createCheckout(input: CheckoutInput) {
      const [existing] = await db
        .select()
        .from(sandboxCheckoutSessions)
        .where(eq(sandboxCheckoutSessions.idempotencyKey, input.idempotencyKey))
      if (existing) return { sessionId: existing.id, url: `${site}/sandbox/checkout/${existing.id}` }
      await findAccount(input.destinationAccountId)
      const id = sandboxId('cs')
      const item: SandboxItem = {
        name: input.item.name,
        priceCents: input.item.priceCents,
        currency: input.item.currency,
        kind: input.item.kind,
        interval: input.item.kind === 'subscription' ? input.item.interval : null,
        trialDays: input.item.kind === 'subscription' ? input.item.trialDays : 0,
        accessDays: input.item.kind === 'one_time' ? input.item.accessDays : null,
        discount: input.discount ?? null,
      }
      const created = now()
      // A concurrent request under the same key may have stored its session meanwhile: it wins.
      const [made] = await db
        .insert(sandboxCheckoutSessions)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          purchaseId: input.purchaseId,
          customerId: input.customer.id,
          customerEmail: input.customer.email,
          accountId: input.destinationAccountId,
          item,
          feeBps: input.feeBps,
          successUrl: input.successUrl,
          cancelUrl: input.cancelUrl,
          expiresAt: new Date(created.getTime() + checkoutLifetimeMs),
          createdAt: created,
        })
        .onConflictDoNothing({ target: sandboxCheckoutSessions.idempotencyKey })
        .returning({ id: sandboxCheckoutSessions.id })
      const sessionId = made?.id ?? (await storedUnder(sandboxCheckoutSessions, input.idempotencyKey)).id
      return { sessionId, url: `${site}/sandbox/checkout/${sessionId}` }
    },

    async checkoutSession(sessionId) {
      const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId))
      if (!row) return null
      const status = row.status === 'open' && row.expiresAt.getTime() <= now().getTime() ? 'expired' : row.status
      return {
        id: row.id,
        purchaseId: row.purchaseId,
        customerId: row.customerId,
        customerEmail: row.customerEmail,
        item: row.item,
        feeBps: row.feeBps,
        status,
        successUrl: row.successUrl,
        cancelUrl: row.cancelUrl,
      }
    },

    async payCheckout(sessionId, card) {
      const at = now()
      // Claims the open session first, so two clicks on Pay never charge twice.
      const [session] = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'complete' })
        .where(
          and(
            eq(sandboxCheckoutSessions.id, sessionId),
            eq(sandboxCheckoutSessions.status, 'open'),
            sql`${sandboxCheckoutSessions.expiresAt} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning()
      if (!session) throw new PaymentProviderError('This checkout is no longer open.', 'invalid_request')
      if (card === 'declined' || card === 'insufficientFunds') {
        // A declined card leaves the session open for another try, as Stripe's page does.
        await db
          .update(sandboxCheckoutSessions)
          .set({ status: 'open' })
          .where(eq(sandboxCheckoutSessions.id, sessionId))
        throw new PaymentProviderError(
          card === 'declined' ? 'Your card was declined.' : 'Your card has insufficient funds.',
          card === 'declined' ? 'card_declined' : 'insufficient_funds',
        )
      }
      const { item } = session
      const events: PaymentEvent[] = []
      if (item.kind === 'one_time') {
        const amountCents = sandboxPaymentCents(item.priceCents, item.discount, 0, null)
        const payment = await charge(session.accountId, amountCents, session.feeBps, item.currency, at, card)
        events.push(
          event(
            { type: 'checkout.completed', purchaseId: session.purchaseId, sessionId, subscriptionId: null, payment },
            at,
          ),
        )
      } else {
        const interval = item.interval ?? 'month'
        const trialing = item.trialDays > 0
        const periodEnd = trialing ? new Date(at.getTime() + item.trialDays * dayMs) : addPlanInterval(at, interval)
        const subscriptionId = sandboxId('sub')
        const [sub] = await db
          .insert(sandboxSubscriptions)
          .values({
            id: subscriptionId,
            purchaseId: session.purchaseId,
            accountId: session.accountId,
            amountCents: item.priceCents,
            currency: item.currency,
            feeBps: session.feeBps,
            interval,
            status: trialing ? 'trialing' : 'active',
            card: card === 'renewalsFail' ? 'renewalsFail' : 'succeeds',
            currentPeriodStart: at,
            currentPeriodEnd: periodEnd,
            discount: item.discount ?? null,
            // A trial is no payment; the first paid period is payment 0.
            paymentsMade: trialing ? 0 : 1,
            createdAt: at,
          })
          .returning()
        await db
          .update(sandboxCheckoutSessions)
          .set({ subscriptionId })
          .where(eq(sandboxCheckoutSessions.id, sessionId))
        const firstCents = sandboxPaymentCents(item.priceCents, item.discount, 0, interval)
        // A trial, or a first payment made free by a promo code: an invoice of zero, no charge.
        const payment =
          trialing || firstCents === 0
            ? null
            : await charge(session.accountId, firstCents, session.feeBps, item.currency, at, card)
        events.push(
          event(
            { type: 'checkout.completed', purchaseId: session.purchaseId, sessionId, subscriptionId, payment: null },
            at,
          ),
          event(
            {
              type: 'invoice.paid',
              subscriptionId,
              purchaseId: session.purchaseId,
              invoiceId: sandboxId('in'),
              periodStart: at,
              periodEnd,
              payment,
            },
            at,
          ),
        )
        if (sub) events.push(subscriptionEvent(sub, at))
      }
      await deliverAll(events)
      return { redirectUrl: session.successUrl }
    },

    async cancelCheckout(sessionId) {
      const [session] = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.id, sessionId), eq(sandboxCheckoutSessions.status, 'open')))
        .returning()
      if (session) {
        await deliver(event({ type: 'checkout.expired', purchaseId: session.purchaseId, sessionId }, now()))
        return { redirectUrl: session.cancelUrl }
      }
      const [closed] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, sessionId))
      if (!closed) throw new PaymentProviderError(`No such checkout session: ${sessionId}`, 'invalid_request')
      return { redirectUrl: closed.cancelUrl }
    },

    async createConnectedAccount(input) {
      const [existing] = await db
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.idempotencyKey, input.idempotencyKey))
      if (existing) return { accountId: existing.id }
      const [made] = await db
        .insert(sandboxAccounts)
        .values({
          id: sandboxId('acct'),
          creatorId: input.creatorId,
          email: input.email,
          name: input.name,
          idempotencyKey: input.idempotencyKey,
        })
        .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey })
        .returning({ id: sandboxAccounts.id })
      return { accountId: made?.id ?? (await storedUnder(sandboxAccounts, input.idempotencyKey)).id }
    },

    async createOnboardedAccounts(creators) {
      if (!creators.length) return []
      const onboarded = { detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true }
      await db
        .insert(sandboxAccounts)
        .values(creators.map((c) => ({ id: sandboxId('acct'), ...c, ...onboarded })))
        .onConflictDoNothing({ target: sandboxAccounts.idempotencyKey })
      return db
        .select({
          creatorId: sandboxAccounts.creatorId,
          accountId: sandboxAccounts.id,
          detailsSubmitted: sandboxAccounts.detailsSubmitted,
          chargesEnabled: sandboxAccounts.chargesEnabled,
          payoutsEnabled: sandboxAccounts.payoutsEnabled,
        })
        .from(sandboxAccounts)
        .where(
          inArray(
            sandboxAccounts.idempotencyKey,
            creators.map((c) => c.idempotencyKey),
          ),
        )
    },

    async createOnboardingLink({ accountId, returnUrl, refreshUrl }) {
      await findAccount(accountId)
      const id = sandboxId('link')
      await db.insert(sandboxAccountLinks).values({
        id,
        accountId,
        returnUrl,
        refreshUrl,
        expiresAt: new Date(now().getTime() + onboardingLinkLifetimeMs),
      })
      return { url: `${site}/sandbox/onboarding/${id}` }
    },

    async onboardingLink(linkId) {
      const [row] = await db
        .select({ link: sandboxAccountLinks, account: sandboxAccounts })
        .from(sandboxAccountLinks)
        .innerJoin(sandboxAccounts, eq(sandboxAccounts.id, sandboxAccountLinks.accountId))
        .where(eq(sandboxAccountLinks.id, linkId))
      if (!row) return null
      const { link, account } = row
      const status = link.usedAt ? 'used' : link.expiresAt.getTime() <= now().getTime() ? 'expired' : 'open'
      return {
        id: link.id,
        accountId: account.id,
        creatorId: account.creatorId,
        email: account.email,
        name: account.name,
        status,
        returnUrl: link.returnUrl,
        refreshUrl: link.refreshUrl,
      }
    },

    async completeOnboarding(linkId) {
      const at = now()
      const [link] = await db
        .update(sandboxAccountLinks)
        .set({ usedAt: at })
        .where(
          and(
            eq(sandboxAccountLinks.id, linkId),
            sql`${sandboxAccountLinks.usedAt} is null`,
            sql`${sandboxAccountLinks.expiresAt} > ${at.toISOString()}::timestamptz`,
          ),
        )
        .returning()
      if (!link) throw new PaymentProviderError('This onboarding link has expired or was used.', 'invalid_request')
      await db
        .update(sandboxAccounts)
        .set({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true })
        .where(eq(sandboxAccounts.id, link.accountId))
      await deliver(
        event(
          {
            type: 'account.updated',
            accountId: link.accountId,
            detailsSubmitted: true,
            chargesEnabled: true,
            payoutsEnabled: true,
          },
          at,
        ),
      )
      return { redirectUrl: link.returnUrl }
    },

    async getAccountStatus(accountId): Promise<AccountStatus> {
      const account = await findAccount(accountId)
      return {
        accountId,
        detailsSubmitted: account.detailsSubmitted,
        chargesEnabled: account.chargesEnabled,
        payoutsEnabled: account.payoutsEnabled,
      }
    },

    async getBalance(accountId) {
      await findAccount(accountId)
      const [row] = await db
        .select({
          // A refund takes the creator's share back (less what an affiliate's commission gave back) and
          // gives the fee back in proportion (floored, as the ledger books it); a commission moved to an
          // affiliate leaves it.
          net: sql<string>`coalesce(sum(${sandboxCharges.amountCents} - ${sandboxCharges.feeCents} - ${sandboxCharges.refundedCents}
            + ${sandboxCharges.affiliateRefundedCents}
            + floor(${sandboxCharges.feeCents}::numeric * ${sandboxCharges.refundedCents} / ${sandboxCharges.amountCents})
            - coalesce((select sum(t.amount_cents) from sandbox_transfers t
                where t.kind = 'transfer' and t.charge_id = sandbox_charges.id), 0)), 0)`,
        })
        .from(sandboxCharges)
        .where(eq(sandboxCharges.accountId, accountId))
      // Commissions sent to this account, less what was taken back of them.
      const [moved] = await db
        .select({
          total: sql<string>`coalesce(sum(case when ${sandboxTransfers.kind} = 'transfer' then ${sandboxTransfers.amountCents}
            else -${sandboxTransfers.amountCents} end), 0)`,
        })
        .from(sandboxTransfers)
        .where(eq(sandboxTransfers.accountId, accountId))
      const [out] = await db
        .select({ total: sql<string>`coalesce(sum(${sandboxPayouts.amountCents}), 0)` })
        .from(sandboxPayouts)
        .where(
          and(
            eq(sandboxPayouts.accountId, accountId),
            inArray(sandboxPayouts.status, ['pending', 'in_transit', 'paid']),
          ),
        )
      // The sandbox settles at once: everything not paid out is available.
      const availableCents = Number(row?.net ?? 0) + Number(moved?.total ?? 0) - Number(out?.total ?? 0)
      return { availableCents, pendingCents: 0, currency: 'usd' }
    },

    async createPayout(input) {
      const [existing] = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.idempotencyKey, input.idempotencyKey))
      if (existing) return toProviderPayout(existing)
      const account = await findAccount(input.accountId)
      if (!account.payoutsEnabled) {
        throw new PaymentProviderError('Payouts are not enabled for this account', 'invalid_request')
      }
      const at = now()
      const [row] = await db
        .insert(sandboxPayouts)
        .values({
          id: sandboxId('po'),
          idempotencyKey: input.idempotencyKey,
          accountId: input.accountId,
          amountCents: input.amountCents,
          currency: input.currency,
          description: input.description,
          payoutId: input.payoutId,
          // A test bank account takes the money at once.
          status: 'paid',
          createdAt: at,
        })
        .onConflictDoNothing({ target: sandboxPayouts.idempotencyKey })
        .returning()
      // A concurrent request under the same key stored the payout (and tells of it): answer with that one.
      if (!row) return toProviderPayout(await storedUnder(sandboxPayouts, input.idempotencyKey))
      await deliver(
        event(
          {
            type: 'payout.paid',
            accountId: input.accountId,
            providerPayoutId: row.id,
            payoutId: input.payoutId,
            failureReason: null,
          },
          at,
        ),
      )
      return toProviderPayout(row)
    },

    async listPayouts(accountId, limit) {
      const rows = await db
        .select()
        .from(sandboxPayouts)
        .where(eq(sandboxPayouts.accountId, accountId))
        .orderBy(desc(sandboxPayouts.createdAt))
        .limit(limit)
      return rows.map(toProviderPayout)
    },

    async listSubscriptions(accountId): Promise<ProviderSubscription[]> {
      const rows = await db
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.accountId, accountId))
        .orderBy(desc(sandboxSubscriptions.createdAt))
        .limit(100)
      return rows.map((sub) => ({
        subscriptionId: sub.id,
        purchaseId: sub.purchaseId,
        status: sub.status,
        amountCents: sub.amountCents,
        currency: sub.currency,
        interval: sub.interval,
        currentPeriodEnd: sub.currentPeriodEnd,
        cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      }))
    },

    async cancelSubscription(subscriptionId, { atPeriodEnd }) {
      const sub = await findSubscription(subscriptionId)
      if (sub.status === 'canceled') return
      const at = now()
      if (atPeriodEnd) {
        const [updated] = await db
          .update(sandboxSubscriptions)
          .set({ cancelAtPeriodEnd: true })
          .where(eq(sandboxSubscriptions.id, subscriptionId))
          .returning()
        if (updated) await deliver(subscriptionEvent(updated, at))
        return
      }
      await db
        .update(sandboxSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false })
        .where(eq(sandboxSubscriptions.id, subscriptionId))
      await deliver(event({ type: 'subscription.deleted', subscriptionId, purchaseId: sub.purchaseId }, at))
    },

    async resumeSubscription(subscriptionId) {
      const sub = await findSubscription(subscriptionId)
      if (sub.status === 'canceled') {
        throw new PaymentProviderError('A subscription that has ended cannot be resumed', 'invalid_request')
      }
      const [updated] = await db
        .update(sandboxSubscriptions)
        .set({ cancelAtPeriodEnd: false })
        .where(eq(sandboxSubscriptions.id, subscriptionId))
        .returning()
      if (updated) await deliver(subscriptionEvent(updated, now()))
    },

    async refund({ paymentRef, amountCents, reason, affiliateCents = 0, idempotencyKey }) {
      const fromAffiliate = Math.min(Math.max(affiliateCents, 0), amountCents)
      if (!Number.isInteger(amountCents) || amountCents < 1 || !Number.isInteger(fromAffiliate)) {
        throw new PaymentProviderError('A refund is a whole number of cents above zero', 'invalid_request')
      }
      const [earlier] = await db.select().from(sandboxRefunds).where(eq(sandboxRefunds.idempotencyKey, idempotencyKey))
      if (earlier) {
        if (earlier.chargeId !== paymentRef || earlier.amountCents !== amountCents) {
          throw new PaymentProviderError('This idempotency key was used for another refund', 'invalid_request')
        }
        return
      }
      // The key and the amount are claimed in one transaction: a second request under the same key
      // waits on the first's row and then finds it taken; a refund beyond the unrefunded rest is refused.
      const charged = await db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(sandboxRefunds)
          .values({ id: sandboxId('re'), idempotencyKey, chargeId: paymentRef, amountCents, reason: reason ?? null })
          .onConflictDoNothing({ target: sandboxRefunds.idempotencyKey })
          .returning({ id: sandboxRefunds.id })
        if (!claimed) return null
        const [row] = await tx
          .update(sandboxCharges)
          .set({
            refundedCents: sql`${sandboxCharges.refundedCents} + ${amountCents}`,
            affiliateRefundedCents: sql`${sandboxCharges.affiliateRefundedCents} + ${fromAffiliate}`,
          })
          .where(
            and(
              eq(sandboxCharges.id, paymentRef),
              sql`${sandboxCharges.amountCents} - ${sandboxCharges.refundedCents} >= ${amountCents}`,
            ),
          )
          .returning()
        if (row) {
          // As Stripe refuses reversing a transfer beyond what is left of it: the creator's part may
          // not be more than their share of the charge still holds.
          if ((await creatorTransferLeft(tx, paymentRef)) < 0) {
            throw new PaymentProviderError(
              `The creator's share of ${paymentRef} holds less than the ${amountCents - fromAffiliate} cents asked of it`,
              'invalid_request',
            )
          }
          return row
        }
        const [exists] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, paymentRef))
        if (!exists) throw new PaymentProviderError(`No such charge: ${paymentRef}`, 'invalid_request')
        throw new PaymentProviderError(
          `Refund amount (${amountCents}) is greater than the unrefunded amount (${exists.amountCents - exists.refundedCents})`,
          'invalid_request',
        )
      })
      if (!charged) return
      await deliver(
        event(
          {
            type: 'charge.refunded',
            paymentRef,
            amountRefundedCents: charged.refundedCents,
            currency: charged.currency,
          },
          now(),
        ),
      )
    },

    async transferCommission({ paymentRef, destinationAccountId, amountCents, currency, idempotencyKey }) {
      const same = (row: typeof sandboxTransfers.$inferSelect) =>
        row.kind === 'transfer' &&
        row.chargeId === paymentRef &&
        row.accountId === destinationAccountId &&
        row.amountCents === amountCents
      const earlier = await earlierTransfer(idempotencyKey, same)
      if (earlier) return { transferId: earlier.id }
      if (!Number.isInteger(amountCents) || amountCents < 1) {
        throw new PaymentProviderError('A transfer is a whole number of cents above zero', 'invalid_request')
      }
      const account = await findAccount(destinationAccountId)
      if (!account.payoutsEnabled) {
        throw new PaymentProviderError('The destination account cannot receive transfers yet', 'invalid_request')
      }
      const id = await db.transaction(async (tx) => {
        const [charged] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.id, paymentRef)).for('update')
        if (!charged) throw new PaymentProviderError(`No such charge: ${paymentRef}`, 'invalid_request')
        if (charged.currency !== currency) {
          throw new PaymentProviderError('The currency of the transfer must match its charge', 'invalid_request')
        }
        // A request under the same key that got here first moved the cents already.
        const stored = await earlierTransfer(idempotencyKey, same, tx)
        if (stored) return stored.id
        const left = await creatorTransferLeft(tx, paymentRef)
        if (amountCents > left) {
          throw new PaymentProviderError(
            `The creator's share of ${paymentRef} holds ${left} cents, less than ${amountCents}`,
            'invalid_request',
          )
        }
        const [row] = await tx
          .insert(sandboxTransfers)
          .values({
            id: sandboxId('tr'),
            idempotencyKey,
            kind: 'transfer',
            chargeId: paymentRef,
            accountId: destinationAccountId,
            amountCents,
            currency,
            createdAt: now(),
          })
          .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
          .returning({ id: sandboxTransfers.id })
        return row?.id ?? null
      })
      if (!id) throw new PaymentProviderError('The transfer under this idempotency key was not stored', 'unavailable')
      return { transferId: id }
    },

    async reverseCommission({ transferId, amountCents, idempotencyKey }) {
      const same = (row: typeof sandboxTransfers.$inferSelect) =>
        row.kind === 'reversal' && row.transferId === transferId && row.amountCents === amountCents
      if (await earlierTransfer(idempotencyKey, same)) return
      if (!Number.isInteger(amountCents) || amountCents < 1) {
        throw new PaymentProviderError('A reversal is a whole number of cents above zero', 'invalid_request')
      }
      await db.transaction(async (tx) => {
        const [transfer] = await tx
          .select()
          .from(sandboxTransfers)
          .where(and(eq(sandboxTransfers.id, transferId), eq(sandboxTransfers.kind, 'transfer')))
          .for('update')
        if (!transfer) throw new PaymentProviderError(`No such transfer: ${transferId}`, 'invalid_request')
        if (await earlierTransfer(idempotencyKey, same, tx)) return
        const [reversed] = await tx
          .select({ cents: sql<string>`coalesce(sum(${sandboxTransfers.amountCents}), 0)` })
          .from(sandboxTransfers)
          .where(and(eq(sandboxTransfers.transferId, transferId), eq(sandboxTransfers.kind, 'reversal')))
        const left = transfer.amountCents - Number(reversed?.cents ?? 0)
        if (amountCents > left) {
          throw new PaymentProviderError(
            `Reversal amount (${amountCents}) is greater than what is left of the transfer (${left})`,
            'invalid_request',
          )
        }
        await tx
          .insert(sandboxTransfers)
          .values({
            id: sandboxId('trr'),
            idempotencyKey,
            kind: 'reversal',
            chargeId: transfer.chargeId,
            accountId: transfer.accountId,
            transferId,
            amountCents,
            currency: transfer.currency,
            createdAt: now(),
          })
          .onConflictDoNothing({ target: sandboxTransfers.idempotencyKey })
      })
    },

    async paymentAliases() {
      return []
    },

    parseWebhook() {
      // The sandbox hands its events to the handler directly; nothing outside may post them.
      throw new WebhookSignatureError('The sandbox provider takes no webhooks')
    },

    async runDue(at) {
      let renewed = 0
      let failed = 0
      let ended = 0
      const due = await db
        .select()
        .from(sandboxSubscriptions)
        .where(
          or(
            and(
              inArray(sandboxSubscriptions.status, ['trialing', 'active']),
              lte(sandboxSubscriptions.currentPeriodEnd, at),
            ),
            and(eq(sandboxSubscriptions.status, 'past_due'), lte(sandboxSubscriptions.nextAttemptAt, at)),
          ),
        )
        .limit(500)
      for (const sub of due) {
        const events = await renew(sub, at)
        for (const e of events) {
          if (e.type === 'invoice.paid') renewed++
          if (e.type === 'invoice.payment_failed') failed++
          if (e.type === 'subscription.deleted') ended++
        }
        await deliverAll(events)
      }
      const stale = await db
        .update(sandboxCheckoutSessions)
        .set({ status: 'expired' })
        .where(and(eq(sandboxCheckoutSessions.status, 'open'), lte(sandboxCheckoutSessions.expiresAt, at)))
        .returning()
      for (const session of stale) {
        await deliver(event({ type: 'checkout.expired', purchaseId: session.purchaseId, sessionId: session.id }, at))
      }
      return { renewed, failed, ended, expired: stale.length }
    },
  }
  return provider
}

function toProviderPayout(row: typeof sandboxPayouts.$inferSelect): ProviderPayout {
  return {
    providerPayoutId: row.id,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status,
    arrivalAt: row.status === 'paid' ? row.createdAt : null,
    createdAt: row.createdAt,
    description: row.description,
  }
}
