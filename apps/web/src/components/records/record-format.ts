import type { PickRecord } from '@picks/contracts/client'

/** "12-7-1": wins, losses, pushes. */
export function winLossPush(record: Pick<PickRecord, 'wins' | 'losses' | 'pushes'>): string {
  return `${record.wins}-${record.losses}-${record.pushes}`
}

/** "+5.4u" / "-2.0u". */
export function formatNetUnits(units: number): string {
  return `${units > 0 ? '+' : units < 0 ? '-' : ''}${Math.abs(units).toFixed(1)}u`
}

/** "+12.3%" for a return, "—" before there is one. */
export function formatRoi(roiPct: number | null): string {
  if (roiPct === null) return '—'
  return `${roiPct > 0 ? '+' : roiPct < 0 ? '-' : ''}${Math.abs(roiPct).toFixed(1)}%`
}

/** "63.2%", "—" before any win or loss. */
export function formatWinPct(winPct: number | null): string {
  return winPct === null ? '—' : `${winPct.toFixed(1)}%`
}

/** Picks with a result that counts: won, lost or pushed. */
export function gradedCount(record: Pick<PickRecord, 'wins' | 'losses' | 'pushes'>): number {
  return record.wins + record.losses + record.pushes
}
