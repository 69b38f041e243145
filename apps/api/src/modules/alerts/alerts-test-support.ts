import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { picks } from '../../db/schema.ts'

/**
 * For the alert tests and the fan-out benchmark: audiences written straight into the database
 * (thousands of customers in a few statements), and picks without the odds board.
 */

export interface AudienceSpec {
  /** How many customers; their e-mails are `${prefix}-${i}@alerts.test`. */
  count: number
  prefix: string
  /** What access they hold: a live monthly subscription (default), or none (followers only). */
  access?: 'subscription' | 'none'
  /** Every customer also has a verified phone with texts turned on. */
  sms?: boolean
  /** Followers of the creator (opted in to free picks). */
  follow?: boolean
}

/** Customers of `creatorId`, inserted in one statement per table. Returns their ids in e-mail order. */
export async function seedAudience(db: Db, creatorId: string, spec: AudienceSpec): Promise<string[]> {
  const rows = await db.execute(sql`
    insert into users (email, name, role, email_verified, phone, phone_verified)
    select ${spec.prefix} || '-' || i || '@alerts.test', 'Customer ' || i, 'customer', true,
      case when ${spec.sms ?? false}::boolean then '+1555' || lpad(i::text, 7, '0') end, ${spec.sms ?? false}::boolean
    from generate_series(1, ${spec.count}::int) as i
    returning id`)
  const ids = (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id)
  const list = sql`(select id from users where email like ${`${spec.prefix}-%@alerts.test`})`
  if ((spec.access ?? 'subscription') === 'subscription') {
    await db.execute(sql`
      insert into purchases (user_id, creator_id, plan_name, kind, interval, price_cents, fee_bps, status,
        auto_renewal, current_period_start, current_period_end, provider)
      select id, ${creatorId}::uuid, 'Monthly', 'subscription', 'month', 2900, 1000, 'active', true,
        now() - interval '1 day', now() + interval '29 days', 'sandbox'
      from ${list} as audience`)
  }
  if (spec.sms) {
    await db.execute(
      sql`insert into notification_settings (user_id, sms_enabled) select id, true from ${list} as audience`,
    )
  }
  if (spec.follow) {
    await db.execute(sql`
      insert into creator_alert_preferences (user_id, creator_id, followed_at)
      select id, ${creatorId}::uuid, now() from ${list} as audience`)
  }
  return ids
}

/** A pick for tomorrow's game, written directly (the alert tests do not need the odds board). */
export async function insertPick(db: Db, creatorId: string, options: { isPremium?: boolean; now?: Date } = {}) {
  const now = options.now ?? new Date()
  const [row] = await db
    .insert(picks)
    .values({
      creatorId,
      sport: 'nba',
      homeTeam: 'Boston Celtics',
      awayTeam: 'New York Knicks',
      gameDate: new Date(now.getTime() + 24 * 60 * 60 * 1000),
      betType: 'spread',
      selection: 'Boston Celtics',
      odds: -110,
      line: -5.5,
      bookmaker: 'DraftKings',
      reasoning: 'Rest edge and a bad matchup for their bigs.',
      isPremium: options.isPremium ?? true,
      apiVersion: '2.0',
      formType: 'optimized',
      createdAt: now,
      updatedAt: now,
    })
    .returning()
  return row!
}
