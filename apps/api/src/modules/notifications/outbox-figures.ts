import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client.ts'

/** The offline outboxes' backlog, for the admin console's system status. */
export async function outboxBacklog(db: Db): Promise<{ email: { queued: number; sent: number }; smsRows: number }> {
  const email = await queryRows<{ status: string; n: string | number }>(
    db,
    sql`select status, count(*) as "n" from email_outbox group by status`,
  )
  const [sms] = await queryRows<{ n: string | number }>(db, sql`select count(*) as "n" from sms_outbox`)
  const of = (status: string) => Number(email.find((r) => r.status === status)?.n ?? 0)
  return { email: { queued: of('queued'), sent: of('sent') }, smsRows: Number(sms?.n ?? 0) }
}
