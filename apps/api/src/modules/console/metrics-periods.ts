import type { MetricInterval } from '@picks/contracts'
import { AppError } from '../../errors.ts'

/**
 * UTC calendar days and the periods built of them (a week starts on Monday, a month on its first).
 * Days travel as `YYYY-MM-DD` strings: they sort and compare as text and never meet a local zone.
 */

const dayMs = 86_400_000

/** The UTC day of an instant. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/** The day `n` days after (or before) `day`. */
export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * dayMs))
}

/** Whole days from `from` to `to` (0 when the same day). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs)
}

/** The first instant of a day, as the ISO string a `timestamptz` parameter takes. */
export function dayStart(day: string): string {
  return `${day}T00:00:00.000Z`
}

/** The first day of the period holding `day`. */
export function periodStart(day: string, interval: MetricInterval): string {
  if (interval === 'day') return day
  if (interval === 'month') return `${day.slice(0, 7)}-01`
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

/** The first day of the period after the one starting at `start`. */
export function nextPeriod(start: string, interval: MetricInterval): string {
  if (interval === 'day') return addDays(start, 1)
  if (interval === 'week') return addDays(start, 7)
  const date = new Date(`${start}T00:00:00Z`)
  date.setUTCMonth(date.getUTCMonth() + 1)
  return utcDay(date)
}

export interface Period {
  start: string
  /** The first day after the period. */
  end: string
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function periodsCovering(from: string, to: string, interval: MetricInterval): Period[] {
  const periods: Period[] = []
  for (let start = periodStart(from, interval); start <= to;) {
    const end = nextPeriod(start, interval)
    periods.push({ start, end })
    start = end
  }
  return periods
}

/** The longest range a report covers, in days, by interval: about two years by day, twenty by week or month. */
export const maxRangeDays: Record<MetricInterval, number> = { day: 731, week: 3653, month: 7305 }

/** The default range: the last 30 UTC days, today included. */
export const defaultRangeDays = 30

export interface ResolvedRange {
  interval: MetricInterval
  periods: Period[]
  /** The first day of the first period and the last day of the last one. */
  from: string
  to: string
}

/**
 * The periods of a report's query: by default the 30 days ending today; `from` after `to`, or a
 * range longer than the interval allows, is a 400 naming the field.
 */
export function resolveRange(
  query: { interval: MetricInterval; from?: string | undefined; to?: string | undefined },
  today: string,
): ResolvedRange {
  const to = query.to ?? (query.from && query.from > today ? query.from : today)
  const from = query.from ?? addDays(to, -(defaultRangeDays - 1))
  if (from > to) {
    throw new AppError('VALIDATION_FAILED', 'The range is invalid', {
      details: [{ field: 'query.from', message: 'must not be after to' }],
    })
  }
  if (daysBetween(from, to) + 1 > maxRangeDays[query.interval]) {
    throw new AppError('VALIDATION_FAILED', 'The range is too long', {
      details: [
        {
          field: 'query.from',
          message: `a range by ${query.interval} covers at most ${maxRangeDays[query.interval]} days; choose a later from or a longer interval`,
        },
      ],
    })
  }
  const periods = periodsCovering(from, to, query.interval)
  const first = periods[0]
  const last = periods[periods.length - 1]
  if (!first || !last) throw new Error('a range always holds a period')
  return { interval: query.interval, periods, from: first.start, to: addDays(last.end, -1) }
}
