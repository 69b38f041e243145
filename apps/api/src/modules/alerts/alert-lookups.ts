import { notificationChannels, type NotificationChannel, type ServerUser } from '@picks/contracts'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { creatorCards, type CreatorCard } from '../creators/creators.service.ts'
import { findUserById } from '../users/users.service.ts'
import type { OfferedChannels } from './alert-recipients.ts'

/**
 * What the alerts' read and settings services share: their dependencies and the look-ups of the
 * person or creator a request names, each refusing with 404 when there is none.
 */

export interface AlertServiceDeps {
  db: Db
  now: () => Date
}

export const hourMs = 60 * 60 * 1000

export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null
}

/** The distinct ids, the missing ones left out. */
export function unique(ids: (string | null)[]): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))]
}

/** The channels offered, in the contracts' order. */
export function channelsOf(offered: OfferedChannels): NotificationChannel[] {
  return notificationChannels.filter((channel) => offered[channel])
}

export async function personOf(deps: AlertServiceDeps, userId: string): Promise<ServerUser> {
  const user = await findUserById(deps, userId)
  if (!user) throw new AppError('NOT_FOUND', 'User not found')
  return user
}

/** The creator's name and picture; 404 when `creatorId` is not a creator. */
export async function requireCreator(deps: AlertServiceDeps, creatorId: string): Promise<CreatorCard> {
  const card = (await creatorCards(deps, [creatorId])).get(creatorId)
  if (!card) throw new AppError('NOT_FOUND', 'Creator not found')
  return card
}
