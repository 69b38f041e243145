import type { z } from 'zod'
import type { Deposit, DepositStats } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'

/**
 * Deposits (administrators): the money that came in, one row per customer charge in the ledger,
 * with the platform's fee and what was refunded of it. The fee is the fee kept: a refund gives
 * back its share, as the ledger books it, so `amount − fee − refunded` is what the creator keeps.
 */

export type DepositStatus = 'succeeded' | 'partially_refunded' | 'refunded'

export interface DepositsQuery {
  page: number
  limit: number
  status?: DepositStatus | undefined
  userId?: string | undefined
}

interface DepositRow {
  id: string
  purchase_id: string | null
  user_id: string | null
  customer_name: string | null
  creator_id: string
  creator_username: string
  amount_cents: string | number
  fee_cents: string | number
  refunded_cents: string | number
  currency: string
  status: DepositStatus
  occurred_at: Date | string
}

/**
 * Every charge with its fee and refunds. A refund and the fee given back with it name the charge's
 * reference followed by `:refund:` (ledger.ts); they carry the charge's purchase, which narrows the
 * search to that purchase's few rows.
 */
function depositsWith(userId: string | undefined): SQL {
  return sql`with deposits as (
      select c.id, c.purchase_id, p.user_id, u.name as customer_name, c.creator_id, cp.username as creator_username,
        c.amount_cents, c.currency, c.occurred_at,
        coalesce((select -sum(f.amount_cents) from ledger_entries f
                  where f.kind = 'platform_fee' and f.purchase_id = c.purchase_id
                    and (f.provider_ref = c.provider_ref or starts_with(f.provider_ref, c.provider_ref || ':refund:'))), 0)
          as fee_cents,
        coalesce((select -sum(r.amount_cents) from ledger_entries r
                  where r.kind = 'refund' and r.purchase_id = c.purchase_id
                    and starts_with(r.provider_ref, c.provider_ref || ':refund:')), 0)
          as refunded_cents
      from ledger_entries c
      join creator_profiles cp on cp.user_id = c.creator_id
      left join purchases p on p.id = c.purchase_id
      left join users u on u.id = p.user_id
      where c.kind = 'charge' ${userId ? sql`and p.user_id = ${userId}` : sql``}
    ), classified as (
      select *, case when refunded_cents <= 0 then 'succeeded'
                     when refunded_cents >= amount_cents then 'refunded'
                     else 'partially_refunded' end as status
      from deposits
    )`
}

export async function listDeposits(
  db: Db,
  query: DepositsQuery,
): Promise<{ deposits: z.infer<typeof Deposit>[]; total: number; page: number; limit: number }> {
  const where = query.status ? sql`where status = ${query.status}` : sql``
  const [counted] = await queryRows<{ total: string | number }>(
    db,
    sql`${depositsWith(query.userId)} select count(*) as total from classified ${where}`,
  )
  const rows = await queryRows<DepositRow>(
    db,
    sql`${depositsWith(query.userId)} select * from classified ${where}
        order by occurred_at desc, id desc
        limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  )
  return {
    deposits: rows.map((r) => ({
      id: r.id,
      purchase_id: r.purchase_id,
      user_id: r.user_id,
      customer_name: r.customer_name,
      creator_id: r.creator_id,
      creator_username: r.creator_username,
      amount_cents: Number(r.amount_cents),
      fee_cents: Number(r.fee_cents),
      refunded_cents: Number(r.refunded_cents),
      currency: r.currency,
      status: r.status,
      occurred_at: new Date(r.occurred_at).toISOString(),
    })),
    total: Number(counted?.total ?? 0),
    page: query.page,
    limit: query.limit,
  }
}

/** Totals over every deposit; `net` is what creators keep of them. */
export async function depositStats(db: Db): Promise<z.infer<typeof DepositStats>> {
  const [row] = await queryRows<Record<'count' | 'gross' | 'fees' | 'refunded', string | number | null>>(
    db,
    sql`select count(*) filter (where kind = 'charge') as "count",
          coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "gross",
          coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "fees",
          coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refunded"
        from ledger_entries where kind in ('charge', 'platform_fee', 'refund')`,
  )
  const gross = Number(row?.gross ?? 0)
  const fees = Number(row?.fees ?? 0)
  const refunded = Number(row?.refunded ?? 0)
  return {
    count: Number(row?.count ?? 0),
    gross_cents: gross,
    fees_cents: fees,
    refunded_cents: refunded,
    net_cents: gross - fees - refunded,
    currency: 'usd',
  }
}
