import type { RefundBody, RefundState } from '@picks/contracts'
import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger, FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { affiliateShareOfRefund } from '../affiliates/affiliates.service.ts'
import { recordAudit } from '../audit/audit.service.ts'
import { callerOf } from '../auth/guard.ts'
import { bookRefund, latestChargeRefunds, purchaseOfCharge, type RefundBooking } from '../ledger/ledger.service.ts'
import { PaymentProviderError, type PaymentEvent, type PaymentProvider } from '../payments/payments.service.ts'
import { endRefundedPurchase, purchaseGivesAccess, purchaseRowById } from '../purchases/purchases.service.ts'
import { recordRefundReceipt, type ReceiptDeps } from './receipts.service.ts'
import { adminRefunds } from './refunds.table.ts'

/**
 * Refunds (docs/decisions/032-refunds.md). An administrator asks for one through
 * POST /admin/purchases/{id}/refund (`refundPurchase`); the money is booked only from the
 * provider's `charge.refunded` event (`applyRefundEvent`, from billing's one event handler), which
 * also covers a refund made at the provider directly (Stripe's Dashboard). Either way, a refund that
 * gives back the whole of the purchase's latest charge ends the purchase at once, and a
 * subscription is cancelled at the provider so it does not renew.
 */

type RefundEvent = Extract<PaymentEvent, { type: 'charge.refunded' }>

/**
 * Applies a provider's refund inside the transaction that records the event: books what was newly
 * refunded (with the fee's share given back), ends the purchase when its latest charge is refunded in
 * full, and writes the customer's refund receipt. A repeated or older event books nothing more.
 * Returns the ledger's booking (the charge and what is refunded of it), null when the charge is not booked.
 */
export async function applyRefundEvent(deps: ReceiptDeps, event: RefundEvent): Promise<RefundBooking | null> {
  const booking = await bookRefund(deps.db, {
    paymentRef: event.paymentRef,
    amountRefundedCents: event.amountRefundedCents,
    occurredAt: event.occurredAt,
  })
  const purchaseId = booking?.charge.purchaseId
  if (purchaseId && (await refundedInFull(deps.db, purchaseId, event.paymentRef))) {
    await endRefundedPurchase(deps.db, purchaseId, event.occurredAt)
  }
  await recordRefundReceipt(deps, event, booking?.newCents ?? 0)
  return booking
}

/** Whether the purchase's latest charge (`paymentRef`, when given) is refunded in full in the ledger. */
async function refundedInFull(db: Db, purchaseId: string, paymentRef?: string): Promise<boolean> {
  const latest = await latestChargeRefunds(db, purchaseId)
  if (!latest || (paymentRef !== undefined && latest.paymentRef !== paymentRef)) return false
  return latest.refundedCents >= latest.chargedCents
}

export interface StopDeps {
  db: Db
  provider: PaymentProvider
  log: Pick<FastifyBaseLogger, 'warn'>
}

/**
 * After a refund in full committed: the subscription it ended is cancelled at the provider now, so
 * it never renews. The same key every time, so the admin's request and the provider's event asking
 * for it both make one cancellation. A failure is logged: the purchase has ended on our side anyway.
 */
export async function stopRefundedSubscription(deps: StopDeps, purchaseId: string): Promise<void> {
  const purchase = await purchaseRowById(deps.db, purchaseId)
  if (!purchase?.providerSubscriptionId || purchase.status !== 'canceled') return
  try {
    await deps.provider.cancelSubscription(purchase.providerSubscriptionId, {
      atPeriodEnd: false,
      idempotencyKey: `refund-end:${purchase.id}`,
    })
  } catch (err) {
    deps.log.warn({ err, purchaseId }, 'refund: the subscription could not be cancelled at the provider')
  }
}

/**
 * What follows a committed `charge.refunded` event: a subscription this event ended (a refund in full
 * made at the provider, or the sandbox's event arriving before our request returns) stops at the
 * provider. One an administrator's request ended already was stopped by that request (its end time
 * is the request's, not the event's), and Stripe would refuse cancelling it twice.
 */
export async function afterRefundEvent(deps: StopDeps, event: RefundEvent): Promise<void> {
  const purchaseId = await purchaseOfCharge(deps.db, event.paymentRef)
  const purchase = purchaseId ? await purchaseRowById(deps.db, purchaseId) : null
  if (purchase?.endedAt?.getTime() === event.occurredAt.getTime()) await stopRefundedSubscription(deps, purchase.id)
}

/**
 * The refund event naming the payment as the ledger booked it. Stripe's refund events name a
 * subscription's payment by its payment intent, while its invoice event may have named it by the
 * invoice (current API versions leave the payment intent out of it): the provider is asked for the
 * payment's other names before the event is applied. If the provider cannot answer now, the error
 * fails the delivery and the provider sends the event again later.
 */
export async function withBookedPaymentRef(
  deps: Pick<StopDeps, 'db' | 'provider'>,
  event: RefundEvent,
): Promise<RefundEvent> {
  if (await purchaseOfCharge(deps.db, event.paymentRef)) return event
  for (const alias of await deps.provider.paymentAliases(event.paymentRef)) {
    if (await purchaseOfCharge(deps.db, alias)) return { ...event, paymentRef: alias }
  }
  return event
}

/**
 * Where the purchase's refund stands. Refunded is the larger of what the ledger booked from the
 * provider's events and what administrators asked for: an asked refund counts before its event has
 * come, so a second request cannot give the same money back twice.
 */
export async function refundState(db: Db, purchaseId: string, now: Date): Promise<RefundState | null> {
  const purchase = await purchaseRowById(db, purchaseId)
  if (!purchase) return null
  const latest = await latestChargeRefunds(db, purchaseId)
  let refunded = latest?.refundedCents ?? 0
  if (latest) {
    const [asked] = await db
      .select({ cents: sql<string | number>`coalesce(sum(${adminRefunds.amountCents}), 0)` })
      .from(adminRefunds)
      .where(eq(adminRefunds.paymentRef, latest.paymentRef))
    refunded = Math.min(Math.max(refunded, Number(asked?.cents ?? 0)), latest.chargedCents)
  }
  const charged = latest?.chargedCents ?? 0
  return {
    purchaseId,
    chargedCents: charged,
    refundedCents: refunded,
    refundableCents: charged - refunded,
    currency: latest?.currency ?? purchase.currency,
    refundStatus: refunded <= 0 ? 'none' : refunded >= charged ? 'full' : 'partial',
    status: purchase.status,
    hasAccess: purchaseGivesAccess(purchase, now),
  }
}

export interface RefundDeps extends StopDeps {
  now: () => Date
}

function stateOrMissing(state: RefundState | null): RefundState {
  if (!state) throw new AppError('NOT_FOUND', 'Purchase not found')
  return state
}

/** The audit's view of a refund state. */
function audited(state: RefundState) {
  return {
    chargedCents: state.chargedCents,
    refundedCents: state.refundedCents,
    refundableCents: state.refundableCents,
    refundStatus: state.refundStatus,
    status: state.status,
  }
}

/**
 * A verified administrator refunds a purchase's latest charge, in full (no amount) or in part,
 * under the request's `Idempotency-Key`: the same key again answers the state and refunds nothing
 * more. The provider is asked first (under a key derived from ours, so a retry there refunds once
 * too); the request's row, the purchase ended by a refund in full, and the audit entry are then
 * written in one transaction.
 */
export async function refundPurchase(
  deps: RefundDeps,
  request: FastifyRequest,
  purchaseId: string,
  body: RefundBody,
  idempotencyKey: string,
): Promise<RefundState> {
  /** The answer to a request whose key is stored already; null when it is not. */
  const replayed = async (): Promise<RefundState | null> => {
    const [earlier] = await deps.db.select().from(adminRefunds).where(eq(adminRefunds.idempotencyKey, idempotencyKey))
    if (!earlier) return null
    if (
      earlier.purchaseId !== purchaseId ||
      (body.amountCents !== undefined && body.amountCents !== earlier.amountCents)
    )
      throw new AppError('CONFLICT', 'This Idempotency-Key was used for another refund; use a new key', {
        reason: 'IDEMPOTENCY_KEY_REUSED',
      })
    return stateOrMissing(await refundState(deps.db, purchaseId, deps.now()))
  }
  try {
    return (await replayed()) ?? (await refundOnce(deps, request, purchaseId, body, idempotencyKey))
  } catch (error) {
    // The same request sent twice at once: the first refunded (and stored the key) while this one
    // was checking, so this one found less to refund or the provider refusing; it answers as a repeat.
    if (error instanceof AppError && error.code !== 'SERVICE_UNAVAILABLE') {
      const state = await replayed()
      if (state) return state
    }
    throw error
  }
}

async function refundOnce(
  deps: RefundDeps,
  request: FastifyRequest,
  purchaseId: string,
  body: RefundBody,
  idempotencyKey: string,
): Promise<RefundState> {
  const before = stateOrMissing(await refundState(deps.db, purchaseId, deps.now()))
  const charge = await latestChargeRefunds(deps.db, purchaseId)
  if (!charge) {
    throw new AppError('CONFLICT', 'This purchase has no payment to refund (a free trial or an unpaid checkout)', {
      reason: 'NOT_CHARGED',
    })
  }
  const amountCents = body.amountCents ?? before.refundableCents
  if (amountCents <= 0 || amountCents > before.refundableCents) {
    throw new AppError('VALIDATION_FAILED', 'The refund is more than is left to refund', {
      details: [
        {
          field: 'body.amountCents',
          message:
            before.refundableCents > 0
              ? `must be at most ${before.refundableCents} (the refundable rest)`
              : 'nothing is left to refund: the payment was refunded in full',
        },
      ],
    })
  }
  // The part of the refund an affiliate's commission transfer gives back (decision 038): the
  // creator's share of the charge no longer holds it.
  const affiliateCents = await affiliateShareOfRefund(deps.db, {
    paymentRef: charge.paymentRef,
    chargedCents: charge.chargedCents,
    refundedBeforeCents: before.refundedCents,
    amountCents,
  })
  try {
    await deps.provider.refund({
      paymentRef: charge.paymentRef,
      amountCents,
      reason: body.reason,
      ...(affiliateCents > 0 ? { affiliateCents } : {}),
      idempotencyKey: `admin-refund:${idempotencyKey}`,
    })
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error
    if (error.reason === 'invalid_request') {
      throw new AppError('CONFLICT', `The payment provider refused the refund: ${error.message}`, {
        reason: 'PROVIDER_REFUSED',
      })
    }
    throw new AppError('SERVICE_UNAVAILABLE', 'The payment provider could not be reached. Please try again.', {
      reason: 'PROVIDER',
    })
  }
  const at = deps.now()
  const { user } = await callerOf(request)
  const ended = await deps.db.transaction(async (tx) => {
    // The purchase row first, as the provider's refund event takes it (lockEventPurchase): the same
    // refund sent twice at once then waits here instead of deadlocking on PostgreSQL, where one
    // transaction held the purchase through the refund row's key and the other its update.
    await tx.execute(sql`select 1 from purchases where id = ${purchaseId} for update`)
    const [recorded] = await tx
      .insert(adminRefunds)
      .values({
        idempotencyKey,
        purchaseId,
        paymentRef: charge.paymentRef,
        amountCents,
        reason: body.reason,
        requestedBy: user.id,
        createdAt: at,
      })
      .onConflictDoNothing({ target: adminRefunds.idempotencyKey })
      .returning({ id: adminRefunds.id })
    // The same key sent twice at once: the provider refunded once, and the first request records it.
    if (!recorded) return false
    const asked = stateOrMissing(await refundState(tx, purchaseId, at))
    const full = asked.refundStatus === 'full'
    // Null when the provider's event came first and ended it (and stopped the subscription) already.
    const endedHere = full ? await endRefundedPurchase(tx, purchaseId, at) : null
    const after = full ? stateOrMissing(await refundState(tx, purchaseId, at)) : asked
    await recordAudit(tx, request, at, {
      action: 'purchase.refunded',
      target: { type: 'purchase', id: purchaseId },
      before: audited(before),
      after: { ...audited(after), amountCents, currency: after.currency },
      reason: body.reason,
    })
    return endedHere !== null
  })
  if (ended) await stopRefundedSubscription(deps, purchaseId)
  return stateOrMissing(await refundState(deps.db, purchaseId, deps.now()))
}
