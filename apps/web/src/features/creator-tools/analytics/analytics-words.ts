import type { CreatorAnalytics } from '@picks/contracts'
import type { AnalyticsTimeframe } from '@picks/contracts/client'
import { bucketLabel, spanLabels, type Bucket } from '../creator-words.ts'

/** How the creator analytics word timeframes, buckets, rates and changes. */

export const timeframeLabels: Record<AnalyticsTimeframe, string> = { ...spanLabels, '1y': '1 year' }

/** "vs previous 30 days", "vs previous year"; what a change is measured against. */
export function previousPhrase(timeframe: Exclude<AnalyticsTimeframe, 'all'>): string {
  return timeframe === '1y' ? 'vs previous year' : `vs previous ${timeframeLabels[timeframe]}`
}

/** A bucket's label (`bucketLabel`), short enough for a chart's axis: "Mar 5" for a day or a week, "Mar 2026" for a month. */
export function bucketTick(start: string, bucket: Bucket): string {
  return bucket === 'month' ? bucketLabel(start, bucket) : bucketLabel(start, 'day')
}

/**
 * Which buckets a time axis labels: the first, the last, and evenly spaced ones between, as many as
 * `width` pixels hold at `spacing` each. Chosen here rather than by Recharts' `preserveStartEnd`,
 * which measures each label's text in the page: before the web font has loaded it measures the
 * fallback font, so one chart labelled "Nov 3" or not depending on timing.
 */
export function axisTicks<Value>(values: readonly Value[], width: number, spacing: number): Value[] {
  const slots = Math.max(2, Math.floor(width / spacing))
  if (values.length <= slots) return [...values]
  const last = values.length - 1
  return Array.from({ length: slots }, (_, i) => values[Math.round((i * last) / (slots - 1))] as Value)
}

/** A rate from 0 to 1 as "12.5%"; "—" when there was nothing to divide by. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${(rate * 100).toFixed(1)}%`
}

export type Direction = 'up' | 'down' | 'same'

/** A figure's move against the previous period, said in words ("Up 12% vs previous 30 days"). */
export interface Change {
  direction: Direction
  text: string
}

function directionOf(difference: number): Direction {
  return difference > 0 ? 'up' : difference < 0 ? 'down' : 'same'
}

function changeText(direction: Direction, amount: string, against: string): string {
  if (direction === 'same') return `No change ${against}`
  return `${direction === 'up' ? 'Up' : 'Down'} ${amount} ${against}`
}

/** A count's or an amount's change in percent of the previous figure; from nothing, it says so. */
export function countChange(current: number, previous: number, against: string): Change {
  const direction = directionOf(current - previous)
  if (previous === 0) return { direction, text: changeText(direction, 'from 0', against) }
  const percent = Math.round((Math.abs(current - previous) / Math.abs(previous)) * 100)
  return { direction, text: changeText(direction, percent === 0 ? 'less than 1%' : `${percent}%`, against) }
}

/** A rate's change in percentage points; none when either period had nothing to divide by. */
export function rateChange(current: number | null, previous: number | null, against: string): Change | null {
  if (current === null || previous === null) return null
  const points = Math.round(Math.abs(current - previous) * 1000) / 10
  const direction = points === 0 ? 'same' : directionOf(current - previous)
  return {
    direction,
    text: changeText(direction, `${points.toFixed(1)} ${points === 1 ? 'point' : 'points'}`, against),
  }
}

/** Nothing sold, subscribed, trialled or refunded in the period: a new creator, or a quiet spell. */
export function hasNoSales(figures: CreatorAnalytics['current']): boolean {
  return (
    figures.gross_sales_cents === 0 &&
    figures.refunds_cents === 0 &&
    figures.active_subscribers === 0 &&
    figures.new_subscribers === 0 &&
    figures.trial_starts === 0 &&
    figures.passes_sold === 0
  )
}
