import { addPlanInterval, liveStatuses } from '@picks/contracts'
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'
import { creatorBillingFacts } from '../creators/creators.service.ts'
import { purchaseOfCharge } from '../ledger/ledger.service.ts'
import { classifySendFailure, SendFailure, type EmailSender } from '../notifications/notifications.service.ts'
import type { PaymentEvent, ProviderName } from '../payments/payments.service.ts'
import { purchaseRowById, type PurchaseEvent, type PurchaseRow } from '../purchases/purchases.service.ts'
import { findUserById } from '../users/users.service.ts'
import { receiptPageOf } from './billing-history.ts'
import { receiptEmail } from './receipt-messages.ts'
import { billingReceipts, type ReceiptKind } from './receipts.table.ts'

/**
 * Receipts (docs/decisions/026-receipts-and-billing-history.md). Billing's event switch calls
 * `recordPurchaseReceipts` and `recordRefundReceipt` inside the transaction that applies the event:
 * each writes at most one row per event and kind, so a repeated event writes none. `sendReceipts`
 * sends what is unsent after the commit, and billing's scheduled job retries whatever could not go.
 */

type ReceiptInsert = typeof billingReceipts.$inferInsert

export interface ReceiptDeps {
  /** The transaction applying the event. */
  db: Db
  provider: ProviderName
}

/** Receipts the provider sends itself: Stripe e-mails a receipt for each successful charge and each refund. */
const providerSends: Record<ProviderName, readonly ReceiptKind[]> = {
  stripe: ['charge', 'renewal', 'refund'],
  sandbox: [],
}

async function insertReceipts(deps: ReceiptDeps, rows: ReceiptInsert[]): Promise<void> {
  if (!rows.length) return
  const stamped = rows.map((row) =>
    row.emailStatus === undefined && providerSends[deps.provider].includes(row.kind)
      ? { ...row, emailStatus: 'provider' as const }
      : row,
  )
  await deps.db.insert(billingReceipts).values(stamped).onConflictDoNothing()
}

/** The card of the purchase's latest charge, for a receipt whose event names none. */
async function lastCard(db: Db, purchaseId: string): Promise<string | null> {
  const [row] = await db
    .select({ cardLast4: billingReceipts.cardLast4 })
    .from(billingReceipts)
    .where(and(eq(billingReceipts.purchaseId, purchaseId), isNotNull(billingReceipts.cardLast4)))
    .orderBy(desc(billingReceipts.occurredAt))
    .limit(1)
  return row?.cardLast4 ?? null
}

async function creatorOf(db: Db, creatorId: string) {
  return (await creatorBillingFacts(db, creatorId)) ?? { name: 'the creator', newSubscriberEmails: false }
}

/** Whether the event stops the subscription: now, or at the end of the period. */
function cancels(event: PurchaseEvent): boolean {
  if (event.type === 'subscription.deleted') return true
  if (event.type !== 'subscription.updated') return false
  return event.cancelAtPeriodEnd || event.status === 'canceled' || event.status === 'unpaid'
}

/**
 * Whether a cancellation was already confirmed in the purchase's current period (since its latest
 * charge): a cancel at the period's end and the end itself make one notice, and so does a second
 * cancel after resuming within the same period. Our own cancel route and the provider's event may
 * come in either order, so this looks at what was sent rather than at the purchase's fields.
 */
async function noticedThisPeriod(db: Db, purchase: PurchaseRow): Promise<boolean> {
  const [row] = await queryRows<{ noticed: boolean }>(
    db,
    sql`select exists (
          select 1 from billing_receipts
          where purchase_id = ${purchase.id} and kind = 'cancellation'
            and occurred_at >= coalesce(
              (select max(occurred_at) from billing_receipts
               where purchase_id = ${purchase.id} and kind in ('charge', 'renewal')),
              ${purchase.createdAt.toISOString()}::timestamptz)
        ) as noticed`,
  )
  return row?.noticed === true
}

/**
 * The receipts a purchase event calls for, given the purchase before it (`before`, locked) and
 * whether the purchase had been charged before: a first charge, a renewal, a failed renewal, a
 * cancellation, and the creator's notice of a new subscriber.
 */
export async function recordPurchaseReceipts(
  deps: ReceiptDeps,
  event: PurchaseEvent,
  before: PurchaseRow,
  chargedBefore: boolean,
): Promise<void> {
  const after = await purchaseRowById(deps.db, before.id)
  if (!after) return
  const creator = await creatorOf(deps.db, after.creatorId)
  const base = {
    eventId: `${deps.provider}:${event.id}`,
    recipientId: after.userId,
    purchaseId: after.id,
    planName: after.planName,
    creatorName: creator.name,
    currency: after.currency,
    occurredAt: event.occurredAt,
  }
  const rows: ReceiptInsert[] = []
  const payment = event.type === 'checkout.completed' || event.type === 'invoice.paid' ? event.payment : null
  if (payment) {
    const renewal = event.type === 'invoice.paid' && chargedBefore
    rows.push({
      ...base,
      kind: renewal ? 'renewal' : 'charge',
      amountCents: payment.amountCents,
      currency: payment.currency,
      periodStart: event.type === 'invoice.paid' ? event.periodStart : after.currentPeriodStart,
      periodEnd: event.type === 'invoice.paid' ? event.periodEnd : after.currentPeriodEnd,
      cardLast4: payment.cardLast4 ?? null,
      paymentRef: payment.paymentRef,
    })
  }
  if (event.type === 'invoice.payment_failed' && liveStatuses.includes(before.status)) {
    const dueFrom = before.currentPeriodEnd
    rows.push({
      ...base,
      kind: 'renewal_failed',
      // What was asked for: the price, less a promo code's discount on the payments it covers.
      amountCents: event.amountDueCents ?? before.priceCents,
      periodStart: dueFrom,
      periodEnd: dueFrom && before.interval ? addPlanInterval(dueFrom, before.interval) : null,
      cardLast4: await lastCard(deps.db, before.id),
    })
  }
  if (after.kind === 'subscription' && cancels(event) && before.status !== 'canceled' && before.status !== 'expired') {
    if (!(await noticedThisPeriod(deps.db, after))) {
      rows.push({
        ...base,
        kind: 'cancellation',
        amountCents: 0,
        periodStart: after.currentPeriodStart,
        periodEnd: after.endedAt ?? after.currentPeriodEnd,
      })
    }
  }
  const newBuyer =
    (before.status === 'pending' || before.status === 'incomplete') && liveStatuses.includes(after.status)
  if (newBuyer) {
    rows.push({
      ...base,
      kind: 'new_subscriber',
      recipientId: after.creatorId,
      amountCents: after.priceCents,
      periodStart: after.currentPeriodStart,
      periodEnd: after.currentPeriodEnd,
      emailStatus: creator.newSubscriberEmails ? 'pending' : 'off',
    })
  }
  await insertReceipts(deps, rows)
}

/** The receipt of a refund: `refundedCents` is what this event newly refunded (0: nothing new). */
export async function recordRefundReceipt(
  deps: ReceiptDeps,
  event: Extract<PaymentEvent, { type: 'charge.refunded' }>,
  refundedCents: number,
): Promise<void> {
  if (refundedCents <= 0) return
  const purchaseId = await purchaseOfCharge(deps.db, event.paymentRef)
  const purchase = purchaseId ? await purchaseRowById(deps.db, purchaseId) : null
  if (!purchase) return
  const creator = await creatorOf(deps.db, purchase.creatorId)
  const [charged] = await deps.db
    .select({
      cardLast4: billingReceipts.cardLast4,
      periodStart: billingReceipts.periodStart,
      periodEnd: billingReceipts.periodEnd,
    })
    .from(billingReceipts)
    .where(and(eq(billingReceipts.paymentRef, event.paymentRef), inArray(billingReceipts.kind, ['charge', 'renewal'])))
  await insertReceipts(deps, [
    {
      eventId: `${deps.provider}:${event.id}`,
      kind: 'refund',
      recipientId: purchase.userId,
      purchaseId: purchase.id,
      planName: purchase.planName,
      creatorName: creator.name,
      amountCents: refundedCents,
      currency: event.currency,
      periodStart: charged?.periodStart ?? null,
      periodEnd: charged?.periodEnd ?? null,
      cardLast4: charged?.cardLast4 ?? null,
      paymentRef: event.paymentRef,
      occurredAt: event.occurredAt,
    },
  ])
}

export interface SendDeps {
  db: Db
  email: EmailSender
  /** The site's public address, for the receipt's links. */
  publicUrl: string
  log: { error(obj: object, msg: string): void }
}

/** A claim older than this was left by a process that stopped: the row is sent again. */
const staleClaimMinutes = 10
const maxAttempts = 8

/** Sends unsent billing e-mails (at most `limit`); how many went. Never throws for a failed send. */
export async function sendReceipts(deps: SendDeps, limit = 25): Promise<number> {
  const claimed = await queryRows<{ id: string }>(
    deps.db,
    sql`update billing_receipts set email_status = 'sending', claimed_at = now(), attempts = attempts + 1
        where id in (
          select id from billing_receipts
          where email_status = 'pending'
             or (email_status = 'sending' and claimed_at < now() - make_interval(mins => ${staleClaimMinutes}))
          order by created_at limit ${limit}
          for update skip locked)
        returning id`,
  )
  if (!claimed.length) return 0
  const rows = await deps.db
    .select()
    .from(billingReceipts)
    .where(
      inArray(
        billingReceipts.id,
        claimed.map((c) => c.id),
      ),
    )
  const site = deps.publicUrl.replace(/\/$/, '')
  let sent = 0
  for (const receipt of rows) {
    try {
      const [recipient, purchase] = await Promise.all([
        findUserById({ db: deps.db }, receipt.recipientId),
        purchaseRowById(deps.db, receipt.purchaseId),
      ])
      if (!recipient || !purchase) throw new SendFailure('The recipient or the purchase is gone', true)
      const subscription = purchase.kind === 'subscription'
      const receiptPageId = await receiptPageOf(deps.db, receipt)
      await deps.email.send(receiptEmail({ ...receipt, to: recipient.email, subscription, receiptPageId }, site))
      await deps.db
        .update(billingReceipts)
        .set({ emailStatus: 'sent', sentAt: sql`now()` })
        .where(eq(billingReceipts.id, receipt.id))
      sent++
    } catch (err) {
      const failure = classifySendFailure(err)
      const givenUp = failure.permanent || receipt.attempts >= maxAttempts
      await deps.db
        .update(billingReceipts)
        .set({ emailStatus: givenUp ? 'failed' : 'pending' })
        .where(eq(billingReceipts.id, receipt.id))
      // The receipt's id and kind only: no address or name in the log.
      deps.log.error(
        { receiptId: receipt.id, kind: receipt.kind, reason: failure.message, givenUp },
        'billing e-mail could not be sent',
      )
    }
  }
  return sent
}
