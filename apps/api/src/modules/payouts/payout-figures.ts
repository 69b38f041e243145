import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** Payouts in numbers, for the admin console's figures (decision 030). */

export interface PayoutFigures {
  pendingCount: number
  pendingCents: number
  failedCount: number
  /** Paid since each of the given instants (by `updated_at`: the table has no `paid_at`), and ever. */
  paidSince: { count: number; cents: number }[]
  paidEver: { count: number; cents: number }
}

export async function payoutFigures(db: Db, since: readonly string[]): Promise<PayoutFigures> {
  const windows = since.map(
    (at, i) =>
      sql`, count(*) filter (where status = 'paid' and updated_at >= ${at}::timestamptz) as ${sql.raw(`"n${i}"`)},
          coalesce(sum(amount_cents) filter (where status = 'paid' and updated_at >= ${at}::timestamptz), 0) as ${sql.raw(`"c${i}"`)}`,
  )
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`select count(*) filter (where status = 'pending') as "pending_count",
          coalesce(sum(amount_cents) filter (where status = 'pending'), 0) as "pending_cents",
          count(*) filter (where status = 'failed') as "failed_count",
          count(*) filter (where status = 'paid') as "paid_count",
          coalesce(sum(amount_cents) filter (where status = 'paid'), 0) as "paid_cents"
          ${sql.join(windows, sql``)}
        from payouts`,
  )
  const n = (key: string) => Number(row?.[key] ?? 0)
  return {
    pendingCount: n('pending_count'),
    pendingCents: n('pending_cents'),
    failedCount: n('failed_count'),
    paidSince: since.map((_, i) => ({ count: n(`n${i}`), cents: n(`c${i}`) })),
    paidEver: { count: n('paid_count'), cents: n('paid_cents') },
  }
}
