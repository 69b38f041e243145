import {
  computeRecord,
  pickLimits,
  type CreatorRecord,
  type LeaderboardAnswer,
  type PickRecord,
  type PickResult,
  type SportSlug,
} from '@picks/contracts'
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import {
  findCreatorProfile,
  listedCreatorOf,
  lockRecordSummary,
  recordSummaryChanged,
} from '../creators/creators.service.ts'
import { cardsFor } from './pick-view.ts'
import { picks } from './picks.table.ts'

/**
 * Records from graded picks only (product-decisions.md "Picks"): every non-deleted pick counts,
 * newest game first, so a creator cannot curate them. Deleting is only possible before the game
 * starts (administrators excepted), so a loss cannot be taken back.
 */

interface RecordPick {
  sport: string
  result: PickResult
  odds: number
  stakeUnits: number
}

const recordColumns = {
  sport: picks.sport,
  result: picks.result,
  odds: picks.odds,
  stakeUnits: picks.stakeUnits,
}

const newestGameFirst = [desc(picks.gameDate), desc(picks.createdAt), desc(picks.id)]

/** Overall and by sport, from picks newest game first. */
export function recordOf(rows: readonly RecordPick[]): CreatorRecord {
  const bySport = new Map<string, RecordPick[]>()
  for (const row of rows) {
    const list = bySport.get(row.sport)
    if (list) list.push(row)
    else bySport.set(row.sport, [row])
  }
  return {
    ...computeRecord(rows),
    by_sport: Object.fromEntries([...bySport].map(([sport, list]) => [sport, computeRecord(list)])),
  }
}

async function picksForRecord(db: Db, creatorId: string): Promise<RecordPick[]> {
  return db
    .select(recordColumns)
    .from(picks)
    .where(and(eq(picks.creatorId, creatorId), isNull(picks.deletedAt)))
    .orderBy(...newestGameFirst)
}

/** A creator's record, overall and by sport; 404 for someone who is not a creator. */
export async function creatorRecord(db: Db, creatorId: string): Promise<CreatorRecord> {
  if (!(await findCreatorProfile({ db }, creatorId))) throw new AppError('NOT_FOUND', 'Creator not found')
  return recordOf(await picksForRecord(db, creatorId))
}

/**
 * Recomputes the creator's stored summary inside the transaction of a pick write; true when what
 * the shop shows (wins, losses, pushes, voids, net units) changed.
 */
export async function refreshRecordSummary(tx: Db, creatorId: string): Promise<boolean> {
  const before = await lockRecordSummary(tx, creatorId)
  const rows = await picksForRecord(tx, creatorId)
  const record = recordOf(rows)
  await recordSummaryChanged(tx, creatorId, { picksCount: rows.length, record })
  return (
    before.wins !== record.wins ||
    before.losses !== record.losses ||
    before.pushes !== record.pushes ||
    before.voids !== record.voids ||
    before.netUnits !== record.net_units
  )
}

const decided = sql`${picks.result} in ('won', 'lost', 'push')`
const profitPerUnitSql = sql`case when ${picks.odds} > 0 then ${picks.odds} / 100.0 else 100.0 / -${picks.odds} end`

/**
 * The leaderboard: creators with at least `pickLimits.leaderboardMinGraded` graded, non-void picks
 * (in the sport when one is named), ranked by net units or ROI. Ranking runs as one aggregate in
 * the database; only the ranked creators' picks are read, for their streak and last 10.
 */
export async function leaderboard(
  db: Db,
  query: { sport?: SportSlug | undefined; sortBy: 'net_units' | 'roi'; limit: number },
): Promise<LeaderboardAnswer> {
  const inSport = query.sport ? eq(picks.sport, query.sport) : undefined
  const net = sql<number>`sum(case when ${picks.result} = 'won' then ${picks.stakeUnits} * ${profitPerUnitSql}
    when ${picks.result} = 'lost' then -${picks.stakeUnits} else 0 end)`
  const risked = sql<number>`sum(${picks.stakeUnits})`
  const ranked = await db
    .select({ creatorId: picks.creatorId })
    .from(picks)
    // A hidden pick still counts (hiding cannot curate a record); a hidden or suspended creator is not ranked.
    .where(and(isNull(picks.deletedAt), decided, inSport, listedCreatorOf(picks.creatorId)))
    .groupBy(picks.creatorId)
    .having(sql`count(*) >= ${pickLimits.leaderboardMinGraded}`)
    .orderBy(query.sortBy === 'roi' ? desc(sql`${net} / ${risked}`) : desc(net), asc(picks.creatorId))
    .limit(query.limit)
  const ids = ranked.map((r) => r.creatorId)
  const rows = ids.length
    ? await db
        .select({ creatorId: picks.creatorId, ...recordColumns })
        .from(picks)
        .where(and(inArray(picks.creatorId, ids), isNull(picks.deletedAt), inSport))
        .orderBy(...newestGameFirst)
    : []
  const byCreator = new Map<string, RecordPick[]>()
  for (const row of rows) {
    const list = byCreator.get(row.creatorId)
    if (list) list.push(row)
    else byCreator.set(row.creatorId, [row])
  }
  const cards = await cardsFor(db, ranked)
  return {
    sport: query.sport ?? null,
    min_graded: pickLimits.leaderboardMinGraded,
    entries: ids.map((id, index) => {
      const card = cards.get(id)
      const record: PickRecord = computeRecord(byCreator.get(id) ?? [])
      return {
        rank: index + 1,
        creator: {
          id,
          name: card?.name ?? '',
          username: card?.username ?? '',
          profile_picture: card?.profilePicture ?? null,
        },
        record,
      }
    }),
  }
}
