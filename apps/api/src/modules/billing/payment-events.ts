import type { Db } from '../../db/client.ts'
import { bookAffiliateCommission } from '../affiliates/affiliates.service.ts'
import { hasCharge, reverseCommission } from '../ledger/ledger.service.ts'
import type { PaymentEvent, ProviderName } from '../payments/payments.service.ts'
import { recordAccountStatus, settlePayout } from '../payouts/payouts.service.ts'
import { applyPurchaseEvent, lockEventPurchase } from '../purchases/purchases.service.ts'
import { paymentEvents } from './billing.table.ts'
import { recordPurchaseReceipts } from './receipts.service.ts'
import { applyRefundEvent } from './refunds.service.ts'

/**
 * The one handler of payment events, whichever provider sent them (Stripe's webhooks or the
 * sandbox). Each event is recorded by id in the same transaction that applies it: a repeated event
 * finds its id taken and changes nothing, and a failure rolls both back so the provider's retry
 * applies it later. Each event goes to its owner: checkout, invoice and subscription events to
 * purchases (which books their payments in the ledger, and then affiliates their commission), refunds to refunds.service.ts (the ledger,
 * and the purchase when refunded in full), and account and
 * payout events to payouts. The receipts an event calls for are written in the same transaction
 * (receipts.service.ts), so they too come once per event; they are sent after the commit.
 */

export interface EventDeps {
  db: Db
  provider: ProviderName
  /** Days a charge stays pending before the creator can withdraw it. */
  holdDays: number
  /** Called after an account event committed: it may have put plans on sale or taken them off (the shop's cache). */
  onSaleChanged?: () => Promise<void>
}

/** Applies `event` once; false when it had been applied before. */
export async function applyPaymentEvent(deps: EventDeps, event: PaymentEvent): Promise<boolean> {
  const applied = await deps.db.transaction(async (tx) => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({
        id: `${deps.provider}:${event.id}`,
        provider: deps.provider,
        type: event.type,
        occurredAt: event.occurredAt,
        payload: JSON.parse(JSON.stringify(event)) as object,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id })
    if (!recorded.length) return false
    await dispatch({ ...deps, db: tx }, event)
    return true
  })
  if (applied && event.type === 'account.updated') await deps.onSaleChanged?.()
  return applied
}

async function dispatch(deps: EventDeps, event: PaymentEvent): Promise<void> {
  switch (event.type) {
    case 'checkout.completed':
    case 'checkout.expired':
    case 'invoice.paid':
    case 'invoice.payment_failed':
    case 'subscription.updated':
    case 'subscription.deleted': {
      // The purchase as it was, for its receipts: locked first, as applying the event locks it too.
      const before = await lockEventPurchase(deps.db, event)
      const chargedBefore = before ? await hasCharge(deps.db, before.id) : false
      await applyPurchaseEvent(deps, event)
      // A referred payment earns its affiliate's commission, out of the creator's share (decision 038).
      if (before && 'payment' in event && event.payment) {
        const { paymentRef } = event.payment
        await bookAffiliateCommission(deps.db, { purchase: before, paymentRef, first: !chargedBefore })
      }
      if (before) await recordPurchaseReceipts(deps, event, before, chargedBefore)
      return
    }
    case 'charge.refunded': {
      const booking = await applyRefundEvent(deps, event)
      if (!booking) return
      // The commission the payment earned goes back in proportion (decision 038).
      const { paymentRef, occurredAt } = event
      return reverseCommission(deps.db, {
        paymentRef,
        occurredAt,
        charge: booking.charge,
        refundedCents: booking.refundedCents,
      })
    }
    case 'account.updated':
      return recordAccountStatus(deps, event)
    case 'payout.paid':
    case 'payout.failed':
      return settlePayout(deps, event)
  }
}
