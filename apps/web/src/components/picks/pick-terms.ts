import type { Pick as PickData } from '@picks/contracts'
import { dayAndTime } from '../../lib/dates.ts'
import { marketLabels, totalUnitOf, type BetType, type PickRecord, type PickResult } from '@picks/contracts/client'

/** How picks read to a person: one wording on every page that shows them. Times are the viewer's own clock. */

export const betTypeLabels: Record<BetType, string> = {
  moneyline: 'Moneyline',
  spread: 'Spread',
  total: 'Total',
  player_prop: 'Player prop',
}

export const resultLabels: Record<PickResult, string> = {
  pending: 'Pending',
  won: 'Won',
  lost: 'Lost',
  push: 'Push',
  void: 'Void',
}

/** "Sat, Nov 8, 7:30 PM". */
export function formatGameTime(iso: string): string {
  return dayAndTime(new Date(iso), { weekday: true })
}

/** "Nov 3, 6:10 PM". */
export function formatPostedAt(iso: string): string {
  return dayAndTime(new Date(iso))
}

/** "Celtics @ Lakers": away team first, as scoreboards write it. */
export function matchupText(game: { home_team: string; away_team: string }): string {
  return `${game.away_team} @ ${game.home_team}`
}

/** A spread's line reads signed ("+3.5", "-5.5", "PK"). */
export function formatSpread(line: number): string {
  if (line === 0) return 'PK'
  return line > 0 ? `+${line}` : String(line)
}

/** A line as its bet type writes it: signed for a spread, a plain number for totals and props. */
export function formatLine(line: number, betType: BetType): string {
  return betType === 'spread' ? formatSpread(line) : String(line)
}

/** A total's number as the sport counts it: "2.5 rounds" for a fight, a plain "221.5" elsewhere. */
export function totalLineText(line: number | string, sport: string | null | undefined): string {
  return sport && totalUnitOf(sport) === 'rounds' ? `${line} rounds` : String(line)
}

/** "Points" for `player_points`; a stat typed by hand reads as typed. */
export function statLabel(stat: string): string {
  return marketLabels[stat] ?? stat
}

function side(overUnder: 'over' | 'under'): string {
  return overUnder === 'over' ? 'Over' : 'Under'
}

/** The pick's fields its selection is written from; the sport says what a total counts. */
type SelectionFields = Pick<PickData, 'bet_type' | 'pick' | 'line' | 'player' | 'stat' | 'overUnder'> & {
  sport?: string | null
}

/**
 * What the pick is on, in words: "Lakers -5.5", "Over 220.5", "Over 2.5 rounds" (a fight),
 * "LeBron James Over 25.5 Points".
 * Null for a locked pick (no selection reaches a viewer without access).
 */
export function selectionText(pick: SelectionFields): string | null {
  if (pick.pick === null) return null
  switch (pick.bet_type) {
    case 'moneyline':
      return pick.pick
    case 'spread':
      return pick.line === null ? pick.pick : `${pick.pick} ${formatSpread(pick.line)}`
    case 'total':
      return pick.overUnder && pick.line !== null
        ? `${side(pick.overUnder)} ${totalLineText(pick.line, pick.sport)}`
        : pick.pick
    case 'player_prop':
      return pick.player && pick.overUnder && pick.line !== null
        ? `${pick.player} ${side(pick.overUnder)} ${pick.line}${pick.stat ? ` ${statLabel(pick.stat)}` : ''}`
        : pick.pick
  }
}

/** "1u", "2.5u". */
export function formatUnits(units: number): string {
  return `${Number(units.toFixed(2))}u`
}

/** The short record shop cards carry (`CreatorSummary.record`). */
export type ShortRecord = Pick<PickRecord, 'wins' | 'losses' | 'pushes' | 'net_units'>
/** A full record or the short one. */
export type RecordLike = PickRecord | ShortRecord

/** "12-7-1 · +5.4u · ROI 8.1%" (pushes left out when there are none); null before any graded pick. */
export function recordText(record: RecordLike | null | undefined): string | null {
  if (!record || record.wins + record.losses + record.pushes === 0) return null
  const played = `${record.wins}-${record.losses}${record.pushes ? `-${record.pushes}` : ''}`
  const units = `${record.net_units >= 0 ? '+' : ''}${record.net_units.toFixed(1)}u`
  const roiPct = 'roi_pct' in record ? record.roi_pct : null
  const roi = roiPct === null ? '' : ` · ROI ${roiPct.toFixed(1)}%`
  return `${played} · ${units}${roi}`
}
