import { fightRoundSeconds } from '@picks/contracts'
import { chance, seeded } from './fixture-random.ts'

/**
 * How the fixture provider's fights go the distance or not: the scheduled rounds, the rounds total
 * a bookmaker hangs on them, and how each one ends. Everything follows from the fight's id, so the
 * board, the final score and the demo's lines agree about every fight.
 */

/** The day's last fight (slot 7, `mma-20261124-7`) is the main event: five rounds. */
const mainEventSlot = 7

/** Of the three-round fights, this share is expected to end early and gets a 1.5 line instead of 2.5. */
const shortLineShare = 0.3

/** A fight's scheduled rounds: five for the day's main event, three for the rest (and for another provider's ids). */
export function scheduledRoundsOf(fightId: string): 3 | 5 {
  const slot = /-(\d+)$/.exec(fightId)?.[1]
  return slot !== undefined && Number(slot) === mainEventSlot ? 5 : 3
}

/** The rounds total: 4.5 for five rounds; 2.5 for a three-round fight, or 1.5 for one expected to end early. */
export function roundsLineOf(fightId: string): number {
  if (scheduledRoundsOf(fightId) === 5) return 4.5
  return chance(`${fightId}|rounds-line`) < shortLineShare ? 1.5 : 2.5
}

interface FinishModel {
  rounds: 3 | 5
  /** How likely the fight ends before the final bell. */
  finishChance: number
  /** The chance of each round being the one a finish comes in (earlier rounds likelier). */
  roundWeights: number[]
}

function finishModel(fightId: string): FinishModel {
  const rounds = scheduledRoundsOf(fightId)
  // A short line is hung on a fight the books expect to end early.
  const finishChance = rounds === 5 ? 0.55 : roundsLineOf(fightId) === 1.5 ? 0.75 : 0.5
  const raw = Array.from({ length: rounds }, (_, i) => rounds - i + 0.5)
  const sum = raw.reduce((a, b) => a + b, 0)
  return { rounds, finishChance, roundWeights: raw.map((w) => w / sum) }
}

/** The chance the fight reaches its line's mark (2.5 rounds: 2:30 into round 3), which the over needs. */
export function overChanceOf(fightId: string): number {
  const { finishChance, roundWeights } = finishModel(fightId)
  const line = roundsLineOf(fightId)
  const markRound = Math.floor(line) + 1
  const markSecond = (line % 1) * fightRoundSeconds
  // A finish second is drawn from 1 to the round's length: it reaches the mark from `markSecond` on.
  const reachWithinMarkRound = (fightRoundSeconds - markSecond + 1) / fightRoundSeconds
  const finishedLater = roundWeights.slice(markRound).reduce((a, b) => a + b, 0)
  const finishedInMarkRound = roundWeights[markRound - 1] ?? 0
  return 1 - finishChance + finishChance * (finishedLater + finishedInMarkRound * reachWithinMarkRound)
}

export interface FightEnd {
  scheduledRounds: 3 | 5
  /** The round it ended in, from 1. */
  round: number
  /** Seconds into that round (a decision: the whole round). */
  secondsIntoRound: number
  /** Seconds of fighting in all: what the rounds total is graded on. */
  lengthSeconds: number
}

/** How the fight ends, the same every time for a fight. */
export function fightEndOf(fightId: string): FightEnd {
  const { rounds, finishChance, roundWeights } = finishModel(fightId)
  const random = seeded(`${fightId}|fight-end`)
  let round: number = rounds
  let secondsIntoRound = fightRoundSeconds
  if (random() < finishChance) {
    let draw = random()
    round = 1
    for (const weight of roundWeights.slice(0, -1)) {
      draw -= weight
      if (draw < 0) break
      round++
    }
    secondsIntoRound = 1 + Math.floor(random() * fightRoundSeconds)
  }
  return {
    scheduledRounds: rounds,
    round,
    secondsIntoRound,
    lengthSeconds: (round - 1) * fightRoundSeconds + secondsIntoRound,
  }
}
