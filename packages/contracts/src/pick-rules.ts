/**
 * Pick rules shared by the browser and the API (spec §3 "Pick (enhanced)", §5 "Pick form",
 * product-decisions.md "Picks"): bet types, results, the form's messages, odds arithmetic, grading
 * and the record. Zod-free. Odds are American (+150, -110); stakes are in units.
 */

export const betTypes = ['moneyline', 'spread', 'total', 'player_prop'] as const
export type BetType = (typeof betTypes)[number]

export const pickResults = ['pending', 'won', 'lost', 'push', 'void'] as const
export type PickResult = (typeof pickResults)[number]
export type GradedResult = Exclude<PickResult, 'pending'>

export const pickLimits = {
  reasoningMin: 10,
  reasoningMax: 5_000,
  selectionMax: 120,
  teamMax: 80,
  playerMax: 80,
  statMax: 60,
  bookmakerMax: 60,
  minStakeUnits: 0.1,
  maxStakeUnits: 10,
  defaultStakeUnits: 1,
  /** American odds: -10000 to +10000, never between -100 and +100 (exclusive). */
  maxOddsAbs: 10_000,
  apiVersion: '2.0',
  formType: 'optimized',
  /** Graded picks a creator needs before they rank on a leaderboard. */
  leaderboardMinGraded: 10,
} as const

/** Spec §5, verbatim. */
export const pickMessages = {
  sportRequired: 'Sport is required',
  gameDateRequired: 'Game date is required',
  teamsRequired: 'Both teams are required',
  betTypeRequired: 'Bet type is required',
  selectionRequired: 'Pick selection is required',
  oddsRequired: 'Odds are required',
  reasoningTooShort: 'Reasoning must be at least 10 characters',
  // Ours
  oddsInvalid: 'Odds are American odds such as -110 or +150',
  gameStarted: 'This game has already started: picks close at the start',
  gameNotFound: 'That game is not on the board',
  locked: 'This pick is locked: its game has started',
  stakeRange: `Stakes are ${pickLimits.minStakeUnits} to ${pickLimits.maxStakeUnits} units`,
  lineRequired: 'A line is required for spreads, totals and player props',
  propFieldsRequired: 'A player prop needs the player, the stat and over or under',
  fightHasNoSpread: 'A fight has no spread: pick the moneyline, the rounds total or a prop',
  clientUnknown: 'Choose one of your own clients',
  /** Spec §8, verbatim. */
  playerPropsFailed: 'Failed to fetch player props',
  sportsFailed: 'Failed to fetch sports',
  gameOddsFailed: 'Failed to fetch game odds',
} as const

/** True for valid American odds. */
export function isAmericanOdds(odds: number): boolean {
  return Number.isInteger(odds) && Math.abs(odds) >= 100 && Math.abs(odds) <= pickLimits.maxOddsAbs
}

/** Units won per unit risked at American `odds`: +A wins A/100, -A wins 100/A. */
export function profitPerUnit(odds: number): number {
  return odds > 0 ? odds / 100 : 100 / -odds
}

/** Decimal odds (stake included) of American `odds`. */
export function americanToDecimal(odds: number): number {
  return 1 + profitPerUnit(odds)
}

/** The bookmaker's implied probability of American `odds`, 0 to 1. */
export function impliedProbability(odds: number): number {
  return odds > 0 ? 100 / (odds + 100) : -odds / (-odds + 100)
}

/** "+150" / "-110". */
export function formatOdds(odds: number): string {
  return odds > 0 ? `+${odds}` : String(odds)
}

/** What the pick is on, as the grader needs it. */
export interface GradablePick {
  betType: BetType
  /** moneyline and spread: the team picked (or "Draw"); total and prop: unused. */
  selection: string
  homeTeam: string
  awayTeam: string
  /** spread: the picked team's line (-5.5); total and prop: the number (220.5). */
  line: number | null
  overUnder: 'over' | 'under' | null
  /** A three-way moneyline (soccer): a draw is its own outcome, so a team pick loses on a draw. */
  threeWay?: boolean
  /** What a total counts: points (goals, runs), or rounds for a fight (`totalUnitOf`). Default points. */
  totalUnit?: TotalUnit
}

export interface FinalScore {
  status: 'final' | 'postponed' | 'cancelled'
  homeScore: number | null
  awayScore: number | null
  /** A fight's length in seconds of fighting (round 3 at 2:31 of five-minute rounds: 751); null when unknown. */
  fightLengthSeconds?: number | null
}

export type TotalUnit = 'points' | 'rounds'

/** A round of a fight whose total counts rounds (MMA): five minutes. */
export const fightRoundSeconds = 300

/** A fight's total counts rounds ("Over 2.5 rounds"); every other sport's counts points. */
export function totalUnitOf(sport: string): TotalUnit {
  return sport === 'mma' ? 'rounds' : 'points'
}

/**
 * The bet types a sport's picks can take. A fight scores its winner 1 and its loser 0, so a spread
 * on it means nothing and MMA has none; every other sport takes all four.
 */
export function betTypesOf(sport: string): readonly BetType[] {
  return sport === 'mma' ? betTypes.filter((betType) => betType !== 'spread') : betTypes
}

/**
 * A rounds total against the fight's length: 2.5 rounds is 2:30 into round 3. A fight that reaches
 * the mark goes over (a fight ending at exactly 2:30 of round 3 is over 2.5); one that ends sooner
 * is under. Null without the fight's length (a provider that does not report it): graded by hand.
 */
function gradeRoundsTotal(line: number, overUnder: 'over' | 'under', fightLengthSeconds: number | null | undefined) {
  if (fightLengthSeconds === null || fightLengthSeconds === undefined) return null
  const reachedMark = fightLengthSeconds >= line * fightRoundSeconds
  return reachedMark === (overUnder === 'over') ? 'won' : 'lost'
}

/**
 * Grades a moneyline, spread or total pick from the final score (product-decisions.md): spread,
 * the picked side's margin plus its line, > 0 wins, = 0 pushes; total, the combined score against
 * the line, equal pushes (a fight's rounds total: its length against the line's mark); a tie on a
 * two-way moneyline pushes (on a three-way market "Draw" wins and a team loses);
 * a postponed or cancelled game is void. Player props are graded by a person: null.
 */
export function gradePick(pick: GradablePick, score: FinalScore): GradedResult | null {
  if (score.status !== 'final') return 'void'
  if (pick.betType === 'player_prop') return null
  const { homeScore, awayScore } = score
  if (homeScore === null || awayScore === null) return null
  const pickedHome = sameTeam(pick.selection, pick.homeTeam)
  const pickedAway = sameTeam(pick.selection, pick.awayTeam)
  if (pick.betType === 'moneyline') {
    if (/^draw$|^tie$/i.test(pick.selection.trim())) return homeScore === awayScore ? 'won' : 'lost'
    if (!pickedHome && !pickedAway) return null
    if (homeScore === awayScore) return pick.threeWay ? 'lost' : 'push'
    return homeScore > awayScore === pickedHome ? 'won' : 'lost'
  }
  if (pick.line === null) return null
  if (pick.betType === 'spread') {
    if (!pickedHome && !pickedAway) return null
    const margin = pickedHome ? homeScore - awayScore : awayScore - homeScore
    return outcome(margin + pick.line)
  }
  // total
  if (!pick.overUnder) return null
  if (pick.totalUnit === 'rounds') return gradeRoundsTotal(pick.line, pick.overUnder, score.fightLengthSeconds)
  const over = homeScore + awayScore - pick.line
  return outcome(pick.overUnder === 'over' ? over : -over)
}

/** A prop graded by a person: the player's stat against the line. */
export function gradeProp(line: number, overUnder: 'over' | 'under', statValue: number): GradedResult {
  const over = statValue - line
  return outcome(overUnder === 'over' ? over : -over)
}

function outcome(edge: number): GradedResult {
  if (Math.abs(edge) < 1e-9) return 'push'
  return edge > 0 ? 'won' : 'lost'
}

function sameTeam(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase()
}

/** Units won or lost by one graded pick. */
export function netUnits(result: PickResult, odds: number, stakeUnits: number): number {
  if (result === 'won') return stakeUnits * profitPerUnit(odds)
  if (result === 'lost') return -stakeUnits
  return 0
}

export interface PickRecord {
  wins: number
  losses: number
  pushes: number
  voids: number
  pending: number
  /** Net units, rounded to 2 decimals. */
  net_units: number
  /** Units risked on graded, non-void picks. */
  units_risked: number
  /** net / risked, as a percentage rounded to 1 decimal; null before any graded pick. */
  roi_pct: number | null
  /** W / (W + L), as a percentage rounded to 1 decimal; null before any win or loss. */
  win_pct: number | null
  /** "W3", "L1" or null: the current run of wins or losses (pushes and voids do not break it). */
  streak: string | null
  /** The last 10 graded results, newest first: "W", "L", "P". */
  last_10: string[]
}

/** A graded pick, or `count` picks alike, as a record counts it. */
export interface RecordedPick {
  result: PickResult
  odds: number
  stakeUnits: number
  /** How many picks alike this stands for (1 when absent). */
  count?: number
}

/** A record's counts and units, without the order-dependent streak and last 10. */
export type RecordTally = Pick<
  PickRecord,
  'wins' | 'losses' | 'pushes' | 'voids' | 'pending' | 'net_units' | 'units_risked' | 'roi_pct' | 'win_pct'
>

/**
 * The counts and units of a record: every pick's units added one by one (a group of `count` picks
 * adds its units `count` times, so grouped picks sum exactly as the picks themselves would), rounded
 * once at the end.
 */
export function tallyRecord(picks: Iterable<RecordedPick>): RecordTally {
  let wins = 0
  let losses = 0
  let pushes = 0
  let voids = 0
  let pending = 0
  let net = 0
  let risked = 0
  for (const p of picks) {
    const count = p.count ?? 1
    if (p.result === 'pending') pending += count
    else if (p.result === 'void') voids += count
    else {
      if (p.result === 'won') wins += count
      else if (p.result === 'lost') losses += count
      else pushes += count
      const units = netUnits(p.result, p.odds, p.stakeUnits)
      for (let i = 0; i < count; i++) {
        risked += p.stakeUnits
        net += units
      }
    }
  }
  const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits
  return {
    wins,
    losses,
    pushes,
    voids,
    pending,
    net_units: round(net, 2),
    units_risked: round(risked, 2),
    roi_pct: risked > 0 ? round((net / risked) * 100, 1) : null,
    win_pct: wins + losses > 0 ? round((wins / (wins + losses)) * 100, 1) : null,
  }
}

/**
 * The record from a creator's picks (product-decisions.md): graded picks only, so nobody can
 * curate it. `picks` newest first.
 */
export function computeRecord(picks: readonly { result: PickResult; odds: number; stakeUnits: number }[]): PickRecord {
  const decided = picks.filter((p) => p.result === 'won' || p.result === 'lost')
  let streak: string | null = null
  const first = decided[0]
  if (first) {
    let run = 0
    for (const p of decided) {
      if (p.result !== first.result) break
      run++
    }
    streak = `${first.result === 'won' ? 'W' : 'L'}${run}`
  }
  const last10 = picks
    .filter((p) => p.result === 'won' || p.result === 'lost' || p.result === 'push')
    .slice(0, 10)
    .map((p) => (p.result === 'won' ? 'W' : p.result === 'lost' ? 'L' : 'P'))
  return { ...tallyRecord(picks), streak, last_10: last10 }
}

/** "12-7-1, +5.4u": the short form on shop cards. */
export function recordSummary(record: PickRecord): string {
  const units = `${record.net_units >= 0 ? '+' : ''}${record.net_units.toFixed(1)}u`
  return `${record.wins}-${record.losses}${record.pushes ? `-${record.pushes}` : ''}, ${units}`
}
