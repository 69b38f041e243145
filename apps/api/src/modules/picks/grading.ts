import { setImmediate } from 'node:timers/promises'
import { gradePick, gradeProp, sports, totalUnitOf, type GradedResult, type Pick } from '@picks/contracts'
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm'
import type { Db } from '../../db/client.ts'
import { AppError } from '../../errors.ts'
import type { EventScore, OddsProvider } from '../odds/odds.service.ts'
import { actsAsAdmin } from '../auth/guard.ts'
import { gameStateOf, pickAnswer, snapshot, type Actor, type PickRow, type PicksDeps } from './pick-access.ts'
import { pickAudit, picks } from './picks.table.ts'
import { refreshRecordSummary } from './records.ts'

/**
 * Grading (product-decisions.md "Picks"). Moneyline, spread and total picks on a listed game are
 * graded from the provider's final scores by a scheduled job (a fight's rounds total from how long
 * the fight lasted, when the provider says; otherwise an administrator grades it); player props and
 * games entered by hand are graded by their creator or an administrator once the game has started. Every grade is
 * one transaction with its audit row and the creator's record, and happens once: only a pending
 * pick is ever graded.
 */

interface GradeInput {
  result: GradedResult
  gradedBy: string
  at: Date
  finalScore: { home: number; away: number } | null
  /** Kept in the audit entry: the player's figure behind a prop's grade. */
  statValue?: number | null
}

/** Grades a pending pick; false when it was no longer pending (graded or deleted meanwhile). */
async function applyGrade(
  db: Db,
  pickId: string,
  input: GradeInput,
): Promise<{ graded: boolean; shopChanged: boolean }> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(picks).where(eq(picks.id, pickId)).for('update')
    if (!before || before.result !== 'pending' || before.deletedAt) return { graded: false, shopChanged: false }
    const [after] = await tx
      .update(picks)
      .set({
        result: input.result,
        gradedAt: input.at,
        gradedBy: input.gradedBy,
        finalHomeScore: input.finalScore?.home ?? null,
        finalAwayScore: input.finalScore?.away ?? null,
        updatedAt: input.at,
      })
      .where(and(eq(picks.id, pickId), eq(picks.result, 'pending')))
      .returning()
    if (!after) return { graded: false, shopChanged: false }
    await tx.insert(pickAudit).values({
      pickId,
      actorId: input.gradedBy,
      action: 'grade',
      before: snapshot(before),
      after: input.statValue !== undefined ? { ...snapshot(after), stat_value: input.statValue } : snapshot(after),
      at: input.at,
    })
    const shopChanged = await refreshRecordSummary(tx, before.creatorId)
    return { graded: true, shopChanged }
  })
}

const gradableStatuses: readonly EventScore['status'][] = ['final', 'postponed', 'cancelled']

export interface GraderDeps {
  db: Db
  odds: OddsProvider
  now: () => Date
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void }
  /** Told after a run that changed a record the shop shows (the shop cache forgets its answers). */
  onRecordChanged?: () => Promise<void>
  /**
   * Told after a run that graded picks without changing a record the shop shows: the feeds' and
   * records' caches forget their answers (decision 050). A changed record tells `onRecordChanged`
   * alone, which those caches hear too.
   */
  onPicksChanged?: () => Promise<void>
}

export interface Grader {
  /**
   * Grades every pending pick whose game the provider reports final, postponed or cancelled. With
   * `signal`, stops before the next pick once it is aborted: the picks left stay pending for the
   * next run, each grade being whole.
   */
  gradeDue(options?: { signal?: AbortSignal }): Promise<{ graded: number }>
}

export function createGrader(deps: GraderDeps): Grader {
  return {
    async gradeDue({ signal } = {}) {
      const now = deps.now()
      // The fixture provider's clock can run ahead of ours (the demo moves it): ask about every
      // pending game there. A real provider is asked only about games that have started.
      const due = and(
        eq(picks.result, 'pending'),
        isNull(picks.deletedAt),
        isNotNull(picks.gameId),
        deps.odds.name === 'fixtures' ? undefined : lte(picks.gameDate, now),
      )
      const sportsDue = await deps.db.selectDistinct({ sport: picks.sport }).from(picks).where(due)
      let graded = 0
      let shopChanged = false
      for (const { sport } of sportsDue) {
        if (signal?.aborted) break
        const sportKey = sports.find((s) => s.slug === sport)?.oddsKey
        if (!sportKey) continue
        let scores: EventScore[]
        try {
          scores = await deps.odds.scores(sportKey, 3)
        } catch (err) {
          deps.log.warn({ err, sport }, 'grading skipped a sport: the odds provider did not answer its scores')
          continue
        }
        const byGame = new Map(scores.filter((s) => gradableStatuses.includes(s.status)).map((s) => [s.id, s]))
        if (!byGame.size) continue
        const pending = await deps.db
          .select()
          .from(picks)
          .where(and(due, eq(picks.sport, sport)))
        for (const pick of pending) {
          // The embedded database never waits for I/O, so a long run of grades would hold the event
          // loop and the server would answer nothing meanwhile: each pick leaves it a turn first.
          await setImmediate()
          if (signal?.aborted) break
          const score = pick.gameId ? byGame.get(pick.gameId) : undefined
          if (!score) continue
          const result = gradePick(
            {
              betType: pick.betType,
              selection: pick.selection,
              homeTeam: pick.homeTeam,
              awayTeam: pick.awayTeam,
              line: pick.line,
              overUnder: pick.overUnder,
              threeWay: pick.sport === 'soccer',
              totalUnit: totalUnitOf(pick.sport),
            },
            {
              status: score.status as 'final' | 'postponed' | 'cancelled',
              homeScore: score.homeScore,
              awayScore: score.awayScore,
              fightLengthSeconds: score.fightLengthSeconds ?? null,
            },
          )
          if (!result) continue
          const finalScore =
            score.status === 'final' && score.homeScore !== null && score.awayScore !== null
              ? { home: score.homeScore, away: score.awayScore }
              : null
          const outcome = await applyGrade(deps.db, pick.id, { result, gradedBy: 'auto', at: now, finalScore })
          if (outcome.graded) graded++
          if (outcome.shopChanged) shopChanged = true
        }
      }
      if (graded) deps.log.info({ graded }, 'picks graded from final scores')
      if (shopChanged) await deps.onRecordChanged?.()
      else if (graded) await deps.onPicksChanged?.()
      return { graded }
    },
  }
}

/**
 * `POST /picks/{id}/grade`: a player prop, or a pick on a game entered by hand, graded by its
 * creator or an administrator once the game has started. Picks the grader handles (a listed
 * game's moneyline, spread or total) are graded by hand by administrators only. `pick` is the one
 * the route found and let `actor` act on (its creator or a verified administrator).
 */
export async function gradeByHand(
  deps: PicksDeps,
  actor: Actor,
  pick: PickRow,
  body: { result: GradedResult; stat_value?: number | null | undefined },
): Promise<{ pick: Pick; shopChanged: boolean }> {
  if (pick.result !== 'pending') {
    throw new AppError('CONFLICT', 'This pick is already graded', { reason: 'ALREADY_GRADED' })
  }
  const isAdmin = actsAsAdmin(actor)
  if (pick.gameId && pick.betType !== 'player_prop' && !isAdmin) {
    throw new AppError('CONFLICT', 'This pick is graded from the final score', { reason: 'AUTO_GRADED' })
  }
  const game = await gameStateOf(deps, pick)
  if (!game.started) {
    throw new AppError('CONFLICT', 'Grade this pick once its game has started', { reason: 'NOT_STARTED' })
  }
  const statValue = body.stat_value ?? null
  if (
    statValue !== null &&
    body.result !== 'void' &&
    pick.betType === 'player_prop' &&
    pick.line !== null &&
    pick.overUnder !== null
  ) {
    const expected = gradeProp(pick.line, pick.overUnder, statValue)
    if (expected !== body.result) {
      const message = `A ${pick.overUnder} ${pick.line} with ${statValue} is ${expected === 'won' ? 'a win' : expected === 'lost' ? 'a loss' : 'a push'}`
      throw new AppError('VALIDATION_FAILED', message, { details: [{ field: 'body.result', message }] })
    }
  }
  const now = deps.now()
  const outcome = await applyGrade(deps.db, pick.id, {
    result: body.result,
    gradedBy: actor.id,
    at: now,
    finalScore: null,
    statValue,
  })
  if (!outcome.graded) throw new AppError('CONFLICT', 'This pick is already graded', { reason: 'ALREADY_GRADED' })
  return { pick: await pickAnswer(deps, actor, pick.id), shopChanged: outcome.shopChanged }
}
