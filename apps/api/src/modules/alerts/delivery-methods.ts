import {
  notificationMessages,
  type DeliveryMethod,
  type DeliveryMethodsAnswer,
  type NotificationChannel,
} from '@picks/contracts'
import { eq } from 'drizzle-orm'
import { AppError } from '../../errors.ts'
import { channelsOf, requireCreator, type AlertServiceDeps } from './alert-lookups.ts'
import { offeredChannels } from './alert-recipients.ts'
import { deliveryMethods } from './alerts.table.ts'

/** The channels a creator offers (spec §7 "delivery methods"); none set means both. */

type MethodRow = typeof deliveryMethods.$inferSelect

function toMethod(row: MethodRow): DeliveryMethod {
  return {
    id: row.id,
    creatorId: row.creatorId,
    method: row.method,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

export async function deliveryMethodsOf(deps: AlertServiceDeps, creatorId: string): Promise<DeliveryMethodsAnswer> {
  await requireCreator(deps, creatorId)
  const [rows, offered] = await Promise.all([
    deps.db
      .select()
      .from(deliveryMethods)
      .where(eq(deliveryMethods.creatorId, creatorId))
      .orderBy(deliveryMethods.method),
    offeredChannels(deps.db, creatorId),
  ])
  return { creatorId, methods: rows.map(toMethod), offered: channelsOf(offered) }
}

export async function addDeliveryMethod(
  deps: AlertServiceDeps,
  input: { creatorId: string; method: NotificationChannel; isActive: boolean },
): Promise<DeliveryMethod> {
  await requireCreator(deps, input.creatorId)
  const now = deps.now()
  const [row] = await deps.db
    .insert(deliveryMethods)
    .values({ ...input, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning()
  if (!row) {
    throw new AppError('CONFLICT', notificationMessages.deliveryMethodExists, { reason: 'DELIVERY_METHOD_EXISTS' })
  }
  return toMethod(row)
}

/** A delivery method by its id (for the routes to check whose it is); 404 when there is none. */
export async function findDeliveryMethod(deps: AlertServiceDeps, id: string): Promise<DeliveryMethod> {
  const [row] = await deps.db.select().from(deliveryMethods).where(eq(deliveryMethods.id, id))
  if (!row) throw new AppError('NOT_FOUND', 'Delivery method not found')
  return toMethod(row)
}

export async function setDeliveryMethodActive(
  deps: AlertServiceDeps,
  id: string,
  isActive: boolean,
): Promise<DeliveryMethod> {
  const [row] = await deps.db
    .update(deliveryMethods)
    .set({ isActive, updatedAt: deps.now() })
    .where(eq(deliveryMethods.id, id))
    .returning()
  if (!row) throw new AppError('NOT_FOUND', 'Delivery method not found')
  return toMethod(row)
}

export async function removeDeliveryMethod(deps: AlertServiceDeps, id: string): Promise<void> {
  const rows = await deps.db
    .delete(deliveryMethods)
    .where(eq(deliveryMethods.id, id))
    .returning({ id: deliveryMethods.id })
  if (!rows.length) throw new AppError('NOT_FOUND', 'Delivery method not found')
}
