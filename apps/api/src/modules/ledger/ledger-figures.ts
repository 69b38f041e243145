import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** The ledger's sums by UTC day, for the admin console's figures (decision 030). */

export interface LedgerDay {
  /** `YYYY-MM-DD`, UTC. */
  day: string
  salesCount: number
  grossCents: number
  /** The platform's fees net of those given back with refunds. */
  feesCents: number
  refundsCents: number
}

/** Charges, fees and refunds by UTC day from `start` to `end` (ISO instants, end excluded); days with none left out. */
export async function ledgerDailySums(db: Db, start: string, end: string): Promise<LedgerDay[]> {
  const rows = await queryRows<Record<'day' | 'sales' | 'gross' | 'fees' | 'refunds', string | number>>(
    db,
    sql`select to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as "day",
          count(*) filter (where kind = 'charge') as "sales",
          coalesce(sum(amount_cents) filter (where kind = 'charge'), 0) as "gross",
          coalesce(-sum(amount_cents) filter (where kind = 'platform_fee'), 0) as "fees",
          coalesce(-sum(amount_cents) filter (where kind = 'refund'), 0) as "refunds"
        from ledger_entries
        where occurred_at >= ${start}::timestamptz and occurred_at < ${end}::timestamptz
          and kind in ('charge', 'platform_fee', 'refund')
        group by 1`,
  )
  return rows.map((r) => ({
    day: String(r.day),
    salesCount: Number(r.sales),
    grossCents: Number(r.gross),
    feesCents: Number(r.fees),
    refundsCents: Number(r.refunds),
  }))
}

/** The UTC day of the first ledger row; null on an empty ledger. */
export async function firstLedgerDay(db: Db): Promise<string | null> {
  const [row] = await queryRows<{ day: string | null }>(
    db,
    sql`select to_char(min(occurred_at) at time zone 'UTC', 'YYYY-MM-DD') as "day" from ledger_entries`,
  )
  return row?.day ?? null
}

/**
 * SQL that is true when the purchase row `purchase` (a table or alias of `purchases`) has been
 * charged at least once: its `first_charged_at`, which the ledger's insert trigger sets from the
 * first charge booked for it (migration 0028), read off the row instead of a probe of the ledger.
 */
export function purchaseCharged(purchase: SQL): SQL {
  return sql`${purchase}.first_charged_at is not null`
}
