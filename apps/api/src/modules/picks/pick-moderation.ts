import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { listedCreatorOf } from '../creators/creators.service.ts'
import { picks } from './picks.table.ts'

/**
 * Moderation's hold on a pick (issue 16): the moderation module hides and restores through here,
 * and the picks module keeps the state on its own table. A hidden pick leaves feeds and alerts
 * but keeps counting in its creator's record (records.ts reads every pick not deleted).
 */

/** A pick's owner and how it stands with moderation; null when it does not exist or was deleted. */
export interface PickModeration {
  creatorId: string
  hiddenAt: Date | null
  hiddenNote: string | null
}

export async function pickModeration(db: Db, pickId: string): Promise<PickModeration | null> {
  const [row] = await db
    .select({ creatorId: picks.creatorId, hiddenAt: picks.hiddenAt, hiddenNote: picks.hiddenNote })
    .from(picks)
    .where(and(eq(picks.id, pickId), isNull(picks.deletedAt)))
  return row ?? null
}

/**
 * Hides (`hidden` set) or restores (null) a pick; run it in the moderator's transaction. The state
 * before, or null when the pick does not exist or was deleted.
 */
export async function setPickHidden(
  db: Db,
  pickId: string,
  hidden: { at: Date; note: string } | null,
): Promise<PickModeration | null> {
  const [before] = await db
    .select({ creatorId: picks.creatorId, hiddenAt: picks.hiddenAt, hiddenNote: picks.hiddenNote })
    .from(picks)
    .where(and(eq(picks.id, pickId), isNull(picks.deletedAt)))
    .for('update')
  if (!before) return null
  await db
    .update(picks)
    .set({ hiddenAt: hidden?.at ?? null, hiddenNote: hidden?.note ?? null })
    .where(eq(picks.id, pickId))
  return before
}

/** Whether the public sees the pick: not hidden, and its creator's storefront listed. */
export async function pickShown(db: Db, pickId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: picks.id })
    .from(picks)
    .where(and(eq(picks.id, pickId), isNull(picks.hiddenAt), listedCreatorOf(picks.creatorId)))
  return row !== undefined
}

/** Which of these picks a moderator has hidden now (the moderation queue shows it). */
export async function hiddenPickIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await db
    .select({ id: picks.id })
    .from(picks)
    .where(and(inArray(picks.id, [...new Set(ids)]), isNotNull(picks.hiddenAt)))
  return new Set(rows.map((r) => r.id))
}
