import type { Pick, ServerUser } from '@picks/contracts'
import { inArray, sql, type SQL } from 'drizzle-orm'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types'
import type { Db } from '../../db/client.ts'
import { actsAsAdmin } from '../auth/guard.ts'
import { creatorCards, type CreatorCard } from '../creators/creators.service.ts'
import { entitledCreatorIds } from '../purchases/purchases.service.ts'
import { picks } from './picks.table.ts'

/**
 * How a pick reaches a viewer. A premium pick the viewer may not read comes back as a teaser that
 * the database itself leaves blank: every field of the bet is selected through `case when
 * <visible> then <column> end`, so the selection, odds, line, reasoning and the rest never leave
 * the database for that viewer and cannot leak through a mapping mistake.
 */

/**
 * Who is looking: the `actor` of a signed-in caller (auth/guard.ts), never the stored user, so an
 * administrator who has not entered the admin password sees what a customer sees.
 */
export type Viewer = globalThis.Pick<ServerUser, 'id' | 'role'>

/** Which premium picks a viewer may read: every one (administrators) or those of these creators. */
export type PremiumAccess = { kind: 'all' } | { kind: 'creators'; creatorIds: readonly string[] }

/**
 * The one rule for premium content (product-decisions.md "What is sold"): the creator themself,
 * administrators (verified: see `Viewer`), and customers entitled now. One query for the whole answer.
 */
export async function premiumAccessOf(db: Db, viewer: Viewer | null, now: Date): Promise<PremiumAccess> {
  if (!viewer) return { kind: 'creators', creatorIds: [] }
  if (actsAsAdmin(viewer)) return { kind: 'all' }
  return { kind: 'creators', creatorIds: [viewer.id, ...(await entitledCreatorIds(db, viewer.id, now))] }
}

/** The SQL condition "this viewer may read this pick in full". */
export function visibleTo(access: PremiumAccess): SQL {
  if (access.kind === 'all') return sql`true`
  if (!access.creatorIds.length) return sql`(not ${picks.isPremium})`
  return sql`(not ${picks.isPremium} or ${inArray(picks.creatorId, [...access.creatorIds])})`
}

function onlyIfVisible<T>(visible: SQL, column: AnyPgColumn) {
  // Null never reaches the decoder; a value goes through the column's own.
  return sql`case when ${visible} then ${column} end`.mapWith(
    (value: unknown): T | null => column.mapFromDriverValue(value) as T,
  )
}

/**
 * The SQL condition "this viewer may know which client the pick is for": the creator's client list
 * is theirs and administrators' only (decisions 009 and 044).
 */
export function clientVisibleTo(viewer: Viewer | null): SQL {
  if (!viewer) return sql`false`
  if (actsAsAdmin(viewer)) return sql`true`
  return sql`(${picks.creatorId} = ${viewer.id})`
}

/** The columns of a pick as `visible` (and, for the client, `clientVisible`) lets this viewer have them. */
export function pickColumns(visible: SQL, clientVisible: SQL) {
  return {
    id: picks.id,
    creatorId: picks.creatorId,
    sport: picks.sport,
    gameId: picks.gameId,
    gameDate: picks.gameDate,
    homeTeam: picks.homeTeam,
    awayTeam: picks.awayTeam,
    betType: picks.betType,
    isPremium: picks.isPremium,
    result: picks.result,
    gradedAt: picks.gradedAt,
    finalHomeScore: picks.finalHomeScore,
    finalAwayScore: picks.finalAwayScore,
    apiVersion: picks.apiVersion,
    formType: picks.formType,
    createdAt: picks.createdAt,
    updatedAt: picks.updatedAt,
    visible: sql<boolean>`${visible}`.mapWith(Boolean),
    clientId: onlyIfVisible<string>(clientVisible, picks.clientId),
    selection: onlyIfVisible<string>(visible, picks.selection),
    odds: onlyIfVisible<number>(visible, picks.odds),
    marketOdds: onlyIfVisible<number>(visible, picks.marketOdds),
    line: onlyIfVisible<number>(visible, picks.line),
    bookmaker: onlyIfVisible<string>(visible, picks.bookmaker),
    player: onlyIfVisible<string>(visible, picks.player),
    stat: onlyIfVisible<string>(visible, picks.stat),
    overUnder: onlyIfVisible<'over' | 'under'>(visible, picks.overUnder),
    reasoning: onlyIfVisible<string>(visible, picks.reasoning),
    stakeUnits: onlyIfVisible<number>(visible, picks.stakeUnits),
  }
}

export type PickViewRow = SelectResultFields<ReturnType<typeof pickColumns>>

/** The creators of `rows`, in one query. */
export async function cardsFor(db: Db, rows: readonly { creatorId: string }[]): Promise<Map<string, CreatorCard>> {
  return creatorCards({ db }, [...new Set(rows.map((r) => r.creatorId))])
}

/** A pick as the API answers it; `locked` when the viewer gets the teaser. */
export function toPick(row: PickViewRow, cards: Map<string, CreatorCard>, now: Date): Pick {
  const card = cards.get(row.creatorId)
  const locked = !row.visible
  const gameDate = row.gameDate.toISOString()
  return {
    id: row.id,
    user_id: row.creatorId,
    client_id: row.clientId,
    creator: {
      id: row.creatorId,
      name: card?.name ?? '',
      username: card?.username ?? '',
      profile_picture: card?.profilePicture ?? null,
    },
    sport: row.sport as Pick['sport'],
    game_id: row.gameId,
    game_date: gameDate,
    home_team: row.homeTeam,
    away_team: row.awayTeam,
    bet_type: row.betType,
    is_premium: row.isPremium,
    locked,
    pick: row.selection,
    odds: row.odds,
    line: row.line,
    bookmaker: row.bookmaker,
    player: row.player,
    stat: row.stat,
    overUnder: row.overUnder,
    reasoning: row.reasoning,
    stake_units: row.stakeUnits,
    market_odds: row.marketOdds,
    pick_details:
      locked || row.selection === null || row.odds === null || row.reasoning === null
        ? null
        : JSON.stringify({
            sport: row.sport,
            game_date: gameDate,
            home_team: row.homeTeam,
            away_team: row.awayTeam,
            bet_type: row.betType,
            pick: row.selection,
            odds: row.odds,
            reasoning: row.reasoning,
            result: row.result,
          }),
    result: row.result,
    graded_at: row.gradedAt?.toISOString() ?? null,
    final_score:
      row.finalHomeScore !== null && row.finalAwayScore !== null
        ? { home: row.finalHomeScore, away: row.finalAwayScore }
        : null,
    is_closed: row.result !== 'pending' || row.gameDate.getTime() <= now.getTime(),
    api_version: row.apiVersion,
    form_type: row.formType,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }
}
