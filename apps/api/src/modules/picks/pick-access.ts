import type { Pick as ApiPick, SportSlug } from '@picks/contracts'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { actsAsAdmin } from '../auth/guard.ts'
import { findGame, type OddsProvider } from '../odds/odds.service.ts'
import { cardsFor, clientVisibleTo, pickColumns, premiumAccessOf, toPick, visibleTo, type Viewer } from './pick-view.ts'
import { pickShown } from './pick-moderation.ts'
import { picks } from './picks.table.ts'

export interface PicksDeps {
  db: Db
  odds: OddsProvider
  now: () => Date
  /** Runs in the transaction that publishes a pick (the alerts record that it must be announced). */
  onPublished?: (tx: Db, pickId: string) => Promise<void>
  /** Runs once a published pick is committed (the alerts start announcing it). */
  afterPublished?: (pickId: string) => Promise<void>
}

/** Whoever acts: the `actor` of a signed-in caller (auth/guard.ts), whose role counts only as far as its session allows. */
export type Actor = Viewer

export type PickRow = typeof picks.$inferSelect

/** A pick row as the audit keeps it. */
export function snapshot(row: PickRow): Record<string, unknown> {
  return { ...row }
}

/**
 * A pick that is not deleted; 404 when missing. The route then lets only its creator or a verified
 * administrator act on it (`assertOwner` with its `creatorId`).
 */
export async function findPick(deps: Pick<PicksDeps, 'db'>, pickId: string): Promise<PickRow> {
  const [row] = await deps.db
    .select()
    .from(picks)
    .where(and(eq(picks.id, pickId), isNull(picks.deletedAt)))
  if (!row) throw new AppError('NOT_FOUND', 'Pick not found')
  return row
}

/**
 * Whether a pick's game has started: by our clock at its start time, or by the provider reporting
 * it under way or over (the provider may know first). When the provider does not answer, the
 * start time alone decides.
 */
export async function gameStateOf(
  deps: PicksDeps,
  pick: Pick<PickRow, 'sport' | 'gameId' | 'gameDate'>,
): Promise<{ started: boolean }> {
  if (pick.gameDate.getTime() <= deps.now().getTime()) return { started: true }
  if (!pick.gameId) return { started: false }
  try {
    const game = await findGame(deps.odds, pick.sport as SportSlug, pick.gameId)
    return { started: game !== null && game.status !== 'upcoming' }
  } catch {
    return { started: false }
  }
}

/** One pick as `viewer` may see it; 404 when it does not exist or was deleted. */
export async function pickAnswer(deps: PicksDeps, viewer: Viewer | null, pickId: string): Promise<ApiPick> {
  const now = deps.now()
  const access = await premiumAccessOf(deps.db, viewer, now)
  const [row] = await deps.db
    .select(pickColumns(visibleTo(access), clientVisibleTo(viewer)))
    .from(picks)
    .where(and(eq(picks.id, pickId), isNull(picks.deletedAt)))
  if (!row) throw new AppError('NOT_FOUND', 'Pick not found')
  // A hidden pick, or one of a hidden or suspended creator, is gone to all but its creator and administrators.
  const own = viewer !== null && (viewer.id === row.creatorId || actsAsAdmin(viewer))
  if (!own && !(await pickShown(deps.db, pickId))) throw new AppError('NOT_FOUND', 'Pick not found')
  return toPick(row, await cardsFor(deps.db, [row]), now)
}
