import type { z } from 'zod'
import type { Deposit, DepositStats } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { creatorCards } from '../creators/creators.service.ts'
import { depositLines, depositTotals, type DepositStatus } from '../ledger/ledger.service.ts'
import { buyersOfPurchases, purchaseIdsOfUser } from '../purchases/purchases.service.ts'
import { userNames } from '../users/users.service.ts'

/**
 * Deposits (administrators): the money that came in, one row per customer charge in the ledger,
 * with the platform's fee and what was refunded of it. The fee is the fee kept: a refund gives
 * back its share, as the ledger books it, so `amount − fee − refunded` is what the creator keeps.
 * The ledger has the money; the purchases module says who bought, users and creators give the names.
 */

export type { DepositStatus }

export interface DepositsQuery {
  page: number
  limit: number
  status?: DepositStatus | undefined
  userId?: string | undefined
}

export async function listDeposits(
  db: Db,
  query: DepositsQuery,
): Promise<{ deposits: z.infer<typeof Deposit>[]; total: number; page: number; limit: number }> {
  const purchaseIds = query.userId ? await purchaseIdsOfUser(db, query.userId) : undefined
  const { lines, total } = await depositLines(db, {
    purchaseIds,
    status: query.status,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  })
  const buyers = await buyersOfPurchases(
    db,
    lines.flatMap((line) => (line.purchaseId ? [line.purchaseId] : [])),
  )
  const [names, cards] = await Promise.all([
    userNames({ db }, [...buyers.values()]),
    creatorCards(
      { db },
      lines.map((line) => line.creatorId),
    ),
  ])
  return {
    deposits: lines.map((line) => {
      const userId = line.purchaseId ? (buyers.get(line.purchaseId) ?? null) : null
      return {
        id: line.id,
        purchase_id: line.purchaseId,
        user_id: userId,
        customer_name: userId ? (names.get(userId) ?? null) : null,
        creator_id: line.creatorId,
        creator_username: cards.get(line.creatorId)?.username ?? '',
        amount_cents: line.amountCents,
        fee_cents: line.feeCents,
        refunded_cents: line.refundedCents,
        currency: line.currency,
        status: line.status,
        occurred_at: line.occurredAt.toISOString(),
      }
    }),
    total,
    page: query.page,
    limit: query.limit,
  }
}

/** Totals over every deposit; `net` is what creators keep of them. */
export async function depositStats(db: Db): Promise<z.infer<typeof DepositStats>> {
  const totals = await depositTotals(db)
  return {
    count: totals.count,
    gross_cents: totals.grossCents,
    fees_cents: totals.feesCents,
    refunded_cents: totals.refundedCents,
    net_cents: totals.grossCents - totals.feesCents - totals.refundedCents,
    currency: 'usd',
  }
}
