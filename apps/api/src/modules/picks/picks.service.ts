import {
  betTypes,
  betTypesOf,
  marketLabels,
  PickDetails,
  pickMessages,
  propMarkets,
  type BetType,
  type CreatePickBody,
  type FieldIssue,
  type Pick,
  type PicksAnswer,
  type PicksQuery,
  type SportSlug,
} from '@picks/contracts'
import { and, count, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import { actsAsAdmin } from '../auth/guard.ts'
import { isClientOf } from '../clients/clients.service.ts'
import { findCreatorProfile, listedCreatorOf } from '../creators/creators.service.ts'
import { findGame, marketPrice, OddsProviderError, sportKeyOf, type EventScore } from '../odds/odds.service.ts'
import { gameStateOf, pickAnswer, snapshot, type Actor, type PickRow, type PicksDeps } from './pick-access.ts'
import {
  cardsFor,
  clientVisibleTo,
  pickColumns,
  premiumAccessOf,
  toPick,
  visibleTo,
  type PremiumAccess,
  type Viewer,
} from './pick-view.ts'
import { pickAudit, picks } from './picks.table.ts'
import { refreshRecordSummary } from './records.ts'

/**
 * Picks (spec §3 "Pick (enhanced)", product-decisions.md "Picks"): creating them against the odds
 * board or a game entered by hand, changing and deleting them until the game starts (each write
 * audited), and the feeds, where a premium pick reaches only those entitled to it.
 */

export { createGrader, gradeByHand, type Grader, type GraderDeps } from './grading.ts'
export { seedDemoPicks } from './demo-picks.ts'
export { creatorRecord, leaderboard } from './records.ts'
export { findPick, pickAnswer, type Actor, type PickRow, type PicksDeps } from './pick-access.ts'
// Moderators' hides (issue 16): the moderation module acts on picks through these.
export { hiddenPickIds, pickModeration, setPickHidden } from './pick-moderation.ts'
export { firstPickDay, pickDailyCounts, type PickDay } from './pick-figures.ts'

export type ParsedPickBody = z.output<typeof CreatePickBody>
type NewPickFields = Omit<typeof picks.$inferInsert, 'id' | 'creatorId' | 'clientId' | 'createdAt' | 'updatedAt'>

function invalid(issues: FieldIssue[]): AppError {
  const fields = [...new Set(issues.map((i) => i.field))].join(', ')
  return new AppError('VALIDATION_FAILED', `Invalid ${fields}`, { details: issues })
}

/** Equal but for case and surrounding spaces (team names, market names). */
function sameText(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

const marketOfBetType: Record<Exclude<BetType, 'player_prop'>, string> = {
  moneyline: 'h2h',
  spread: 'spreads',
  total: 'totals',
}

const totalSideMessage = 'Choose over or under for a total'
const teamsMismatchMessage = 'These teams do not play in that game'
const selectionNotATeamMessage = "Pick one of the game's teams"

function rawBetType(raw: unknown): BetType | null {
  if (typeof raw !== 'object' || raw === null || !('bet_type' in raw)) return null
  const value = raw.bet_type
  return typeof value === 'string' && (betTypes as readonly string[]).includes(value) ? (value as BetType) : null
}

/**
 * The body's own checks, all reported at once: `pick_details` against spec §5's messages (fields
 * named `body.pick_details.<field>`), then what each bet type needs.
 */
function checkedBody(body: ParsedPickBody): { details: PickDetails; overUnder: 'over' | 'under' | null } {
  let raw: unknown
  try {
    raw = JSON.parse(body.pick_details)
  } catch {
    throw invalid([{ field: 'body.pick_details', message: 'pick_details must be JSON text' }])
  }
  const issues: FieldIssue[] = []
  const parsed = PickDetails.safeParse(raw)
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      issues.push({ field: ['body', 'pick_details', ...issue.path.map(String)].join('.'), message: issue.message })
    }
  }
  const betType = parsed.success ? parsed.data.bet_type : rawBetType(raw)
  if (parsed.success && !betTypesOf(parsed.data.sport).includes(parsed.data.bet_type)) {
    issues.push({ field: 'body.pick_details.bet_type', message: pickMessages.fightHasNoSpread })
  }
  const line = body.line ?? null
  let overUnder = body.overUnder ?? null
  if (betType && betType !== 'moneyline' && line === null) {
    issues.push({ field: 'body.line', message: pickMessages.lineRequired })
  }
  if (betType === 'player_prop') {
    if (!body.player) issues.push({ field: 'body.player', message: pickMessages.propFieldsRequired })
    if (!body.stat) issues.push({ field: 'body.stat', message: pickMessages.propFieldsRequired })
    if (!overUnder) issues.push({ field: 'body.overUnder', message: pickMessages.propFieldsRequired })
  }
  if (betType === 'total' && !overUnder && parsed.success) {
    // "Over 220.5" says which side it is.
    const side = /^\s*(over|under)\b/i.exec(parsed.data.pick)?.[1]?.toLowerCase()
    if (side === 'over' || side === 'under') overUnder = side
    else issues.push({ field: 'body.overUnder', message: totalSideMessage })
  }
  if (issues.length || !parsed.success) throw invalid(issues)
  return { details: parsed.data, overUnder }
}

/** The prop markets a prop's `stat` names (a market key or its label), else every prop market of the sport. */
function propMarketsFor(sport: SportSlug, stat: string | null): string[] {
  const keys = propMarkets[sport] ?? []
  const named = keys.filter((key) => stat && (sameText(key, stat) || sameText(marketLabels[key] ?? '', stat)))
  return named.length ? named : [...keys]
}

/**
 * The board's price for the pick's selection when it is posted (the pick's `market_odds`): the
 * named bookmaker's, else the best on the board; null when the market or selection is not found.
 * Best effort: a board that does not answer leaves it null.
 */
async function marketOddsOf(
  deps: PicksDeps,
  sport: SportSlug,
  gameId: string,
  bet: {
    betType: BetType
    selection: string
    line: number | null
    overUnder: 'over' | 'under' | null
    player: string | null
    stat: string | null
    bookmaker: string | null
  },
): Promise<number | null> {
  const markets = bet.betType === 'player_prop' ? propMarketsFor(sport, bet.stat) : [marketOfBetType[bet.betType]]
  if (!markets.length) return null
  const selection =
    bet.betType === 'moneyline' || bet.betType === 'spread'
      ? bet.selection
      : bet.overUnder === 'under'
        ? 'Under'
        : 'Over'
  try {
    const event = await deps.odds.eventOdds(sportKeyOf(sport), gameId, { markets })
    for (const market of markets) {
      const price = marketPrice(event, market, selection, bet.line, bet.player, bet.bookmaker)
      if (price !== null) return price
    }
    return null
  } catch {
    return null
  }
}

/**
 * The stored fields of a pick from a checked body. A listed game supplies the teams and the start
 * (the client's are never trusted) and must not have started; a game entered by hand must start
 * in the future.
 */
async function pickFields(deps: PicksDeps, body: ParsedPickBody): Promise<NewPickFields> {
  const { details, overUnder } = checkedBody(body)
  const now = deps.now()
  const gameId = body.game_id ?? null
  let gameDate = new Date(details.game_date)
  let homeTeam = details.home_team
  let awayTeam = details.away_team
  let marketOdds: number | null = null
  const bet = {
    betType: details.bet_type,
    selection: details.pick,
    line: body.line ?? null,
    overUnder: details.bet_type === 'moneyline' ? null : overUnder,
    player: details.bet_type === 'player_prop' ? (body.player ?? null) : null,
    stat: details.bet_type === 'player_prop' ? (body.stat ?? null) : null,
    bookmaker: body.bookmaker || null,
  }
  if (gameId) {
    let game: EventScore | null
    try {
      game = await findGame(deps.odds, details.sport, gameId)
    } catch (err) {
      if (err instanceof OddsProviderError && err.reason === 'not_found') game = null
      else
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          'The odds board is not answering; try again, or enter the game by hand',
        )
    }
    if (!game || game.status === 'postponed' || game.status === 'cancelled') {
      throw invalid([{ field: 'body.game_id', message: pickMessages.gameNotFound }])
    }
    if (game.status !== 'upcoming' || game.commenceTime.getTime() <= now.getTime()) {
      throw new AppError('CONFLICT', pickMessages.gameStarted, { reason: 'GAME_STARTED' })
    }
    if (!sameText(details.home_team, game.homeTeam) || !sameText(details.away_team, game.awayTeam)) {
      throw invalid([
        { field: 'body.pick_details.home_team', message: teamsMismatchMessage },
        { field: 'body.pick_details.away_team', message: teamsMismatchMessage },
      ])
    }
    homeTeam = game.homeTeam
    awayTeam = game.awayTeam
    gameDate = game.commenceTime
    if (bet.betType === 'moneyline' || bet.betType === 'spread') {
      const isTeam = sameText(bet.selection, homeTeam) || sameText(bet.selection, awayTeam)
      const isDraw = bet.betType === 'moneyline' && /^\s*(draw|tie)\s*$/i.test(bet.selection)
      if (!isTeam && !isDraw) throw invalid([{ field: 'body.pick_details.pick', message: selectionNotATeamMessage }])
      // The provider's spelling, so the grader matches it.
      if (isTeam) bet.selection = sameText(bet.selection, homeTeam) ? homeTeam : awayTeam
    }
    marketOdds = await marketOddsOf(deps, details.sport, gameId, bet)
  } else if (gameDate.getTime() <= now.getTime()) {
    throw new AppError('CONFLICT', pickMessages.gameStarted, {
      details: [{ field: 'body.pick_details.game_date', message: pickMessages.gameStarted }],
      reason: 'GAME_STARTED',
    })
  }
  return {
    sport: details.sport,
    gameId,
    homeTeam,
    awayTeam,
    gameDate,
    betType: bet.betType,
    selection: bet.selection,
    odds: details.odds,
    marketOdds,
    line: bet.line,
    bookmaker: bet.bookmaker,
    player: bet.player,
    stat: bet.stat,
    overUnder: bet.overUnder,
    reasoning: details.reasoning,
    isPremium: body.is_premium,
    stakeUnits: body.stake_units,
    apiVersion: body.api_version,
    formType: body.form_type,
  }
}

/**
 * The creator a new pick is for: the signed-in creator, or for a verified administrator the
 * creator named by `user_id`. Anyone else's `user_id` is ignored (spec §3: the server sets it).
 */
async function posterOf(deps: PicksDeps, actor: Actor, userId: string | undefined): Promise<string> {
  if (actsAsAdmin(actor) && userId && userId !== actor.id) {
    if (!(await findCreatorProfile({ db: deps.db }, userId))) throw new AppError('NOT_FOUND', 'Creator not found')
    return userId
  }
  const mayPost = actor.role === 'creator' || actsAsAdmin(actor)
  if (!mayPost || !(await findCreatorProfile({ db: deps.db }, actor.id))) {
    throw new AppError('FORBIDDEN', 'Only creators can post picks', { reason: 'NOT_A_CREATOR' })
  }
  return actor.id
}

export interface PickWrite {
  pick: Pick
  /** Whether a record the shop shows changed (the caller forgets the shop's cached answers). */
  shopChanged: boolean
}

/**
 * The client a pick names (`client_id`, decision 044): one of the creator's own client records, or
 * none. Anyone else's record, or an unknown id, is a 400 naming `body.client_id` (the same answer
 * for both, so the field cannot be used to probe other creators' lists).
 */
async function checkedClientId(deps: { db: Db }, creatorId: string, clientId: string | null): Promise<string | null> {
  if (!clientId) return null
  if (!(await isClientOf(deps, creatorId, clientId))) {
    throw new AppError('VALIDATION_FAILED', pickMessages.clientUnknown, {
      details: [{ field: 'body.client_id', message: pickMessages.clientUnknown }],
    })
  }
  return clientId
}

/**
 * `POST /picks`. The server stamps `created_at` and the creator. A `client_id` names one of the
 * creator's clients (checked by `checkedClientId`).
 */
export async function createPick(deps: PicksDeps, actor: Actor, body: ParsedPickBody): Promise<PickWrite> {
  const creatorId = await posterOf(deps, actor, body.user_id)
  const clientId = await checkedClientId(deps, creatorId, body.client_id ?? null)
  const fields = await pickFields(deps, body)
  const now = deps.now()
  const written = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(picks)
      .values({ ...fields, creatorId, clientId, createdAt: now, updatedAt: now })
      .returning()
    if (!row) throw new Error('The pick was not written')
    await tx
      .insert(pickAudit)
      .values({ pickId: row.id, actorId: actor.id, action: 'create', before: null, after: snapshot(row), at: now })
    await deps.onPublished?.(tx, row.id)
    return { id: row.id, shopChanged: await refreshRecordSummary(tx, creatorId) }
  })
  await deps.afterPublished?.(written.id)
  return { pick: await pickAnswer(deps, actor, written.id), shopChanged: written.shopChanged }
}

/**
 * A pick can change while its game has not started and it is not graded; after that it is
 * locked (product-decisions.md "Picks").
 */
async function assertOpen(deps: PicksDeps, pick: PickRow): Promise<void> {
  if (pick.result !== 'pending' || (await gameStateOf(deps, pick)).started) {
    throw new AppError('CONFLICT', pickMessages.locked, { reason: 'LOCKED' })
  }
}

/** Runs `write` with the pick locked, if it is still what `expected` saw (not deleted, still pending). */
async function withLockedPick<T>(
  db: Db,
  pickId: string,
  write: (tx: Db, before: PickRow) => Promise<T>,
  stillPending: boolean,
): Promise<T> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(picks).where(eq(picks.id, pickId)).for('update')
    if (!before || before.deletedAt) throw new AppError('NOT_FOUND', 'Pick not found')
    if (stillPending && before.result !== 'pending') {
      throw new AppError('CONFLICT', pickMessages.locked, { reason: 'LOCKED' })
    }
    return write(tx, before)
  })
}

/**
 * `PUT /picks/{id}`: its creator or an administrator, before the game starts; audited. `current`
 * is the pick the route found and let `actor` act on.
 */
export async function updatePick(
  deps: PicksDeps,
  actor: Actor,
  current: PickRow,
  body: ParsedPickBody,
): Promise<PickWrite> {
  const pickId = current.id
  await assertOpen(deps, current)
  // Left out keeps the pick's client; null clears it.
  const client =
    body.client_id === undefined ? {} : { clientId: await checkedClientId(deps, current.creatorId, body.client_id) }
  const fields = { ...(await pickFields(deps, body)), ...client }
  const now = deps.now()
  const shopChanged = await withLockedPick(
    deps.db,
    pickId,
    async (tx, before) => {
      if (before.gameDate.getTime() <= now.getTime())
        throw new AppError('CONFLICT', pickMessages.locked, { reason: 'LOCKED' })
      const [after] = await tx
        .update(picks)
        .set({ ...fields, updatedAt: now })
        .where(eq(picks.id, pickId))
        .returning()
      if (!after) throw new AppError('NOT_FOUND', 'Pick not found')
      await tx.insert(pickAudit).values({
        pickId,
        actorId: actor.id,
        action: 'update',
        before: snapshot(before),
        after: snapshot(after),
        at: now,
      })
      return refreshRecordSummary(tx, before.creatorId)
    },
    true,
  )
  return { pick: await pickAnswer(deps, actor, pickId), shopChanged }
}

/**
 * `DELETE /picks/{id}`: its creator before the game starts, or an administrator at any time. The
 * pick leaves every feed and record; the row and its audit trail stay. `current` is the pick the
 * route found and let `actor` act on.
 */
export async function deletePick(deps: PicksDeps, actor: Actor, current: PickRow): Promise<{ shopChanged: boolean }> {
  const pickId = current.id
  const isAdmin = actsAsAdmin(actor)
  if (!isAdmin) await assertOpen(deps, current)
  const now = deps.now()
  const shopChanged = await withLockedPick(
    deps.db,
    pickId,
    async (tx, before) => {
      if (!isAdmin && before.gameDate.getTime() <= now.getTime()) {
        throw new AppError('CONFLICT', pickMessages.locked, { reason: 'LOCKED' })
      }
      const [after] = await tx
        .update(picks)
        .set({ deletedAt: now, updatedAt: now })
        .where(eq(picks.id, pickId))
        .returning()
      if (!after) throw new AppError('NOT_FOUND', 'Pick not found')
      await tx.insert(pickAudit).values({
        pickId,
        actorId: actor.id,
        action: 'delete',
        before: snapshot(before),
        after: snapshot(after),
        at: now,
      })
      return refreshRecordSummary(tx, before.creatorId)
    },
    !isAdmin,
  )
  return { shopChanged }
}

type FeedQuery = z.output<typeof PicksQuery>

/** One page of picks matching `scope`, newest first, as `viewer` may see them. */
async function feed(
  deps: PicksDeps,
  viewer: Viewer | null,
  scope: SQL[],
  query: FeedQuery,
  knownAccess?: PremiumAccess,
): Promise<PicksAnswer> {
  const now = deps.now()
  // Hidden picks, and the picks of a hidden or suspended creator, leave every feed (issue 16).
  const conditions: SQL[] = [
    isNull(picks.deletedAt),
    isNull(picks.hiddenAt),
    listedCreatorOf(picks.creatorId),
    ...scope,
  ]
  if (query.sport) conditions.push(eq(picks.sport, query.sport))
  if (query.creatorId) conditions.push(eq(picks.creatorId, query.creatorId))
  if (query.status === 'pending') conditions.push(eq(picks.result, 'pending'))
  if (query.status === 'graded') conditions.push(ne(picks.result, 'pending'))
  if (query.free) conditions.push(eq(picks.isPremium, query.free === 'false'))
  const where = and(...conditions)
  const access = knownAccess ?? (await premiumAccessOf(deps.db, viewer, now))
  const [rows, totals] = await Promise.all([
    deps.db
      .select(pickColumns(visibleTo(access), clientVisibleTo(viewer)))
      .from(picks)
      .where(where)
      .orderBy(desc(picks.createdAt), desc(picks.id))
      .limit(query.limit)
      .offset(query.offset),
    deps.db.select({ total: count() }).from(picks).where(where),
  ])
  const cards = await cardsFor(deps.db, rows)
  return {
    picks: rows.map((row) => toPick(row, cards, now)),
    total: Number(totals[0]?.total ?? 0),
    limit: query.limit,
    offset: query.offset,
  }
}

/** `GET /picks`: every creator's picks; premium ones as teasers unless the viewer is entitled. */
export function listPicks(deps: PicksDeps, viewer: Viewer | null, query: FeedQuery): Promise<PicksAnswer> {
  return feed(deps, viewer, [], query)
}

/** `GET /picks/user/{id}`: one creator's picks. */
export function picksOfCreator(
  deps: PicksDeps,
  viewer: Viewer | null,
  creatorId: string,
  query: FeedQuery,
): Promise<PicksAnswer> {
  return feed(deps, viewer, [eq(picks.creatorId, creatorId)], query)
}

/**
 * `GET /picks/subscribed/{userId}`: the picks of `creatorIds`, the creators that user is entitled to
 * now (purchases/entitlement-cache.ts). The route lets only that user or a verified administrator ask. What
 * the user is entitled to is what they may read; an administrator reads everything, and a creator
 * the clients of their own picks. A `null` viewer reads the page every customer entitled to exactly
 * these creators reads (the route's shared cache).
 */
export async function subscribedPicks(
  deps: PicksDeps,
  viewer: Viewer | null,
  creatorIds: readonly string[],
  query: FeedQuery,
): Promise<PicksAnswer> {
  if (!creatorIds.length) return { picks: [], total: 0, limit: query.limit, offset: query.offset }
  const access: PremiumAccess = viewer && actsAsAdmin(viewer) ? { kind: 'all' } : { kind: 'creators', creatorIds }
  return feed(deps, viewer, [inArray(picks.creatorId, [...creatorIds])], query, access)
}

/**
 * A pick as its alerts announce it; `deletedAt` set when it was deleted before they went out,
 * `withheld` when a moderator hid it or its creator's storefront is hidden or suspended.
 */
export type PickForAlerts = globalThis.Pick<
  PickRow,
  | 'id'
  | 'creatorId'
  | 'sport'
  | 'homeTeam'
  | 'awayTeam'
  | 'gameDate'
  | 'betType'
  | 'selection'
  | 'odds'
  | 'line'
  | 'bookmaker'
  | 'player'
  | 'stat'
  | 'overUnder'
  | 'reasoning'
  | 'isPremium'
  | 'stakeUnits'
  | 'deletedAt'
> & { withheld: boolean }

/** The picks with these ids, deleted ones included (the alerts say why they did not go out). */
export async function picksForAlerts(db: Db, ids: readonly string[]): Promise<PickForAlerts[]> {
  if (ids.length === 0) return []
  return db
    .select({
      id: picks.id,
      creatorId: picks.creatorId,
      sport: picks.sport,
      homeTeam: picks.homeTeam,
      awayTeam: picks.awayTeam,
      gameDate: picks.gameDate,
      betType: picks.betType,
      selection: picks.selection,
      odds: picks.odds,
      line: picks.line,
      bookmaker: picks.bookmaker,
      player: picks.player,
      stat: picks.stat,
      overUnder: picks.overUnder,
      reasoning: picks.reasoning,
      isPremium: picks.isPremium,
      stakeUnits: picks.stakeUnits,
      deletedAt: picks.deletedAt,
      withheld: sql<boolean>`(${picks.hiddenAt} is not null or not ${listedCreatorOf(picks.creatorId)})`,
    })
    .from(picks)
    .where(inArray(picks.id, [...new Set(ids)]))
}

/** The creator's newest pick not deleted, as its alerts announce it (a creator's test e-mail shows it); null when none. */
export async function newestPickForAlerts(db: Db, creatorId: string): Promise<PickForAlerts | null> {
  const [newest] = await db
    .select({ id: picks.id })
    .from(picks)
    .where(and(eq(picks.creatorId, creatorId), isNull(picks.deletedAt)))
    .orderBy(desc(picks.createdAt), desc(picks.id))
    .limit(1)
  if (!newest) return null
  const [pick] = await picksForAlerts(db, [newest.id])
  return pick ?? null
}
