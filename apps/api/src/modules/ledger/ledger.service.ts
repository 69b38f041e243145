import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'
import type { PaymentCharge } from '../payments/payments.service.ts'
import {
  affiliateBalance,
  bookAffiliatePayoutMovement,
  payoutMovementRow,
  type PayoutMovement,
} from './affiliate-ledger.ts'
import { ledgerEntries } from './ledger.table.ts'

// The ledger's reports (earnings, revenue, deposits), for the payouts and billing modules.
export {
  depositLines,
  depositTotals,
  earningLines,
  firstEarningMonth,
  revenueBuckets,
  type DepositLine,
  type DepositStatus,
  type EarningLine,
  type RevenueBucket,
} from './ledger-reports.ts'
// Affiliates' commissions and their own ledger (decision 038).
export {
  affiliateBalance,
  bookCommission,
  bookedCharge,
  commissionByArrangement,
  reverseCommission,
  type AffiliateBalance,
  type BookedCharge,
  type PayoutMovement,
} from './affiliate-ledger.ts'
export { firstLedgerDay, ledgerDailySums, purchaseCharged, type LedgerDay } from './ledger-figures.ts'

/**
 * The money ledger (product-decisions.md "Money"). Rows are only ever added; balances are sums.
 * Every booking names the provider's reference, and (kind, reference) is unique, so booking the
 * same movement twice adds nothing: that is what makes a repeated provider event harmless.
 */

const dayMs = 24 * 60 * 60 * 1000

export interface ChargeBooking {
  creatorId: string
  purchaseId: string
  charge: PaymentCharge
  occurredAt: Date
  holdDays: number
  description: string
}

/** A customer's payment: the charge, and the platform's fee out of it. Both wait out the hold. */
export async function bookCharge(db: Db, booking: ChargeBooking): Promise<void> {
  const { charge, occurredAt } = booking
  const availableAt = new Date(occurredAt.getTime() + booking.holdDays * dayMs)
  const common = {
    creatorId: booking.creatorId,
    purchaseId: booking.purchaseId,
    currency: charge.currency,
    occurredAt,
    availableAt,
  }
  const rows: (typeof ledgerEntries.$inferInsert)[] = [
    {
      ...common,
      kind: 'charge',
      amountCents: charge.amountCents,
      description: booking.description,
      providerRef: charge.paymentRef,
    },
  ]
  if (charge.feeCents > 0) {
    rows.push({
      ...common,
      kind: 'platform_fee',
      amountCents: -charge.feeCents,
      description: 'Platform fee',
      providerRef: charge.paymentRef,
    })
  }
  await db.insert(ledgerEntries).values(rows).onConflictDoNothing()
}

/** What `bookRefund` found and booked. */
export interface RefundBooking {
  /** The refunded charge's row. */
  charge: typeof ledgerEntries.$inferSelect
  /** Everything booked as refunded of the charge now, this refund included. */
  refundedCents: number
  /** The cents this refund newly booked: 0 for a repeated or older report. */
  newCents: number
}

/**
 * A refund of a charge. Providers report the running total refunded, so the booking is the part not
 * booked yet, with the matching share of the fee given back. Null when the charge is not booked.
 */
export async function bookRefund(
  db: Db,
  refund: { paymentRef: string; amountRefundedCents: number; occurredAt: Date },
): Promise<RefundBooking | null> {
  const [charge] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.providerRef, refund.paymentRef)))
  if (!charge) return null
  const [fee] = await db
    .select({ amountCents: ledgerEntries.amountCents })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'platform_fee'), eq(ledgerEntries.providerRef, refund.paymentRef)))
  const refundRefPrefix = `${refund.paymentRef}:refund:`
  const [booked] = await queryRows<{ refunded: string | null }>(
    db,
    sql`select coalesce(-sum(amount_cents), 0) as refunded from ledger_entries
        where kind = 'refund' and provider_ref like ${`${refundRefPrefix}%`}`,
  )
  const already = Number(booked?.refunded ?? 0)
  const total = Math.min(refund.amountRefundedCents, charge.amountCents)
  const delta = total - already
  if (delta <= 0) return { charge, refundedCents: already, newCents: 0 }
  const feeCents = -(fee?.amountCents ?? 0)
  // The fee given back is the fee's share of everything refunded so far, less what was given back before.
  const feeBackTotal = Math.floor((feeCents * total) / charge.amountCents)
  const feeBackBefore = Math.floor((feeCents * already) / charge.amountCents)
  const ref = `${refundRefPrefix}${total}`
  const common = {
    creatorId: charge.creatorId,
    purchaseId: charge.purchaseId,
    currency: charge.currency,
    occurredAt: refund.occurredAt,
    availableAt: refund.occurredAt,
    providerRef: ref,
  }
  const rows: (typeof ledgerEntries.$inferInsert)[] = [
    { ...common, kind: 'refund', amountCents: -delta, description: 'Refund' },
  ]
  if (feeBackTotal - feeBackBefore > 0) {
    rows.push({
      ...common,
      kind: 'platform_fee',
      amountCents: feeBackTotal - feeBackBefore,
      description: 'Platform fee returned with a refund',
    })
  }
  const inserted = await db.insert(ledgerEntries).values(rows).onConflictDoNothing().returning({ id: ledgerEntries.id })
  // Taken: the same total was booked at the same time by another transaction, which has committed.
  return { charge, refundedCents: total, newCents: inserted.length ? delta : 0 }
}

async function bookPayoutMovement(db: Db, payout: PayoutMovement, kind: 'payout' | 'payout_reversal'): Promise<void> {
  await db
    .insert(ledgerEntries)
    .values({ creatorId: payout.payeeId, ...payoutMovementRow(payout, kind) })
    .onConflictDoNothing()
}

/** Whose money a payout is: a creator's earnings (`ledger_entries`) or an affiliate's (decision 038). */
export type PurseName = 'creator' | 'affiliate'

/**
 * Where a payout's money comes from and goes back to. A payout leaves the purse when it is
 * requested (`payout`); a failed one comes back (`payout_reversal`), once.
 */
export interface Purse {
  available(db: Db, payeeId: string, now: Date): Promise<{ availableCents: number; currency: string }>
  book(db: Db, payout: PayoutMovement, kind: 'payout' | 'payout_reversal'): Promise<void>
}

export const purses: Readonly<Record<PurseName, Purse>> = {
  creator: { available: (db, payeeId, now) => ledgerBalance(db, payeeId, now), book: bookPayoutMovement },
  affiliate: { available: affiliateBalance, book: bookAffiliatePayoutMovement },
}

export interface LedgerBalance {
  currency: string
  availableCents: number
  pendingCents: number
  grossCents: number
  /** Fees kept, net of fees given back with refunds. */
  feesCents: number
  refundsCents: number
  /** Payouts less reversed ones. */
  paidOutCents: number
  /** Affiliates' commissions out of the creator's share, less those returned with refunds (decision 038). */
  commissionsCents: number
}

/** A creator's balance at `now`: every figure is a sum over the ledger. */
export async function ledgerBalance(db: Db, creatorId: string, now: Date): Promise<LedgerBalance> {
  const [row] = await queryRows<Record<keyof Omit<LedgerBalance, 'currency'>, string | null>>(
    db,
    sql`select
          coalesce(sum(amount_cents) filter (where available_at <= ${now.toISOString()}::timestamptz), 0) as "availableCents",
          coalesce(sum(amount_cents) filter (where available_at > ${now.toISOString()}::timestamptz), 0) as "pendingCents",
          coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "grossCents",
          coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "feesCents",
          coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refundsCents",
          coalesce(-sum(amount_cents) filter (where kind in ('payout', 'payout_reversal')), 0) as "paidOutCents",
          coalesce(-sum(amount_cents) filter (where kind in ('affiliate_commission', 'affiliate_commission_reversal')), 0)
            as "commissionsCents"
        from ledger_entries where creator_id = ${creatorId}`,
  )
  return {
    currency: 'usd',
    availableCents: Number(row?.availableCents ?? 0),
    pendingCents: Number(row?.pendingCents ?? 0),
    grossCents: Number(row?.grossCents ?? 0),
    feesCents: Number(row?.feesCents ?? 0),
    refundsCents: Number(row?.refundsCents ?? 0),
    paidOutCents: Number(row?.paidOutCents ?? 0),
    commissionsCents: Number(row?.commissionsCents ?? 0),
  }
}

/** Whether the purchase was charged before (a later charge is a renewal). */
export async function hasCharge(db: Db, purchaseId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.purchaseId, purchaseId), eq(ledgerEntries.kind, 'charge')))
    .limit(1)
  return Boolean(row)
}

/** The purchase a charge (by the provider's reference) paid for; null when none is booked. */
export async function purchaseOfCharge(db: Db, paymentRef: string): Promise<string | null> {
  const [row] = await db
    .select({ purchaseId: ledgerEntries.purchaseId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'charge'), eq(ledgerEntries.providerRef, paymentRef)))
    .limit(1)
  return row?.purchaseId ?? null
}

/** A charge and what of it the ledger has booked as refunded. */
export interface ChargeRefunds {
  paymentRef: string
  chargedCents: number
  refundedCents: number
  currency: string
}

/**
 * The purchase's latest charge (a pass's one payment, a subscription's current period) with its
 * booked refunds; null when the purchase was never charged (a trial, a checkout not paid). Refunds
 * name their charge's reference followed by `:refund:` (`bookRefund`).
 */
export async function latestChargeRefunds(db: Db, purchaseId: string): Promise<ChargeRefunds | null> {
  const [row] = await queryRows<{ ref: string; amount: number; refunded: string | number; currency: string }>(
    db,
    sql`select c.provider_ref as ref, c.amount_cents as amount, c.currency,
          coalesce((select -sum(r.amount_cents) from ledger_entries r
                    where r.kind = 'refund' and r.purchase_id = c.purchase_id
                      and starts_with(r.provider_ref, c.provider_ref || ':refund:')), 0) as refunded
        from ledger_entries c
        where c.kind = 'charge' and c.purchase_id = ${purchaseId}
        order by c.occurred_at desc, c.created_at desc limit 1`,
  )
  if (!row) return null
  return {
    paymentRef: row.ref,
    chargedCents: Number(row.amount),
    refundedCents: Number(row.refunded),
    currency: row.currency,
  }
}
