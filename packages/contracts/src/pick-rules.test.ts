import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  americanToDecimal,
  betTypes,
  betTypesOf,
  computeRecord,
  formatOdds,
  gradePick,
  gradeProp,
  impliedProbability,
  isAmericanOdds,
  netUnits,
  profitPerUnit,
  recordSummary,
  tallyRecord,
  totalUnitOf,
  type FinalScore,
  type GradablePick,
  type GradedResult,
  type PickResult,
} from './pick-rules.ts'
import { PickDetails } from './picks.ts'

const home = 'Boston Celtics'
const away = 'New York Knicks'

function pick(overrides: Partial<GradablePick>): GradablePick {
  return {
    betType: 'moneyline',
    selection: home,
    homeTeam: home,
    awayTeam: away,
    line: null,
    overUnder: null,
    ...overrides,
  }
}

function final(homeScore: number, awayScore: number): FinalScore {
  return { status: 'final', homeScore, awayScore }
}

describe('grading from the final score', () => {
  const cases: { name: string; pick: GradablePick; score: FinalScore; result: GradedResult | null }[] = [
    // Moneyline
    { name: 'moneyline on the home winner wins', pick: pick({}), score: final(110, 100), result: 'won' },
    { name: 'moneyline on the home loser loses', pick: pick({}), score: final(99, 100), result: 'lost' },
    {
      name: 'moneyline on the away winner wins',
      pick: pick({ selection: away }),
      score: final(99, 100),
      result: 'won',
    },
    {
      name: 'a team is matched whatever its case and spacing',
      pick: pick({ selection: ' boston celtics ' }),
      score: final(2, 1),
      result: 'won',
    },
    { name: 'a two-way moneyline tie pushes', pick: pick({}), score: final(24, 24), result: 'push' },
    { name: 'soccer: Draw wins on a draw', pick: pick({ selection: 'Draw' }), score: final(1, 1), result: 'won' },
    { name: 'soccer: Draw loses on a win', pick: pick({ selection: 'Draw' }), score: final(2, 1), result: 'lost' },
    { name: 'soccer: Tie reads as Draw', pick: pick({ selection: 'Tie' }), score: final(0, 0), result: 'won' },
    {
      name: 'soccer: a team loses on a draw in a three-way market',
      pick: pick({ threeWay: true }),
      score: final(1, 1),
      result: 'lost',
    },
    {
      name: 'a moneyline on neither team cannot be graded',
      pick: pick({ selection: 'Lakers' }),
      score: final(2, 1),
      result: null,
    },
    // Spread
    {
      name: 'a -5.5 favourite that wins by 3 loses',
      pick: pick({ betType: 'spread', line: -5.5 }),
      score: final(103, 100),
      result: 'lost',
    },
    {
      name: 'a -5.5 favourite that wins by 6 wins',
      pick: pick({ betType: 'spread', line: -5.5 }),
      score: final(106, 100),
      result: 'won',
    },
    {
      name: 'a +5.5 underdog that loses by 3 wins',
      pick: pick({ betType: 'spread', selection: away, line: 5.5 }),
      score: final(103, 100),
      result: 'won',
    },
    {
      name: 'a +3.5 underdog that wins outright wins',
      pick: pick({ betType: 'spread', selection: away, line: 3.5 }),
      score: final(90, 100),
      result: 'won',
    },
    {
      name: 'a whole-number spread on the margin pushes',
      pick: pick({ betType: 'spread', line: -3 }),
      score: final(27, 24),
      result: 'push',
    },
    {
      name: 'a whole-number underdog line on the margin pushes',
      pick: pick({ betType: 'spread', selection: away, line: 7 }),
      score: final(30, 23),
      result: 'push',
    },
    {
      name: 'a spread without a line cannot be graded',
      pick: pick({ betType: 'spread', line: null }),
      score: final(1, 0),
      result: null,
    },
    // Total
    {
      name: 'over 220.5 with 221 wins',
      pick: pick({ betType: 'total', selection: 'Over', line: 220.5, overUnder: 'over' }),
      score: final(111, 110),
      result: 'won',
    },
    {
      name: 'over 220.5 with 220 loses',
      pick: pick({ betType: 'total', selection: 'Over', line: 220.5, overUnder: 'over' }),
      score: final(110, 110),
      result: 'lost',
    },
    {
      name: 'under 220.5 with 220 wins',
      pick: pick({ betType: 'total', selection: 'Under', line: 220.5, overUnder: 'under' }),
      score: final(110, 110),
      result: 'won',
    },
    {
      name: 'a whole-number total hit exactly pushes',
      pick: pick({ betType: 'total', selection: 'Over', line: 44, overUnder: 'over' }),
      score: final(24, 20),
      result: 'push',
    },
    {
      name: 'under a whole number hit exactly pushes',
      pick: pick({ betType: 'total', selection: 'Under', line: 44, overUnder: 'under' }),
      score: final(24, 20),
      result: 'push',
    },
    // Void and props
    {
      name: 'a postponed game is void',
      pick: pick({}),
      score: { status: 'postponed', homeScore: null, awayScore: null },
      result: 'void',
    },
    {
      name: 'a cancelled game is void',
      pick: pick({ betType: 'total', line: 200, overUnder: 'over' }),
      score: { status: 'cancelled', homeScore: null, awayScore: null },
      result: 'void',
    },
    {
      name: 'a cancelled game voids a prop too',
      pick: pick({ betType: 'player_prop', line: 25.5, overUnder: 'over' }),
      score: { status: 'cancelled', homeScore: null, awayScore: null },
      result: 'void',
    },
    {
      name: 'a player prop waits for a person',
      pick: pick({ betType: 'player_prop', line: 25.5, overUnder: 'over' }),
      score: final(110, 100),
      result: null,
    },
    {
      name: 'a final without scores cannot be graded',
      pick: pick({}),
      score: { status: 'final', homeScore: null, awayScore: null },
      result: null,
    },
  ]
  it.each(cases)('$name', ({ pick, score, result }) => {
    expect(gradePick(pick, score)).toBe(result)
  })
})

describe('grading a fight’s rounds total', () => {
  const fighterA = 'Alex Stone'
  const fighterB = 'Rui Costa'
  const roundsTotal = (line: number, overUnder: 'over' | 'under') =>
    pick({ betType: 'total', homeTeam: fighterA, awayTeam: fighterB, line, overUnder, totalUnit: 'rounds' })
  /** Fighter A won (1–0) after `seconds` of fighting. */
  const fightOf = (seconds: number | null): FinalScore => ({
    status: 'final',
    homeScore: 1,
    awayScore: 0,
    fightLengthSeconds: seconds,
  })
  // Round 3 at 2:31 is 751 s; 2.5 rounds is the mark at 750 s (2:30 of round 3).
  const cases: { name: string; pick: GradablePick; score: FinalScore; result: GradedResult | null }[] = [
    {
      name: 'over 2.5 wins when round 3 passes 2:30',
      pick: roundsTotal(2.5, 'over'),
      score: fightOf(751),
      result: 'won',
    },
    {
      name: 'over 2.5 wins at exactly 2:30 of round 3',
      pick: roundsTotal(2.5, 'over'),
      score: fightOf(750),
      result: 'won',
    },
    {
      name: 'under 2.5 loses at exactly 2:30 of round 3',
      pick: roundsTotal(2.5, 'under'),
      score: fightOf(750),
      result: 'lost',
    },
    {
      name: 'under 2.5 wins on a finish at 2:29 of round 3',
      pick: roundsTotal(2.5, 'under'),
      score: fightOf(749),
      result: 'won',
    },
    {
      name: 'over 1.5 loses on a first-round knockout',
      pick: roundsTotal(1.5, 'over'),
      score: fightOf(95),
      result: 'lost',
    },
    {
      name: 'over 2.5 wins on a three-round decision',
      pick: roundsTotal(2.5, 'over'),
      score: fightOf(900),
      result: 'won',
    },
    {
      name: 'under 4.5 loses on a five-round decision',
      pick: roundsTotal(4.5, 'under'),
      score: fightOf(1500),
      result: 'lost',
    },
    {
      name: 'without the fight’s length it waits for a person',
      pick: roundsTotal(2.5, 'over'),
      score: fightOf(null),
      result: null,
    },
    {
      name: 'never from the 1–0 score (a points total of 1 would be under 2.5)',
      pick: roundsTotal(2.5, 'over'),
      score: { status: 'final', homeScore: 1, awayScore: 0 },
      result: null,
    },
    {
      name: 'a cancelled fight is void',
      pick: roundsTotal(2.5, 'over'),
      score: { status: 'cancelled', homeScore: null, awayScore: null },
      result: 'void',
    },
  ]
  it.each(cases)('$name', ({ pick, score, result }) => {
    expect(gradePick(pick, score)).toBe(result)
  })

  it('offers no spread on a fight and every bet type elsewhere', () => {
    expect(betTypesOf('mma')).toEqual(['moneyline', 'total', 'player_prop'])
    for (const sport of ['nfl', 'nba', 'nhl', 'mlb', 'soccer']) expect(betTypesOf(sport)).toEqual(betTypes)
  })

  it('counts rounds for MMA and points for every other sport', () => {
    expect(totalUnitOf('mma')).toBe('rounds')
    for (const sport of ['nfl', 'nba', 'nhl', 'mlb', 'soccer']) expect(totalUnitOf(sport)).toBe('points')
  })
})

describe('grading a player prop by hand', () => {
  it.each([
    { line: 25.5, side: 'over', stat: 26, result: 'won' },
    { line: 25.5, side: 'over', stat: 25, result: 'lost' },
    { line: 25.5, side: 'under', stat: 25, result: 'won' },
    { line: 25, side: 'over', stat: 25, result: 'push' },
    { line: 0.5, side: 'under', stat: 0, result: 'won' },
  ] as const)('$side $line with $stat is $result', ({ line, side, stat, result }) => {
    expect(gradeProp(line, side, stat)).toBe(result)
  })
})

describe('American odds', () => {
  it.each([
    { odds: 150, profit: 1.5, decimal: 2.5, implied: 0.4, text: '+150' },
    { odds: -110, profit: 100 / 110, decimal: 1 + 100 / 110, implied: 110 / 210, text: '-110' },
    { odds: -200, profit: 0.5, decimal: 1.5, implied: 2 / 3, text: '-200' },
    { odds: 100, profit: 1, decimal: 2, implied: 0.5, text: '+100' },
  ])('$text wins $profit per unit', ({ odds, profit, decimal, implied, text }) => {
    expect(profitPerUnit(odds)).toBeCloseTo(profit, 10)
    expect(americanToDecimal(odds)).toBeCloseTo(decimal, 10)
    expect(impliedProbability(odds)).toBeCloseTo(implied, 10)
    expect(formatOdds(odds)).toBe(text)
  })

  it('are whole numbers of at least 100 either way and at most 10000', () => {
    expect([-110, 150, 100, -100, 10_000, -10_000].every(isAmericanOdds)).toBe(true)
    expect([0, 99, -99, 50, 10_001, 1.5, -110.5].some(isAmericanOdds)).toBe(false)
  })

  it('turn a result into units: a win pays the price, a loss costs the stake, push and void nothing', () => {
    expect(netUnits('won', 150, 2)).toBeCloseTo(3)
    expect(netUnits('won', -110, 1.1)).toBeCloseTo(1)
    expect(netUnits('won', -200, 1)).toBeCloseTo(0.5)
    expect(netUnits('lost', -110, 1.1)).toBe(-1.1)
    expect(netUnits('push', -110, 1)).toBe(0)
    expect(netUnits('void', 150, 1)).toBe(0)
    expect(netUnits('pending', 150, 1)).toBe(0)
  })
})

describe('the record', () => {
  const graded = (result: PickResult, odds = -110, stakeUnits = 1) => ({ result, odds, stakeUnits })

  it('counts graded picks only and converts American odds into net units, ROI and win %', () => {
    // Newest first.
    const record = computeRecord([
      graded('won', 150),
      graded('pending', 200, 5),
      graded('won', -200, 2),
      graded('lost', -110),
      graded('push'),
      graded('void', 300, 10),
    ])
    expect(record).toEqual({
      wins: 2,
      losses: 1,
      pushes: 1,
      voids: 1,
      pending: 1,
      // +1.5 + 1 - 1 + 0
      net_units: 1.5,
      // 1 + 2 + 1 + 1 (pending and void do not count)
      units_risked: 5,
      roi_pct: 30,
      win_pct: 66.7,
      streak: 'W2',
      last_10: ['W', 'W', 'L', 'P'],
    })
    expect(recordSummary(record)).toBe('2-1-1, +1.5u')
  })

  it('has no ROI, win % or streak before any graded pick', () => {
    expect(computeRecord([graded('pending'), graded('void')])).toMatchObject({
      wins: 0,
      losses: 0,
      net_units: 0,
      units_risked: 0,
      roi_pct: null,
      win_pct: null,
      streak: null,
      last_10: [],
    })
  })

  it('keeps a streak through pushes and voids and ends it at the other result', () => {
    const record = computeRecord([
      graded('lost'),
      graded('push'),
      graded('lost'),
      graded('void'),
      graded('lost'),
      graded('won'),
      graded('lost'),
    ])
    expect(record.streak).toBe('L3')
    expect(record.win_pct).toBe(20)
    expect(recordSummary(record)).toBe('1-4-1, -3.1u')
  })

  it('shows the last 10 graded results, newest first', () => {
    const results: PickResult[] = [
      'won',
      'lost',
      'push',
      'void',
      'pending',
      'won',
      'won',
      'lost',
      'lost',
      'won',
      'won',
      'lost',
      'won',
    ]
    expect(computeRecord(results.map((r) => graded(r))).last_10).toEqual([
      'W',
      'L',
      'P',
      'W',
      'W',
      'L',
      'L',
      'W',
      'W',
      'L',
    ])
  })

  it('rounds net units to 2 decimals and percentages to 1', () => {
    const record = computeRecord([graded('won', -110), graded('won', -110), graded('won', -110)])
    expect(record.net_units).toBe(2.73)
    expect(record.roi_pct).toBe(90.9)
    expect(record.win_pct).toBe(100)
  })

  it('tallies picks grouped with a count exactly as the same picks one by one', () => {
    const result = fc.constantFrom<PickResult>('won', 'lost', 'push', 'void', 'pending')
    const odds = fc.oneof(fc.integer({ min: 100, max: 10_000 }), fc.integer({ min: -10_000, max: -100 }))
    const stake = fc.integer({ min: 1, max: 100 }).map((tenths) => tenths / 10)
    const group = fc.record({ result, odds, stakeUnits: stake, count: fc.integer({ min: 1, max: 30 }) })
    fc.assert(
      fc.property(fc.array(group, { maxLength: 40 }), (groups) => {
        const picks = groups.flatMap((g) =>
          Array.from({ length: g.count }, () => ({ result: g.result, odds: g.odds, stakeUnits: g.stakeUnits })),
        )
        const { streak: _streak, last_10: _last10, ...oneByOne } = computeRecord(picks)
        expect(tallyRecord(groups)).toEqual(oneByOne)
      }),
      { numRuns: 300 },
    )
  })
})

describe('pick_details (spec §5 messages)', () => {
  const good = {
    sport: 'nba',
    game_date: '2026-12-01T00:30:00Z',
    home_team: home,
    away_team: away,
    bet_type: 'moneyline',
    pick: home,
    odds: -110,
    reasoning: 'Rest advantage and a healthy rotation.',
  }

  function messagesOf(details: Record<string, unknown>): Record<string, string> {
    const parsed = PickDetails.safeParse(details)
    if (parsed.success) return {}
    return Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]))
  }

  it('accepts a complete pick and starts it pending', () => {
    expect(PickDetails.parse(good)).toMatchObject({ result: 'pending' })
  })

  it('names each missing field with the spec’s words', () => {
    expect(messagesOf({})).toEqual({
      sport: 'Sport is required',
      game_date: 'Game date is required',
      home_team: 'Both teams are required',
      away_team: 'Both teams are required',
      bet_type: 'Bet type is required',
      pick: 'Pick selection is required',
      odds: 'Odds are required',
      reasoning: 'Reasoning must be at least 10 characters',
    })
    expect(messagesOf({ ...good, sport: ' ', home_team: '', pick: '  ', reasoning: '  short    ' })).toEqual({
      sport: 'Sport is required',
      home_team: 'Both teams are required',
      pick: 'Pick selection is required',
      reasoning: 'Reasoning must be at least 10 characters',
    })
  })

  it('refuses odds that are not American and a result other than pending', () => {
    expect(messagesOf({ ...good, odds: 50 })).toEqual({ odds: 'Odds are American odds such as -110 or +150' })
    expect(Object.keys(messagesOf({ ...good, result: 'won' }))).toEqual(['result'])
  })
})
