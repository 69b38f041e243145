import { addPlanInterval, liveStatuses } from '@picks/contracts'
import { and, eq, inArray, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.ts'
import type { PaymentCharge, PaymentEvent, SubscriptionState } from '../payments/payments.service.ts'
import { bookCharge, hasCharge } from '../ledger/ledger.service.ts'
import { purchases } from './purchases.table.ts'

/**
 * What the provider's checkout, invoice and subscription events do to a purchase (billing's event
 * switch, billing/payment-events.ts, hands them here inside the transaction that records the event).
 * Events about one purchase may come in any order: periods only move forward, an older status never
 * overwrites a newer one, and an ended subscription stays ended. A payment they carry is booked in
 * the ledger.
 */

export interface PurchaseEventDeps {
  /** The transaction that records the event. */
  db: Db
  /** Days a charge stays pending before the creator can withdraw it. */
  holdDays: number
}

/** The provider events that are about a purchase. */
export type PurchaseEvent = Extract<
  PaymentEvent,
  {
    type:
      | 'checkout.completed'
      | 'checkout.expired'
      | 'invoice.paid'
      | 'invoice.payment_failed'
      | 'subscription.updated'
      | 'subscription.deleted'
  }
>

export type PurchaseRow = typeof purchases.$inferSelect
const isUuid = z.uuid()
const dayMs = 24 * 60 * 60 * 1000

/** Applies a purchase's event (once: the caller records the event's id in the same transaction). */
export async function applyPurchaseEvent(deps: PurchaseEventDeps, event: PurchaseEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.completed':
      return checkoutCompleted(deps, event)
    case 'checkout.expired':
      return checkoutExpired(deps, event)
    case 'invoice.paid':
      return invoicePaid(deps, event)
    case 'invoice.payment_failed':
      return invoiceFailed(deps, event)
    case 'subscription.updated':
      return subscriptionUpdated(deps, event)
    case 'subscription.deleted':
      return subscriptionDeleted(deps, event)
  }
}

/**
 * Locks the purchase an event is about and returns it as it is before the event: billing reads it
 * for the event's receipts, in the same transaction, before applying the event.
 */
export function lockEventPurchase(db: Db, event: PurchaseEvent): Promise<PurchaseRow | null> {
  return lockPurchase(db, {
    purchaseId: event.purchaseId,
    subscriptionId: 'subscriptionId' in event ? event.subscriptionId : null,
  })
}

/** A purchase's row, as it is now (billing's receipts read it after an event). */
export async function purchaseRowById(db: Db, id: string): Promise<PurchaseRow | null> {
  const [row] = await db.select().from(purchases).where(eq(purchases.id, id))
  return row ?? null
}

type EventOf<T extends PaymentEvent['type']> = Extract<PaymentEvent, { type: T }>

/** Locks and returns the purchase an event is about, found by our id or the provider's subscription id. */
async function lockPurchase(
  db: Db,
  ids: { purchaseId?: string | null; subscriptionId?: string | null },
): Promise<PurchaseRow | null> {
  const conditions = []
  if (ids.purchaseId && isUuid.safeParse(ids.purchaseId).success) conditions.push(eq(purchases.id, ids.purchaseId))
  if (ids.subscriptionId) conditions.push(eq(purchases.providerSubscriptionId, ids.subscriptionId))
  if (!conditions.length) return null
  const [row] = await db
    .select()
    .from(purchases)
    .where(or(...conditions))
    .limit(1)
    .for('update')
  return row ?? null
}

/** Books a payment for the purchase; a subscription's later payments read as renewals. */
async function bookPurchaseCharge(
  deps: PurchaseEventDeps,
  purchase: PurchaseRow,
  payment: PaymentCharge,
  occurredAt: Date,
): Promise<void> {
  const renewal = purchase.kind === 'subscription' && (await hasCharge(deps.db, purchase.id))
  const description =
    purchase.kind === 'one_time'
      ? `${purchase.planName} (pass)`
      : `${purchase.planName} ${renewal ? 'renewal' : 'subscription'}`
  await bookCharge(deps.db, {
    creatorId: purchase.creatorId,
    purchaseId: purchase.id,
    charge: payment,
    occurredAt,
    holdDays: deps.holdDays,
    description,
  })
}

/** The later of two instants (null counts as the earliest). */
function later(a: Date | null, b: Date): Date {
  return a && a.getTime() > b.getTime() ? a : b
}

async function checkoutCompleted(deps: PurchaseEventDeps, event: EventOf<'checkout.completed'>): Promise<void> {
  const purchase = await lockPurchase(deps.db, { purchaseId: event.purchaseId })
  if (!purchase) return
  if (event.payment) await bookPurchaseCharge(deps, purchase, event.payment, event.occurredAt)
  // Paid, or a trial started: only a purchase still waiting on its checkout changes here; the
  // invoice and subscription events (which may already have come) carry the rest.
  if (purchase.status !== 'pending' && purchase.status !== 'incomplete') {
    if (event.subscriptionId && !purchase.providerSubscriptionId) {
      await deps.db
        .update(purchases)
        .set({ providerSubscriptionId: event.subscriptionId, updatedAt: sql`now()` })
        .where(eq(purchases.id, purchase.id))
    }
    return
  }
  const start = event.occurredAt
  const end =
    purchase.kind === 'one_time'
      ? new Date(start.getTime() + (purchase.accessDays ?? 1) * dayMs)
      : purchase.trialDays > 0
        ? new Date(start.getTime() + purchase.trialDays * dayMs)
        : addPlanInterval(start, purchase.interval ?? 'month')
  await deps.db
    .update(purchases)
    .set({
      status: purchase.kind === 'subscription' && purchase.trialDays > 0 ? 'trialing' : 'active',
      autoRenewal: purchase.kind === 'subscription',
      currentPeriodStart: start,
      currentPeriodEnd: later(purchase.currentPeriodEnd, end),
      providerSubscriptionId: event.subscriptionId ?? purchase.providerSubscriptionId,
      statusEventAt: later(purchase.statusEventAt, event.occurredAt),
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, purchase.id))
}

async function checkoutExpired(deps: PurchaseEventDeps, event: EventOf<'checkout.expired'>): Promise<void> {
  if (!isUuid.safeParse(event.purchaseId).success) return
  await deps.db
    .update(purchases)
    .set({ status: 'incomplete', updatedAt: sql`now()` })
    .where(sql`${purchases.id} = ${event.purchaseId}::uuid and ${purchases.status} = 'pending'`)
}

async function invoicePaid(deps: PurchaseEventDeps, event: EventOf<'invoice.paid'>): Promise<void> {
  const purchase = await lockPurchase(deps.db, { purchaseId: event.purchaseId, subscriptionId: event.subscriptionId })
  if (!purchase) return
  if (event.payment) await bookPurchaseCharge(deps, purchase, event.payment, event.occurredAt)
  const ended = purchase.status === 'canceled' || purchase.status === 'expired'
  const newer = !purchase.statusEventAt || event.occurredAt.getTime() >= purchase.statusEventAt.getTime()
  const movesForward = !purchase.currentPeriodEnd || event.periodEnd.getTime() > purchase.currentPeriodEnd.getTime()
  await deps.db
    .update(purchases)
    .set({
      providerSubscriptionId: purchase.providerSubscriptionId ?? event.subscriptionId,
      ...(movesForward ? { currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd } : {}),
      ...(!ended && newer
        ? {
            status: event.payment ? ('active' as const) : ('trialing' as const),
            autoRenewal:
              purchase.status === 'pending' || purchase.status === 'incomplete' ? true : purchase.autoRenewal,
            statusEventAt: event.occurredAt,
          }
        : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, purchase.id))
}

async function invoiceFailed(deps: PurchaseEventDeps, event: EventOf<'invoice.payment_failed'>): Promise<void> {
  const purchase = await lockPurchase(deps.db, { purchaseId: event.purchaseId, subscriptionId: event.subscriptionId })
  if (!purchase || !liveStatuses.includes(purchase.status)) return
  if (purchase.statusEventAt && event.occurredAt.getTime() < purchase.statusEventAt.getTime()) return
  await deps.db
    .update(purchases)
    .set({ status: 'past_due', statusEventAt: event.occurredAt, updatedAt: sql`now()` })
    .where(eq(purchases.id, purchase.id))
}

const statusFromProvider: Record<SubscriptionState, PurchaseRow['status'] | null> = {
  trialing: 'trialing',
  active: 'active',
  past_due: 'past_due',
  // Stripe keeps an unpaid subscription open without retrying: no access is paid for.
  unpaid: 'canceled',
  canceled: 'canceled',
  // The first payment has not gone through yet: the checkout events decide.
  incomplete: null,
}

async function subscriptionUpdated(deps: PurchaseEventDeps, event: EventOf<'subscription.updated'>): Promise<void> {
  const purchase = await lockPurchase(deps.db, { purchaseId: event.purchaseId, subscriptionId: event.subscriptionId })
  if (!purchase || purchase.status === 'canceled') return
  if (purchase.statusEventAt && event.occurredAt.getTime() < purchase.statusEventAt.getTime()) return
  const status = statusFromProvider[event.status]
  const ending = status === 'canceled'
  await deps.db
    .update(purchases)
    .set({
      ...(status ? { status } : {}),
      providerSubscriptionId: purchase.providerSubscriptionId ?? event.subscriptionId,
      autoRenewal: !event.cancelAtPeriodEnd && !ending,
      ...(event.cancelAtPeriodEnd && !purchase.canceledAt ? { canceledAt: event.occurredAt } : {}),
      ...(!event.cancelAtPeriodEnd && !ending ? { canceledAt: null } : {}),
      ...(ending ? { endedAt: event.occurredAt } : {}),
      ...(event.currentPeriodEnd && (!purchase.currentPeriodEnd || event.currentPeriodEnd > purchase.currentPeriodEnd)
        ? { currentPeriodEnd: event.currentPeriodEnd }
        : {}),
      statusEventAt: event.occurredAt,
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, purchase.id))
}

async function subscriptionDeleted(deps: PurchaseEventDeps, event: EventOf<'subscription.deleted'>): Promise<void> {
  const purchase = await lockPurchase(deps.db, { purchaseId: event.purchaseId, subscriptionId: event.subscriptionId })
  if (!purchase || purchase.status === 'canceled') return
  await deps.db
    .update(purchases)
    .set({
      status: 'canceled',
      autoRenewal: false,
      canceledAt: purchase.canceledAt ?? event.occurredAt,
      endedAt: event.occurredAt,
      statusEventAt: later(purchase.statusEventAt, event.occurredAt),
      updatedAt: sql`now()`,
    })
    .where(eq(purchases.id, purchase.id))
}

/**
 * Ends a purchase whose latest payment was refunded in full: access stops now and a subscription
 * stops renewing (billing then cancels it at the provider). A purchase already ended or never paid
 * is left as it is; null then, else the ended row.
 */
export async function endRefundedPurchase(db: Db, purchaseId: string, at: Date): Promise<PurchaseRow | null> {
  const [row] = await db
    .update(purchases)
    .set({
      status: 'canceled',
      autoRenewal: false,
      canceledAt: sql`coalesce(${purchases.canceledAt}, ${at.toISOString()}::timestamptz)`,
      endedAt: at,
      statusEventAt: sql`greatest(${purchases.statusEventAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(purchases.id, purchaseId), inArray(purchases.status, ['trialing', 'active', 'past_due'])))
    .returning()
  return row ?? null
}
