import type { AdminDelivery, AdminDeliveryDetails } from '@picks/contracts'
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { queryRows } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { pickSummary } from '../alerts/alerts.service.ts'
import { picksForAlerts } from '../picks/picks.service.ts'
import { purchaseGivesAccess } from '../purchases/purchases.service.ts'
import { iso, personalView, type ConsoleDeps, type Personal } from './lists-common.ts'

/**
 * `GET /admin/purchases/{id}/delivery-details`: every pick the purchase entitled its buyer to, and
 * each delivery of it to the buyer by channel. A purchase gives access from its first payment (or
 * the start of its trial) until it ends; while it still gives access the window runs to now. Every
 * pick the creator posted in that window counts, free ones too: the buyer's alerts cover both.
 */

/** At most this many picks, newest first: an operator reads one purchase, not a creator's history. */
export const detailPickLimit = 200

export interface PurchaseForDelivery {
  id: string
  user_id: string
  creator_id: string
  status: AdminDeliveryDetails['purchase']['status']
  plan_name: string
  created_at: Date | string
  current_period_start: Date | string | null
  current_period_end: Date | string | null
  ended_at: Date | string | null
  auto_renewal: boolean
  first_paid_at: Date | string | null
}

/** The purchase and the first time money came in for it; null when there is no such purchase. */
export async function purchaseForDelivery(deps: ConsoleDeps, id: string): Promise<PurchaseForDelivery | null> {
  const [row] = await queryRows<PurchaseForDelivery>(
    deps.db,
    sql`select p.id::text, p.user_id::text, p.creator_id::text, p.status, p.plan_name, p.created_at,
      p.current_period_start, p.current_period_end, p.ended_at, p.auto_renewal,
      (select min(l.occurred_at) from ledger_entries l where l.purchase_id = p.id and l.kind = 'charge') as first_paid_at
    from purchases p where p.id = ${id}`,
  )
  return row ?? null
}

/** The window of picks a purchase entitled its buyer to; `until` null while it still gives access. */
export function accessWindow(purchase: PurchaseForDelivery, now: Date): { from: Date | null; until: Date | null } {
  if (purchase.status === 'pending' || purchase.status === 'incomplete') return { from: null, until: null }
  const starts = [purchase.first_paid_at, purchase.current_period_start]
    .filter((value): value is Date | string => value !== null)
    .map((value) => new Date(value).getTime())
  const from = new Date(starts.length ? Math.min(...starts) : new Date(purchase.created_at).getTime())
  const row = {
    status: purchase.status,
    autoRenewal: purchase.auto_renewal,
    currentPeriodEnd: purchase.current_period_end === null ? null : new Date(purchase.current_period_end),
  }
  if (purchaseGivesAccess(row, now)) return { from, until: null }
  const end = purchase.ended_at ?? purchase.current_period_end
  return { from, until: end === null ? from : new Date(end) }
}

/** The creator's live picks posted in the window, newest first. */
export async function entitledPicks(
  deps: ConsoleDeps,
  creatorId: string,
  window: { from: Date | null; until: Date | null },
): Promise<{ id: string; createdAt: string }[]> {
  if (!window.from) return []
  const until = window.until ?? deps.now()
  const rows = await queryRows<{ id: string; created_at: Date | string }>(
    deps.db,
    sql`select id::text, created_at from picks
      where creator_id = ${creatorId} and deleted_at is null
        and created_at >= ${window.from.toISOString()}::timestamptz and created_at <= ${until.toISOString()}::timestamptz
      order by created_at desc, id desc limit ${detailPickLimit}`,
  )
  return rows.map((row) => ({ id: row.id, createdAt: new Date(row.created_at).toISOString() }))
}

interface DeliverySqlRow {
  id: string
  pick_id: string
  channel: AdminDelivery['channel']
  status: AdminDelivery['status']
  destination: string
  attempts: number
  error: string | null
  created_at: Date | string
  sent_at: Date | string | null
  delivered_at: Date | string | null
  failed_at: Date | string | null
}

function toDelivery(row: DeliverySqlRow, shown: Personal): AdminDelivery {
  return {
    id: row.id,
    channel: row.channel,
    status: row.status,
    destination: row.channel === 'email' ? shown.email(row.destination) : (shown.phone(row.destination) ?? ''),
    attempts: row.attempts,
    error: row.error,
    createdAt: new Date(row.created_at).toISOString(),
    sentAt: iso(row.sent_at),
    deliveredAt: iso(row.delivered_at),
    failedAt: iso(row.failed_at),
  }
}

export async function purchaseDeliveryDetails(
  deps: ConsoleDeps,
  request: FastifyRequest,
  id: string,
  query: { includePersonal: boolean },
): Promise<AdminDeliveryDetails> {
  const purchase = await purchaseForDelivery(deps, id)
  if (!purchase) throw new AppError('NOT_FOUND', 'Purchase not found')
  const shown = await personalView(deps, request, 'purchase_delivery_details', { ...query, purchaseId: id })
  const window = accessWindow(purchase, deps.now())
  const entitled = await entitledPicks(deps, purchase.creator_id, window)
  const pickIds = entitled.map((pick) => pick.id)
  const [people, pickRows, deliveries] = await Promise.all([
    queryRows<{ id: string; name: string; email: string; phone: string | null; username: string | null }>(
      deps.db,
      sql`select u.id::text, u.name, u.email, u.phone, cp.username from users u
        left join creator_profiles cp on cp.user_id = u.id
        where u.id in (${purchase.user_id}, ${purchase.creator_id})`,
    ),
    picksForAlerts(deps.db, pickIds),
    pickIds.length
      ? queryRows<DeliverySqlRow>(
          deps.db,
          sql`select id::text, pick_id::text, channel, status, destination, attempts, error, created_at, sent_at,
            delivered_at, failed_at
          from alert_deliveries
          where recipient_id = ${purchase.user_id} and pick_id = any(${`{${pickIds.join(',')}}`}::uuid[])
          order by created_at, channel, id`,
        )
      : Promise.resolve([]),
  ])
  const buyer = people.find((p) => p.id === purchase.user_id)
  const seller = people.find((p) => p.id === purchase.creator_id)
  const picksById = new Map(pickRows.map((pick) => [pick.id, pick]))
  return {
    purchase: {
      id: purchase.id,
      status: purchase.status,
      plan: purchase.plan_name,
      customer: {
        id: purchase.user_id,
        name: buyer?.name ?? '',
        email: shown.email(buyer?.email ?? ''),
        phone: shown.phone(buyer?.phone ?? null),
      },
      creator: { id: purchase.creator_id, username: seller?.username ?? '', name: seller?.name ?? '' },
      accessFrom: iso(window.from),
      accessUntil: iso(window.until),
    },
    picks: entitled.flatMap(({ id: pickId, createdAt }) => {
      const pick = picksById.get(pickId)
      if (!pick) return []
      return [
        {
          id: pick.id,
          createdAt,
          isPremium: pick.isPremium,
          summary: pickSummary(pick),
          deliveries: deliveries.filter((d) => d.pick_id === pickId).map((d) => toDelivery(d, shown)),
        },
      ]
    }),
    personal: shown.personal,
  }
}
