import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { queryRows } from '../../db/client.ts'

/**
 * What the ledger says in sums and lines, for the creator (earnings, revenue) and the
 * administrators (deposits). Every figure is read from `ledger_entries` here, so no other module
 * reads the ledger's table.
 */

/** A line of a creator's earnings: a charge, a platform fee or a refund. */
export interface EarningLine {
  id: string
  kind: 'charge' | 'platform_fee' | 'refund'
  amountCents: number
  currency: string
  description: string
  purchaseId: string | null
  payoutId: string | null
  occurredAt: Date
  availableAt: Date
}

interface EarningRow {
  id: string
  kind: EarningLine['kind']
  amount_cents: number | string
  currency: string
  description: string
  purchase_id: string | null
  payout_id: string | null
  occurred_at: Date | string
  available_at: Date | string
}

/** What the creator earned, line by line: charges, the platform's fees and refunds, newest first. */
export async function earningLines(
  db: Db,
  creatorId: string,
  page: { limit: number; offset: number },
): Promise<{ lines: EarningLine[]; total: number }> {
  const where = sql`creator_id = ${creatorId} and kind in ('charge', 'platform_fee', 'refund')`
  const [total] = await queryRows<{ n: number | string }>(
    db,
    sql`select count(*) as "n" from ledger_entries where ${where}`,
  )
  // A charge or refund and its fee share an instant: the money's own line comes first.
  const rows = await queryRows<EarningRow>(
    db,
    sql`select id, kind, amount_cents, currency, description, purchase_id, payout_id, occurred_at, available_at
        from ledger_entries where ${where}
        order by occurred_at desc, case when kind = 'platform_fee' then 1 else 0 end, id desc
        limit ${page.limit} offset ${page.offset}`,
  )
  return {
    lines: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      description: row.description,
      purchaseId: row.purchase_id,
      payoutId: row.payout_id,
      occurredAt: new Date(row.occurred_at),
      availableAt: new Date(row.available_at),
    })),
    total: Number(total?.n ?? 0),
  }
}

/** One bucket of revenue: its first day (`YYYY-MM-DD`, UTC) and its sums. */
export interface RevenueBucket {
  date: string
  grossCents: number
  /** Net of fees given back with refunds. */
  feesCents: number
  refundsCents: number
}

/** `YYYY-MM-DD HH:MM:SS` of a UTC instant, for a `timestamp` (without zone) parameter. */
function utcTimestamp(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ')
}

interface RevenueRow {
  date: string
  gross: string | number
  fees: string | number
  refunds: string | number
}

/**
 * A creator's revenue by UTC day or month, from `first` to `last` (the starts of the first and the
 * last bucket), every bucket present even when empty. A refund counts on the day it was made.
 */
export async function revenueBuckets(
  db: Db,
  creatorId: string,
  range: { first: Date; last: Date; bucket: 'day' | 'month' },
): Promise<RevenueBucket[]> {
  const { first, last, bucket } = range
  const rows = await queryRows<RevenueRow>(
    db,
    sql`select to_char(b.start, 'YYYY-MM-DD') as "date",
          coalesce(sum(l.amount_cents) filter (where l.kind = 'charge'), 0) as "gross",
          coalesce(-sum(l.amount_cents) filter (where l.kind = 'platform_fee'), 0) as "fees",
          coalesce(-sum(l.amount_cents) filter (where l.kind = 'refund'), 0) as "refunds"
        from generate_series(${utcTimestamp(first)}::timestamp, ${utcTimestamp(last)}::timestamp,
                             ${`1 ${bucket}`}::interval) as b(start)
        left join ledger_entries l
          on l.creator_id = ${creatorId}
         and l.kind in ('charge', 'platform_fee', 'refund')
         and l.occurred_at >= (b.start at time zone 'UTC')
         and l.occurred_at < ((b.start + ${`1 ${bucket}`}::interval) at time zone 'UTC')
        group by b.start
        order by b.start`,
  )
  return rows.map((r) => ({
    date: r.date,
    grossCents: Number(r.gross),
    feesCents: Number(r.fees),
    refundsCents: Number(r.refunds),
  }))
}

/** The first day (UTC) of the month of the creator's first charge, fee or refund; null before any. */
export async function firstEarningMonth(db: Db, creatorId: string): Promise<Date | null> {
  const [row] = await queryRows<{ first: string | null }>(
    db,
    sql`select to_char(min(occurred_at) at time zone 'UTC', 'YYYY-MM') as "first" from ledger_entries
        where creator_id = ${creatorId} and kind in ('charge', 'platform_fee', 'refund')`,
  )
  return row?.first ? new Date(`${row.first}-01T00:00:00Z`) : null
}

// ---------------------------------------------------------------- deposits: every customer charge

export type DepositStatus = 'succeeded' | 'partially_refunded' | 'refunded'

/** A customer's charge with the platform's fee kept of it and what was refunded of it. */
export interface DepositLine {
  id: string
  purchaseId: string | null
  creatorId: string
  amountCents: number
  /** The fee kept: a refund gives back its share, as the ledger books it. */
  feeCents: number
  refundedCents: number
  currency: string
  status: DepositStatus
  occurredAt: Date
}

interface DepositRow {
  id: string
  purchase_id: string | null
  creator_id: string
  amount_cents: string | number
  fee_cents: string | number
  refunded_cents: string | number
  currency: string
  status: DepositStatus
  occurred_at: Date | string
}

/**
 * Every charge with its fee and refunds, of these purchases when `purchaseIds` is given. A refund
 * and the fee given back with it name the charge's reference followed by `:refund:` (`bookRefund`);
 * they carry the charge's purchase, which narrows the search to that purchase's few rows.
 */
function depositsWith(purchaseIds: readonly string[] | undefined): SQL {
  const ofPurchases = purchaseIds
    ? sql`and c.purchase_id in (${sql.join(
        purchaseIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``
  return sql`with deposits as (
      select c.id, c.purchase_id, c.creator_id, c.amount_cents, c.currency, c.occurred_at,
        coalesce((select -sum(f.amount_cents) from ledger_entries f
                  where f.kind = 'platform_fee' and f.purchase_id = c.purchase_id
                    and (f.provider_ref = c.provider_ref or starts_with(f.provider_ref, c.provider_ref || ':refund:'))), 0)
          as fee_cents,
        coalesce((select -sum(r.amount_cents) from ledger_entries r
                  where r.kind = 'refund' and r.purchase_id = c.purchase_id
                    and starts_with(r.provider_ref, c.provider_ref || ':refund:')), 0)
          as refunded_cents
      from ledger_entries c
      where c.kind = 'charge' ${ofPurchases}
    ), classified as (
      select *, case when refunded_cents <= 0 then 'succeeded'
                     when refunded_cents >= amount_cents then 'refunded'
                     else 'partially_refunded' end as status
      from deposits
    )`
}

/** A page of deposits, newest first, and how many match. */
export async function depositLines(
  db: Db,
  query: {
    purchaseIds?: readonly string[] | undefined
    status?: DepositStatus | undefined
    limit: number
    offset: number
  },
): Promise<{ lines: DepositLine[]; total: number }> {
  if (query.purchaseIds && !query.purchaseIds.length) return { lines: [], total: 0 }
  const where = query.status ? sql`where status = ${query.status}` : sql``
  const [counted] = await queryRows<{ total: string | number }>(
    db,
    sql`${depositsWith(query.purchaseIds)} select count(*) as total from classified ${where}`,
  )
  const rows = await queryRows<DepositRow>(
    db,
    sql`${depositsWith(query.purchaseIds)} select * from classified ${where}
        order by occurred_at desc, id desc
        limit ${query.limit} offset ${query.offset}`,
  )
  return {
    lines: rows.map((r) => ({
      id: r.id,
      purchaseId: r.purchase_id,
      creatorId: r.creator_id,
      amountCents: Number(r.amount_cents),
      feeCents: Number(r.fee_cents),
      refundedCents: Number(r.refunded_cents),
      currency: r.currency,
      status: r.status,
      occurredAt: new Date(r.occurred_at),
    })),
    total: Number(counted?.total ?? 0),
  }
}

/** Totals over every deposit: how many, gross, fees kept and refunds. */
export async function depositTotals(
  db: Db,
): Promise<{ count: number; grossCents: number; feesCents: number; refundedCents: number }> {
  const [row] = await queryRows<Record<'count' | 'gross' | 'fees' | 'refunded', string | number | null>>(
    db,
    sql`select count(*) filter (where kind = 'charge') as "count",
          coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "gross",
          coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "fees",
          coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refunded"
        from ledger_entries where kind in ('charge', 'platform_fee', 'refund')`,
  )
  return {
    count: Number(row?.count ?? 0),
    grossCents: Number(row?.gross ?? 0),
    feesCents: Number(row?.fees ?? 0),
    refundedCents: Number(row?.refunded ?? 0),
  }
}
