import type { CreatePickBody } from '@picks/contracts'
import {
  betTypesOf,
  isAmericanOdds,
  isSportSlug,
  pickLimits,
  pickMessages,
  type BetType,
  type SportSlug,
} from '@picks/contracts/client'
import { selectionText, statLabel, totalLineText } from '../../components/picks/pick-terms.ts'

/** A game taken from the odds board. */
export interface BoardGame {
  id: string
  home_team: string
  away_team: string
  commence_time: string
}

/**
 * The pick form as the creator fills it: text as typed. A price chosen from the board writes the
 * same selection fields a creator can type by hand (side, line, player, stat, bookmaker, odds).
 */
export interface PickFormValues {
  sport: SportSlug | ''
  /** The game from the board; null while none is chosen or when the game is typed by hand. */
  game: BoardGame | null
  gameByHand: boolean
  homeTeam: string
  awayTeam: string
  /** `datetime-local` text, the creator's own clock. */
  gameTime: string
  betType: BetType | ''
  /** The team (or "Draw") for a moneyline or spread; `over` or `under` for a total or prop. */
  side: string
  line: string
  player: string
  stat: string
  bookmaker: string
  odds: string
  /** Which board price filled the selection, to show it chosen. */
  priceId: string | null
  reasoning: string
  isPremium: boolean
  stakeUnits: string
  /** One of the creator's client records the pick is for (decision 044); '' for none. */
  clientId: string
}

export type PickField =
  | 'sport'
  | 'game'
  | 'gameDate'
  | 'teams'
  | 'betType'
  | 'selection'
  | 'line'
  | 'odds'
  | 'reasoning'
  | 'stake'
  | 'access'
  | 'client'
export type PickProblems = Partial<Record<PickField, string>>

export function newPickValues(sport: string | null | undefined): PickFormValues {
  return {
    sport: sport && isSportSlug(sport) ? sport : '',
    game: null,
    gameByHand: false,
    homeTeam: '',
    awayTeam: '',
    gameTime: '',
    betType: '',
    side: '',
    line: '',
    player: '',
    stat: '',
    bookmaker: '',
    odds: '',
    priceId: null,
    reasoning: '',
    isPremium: false,
    stakeUnits: String(pickLimits.defaultStakeUnits),
    clientId: '',
  }
}

/** What choosing another sport, game or bet type clears: the selection made for the old one. */
export const clearedSelection = {
  side: '',
  line: '',
  player: '',
  stat: '',
  bookmaker: '',
  odds: '',
  priceId: null,
} satisfies Partial<PickFormValues>

export function needsLine(betType: BetType | ''): boolean {
  return betType === 'spread' || betType === 'total' || betType === 'player_prop'
}

export function isOverUnder(side: string): side is 'over' | 'under' {
  return side === 'over' || side === 'under'
}

/** "+150" and "150" are 150; null when the text is not a number. */
export function parseOdds(text: string): number | null {
  const trimmed = text.trim().replace(/^\+/, '')
  if (!/^-?\d+$/.test(trimmed)) return null
  return Number(trimmed)
}

function parseNumber(text: string): number | null {
  const trimmed = text.trim().replace(/^\+/, '')
  if (!/^-?\d+(\.\d+)?$/.test(trimmed)) return null
  return Number(trimmed)
}

/** True when the game is the one chosen from the board (not typed by hand). */
export function fromBoard(values: PickFormValues): values is PickFormValues & { game: BoardGame } {
  return values.game !== null && !values.gameByHand
}

/** The game's teams and start as they will be sent, from the board or as typed; null parts are missing. */
export function gameOf(values: PickFormValues): { homeTeam: string; awayTeam: string; gameDate: string | null } {
  if (fromBoard(values)) {
    return { homeTeam: values.game.home_team, awayTeam: values.game.away_team, gameDate: values.game.commence_time }
  }
  const start = values.gameTime ? new Date(values.gameTime) : null
  return {
    homeTeam: values.homeTeam.trim(),
    awayTeam: values.awayTeam.trim(),
    gameDate: start && !Number.isNaN(start.getTime()) ? start.toISOString() : null,
  }
}

function sideWord(side: 'over' | 'under'): string {
  return side === 'over' ? 'Over' : 'Under'
}

/**
 * The selection in words, as `pick_details.pick` carries it. Moneylines and spreads name the team
 * exactly (the grader compares it with the teams); totals and props read "Over 221.5" ("Over 2.5 rounds"),
 * "LeBron James Over 25.5 Points". Empty while incomplete.
 */
export function selectionOf(values: PickFormValues): string {
  const side = values.side.trim()
  const line = values.line.trim()
  switch (values.betType) {
    case 'moneyline':
    case 'spread':
      return side
    case 'total':
      return isOverUnder(side) && line ? `${sideWord(side)} ${totalLineText(line, values.sport)}` : ''
    case 'player_prop': {
      const player = values.player.trim()
      const stat = values.stat.trim()
      return player && stat && isOverUnder(side) && line ? `${player} ${sideWord(side)} ${line} ${statLabel(stat)}` : ''
    }
    default:
      return ''
  }
}

/** The selection as the pick card will read it ("Boston Celtics -4.5"); empty while incomplete. */
export function selectionSummary(values: PickFormValues): string {
  const pick = selectionOf(values)
  if (!pick || !values.betType) return ''
  const side = values.side.trim()
  const text = selectionText({
    sport: values.sport,
    bet_type: values.betType,
    pick,
    line: parseNumber(values.line),
    player: values.player.trim() || null,
    stat: values.stat.trim() || null,
    overUnder: isOverUnder(side) ? side : null,
  })
  return text ?? ''
}

/** The spec §5 rules (and the API's other limits), checked here first. `now` is the creator's clock. */
export function pickProblems(values: PickFormValues, now: Date = new Date()): PickProblems {
  const problems: PickProblems = {}
  if (!values.sport) problems.sport = pickMessages.sportRequired

  const game = gameOf(values)
  if (!game.gameDate) problems.gameDate = pickMessages.gameDateRequired
  else if (!fromBoard(values) && new Date(game.gameDate) <= now) problems.gameDate = pickMessages.gameStarted
  if (!game.homeTeam || !game.awayTeam) problems.teams = pickMessages.teamsRequired

  if (!values.betType) problems.betType = pickMessages.betTypeRequired
  else if (values.sport && !betTypesOf(values.sport).includes(values.betType)) {
    problems.betType = pickMessages.fightHasNoSpread
  }

  const side = values.side.trim()
  if (values.betType === 'player_prop') {
    const filled = [values.player.trim(), values.stat.trim(), isOverUnder(side) ? side : ''].filter(Boolean)
    if (filled.length === 0) problems.selection = pickMessages.selectionRequired
    else if (filled.length < 3) problems.selection = pickMessages.propFieldsRequired
  } else if (values.betType === 'total' ? !isOverUnder(side) : !side) {
    problems.selection = pickMessages.selectionRequired
  }
  if (needsLine(values.betType) && !problems.selection && parseNumber(values.line) === null) {
    problems.line = pickMessages.lineRequired
  }

  const odds = parseOdds(values.odds)
  if (!values.odds.trim()) problems.odds = pickMessages.oddsRequired
  else if (odds === null || !isAmericanOdds(odds)) problems.odds = pickMessages.oddsInvalid

  if (values.reasoning.trim().length < pickLimits.reasoningMin) problems.reasoning = pickMessages.reasoningTooShort

  const stake = parseNumber(values.stakeUnits)
  if (stake === null || stake < pickLimits.minStakeUnits || stake > pickLimits.maxStakeUnits) {
    problems.stake = pickMessages.stakeRange
  }
  return problems
}

/** The enhanced pick of spec §3 for valid values (`pickProblems` empty). */
export function pickBody(values: PickFormValues): CreatePickBody {
  const game = gameOf(values)
  const odds = parseOdds(values.odds)
  const betType = values.betType
  if (!betType || !game.gameDate || odds === null) throw new Error('pickBody needs valid values')
  const isProp = betType === 'player_prop'
  const side = values.side.trim()
  const details = {
    sport: values.sport,
    game_date: game.gameDate,
    home_team: game.homeTeam,
    away_team: game.awayTeam,
    bet_type: betType,
    pick: selectionOf(values),
    odds,
    reasoning: values.reasoning.trim(),
    result: 'pending',
  }
  return {
    pick_details: JSON.stringify(details),
    game_id: fromBoard(values) ? values.game.id : null,
    bookmaker: values.bookmaker.trim() || null,
    line: needsLine(betType) ? parseNumber(values.line) : null,
    player: isProp ? values.player.trim() : null,
    stat: isProp ? values.stat.trim() : null,
    overUnder: (betType === 'total' || isProp) && isOverUnder(side) ? side : null,
    api_version: pickLimits.apiVersion,
    form_type: pickLimits.formType,
    is_premium: values.isPremium,
    stake_units: parseNumber(values.stakeUnits) ?? pickLimits.defaultStakeUnits,
    ...(values.clientId ? { client_id: values.clientId } : {}),
  }
}

const serverFields: Record<string, PickField> = {
  'pick_details.sport': 'sport',
  'pick_details.game_date': 'gameDate',
  'pick_details.home_team': 'teams',
  'pick_details.away_team': 'teams',
  'pick_details.bet_type': 'betType',
  'pick_details.pick': 'selection',
  'pick_details.odds': 'odds',
  'pick_details.reasoning': 'reasoning',
  game_id: 'game',
  bookmaker: 'selection',
  player: 'selection',
  stat: 'selection',
  overUnder: 'selection',
  line: 'line',
  stake_units: 'stake',
  is_premium: 'access',
  client_id: 'client',
}

/** Field problems named by a server answer (`body.pick_details.reasoning` → Reasoning). */
export function pickProblemsFromServer(
  details: readonly { field: string; message: string }[] | undefined,
): PickProblems {
  const problems: PickProblems = {}
  for (const { field, message } of details ?? []) {
    const path = field.replace(/^body\./, '').split('.')
    const key = serverFields[path.slice(0, 2).join('.')] ?? serverFields[path[0] ?? '']
    if (key && !problems[key]) problems[key] = message
  }
  return problems
}

/**
 * Applies a change the way the form does: another sport clears the game, and another sport, game
 * or bet type clears the selection made for the old one; editing a selection field by hand
 * un-chooses the board price it came from.
 */
export function applyChange(values: PickFormValues, change: Partial<PickFormValues>): PickFormValues {
  const next = { ...values, ...change }
  const changed = (key: keyof PickFormValues) => key in change && change[key] !== values[key]
  if (changed('sport')) {
    next.game = null
    next.gameByHand = change.gameByHand ?? values.gameByHand
    // A bet type the new sport does not take (a spread on a fight) is chosen again.
    if (next.betType && next.sport && !betTypesOf(next.sport).includes(next.betType)) next.betType = ''
  }
  if (changed('sport') || changed('game') || changed('gameByHand') || changed('betType')) {
    return { ...next, ...clearedSelection, odds: '' }
  }
  // A team picked by hand follows its name as it is typed.
  if (changed('homeTeam') && values.side && values.side === values.homeTeam.trim()) next.side = next.homeTeam.trim()
  if (changed('awayTeam') && values.side && values.side === values.awayTeam.trim()) next.side = next.awayTeam.trim()
  const handEdited = (['side', 'line', 'player', 'stat', 'bookmaker'] as const).some(changed)
  if (handEdited && !('priceId' in change)) next.priceId = null
  return next
}
