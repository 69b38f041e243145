import { sportFixtures, type SportFixture } from './fixture-data.ts'
import { roundsLineOf } from './fixture-fights.ts'
import { seeded, type Random } from './fixture-random.ts'

/**
 * Every total and spread line the fixtures make, from the one per-sport table in fixture-data.ts
 * (`total`, `spreadStyle`, `spreadMax`): the board's lines and the demo picks' lines alike stay in
 * the range a real bookmaker would hang for that sport.
 */

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value))
export const roundToHalf = (value: number) => Math.round(value * 2) / 2

/** A game's expected total, somewhere in its sport's range; 0 for a sport without totals (fights). */
export function drawTotal(sport: SportFixture, random: Random): number {
  const draw = random()
  return sport.total ? sport.total.min + draw * (sport.total.max - sport.total.min) : 0
}

/** A bookmaker's total line: the expected total to the half point, shaded by `shade`, kept in range. */
export function bookTotal(sport: SportFixture, expected: number, shade: number): number | null {
  if (!sport.total) return null
  return clamp(roundToHalf(expected) + shade, sport.total.min, sport.total.max)
}

/**
 * The points the home side gives (positive) or gets (negative) on a `points` spread: the expected
 * margin to the half point, shaded, never level and never longer than the sport's `spreadMax`.
 */
export function bookSpread(sport: SportFixture, edge: number, shade: number): number {
  let line = clamp(roundToHalf(edge), -sport.spreadMax, sport.spreadMax)
  if (line === 0) line = edge >= 0 ? 0.5 : -0.5
  if (line + shade !== 0) line = clamp(line + shade, -sport.spreadMax, sport.spreadMax)
  return line
}

export interface TypicalLines {
  /** The total line (a fight's counts rounds), or null where the sport has no totals. */
  total: number | null
  /** The home side's spread point (−3.5: gives 3.5), or null where the sport has no spreads. */
  homeSpread: number | null
}

/**
 * Lines for a game known without its board (a finished one, as the demo picks see it): drawn from
 * the sport's table, the same every time for the same sport and seed. A fight's rounds total is
 * its board's line when `seed` is its id.
 */
export function typicalLines(sportKey: string, seed: string): TypicalLines {
  const sport = sportFixtures.find((s) => s.key === sportKey)
  if (!sport) return { total: null, homeSpread: null }
  if (sport.scoring === 'fight') return { total: roundsLineOf(seed), homeSpread: null }
  const random = seeded(`${sport.slug}|typical|${seed}`)
  const total = bookTotal(sport, drawTotal(sport, random), 0)
  const homeFavoured = random() < 0.6
  let homeSpread: number | null = null
  if (sport.spreadStyle === 'one_and_a_half') homeSpread = homeFavoured ? -1.5 : 1.5
  if (sport.spreadStyle === 'points') {
    // Most games are close: short spreads come more often than long ones.
    const favour = bookSpread(sport, random() ** 2 * sport.spreadMax, 0)
    homeSpread = homeFavoured ? -favour : favour
  }
  return { total, homeSpread }
}
