import { and, eq, inArray, isNotNull, isNull, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { canActFor, viewer } from '../auth/guard.ts'
import { creatorProfiles } from './creators.table.ts'

type Deps = { db: Db }

/**
 * A storefront the public sees: not hidden by a moderator and its account not suspended (issue
 * 16). The shop, the feeds, the leaderboard and the alerts show only these.
 */
export const listedCreator: SQL = and(isNull(creatorProfiles.hiddenAt), isNull(creatorProfiles.suspendedAt))!

/** For other tables' queries (picks, alerts): the creator in `creatorId` has a listed storefront. */
export function listedCreatorOf(creatorId: AnyColumn | SQL): SQL {
  return sql`exists (select 1 from ${creatorProfiles} where ${creatorProfiles.userId} = ${creatorId}
    and ${creatorProfiles.hiddenAt} is null and ${creatorProfiles.suspendedAt} is null)`
}

/** How a storefront stands with moderation; null when the user is not a creator. */
export interface CreatorVisibility {
  hiddenAt: Date | null
  hiddenNote: string | null
  suspended: boolean
}

export async function creatorVisibility(deps: Deps, creatorId: string): Promise<CreatorVisibility | null> {
  const [row] = await deps.db
    .select({
      hiddenAt: creatorProfiles.hiddenAt,
      hiddenNote: creatorProfiles.hiddenNote,
      suspendedAt: creatorProfiles.suspendedAt,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
  return row ? { hiddenAt: row.hiddenAt, hiddenNote: row.hiddenNote, suspended: row.suspendedAt !== null } : null
}

/**
 * A moderator hides (`hidden` set) or restores (null) a storefront; run it in the moderation
 * action's transaction. The state before, or null when the user is not a creator. The caller
 * forgets the shop's cached answers.
 */
export async function setCreatorHidden(
  deps: Deps,
  creatorId: string,
  hidden: { at: Date; note: string } | null,
): Promise<CreatorVisibility | null> {
  const [before] = await deps.db
    .select({
      hiddenAt: creatorProfiles.hiddenAt,
      hiddenNote: creatorProfiles.hiddenNote,
      suspendedAt: creatorProfiles.suspendedAt,
    })
    .from(creatorProfiles)
    .where(eq(creatorProfiles.userId, creatorId))
    .for('update')
  if (!before) return null
  await deps.db
    .update(creatorProfiles)
    .set({ hiddenAt: hidden?.at ?? null, hiddenNote: hidden?.note ?? null })
    .where(eq(creatorProfiles.userId, creatorId))
  return { hiddenAt: before.hiddenAt, hiddenNote: before.hiddenNote, suspended: before.suspendedAt !== null }
}

/** The users module's suspension, kept on the storefront so the shop reads one table. */
export async function suspensionChanged(deps: Deps, userId: string, suspendedAt: Date | null): Promise<void> {
  await deps.db.update(creatorProfiles).set({ suspendedAt }).where(eq(creatorProfiles.userId, userId))
}

/**
 * For a creator's public pages: 404 to the public when the storefront is hidden or suspended,
 * as for an unknown creator; the creator themselves and a verified administrator still see it.
 * Returns whether it is hidden from the public (the owner's page says so).
 */
export async function assertCreatorShown(deps: Deps, request: FastifyRequest, creatorId: string): Promise<boolean> {
  const state = await creatorVisibility(deps, creatorId)
  if (!state) throw new AppError('NOT_FOUND', 'Creator not found')
  const hidden = state.hiddenAt !== null || state.suspended
  if (!hidden) return false
  const caller = await viewer(request)
  if (caller && canActFor(caller, creatorId)) return true
  throw new AppError('NOT_FOUND', 'Creator not found')
}

/** Which of these creators' storefronts a moderator has hidden now (the moderation queue shows it). */
export async function hiddenCreatorIds(deps: Deps, ids: readonly string[]): Promise<Set<string>> {
  if (!ids.length) return new Set()
  const rows = await deps.db
    .select({ id: creatorProfiles.userId })
    .from(creatorProfiles)
    .where(and(inArray(creatorProfiles.userId, [...new Set(ids)]), isNotNull(creatorProfiles.hiddenAt)))
  return new Set(rows.map((r) => r.id))
}
