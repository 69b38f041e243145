import type { BillingEmails, Charge } from '@picks/contracts'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorBillingFacts, setNewSubscriberEmails } from '../creators/creators.service.ts'
import { billingReceipts } from './receipts.table.ts'

/**
 * A customer's billing history (`/manage-subscriptions`) and one printable receipt (`/receipts/:id`),
 * read from the receipts billing wrote for each charge, renewal, failed renewal and refund.
 */

const chargeKinds = ['charge', 'renewal', 'renewal_failed'] as const

/**
 * The printable receipt (`/receipts/:id`, which shows charges only) a billing e-mail links to: a
 * charge, a renewal or a failed renewal its own; a refund the charge it refunded, which shows the
 * refund; a cancellation or a creator's notice none.
 */
export async function receiptPageOf(
  db: Db,
  receipt: Pick<typeof billingReceipts.$inferSelect, 'id' | 'kind' | 'recipientId' | 'paymentRef'>,
): Promise<string | null> {
  if ((chargeKinds as readonly string[]).includes(receipt.kind)) return receipt.id
  if (receipt.kind !== 'refund' || !receipt.paymentRef) return null
  const [charged] = await db
    .select({ id: billingReceipts.id })
    .from(billingReceipts)
    .where(
      and(
        eq(billingReceipts.paymentRef, receipt.paymentRef),
        eq(billingReceipts.recipientId, receipt.recipientId),
        inArray(billingReceipts.kind, ['charge', 'renewal']),
      ),
    )
    .limit(1)
  return charged?.id ?? null
}

/** The cents refunded so far on a row's charge. */
const refundedCents = sql<number>`coalesce((
  select sum(r.amount_cents) from billing_receipts r
  where r.kind = 'refund' and r.payment_ref = "billing_receipts"."payment_ref"
), 0)::int`.mapWith(Number)

/** More than a person's history holds in practice; the list is not paged. */
const maxCharges = 500

function chargeOf(row: typeof billingReceipts.$inferSelect, refunded: number): Charge {
  const kind = row.kind as (typeof chargeKinds)[number]
  return {
    id: row.id,
    purchase_id: row.purchaseId,
    kind,
    status: kind === 'renewal_failed' ? 'failed' : refunded > 0 ? 'refunded' : 'paid',
    amount_cents: row.amountCents,
    refunded_cents: refunded,
    currency: row.currency,
    plan_name: row.planName,
    creator_name: row.creatorName,
    period_start: row.periodStart?.toISOString() ?? null,
    period_end: row.periodEnd?.toISOString() ?? null,
    card_last4: row.cardLast4,
    occurred_at: row.occurredAt.toISOString(),
  }
}

/** Every charge of the customer, newest first. */
export async function chargesOf(db: Db, userId: string): Promise<Charge[]> {
  const rows = await db
    .select({ row: billingReceipts, refunded: refundedCents })
    .from(billingReceipts)
    .where(and(eq(billingReceipts.recipientId, userId), inArray(billingReceipts.kind, [...chargeKinds])))
    .orderBy(desc(billingReceipts.occurredAt), desc(billingReceipts.id))
    .limit(maxCharges)
  return rows.map(({ row, refunded }) => chargeOf(row, refunded))
}

/** One charge of the customer; 404 when it is not theirs or not a charge. */
export async function chargeOfUser(db: Db, userId: string, chargeId: string): Promise<Charge> {
  const [found] = await db
    .select({ row: billingReceipts, refunded: refundedCents })
    .from(billingReceipts)
    .where(
      and(
        eq(billingReceipts.id, chargeId),
        eq(billingReceipts.recipientId, userId),
        inArray(billingReceipts.kind, [...chargeKinds]),
      ),
    )
  if (!found) throw new AppError('NOT_FOUND', 'Receipt not found')
  return chargeOf(found.row, found.refunded)
}

/** The creator's billing e-mail switch; 404 without a creator profile. */
export async function billingEmailsOf(db: Db, creatorId: string): Promise<BillingEmails> {
  const facts = await creatorBillingFacts(db, creatorId)
  if (!facts) throw new AppError('NOT_FOUND', 'Creator not found')
  return { new_subscriber_emails: facts.newSubscriberEmails }
}

export async function setBillingEmails(db: Db, creatorId: string, on: boolean): Promise<BillingEmails> {
  const stored = await setNewSubscriberEmails(db, creatorId, on)
  if (stored === null) throw new AppError('NOT_FOUND', 'Creator not found')
  return { new_subscriber_emails: stored }
}
