import { describe, expect, it } from 'vitest'
import { createFixtureOddsProvider } from './fixture-odds.ts'
import { typicalLines } from './fixture-lines.ts'
import type { EventScore } from './odds-provider.ts'

const mma = 'mma_mixed_martial_arts'
const dayMs = 24 * 60 * 60 * 1000
const roundSeconds = 300

/** Every fight the provider lists over `days` days from `iso`, upcoming (with its board) and finished. */
async function fightsOver(iso: string, days: number) {
  const provider = createFixtureOddsProvider({ now: () => new Date(iso) })
  const boards = new Map<string, Awaited<ReturnType<typeof provider.odds>>[number]>()
  const finals = new Map<string, EventScore>()
  for (let day = 0; day < days; day += 2) {
    for (const game of await provider.odds(mma, { markets: ['h2h', 'totals'] })) boards.set(game.id, game)
    for (const score of await provider.scores(mma, 3)) if (score.status === 'final') finals.set(score.id, score)
    provider.advance(2 * dayMs)
  }
  return { boards: [...boards.values()], finals: [...finals.values()] }
}

describe('fixture fights', () => {
  it('hang a rounds total on every fight: 4.5 on the five-round main event, 1.5 or 2.5 on three rounds', async () => {
    const { boards } = await fightsOver('2026-03-02T00:00:00Z', 8)
    const lines = new Set<number>()
    for (const fight of boards) {
      const totals = fight.bookmakers.flatMap((b) => b.markets.filter((m) => m.key === 'totals'))
      expect(totals.length, fight.id).toBeGreaterThan(0)
      const points = new Set(totals.flatMap((m) => m.outcomes.map((o) => o.point)))
      // One line per fight at every book, so the best price compares like with like.
      expect(points.size, fight.id).toBe(1)
      const [line] = [...points]
      const mainEvent = fight.id.endsWith('-7')
      expect(mainEvent ? [4.5] : [1.5, 2.5], fight.id).toContain(line)
      expect(typicalLines(mma, fight.id).total).toBe(line)
      lines.add(line!)
      for (const market of totals) {
        expect(market.outcomes.map((o) => o.name).sort()).toEqual(['Over', 'Under'])
        for (const outcome of market.outcomes) {
          // A price a book would post on a rounds total, not a long shot.
          expect(outcome.price, `${fight.id} ${outcome.name}`).toBeGreaterThanOrEqual(-300)
          expect(outcome.price, `${fight.id} ${outcome.name}`).toBeLessThanOrEqual(250)
        }
      }
    }
    expect([...lines].sort()).toEqual([1.5, 2.5, 4.5])
    // No spreads on a fight.
    expect(boards.every((f) => f.bookmakers.every((b) => b.markets.every((m) => m.key !== 'spreads')))).toBe(true)
  })

  it('end by a finish or on the cards, and say how long they lasted', async () => {
    const { finals } = await fightsOver('2026-03-02T00:00:00Z', 12)
    expect(finals.length).toBeGreaterThan(30)
    let finishes = 0
    let decisions = 0
    for (const fight of finals) {
      const rounds = fight.id.endsWith('-7') ? 5 : 3
      const length = fight.fightLengthSeconds
      expect(Number.isInteger(length), fight.id).toBe(true)
      expect(length, fight.id).toBeGreaterThan(0)
      expect(length, fight.id).toBeLessThanOrEqual(rounds * roundSeconds)
      if (length === rounds * roundSeconds) decisions++
      else finishes++
      expect([fight.homeScore, fight.awayScore].sort()).toEqual([0, 1])
    }
    expect(finishes).toBeGreaterThan(0)
    expect(decisions).toBeGreaterThan(0)
    // Both sides of the rounds totals win now and then.
    const overs = finals.filter((f) => f.fightLengthSeconds! >= typicalLines(mma, f.id).total! * roundSeconds)
    expect(overs.length).toBeGreaterThan(0)
    expect(overs.length).toBeLessThan(finals.length)
  })

  it('give other sports no fight length', async () => {
    const provider = createFixtureOddsProvider({ now: () => new Date('2026-03-02T00:00:00Z') })
    const finals = (await provider.scores('basketball_nba', 3)).filter((s) => s.status === 'final')
    expect(finals.length).toBeGreaterThan(0)
    for (const game of finals) expect(game.fightLengthSeconds).toBeUndefined()
  })
})
