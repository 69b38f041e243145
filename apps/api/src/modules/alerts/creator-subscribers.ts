import type { CreatorSubscriber, CreatorSubscribersAnswer } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import { queryRows } from '../../db/client.ts'
import { entitlingPlanQuery } from '../purchases/purchases.service.ts'
import { requireCreator, type AlertServiceDeps } from './alert-lookups.ts'
import { audience, emailWanted, offeredChannels, preferenceJoins, smsWanted } from './alert-recipients.ts'
import { peopleColumns } from '../users/users.service.ts'

/** The creator's subscriber list (spec §7 "SMS and e-mail"): who their picks reach, and how. */

interface SubscriberRow {
  id: string
  name: string
  profilePicture: string | null
  planName: string | null
  accessEndsAt: Date | string | null
  emailEnabled: boolean
  smsEnabled: boolean
  emailReachable: boolean
  smsReachable: boolean
}

/**
 * The creator's audience now, customers entitled first: the customers entitled to them (with the
 * plan that gives access the longest) and their followers, with each one's choices and whether a
 * pick would reach them on each channel (a follower's: a free pick).
 */
export async function creatorSubscribers(
  deps: AlertServiceDeps,
  creatorId: string,
  limit: number,
): Promise<CreatorSubscribersAnswer> {
  await requireCreator(deps, creatorId)
  const now = deps.now()
  const offered = await offeredChannels(deps.db, creatorId)
  const everyone = audience(creatorId, now, true, null)
  const [rows, totals] = await Promise.all([
    queryRows<SubscriberRow>(
      deps.db,
      sql`select u.id, u.name, u.profile_picture as "profilePicture",
          pl.plan_name as "planName", pl.current_period_end as "accessEndsAt",
          coalesce(cap.email_enabled, true) as "emailEnabled",
          coalesce(cap.sms_enabled, true) as "smsEnabled",
          (${offered.email}::boolean and ${emailWanted}) as "emailReachable",
          (${offered.sms}::boolean and ${smsWanted}) as "smsReachable"
        from (${everyone}) a
        join (${peopleColumns}) u on u.id = a.user_id
        ${preferenceJoins(creatorId)}
        left join lateral (${entitlingPlanQuery(sql`u.id`, creatorId, now)}) pl on true
        order by (pl.plan_name is null), lower(u.name), u.id
        limit ${limit}`,
    ),
    queryRows<{ n: number }>(deps.db, sql`select count(*)::int as n from (${everyone}) a`),
  ])
  const subscribers = rows.map((r): CreatorSubscriber => ({
    userId: r.id,
    name: r.name,
    profilePicture: r.profilePicture,
    relationship: r.planName === null ? 'follower' : 'subscriber',
    planName: r.planName,
    accessEndsAt: r.accessEndsAt === null ? null : new Date(r.accessEndsAt).toISOString(),
    emailEnabled: r.emailEnabled,
    smsEnabled: r.smsEnabled,
    emailReachable: r.emailReachable,
    smsReachable: r.smsReachable,
  }))
  return { subscribers, total: Number(totals[0]?.n ?? 0) }
}
