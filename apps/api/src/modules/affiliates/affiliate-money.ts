import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'
import type { PaymentProvider } from '../payments/payments.service.ts'
import { payoutAccountOf } from '../payouts/payouts.service.ts'
import { affiliateCommissionTransfers } from './affiliates.table.ts'

/**
 * The commission's money at the provider (decision 038). The ledgers say what an affiliate earned
 * from each referred charge (the commission less its reversals); `affiliate_commission_transfers`
 * says what was moved to their connected account. A pass (`moveCommissionMoney`) moves the
 * difference: up, out of the creator's share of the charge into the affiliate's account; down, back
 * from the affiliate's transfer to the platform (a refund gave it to the customer). Each call's
 * idempotency key is made of the charge and the two sums it goes between, so a pass repeated after
 * the provider answered moves nothing twice. An affiliate without an onboarded account waits: the
 * ledger shows the commission pending, and the next pass (billing's scheduled work, or their
 * account's event) moves it.
 */

export interface MoneyDeps {
  db: Db
  provider: PaymentProvider
  log: { warn(obj: object, msg: string): void }
}

interface Owed {
  paymentRef: string
  affiliateId: string
  currency: string
  /** What the ledger says the affiliate earned from the charge (commission less reversals). */
  earned: number
  /** What was moved to their account from the charge (transfers less reversals). */
  moved: number
}

/**
 * Which charges a pass looks at: one charge (its payment's or refund's event), the charges of the
 * affiliate whose connected account changed (its `account.updated` event), or all (`null`, the
 * scheduled pass).
 */
export type CommissionScope = { paymentRef: string } | { accountId: string } | null

function scopeFilter(scope: CommissionScope) {
  if (scope === null) return sql``
  if ('paymentRef' in scope) return sql`and c.provider_ref = ${scope.paymentRef}`
  return sql`and c.affiliate_id in (select creator_id from payout_accounts where account_id = ${scope.accountId})`
}

/** Each charge in scope whose commission's money differs from what the ledger says. */
async function owed(db: Db, scope: CommissionScope, limit: number): Promise<Owed[]> {
  const rows = await queryRows<Record<keyof Owed, string | number>>(
    db,
    sql`select * from (
          select c.provider_ref as "paymentRef", c.affiliate_id as "affiliateId", c.currency,
            c.amount_cents + coalesce((select sum(r.amount_cents) from affiliate_ledger_entries r
              where r.kind = 'commission_reversal' and starts_with(r.provider_ref, c.provider_ref || ':refund:')), 0)
              as earned,
            coalesce((select sum(case when m.kind = 'transfer' then m.amount_cents else -m.amount_cents end)
              from affiliate_commission_transfers m where m.payment_ref = c.provider_ref), 0) as moved
          from affiliate_ledger_entries c
          where c.kind = 'commission' ${scopeFilter(scope)}
        ) o where o.earned <> o.moved
        order by o."paymentRef" limit ${limit}`,
  )
  return rows.map((r) => ({
    paymentRef: String(r.paymentRef),
    affiliateId: String(r.affiliateId),
    currency: String(r.currency),
    earned: Number(r.earned),
    moved: Number(r.moved),
  }))
}

/**
 * Moves what the ledgers owe, for the charges in `scope` (all when null), at most `limit`.
 * A failure is logged and left for the next pass. Counts the charges moved and those waiting for
 * the affiliate's account.
 */
export async function moveCommissionMoney(
  deps: MoneyDeps,
  scope: CommissionScope = null,
  limit = 100,
): Promise<{ moved: number; waiting: number }> {
  const done = { moved: 0, waiting: 0 }
  for (const row of await owed(deps.db, scope, limit)) {
    try {
      if (row.earned > row.moved ? await sendToAffiliate(deps, row) : await takeBack(deps, row)) done.moved += 1
      else done.waiting += 1
    } catch (err) {
      deps.log.warn({ err, paymentRef: row.paymentRef }, "affiliates: the commission's money could not be moved now")
    }
  }
  return done
}

/** The affiliate's share of the charge, moved to their account; false while they have no account to take it. */
async function sendToAffiliate(deps: MoneyDeps, row: Owed): Promise<boolean> {
  const account = await payoutAccountOf(deps, row.affiliateId)
  if (!account || account.provider !== deps.provider.name || !account.payoutsEnabled) return false
  const idempotencyKey = `commission:${row.paymentRef}:${row.moved}:${row.earned}`
  const amountCents = row.earned - row.moved
  const { transferId } = await deps.provider.transferCommission({
    paymentRef: row.paymentRef,
    destinationAccountId: account.accountId,
    amountCents,
    currency: row.currency,
    idempotencyKey,
  })
  await deps.db
    .insert(affiliateCommissionTransfers)
    .values({ ...movement(row, 'transfer', amountCents, transferId), idempotencyKey })
    .onConflictDoNothing()
  return true
}

/** What a refund took of the commission, back from the affiliate's transfers (the latest first). */
async function takeBack(deps: MoneyDeps, row: Owed): Promise<boolean> {
  let due = row.moved - row.earned
  for (const transfer of await transfersLeft(deps.db, row.paymentRef)) {
    if (due <= 0) break
    const amountCents = Math.min(due, transfer.left)
    const idempotencyKey = `commission:${row.paymentRef}:${row.moved}:${row.earned}:${transfer.id}`
    await deps.provider.reverseCommission({ transferId: transfer.id, amountCents, idempotencyKey })
    await deps.db
      .insert(affiliateCommissionTransfers)
      .values({ ...movement(row, 'reversal', amountCents, transfer.id), idempotencyKey })
      .onConflictDoNothing()
    due -= amountCents
  }
  return true
}

function movement(row: Owed, kind: 'transfer' | 'reversal', amountCents: number, providerTransferId: string) {
  return {
    paymentRef: row.paymentRef,
    affiliateId: row.affiliateId,
    kind,
    amountCents,
    currency: row.currency,
    providerTransferId,
  }
}

/** The charge's commission transfers with what is left of each, the latest first. */
async function transfersLeft(db: Db, paymentRef: string): Promise<{ id: string; left: number }[]> {
  const transfers = await db
    .select()
    .from(affiliateCommissionTransfers)
    .where(
      and(eq(affiliateCommissionTransfers.paymentRef, paymentRef), eq(affiliateCommissionTransfers.kind, 'transfer')),
    )
    .orderBy(desc(affiliateCommissionTransfers.createdAt))
  const reversed = await db
    .select({
      id: affiliateCommissionTransfers.providerTransferId,
      cents: sql<string | number>`sum(${affiliateCommissionTransfers.amountCents})`,
    })
    .from(affiliateCommissionTransfers)
    .where(
      and(eq(affiliateCommissionTransfers.paymentRef, paymentRef), eq(affiliateCommissionTransfers.kind, 'reversal')),
    )
    .groupBy(affiliateCommissionTransfers.providerTransferId)
  const back = new Map(reversed.map((r) => [r.id, Number(r.cents)]))
  return transfers
    .map((t) => ({ id: t.providerTransferId, left: t.amountCents - (back.get(t.providerTransferId) ?? 0) }))
    .filter((t) => t.left > 0)
}

/**
 * Of a refund of `amountCents` on a charge of `chargedCents` (`refundedBeforeCents` refunded of it
 * already), the cents the affiliate's transfer gives back instead of the creator: the part of the
 * commission the refund takes back (in proportion, floored, as the ledger books it) that had been
 * moved to the affiliate. The creator's share of the charge no longer holds those cents, so the
 * provider asks it only for the rest, and the next pass takes them back from the affiliate.
 */
export async function affiliateShareOfRefund(
  db: Db,
  refund: { paymentRef: string; chargedCents: number; refundedBeforeCents: number; amountCents: number },
): Promise<number> {
  if (refund.chargedCents <= 0) return 0
  const [row] = await queryRows<{ earned: string | number; moved: string | number }>(
    db,
    sql`select
          coalesce((select amount_cents from affiliate_ledger_entries
            where kind = 'commission' and provider_ref = ${refund.paymentRef}), 0) as earned,
          coalesce((select sum(case when kind = 'transfer' then amount_cents else -amount_cents end)
            from affiliate_commission_transfers where payment_ref = ${refund.paymentRef}), 0) as moved`,
  )
  const earned = Number(row?.earned ?? 0)
  const moved = Number(row?.moved ?? 0)
  if (moved <= 0) return 0
  const left = (refunded: number) =>
    earned - Math.floor((earned * Math.min(refunded, refund.chargedCents)) / refund.chargedCents)
  const before = left(refund.refundedBeforeCents)
  const after = left(refund.refundedBeforeCents + refund.amountCents)
  const share = Math.max(0, moved - after) - Math.max(0, moved - before)
  return Math.min(Math.max(share, 0), refund.amountCents)
}
