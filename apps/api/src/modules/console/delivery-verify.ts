import type { AdminDeliveryVerification, NotificationChannel } from '@picks/contracts'
import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { audience, emailWanted, offeredChannels, preferenceJoins, smsWanted } from '../alerts/alerts.service.ts'
import { peopleColumns } from '../users/users.service.ts'
import { accessWindow, entitledPicks, purchaseForDelivery } from './delivery-details.ts'
import { personalView, type ConsoleDeps } from './lists-common.ts'

/**
 * `GET /admin/delivery/verify/{id}`: did every entitled, reachable recipient get exactly one
 * delivery per channel? `{id}` is a pick (its whole audience) or a purchase (its buyer, over every
 * pick the purchase entitled them to). Who should have been reached is the alerts' own rule
 * (alerts/alert-recipients.ts: the audience at the fan-out's start, the channels the creator offers
 * and each person wants), applied with today's preferences: a person who turned a channel off
 * since is not counted missing.
 */

/** At most this many rows in each list; `counts` has the full numbers. */
export const verifyListLimit = 200

interface PickToCheck {
  id: string
  creator_id: string
  is_premium: boolean
  deleted_at: Date | string | null
  fanout_status: 'running' | 'done' | null
  started_at: Date | string | null
  finished_at: Date | string | null
}

async function picksToCheck(deps: ConsoleDeps, ids: string[]): Promise<PickToCheck[]> {
  if (!ids.length) return []
  return queryRows<PickToCheck>(
    deps.db,
    sql`select p.id::text, p.creator_id::text, p.is_premium, p.deleted_at,
      f.status as fanout_status, f.started_at, f.finished_at
    from picks p left join alert_fanouts f on f.pick_id = p.id
    where p.id = any(${`{${ids.join(',')}}`}::uuid[])
    order by p.created_at desc, p.id desc`,
  )
}

type Problem = { pick_id: string; user_id: string; channel: NotificationChannel; total: number } & {
  n?: number
  delivery_id?: string
  error?: string | null
  failed_at?: Date | string | null
}

interface PickCheck {
  expected: { email: number; sms: number }
  found: { email: number; sms: number }
  missing: Problem[]
  duplicated: Problem[]
  failed: Problem[]
}

/**
 * One pick's check. `onlyUser` narrows it to one buyer, who is then taken as entitled (the
 * purchase's window says so); otherwise the audience is the alerts' own at the fan-out's start.
 */
async function checkPick(deps: ConsoleDeps, pick: PickToCheck, onlyUser: string | null): Promise<PickCheck> {
  const offered = await offeredChannels(deps.db, pick.creator_id)
  const at = pick.started_at ? new Date(pick.started_at) : deps.now()
  const who: SQL = onlyUser
    ? sql`u.id = ${onlyUser}::uuid and u.id <> ${pick.creator_id}::uuid`
    : sql`u.id in (${audience(pick.creator_id, at, !pick.is_premium, null)})`
  const deleted = pick.deleted_at !== null
  const ctes = sql`with people as materialized (
      select u.id, ${offered.email}::boolean and ${emailWanted} as wants_email,
        ${offered.sms}::boolean and ${smsWanted} as wants_sms
      from (${peopleColumns}) u ${preferenceJoins(pick.creator_id)}
      where ${who} and not ${deleted}::boolean
    ),
    expected as (
      select id as user_id, 'email' as channel from people where wants_email
      union all select id, 'sms' from people where wants_sms
    ),
    found as (
      select recipient_id as user_id, channel, count(*)::int as n from alert_deliveries
      where pick_id = ${pick.id}::uuid and recipient_id is not null ${onlyUser ? sql`and recipient_id = ${onlyUser}::uuid` : sql``}
      group by recipient_id, channel
    )`
  const limit = sql`limit ${verifyListLimit}`
  const [tallies, missing, duplicated, failed] = await Promise.all([
    queryRows<{ side: string; channel: NotificationChannel; n: number }>(
      deps.db,
      sql`${ctes}
      select 'expected' as side, channel, count(*)::int as n from expected group by channel
      union all select 'found', channel, count(*)::int from found group by channel`,
    ),
    queryRows<Problem>(
      deps.db,
      sql`${ctes}
      select ${pick.id}::text as pick_id, e.user_id::text, e.channel, count(*) over ()::int as total
      from expected e left join found f on f.user_id = e.user_id and f.channel = e.channel
      where f.user_id is null order by e.user_id, e.channel ${limit}`,
    ),
    queryRows<Problem>(
      deps.db,
      sql`${ctes}
      select ${pick.id}::text as pick_id, user_id::text, channel, n, count(*) over ()::int as total
      from found where n > 1 order by user_id, channel ${limit}`,
    ),
    queryRows<Problem>(
      deps.db,
      sql`select ${pick.id}::text as pick_id, recipient_id::text as user_id, channel, id::text as delivery_id,
        error, failed_at, count(*) over ()::int as total
      from alert_deliveries
      where pick_id = ${pick.id}::uuid and status = 'failed' and recipient_id is not null
        ${onlyUser ? sql`and recipient_id = ${onlyUser}::uuid` : sql``}
      order by failed_at, id ${limit}`,
    ),
  ])
  const tally = (side: string, channel: NotificationChannel) =>
    tallies.find((t) => t.side === side && t.channel === channel)?.n ?? 0
  return {
    expected: { email: tally('expected', 'email'), sms: tally('expected', 'sms') },
    found: { email: tally('found', 'email'), sms: tally('found', 'sms') },
    missing,
    duplicated,
    failed,
  }
}

export async function verifyDeliveries(
  deps: ConsoleDeps,
  request: FastifyRequest,
  id: string,
  query: { includePersonal: boolean },
): Promise<AdminDeliveryVerification> {
  let subject: 'pick' | 'purchase' = 'pick'
  let toCheck = await picksToCheck(deps, [id])
  let onlyUser: string | null = null
  if (!toCheck.length) {
    const purchase = await purchaseForDelivery(deps, id)
    if (!purchase) throw new AppError('NOT_FOUND', 'No pick or purchase with this id')
    subject = 'purchase'
    onlyUser = purchase.user_id
    const entitled = await entitledPicks(deps, purchase.creator_id, accessWindow(purchase, deps.now()))
    toCheck = await picksToCheck(
      deps,
      entitled.map((pick) => pick.id),
    )
  }
  const shown = await personalView(deps, request, 'delivery_verification', { ...query, subject, id })
  const checks: PickCheck[] = []
  for (const pick of toCheck) checks.push(await checkPick(deps, pick, onlyUser))
  const all = (list: 'missing' | 'duplicated' | 'failed') => checks.flatMap((check) => check[list])
  const total = (list: 'missing' | 'duplicated' | 'failed') =>
    checks.reduce((sum, check) => sum + (check[list][0]?.total ?? 0), 0)
  const problems = [...all('missing'), ...all('duplicated'), ...all('failed')]
  const userIds = [...new Set(problems.map((p) => p.user_id))]
  const people = userIds.length
    ? await queryRows<{ id: string; name: string; email: string; phone: string | null }>(
        deps.db,
        sql`select id::text, name, email, phone from users where id = any(${`{${userIds.join(',')}}`}::uuid[])`,
      )
    : []
  const byId = new Map(people.map((p) => [p.id, p]))
  const recipient = (userId: string) => {
    const person = byId.get(userId)
    return {
      id: userId,
      name: person?.name ?? '',
      email: shown.email(person?.email ?? ''),
      phone: shown.phone(person?.phone ?? null),
    }
  }
  const base = (p: Problem) => ({ pickId: p.pick_id, recipient: recipient(p.user_id), channel: p.channel })
  const counts = { missing: total('missing'), duplicated: total('duplicated'), failed: total('failed') }
  return {
    subject,
    id,
    checkedAt: deps.now().toISOString(),
    picks: toCheck.map((pick, i) => ({
      pickId: pick.id,
      fanout:
        pick.fanout_status && pick.started_at
          ? {
              status: pick.fanout_status,
              startedAt: new Date(pick.started_at).toISOString(),
              finishedAt: pick.finished_at ? new Date(pick.finished_at).toISOString() : null,
            }
          : null,
      expected: checks[i]?.expected ?? { email: 0, sms: 0 },
      found: checks[i]?.found ?? { email: 0, sms: 0 },
    })),
    ok: counts.missing === 0 && counts.duplicated === 0 && counts.failed === 0,
    counts,
    missing: all('missing').slice(0, verifyListLimit).map(base),
    duplicated: all('duplicated')
      .slice(0, verifyListLimit)
      .map((p) => ({ ...base(p), deliveries: p.n ?? 0 })),
    failed: all('failed')
      .slice(0, verifyListLimit)
      .map((p) => ({
        ...base(p),
        deliveryId: p.delivery_id ?? '',
        error: p.error ?? null,
        failedAt: p.failed_at ? new Date(p.failed_at).toISOString() : null,
      })),
    personal: shown.personal,
  }
}
