import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'
import { affiliateLedgerEntries } from './affiliate-ledger.table.ts'
import { ledgerEntries } from './ledger.table.ts'

/**
 * Affiliates' commissions (decision 038): each is two rows written together, the creator's
 * `affiliate_commission` in the money ledger (out of the creator's share) and the affiliate's
 * `commission` in their own ledger, both under the charge's reference, so booking one twice adds
 * nothing. A refund reverses both in proportion to the running total refunded.
 */

/** A charge as the money ledger booked it, with what an affiliate's reward needs of it. */
export interface BookedCharge {
  paymentRef: string
  creatorId: string
  purchaseId: string
  amountCents: number
  feeCents: number
  currency: string
  occurredAt: Date
  availableAt: Date
}

/** The booked charge under `paymentRef`; null when none is booked or it has no purchase. */
export async function bookedCharge(db: Db, paymentRef: string): Promise<BookedCharge | null> {
  const [charge] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.providerRef, paymentRef)))
  if (!charge?.purchaseId) return null
  const [fee] = await db
    .select({ amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'platform_fee'), eq(ledgerEntries.providerRef, paymentRef)))
  return {
    paymentRef,
    creatorId: charge.creatorId,
    purchaseId: charge.purchaseId,
    amountCents: charge.amountCents,
    feeCents: -(fee?.amountCents ?? 0),
    currency: charge.currency,
    occurredAt: charge.occurredAt,
    availableAt: charge.availableAt,
  }
}

export interface CommissionBooking {
  charge: BookedCharge
  affiliateId: string
  arrangementId: string
  amountCents: number
  description: string
}

/** Books a commission on both sides, available when its charge is; once per charge. */
export async function bookCommission(db: Db, booking: CommissionBooking): Promise<void> {
  const { charge } = booking
  if (booking.amountCents <= 0) return
  const common = {
    purchaseId: charge.purchaseId,
    currency: charge.currency,
    providerRef: charge.paymentRef,
    occurredAt: charge.occurredAt,
    availableAt: charge.availableAt,
    description: booking.description,
  }
  await db
    .insert(ledgerEntries)
    .values({ ...common, creatorId: charge.creatorId, kind: 'affiliate_commission', amountCents: -booking.amountCents })
    .onConflictDoNothing()
  await db
    .insert(affiliateLedgerEntries)
    .values({
      ...common,
      affiliateId: booking.affiliateId,
      arrangementId: booking.arrangementId,
      kind: 'commission',
      amountCents: booking.amountCents,
    })
    .onConflictDoNothing()
}

/**
 * After a refund of the charge `paymentRef` was booked (`bookRefund`, which gives the charge and
 * the total now refunded of it): reverses the commission on it in proportion to everything refunded
 * so far (floored, so a refund in full reverses all of it), less what was reversed before. Nothing
 * when the charge earned no commission, after one query.
 */
export async function reverseCommission(
  db: Db,
  refund: {
    paymentRef: string
    occurredAt: Date
    charge: { creatorId: string; amountCents: number }
    refundedCents: number
  },
): Promise<void> {
  const [earned] = await db
    .select()
    .from(affiliateLedgerEntries)
    .where(
      and(eq(affiliateLedgerEntries.kind, 'commission'), eq(affiliateLedgerEntries.providerRef, refund.paymentRef)),
    )
  if (!earned) return
  const { charge } = refund
  const prefix = `${refund.paymentRef}:refund:`
  const [sums] = await queryRows<{ reversed: string | number }>(
    db,
    sql`select coalesce(-sum(amount_cents), 0) as reversed from affiliate_ledger_entries
        where kind = 'commission_reversal' and starts_with(provider_ref, ${prefix})`,
  )
  const refunded = Math.min(refund.refundedCents, charge.amountCents)
  const due = Math.floor((earned.amountCents * refunded) / charge.amountCents) - Number(sums?.reversed ?? 0)
  if (due <= 0) return
  const common = {
    purchaseId: earned.purchaseId,
    currency: earned.currency,
    providerRef: `${prefix}${refunded}`,
    occurredAt: refund.occurredAt,
    availableAt: refund.occurredAt,
    description: 'Affiliate commission returned with a refund',
  }
  await db
    .insert(ledgerEntries)
    .values({ ...common, creatorId: charge.creatorId, kind: 'affiliate_commission_reversal', amountCents: due })
    .onConflictDoNothing()
  await db
    .insert(affiliateLedgerEntries)
    .values({
      ...common,
      affiliateId: earned.affiliateId,
      arrangementId: earned.arrangementId,
      kind: 'commission_reversal',
      amountCents: -due,
    })
    .onConflictDoNothing()
}

export interface AffiliateBalance {
  currency: string
  availableCents: number
  pendingCents: number
  /** Commissions less their reversals. */
  earnedCents: number
  /** Payouts less failed ones. */
  paidOutCents: number
}

/** An affiliate's balance at `now`, over every creator they work with: sums of their ledger. */
export async function affiliateBalance(db: Db, affiliateId: string, now: Date): Promise<AffiliateBalance> {
  const at = now.toISOString()
  const [row] = await queryRows<Record<keyof Omit<AffiliateBalance, 'currency'>, string | number | null>>(
    db,
    sql`select
          coalesce(sum(amount_cents) filter (where available_at <= ${at}::timestamptz), 0) as "availableCents",
          coalesce(sum(amount_cents) filter (where available_at > ${at}::timestamptz), 0) as "pendingCents",
          coalesce(sum(amount_cents) filter (where kind in ('commission', 'commission_reversal')), 0) as "earnedCents",
          coalesce(-sum(amount_cents) filter (where kind in ('payout', 'payout_reversal')), 0) as "paidOutCents"
        from affiliate_ledger_entries where affiliate_id = ${affiliateId}`,
  )
  return {
    currency: 'usd',
    availableCents: Number(row?.availableCents ?? 0),
    pendingCents: Number(row?.pendingCents ?? 0),
    earnedCents: Number(row?.earnedCents ?? 0),
    paidOutCents: Number(row?.paidOutCents ?? 0),
  }
}

/** Commission net of reversals, by arrangement (arrangements with none left out). */
export async function commissionByArrangement(db: Db, arrangementIds: readonly string[]): Promise<Map<string, number>> {
  if (!arrangementIds.length) return new Map()
  const rows = await db
    .select({
      id: affiliateLedgerEntries.arrangementId,
      cents: sql<string | number>`sum(${affiliateLedgerEntries.amountCents})`,
    })
    .from(affiliateLedgerEntries)
    .where(
      and(
        inArray(affiliateLedgerEntries.arrangementId, [...arrangementIds]),
        inArray(affiliateLedgerEntries.kind, ['commission', 'commission_reversal']),
      ),
    )
    .groupBy(affiliateLedgerEntries.arrangementId)
  return new Map(rows.flatMap((r) => (r.id ? [[r.id, Number(r.cents)] as const] : [])))
}

/** A payout's movement in a purse: it leaves when requested and comes back if it fails. */
export interface PayoutMovement {
  id: string
  /** The payee: the creator, or the affiliate. */
  payeeId: string
  amountCents: number
  currency: string
  occurredAt: Date
}

/** A payout's row in either ledger but for its owner's column: out when requested, back when it failed. */
export function payoutMovementRow(payout: PayoutMovement, kind: 'payout' | 'payout_reversal') {
  return {
    payoutId: payout.id,
    kind,
    amountCents: kind === 'payout' ? -payout.amountCents : payout.amountCents,
    currency: payout.currency,
    description: kind === 'payout' ? 'Payout' : 'Payout failed: returned to the balance',
    providerRef: payout.id,
    occurredAt: payout.occurredAt,
    availableAt: payout.occurredAt,
  }
}

export async function bookAffiliatePayoutMovement(
  db: Db,
  payout: PayoutMovement,
  kind: 'payout' | 'payout_reversal',
): Promise<void> {
  await db
    .insert(affiliateLedgerEntries)
    .values({ affiliateId: payout.payeeId, ...payoutMovementRow(payout, kind) })
    .onConflictDoNothing()
}
