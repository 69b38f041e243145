import { eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { entitledUserIdsQuery } from '../purchases/purchases.service.ts'
import { deliveryMethods } from './alerts.table.ts'

/**
 * Who hears of a creator's pick, and on which channel (product-decisions.md "Notifications"): the
 * one statement of these rules, used by the fan-out, the creator's subscriber list and the stats.
 *
 * - Premium picks go to the customers entitled to the creator now; free picks also to followers
 *   (people who opted in to the creator's alerts without paying). Never to the creator.
 * - E-mail: the creator offers it, the address is verified, the person's global switch is on and
 *   their choice for this creator is on (on when never set).
 * - SMS: the creator offers it, the phone is verified, the global SMS switch is on (off until the
 *   person turns it on), their choice for this creator is on, and the number has not replied STOP.
 */

export interface OfferedChannels {
  email: boolean
  sms: boolean
}

/** A creator with no delivery method set offers both channels; once set, exactly the active ones. */
export async function offeredChannels(db: Db, creatorId: string): Promise<OfferedChannels> {
  const rows = await db
    .select({ method: deliveryMethods.method, isActive: deliveryMethods.isActive })
    .from(deliveryMethods)
    .where(eq(deliveryMethods.creatorId, creatorId))
  if (rows.length === 0) return { email: true, sms: true }
  return {
    email: rows.some((r) => r.method === 'email' && r.isActive),
    sms: rows.some((r) => r.method === 'sms' && r.isActive),
  }
}

/**
 * The joins the channel conditions read, for users aliased `u`: their global settings `ns`, their
 * choices for this creator `cap` and their number's opt-out `sn`.
 */
export function preferenceJoins(creatorId: string): SQL {
  return sql`left join notification_settings ns on ns.user_id = u.id
    left join creator_alert_preferences cap on cap.user_id = u.id and cap.creator_id = ${creatorId}
    left join sms_numbers sn on sn.phone = u.phone`
}

export const emailWanted = sql`(u.email_verified and coalesce(ns.email_enabled, true) and coalesce(cap.email_enabled, true))`
export const smsWanted = sql`(u.phone is not null and u.phone_verified and coalesce(ns.sms_enabled, false)
  and coalesce(cap.sms_enabled, true) and sn.opted_out_at is null)`

/**
 * The audience's user ids after `cursor` (exclusive), as one `select user_id`: the creator's
 * entitled customers, and for a free pick their followers too.
 */
export function audience(creatorId: string, now: Date, withFollowers: boolean, cursor: string | null): SQL {
  const after = (column: SQL) => (cursor === null ? sql`true` : sql`${column} > ${cursor}::uuid`)
  const entitled = entitledUserIdsQuery(
    creatorId,
    now,
    (userId) => sql`${userId} <> ${creatorId}::uuid and ${after(userId)}`,
  )
  if (!withFollowers) return entitled
  return sql`${entitled}
    union
    select cap_f.user_id from creator_alert_preferences cap_f
    where cap_f.creator_id = ${creatorId}::uuid and cap_f.followed_at is not null
      and cap_f.user_id <> ${creatorId}::uuid and ${after(sql`cap_f.user_id`)}`
}

/**
 * `offeredChannels` as an SQL condition over a creator id column, for lists across creators (the
 * admin console's alert subscribers): no delivery method set offers both, else the active ones.
 */
export function offeredSql(channel: 'email' | 'sms', creatorId: SQL): SQL {
  return sql`(not exists (select 1 from delivery_methods dm where dm.creator_id = ${creatorId})
    or exists (select 1 from delivery_methods dm where dm.creator_id = ${creatorId}
      and dm.method = ${channel} and dm.is_active))`
}
