import type { AnalyticsTimeframe } from '@picks/contracts'

/**
 * The instants and UTC calendar buckets of a creator's analytics (decision 037). Days travel as
 * `YYYY-MM-DD` strings; a week starts on Monday, a month on its first, all in UTC.
 */

export const dayMs = 86_400_000

export type AnalyticsBucket = 'day' | 'week' | 'month'

/** How long each timeframe but `all` reaches back from now. */
export const timeframeDays: Record<Exclude<AnalyticsTimeframe, 'all'>, number> = {
  '7d': 7,
  '30d': 30,
  '90d': 90,
  '1y': 365,
}

/** The series' bucket of each timeframe: by day up to 30 days, by week for 90, by month beyond. */
export const bucketOf: Record<AnalyticsTimeframe, AnalyticsBucket> = {
  '7d': 'day',
  '30d': 'day',
  '90d': 'week',
  '1y': 'month',
  all: 'month',
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`)

/**
 * The UTC day of an instant (ms since the epoch), as `toISOString` would write it. By arithmetic on
 * the day number (the proleptic Gregorian calendar, as in Howard Hinnant's `civil_from_days`) rather
 * than through a `Date` and its ISO string: `all` cuts five years into days and names each several
 * times, and the string route took 7 ms of a 50 ms read. Years outside 1000–9999 go through `Date`.
 */
export function utcDay(at: number): string {
  const z = Math.floor(at / dayMs) + 719_468
  const era = Math.floor(z / 146_097)
  const dayOfEra = z - era * 146_097
  const yearOfEra = Math.floor(
    (dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365,
  )
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100))
  const shiftedMonth = Math.floor((5 * dayOfYear + 2) / 153)
  const day = dayOfYear - Math.floor((153 * shiftedMonth + 2) / 5) + 1
  const month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  if (!(year >= 1000 && year <= 9999)) return new Date(at).toISOString().slice(0, 10)
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`
}

export function dayStartMs(day: string): number {
  return Date.parse(`${day}T00:00:00.000Z`)
}

export function addDays(day: string, n: number): string {
  return utcDay(dayStartMs(day) + n * dayMs)
}

/** The first day of the bucket holding `day`. */
export function bucketStart(day: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return day
  if (bucket === 'month') return `${day.slice(0, 7)}-01`
  const weekday = new Date(dayStartMs(day)).getUTCDay()
  return addDays(day, -((weekday + 6) % 7))
}

/** The first day of the bucket after the one starting `start`. */
export function nextBucket(start: string, bucket: AnalyticsBucket): string {
  if (bucket === 'day') return addDays(start, 1)
  if (bucket === 'week') return addDays(start, 7)
  const date = new Date(dayStartMs(start))
  date.setUTCMonth(date.getUTCMonth() + 1)
  return utcDay(date.getTime())
}

/** Every bucket start from the one holding `from` to the one holding `to` (instants), in order. */
export function bucketsCovering(from: number, to: number, bucket: AnalyticsBucket): string[] {
  const last = bucketStart(utcDay(to), bucket)
  const starts: string[] = []
  for (let start = bucketStart(utcDay(from), bucket); start <= last; start = nextBucket(start, bucket)) {
    starts.push(start)
  }
  return starts
}

/**
 * The periods compared: the current one `[from, end)` where `end` is just after now (so what
 * happened at this very instant counts) and the previous one of the same length just before it;
 * none before `all`, which starts at the creator's first sale or pick.
 */
export interface AnalyticsWindows {
  from: number
  end: number
  previousFrom: number | null
}

export function windowsOf(timeframe: AnalyticsTimeframe, now: Date, firstActivity: Date | null): AnalyticsWindows {
  const end = now.getTime() + 1
  if (timeframe === 'all') {
    const first = firstActivity ? Math.min(firstActivity.getTime(), now.getTime()) : now.getTime()
    return { from: first, end, previousFrom: null }
  }
  const length = timeframeDays[timeframe] * dayMs
  const from = now.getTime() - length
  return { from, end, previousFrom: from - length }
}

/**
 * A day is settled once it is over: its figures are stored once (`creator_daily_figures`) and only
 * today is computed live. A change dated in a stored day forgets the stored days from it on (the
 * triggers of migration 0026), so a provider's event arriving late is never lost.
 */
export const settleDays = 0

/** The first day still computed live at `now`. */
export function firstLiveDay(now: Date): string {
  return addDays(utcDay(now.getTime()), -settleDays)
}

/** A piece of time between two cut points: a whole settled day (stored) or a part computed live. */
export interface Piece {
  start: number
  end: number
  stored: boolean
  window: 'current' | 'previous' | null
  /** The series bucket (its first day) when the piece is in the current period. */
  bucket: string | null
}

/**
 * The windows cut at every UTC midnight and at their own edges, from the earliest window's start to
 * the end: whole days before the first live day are read from the stored figures, every other piece
 * (the partial days at `from` and at the previous period's start, and the live days) from the
 * sources. No piece straddles a bucket, as every bucket starts at a midnight.
 */
export function piecesOf(windows: AnalyticsWindows, bucket: AnalyticsBucket, now: Date): Piece[] {
  const lo = windows.previousFrom ?? windows.from
  const liveFrom = dayStartMs(firstLiveDay(now))
  const cuts = new Set<number>([lo, windows.from, windows.end])
  for (let day = dayStartMs(utcDay(lo)) + dayMs; day < windows.end; day += dayMs) cuts.add(day)
  const points = [...cuts].filter((p) => p >= lo && p <= windows.end).sort((a, b) => a - b)
  const pieces: Piece[] = []
  for (let i = 0; i + 1 < points.length; i++) {
    const start = points[i] ?? 0
    const end = points[i + 1] ?? 0
    const whole = start === dayStartMs(utcDay(start)) && end - start === dayMs
    const current = start >= windows.from && end <= windows.end
    const previous = windows.previousFrom !== null && start >= windows.previousFrom && end <= windows.from
    pieces.push({
      start,
      end,
      stored: whole && end <= liveFrom,
      window: current ? 'current' : previous ? 'previous' : null,
      bucket: current ? bucketStart(utcDay(start), bucket) : null,
    })
  }
  return pieces
}

/** Adjacent pieces merged into ranges, for a query's `where`. */
export function rangesOf(pieces: readonly Piece[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = []
  for (const piece of pieces) {
    const last = ranges[ranges.length - 1]
    if (last && last[1] === piece.start) last[1] = piece.end
    else ranges.push([piece.start, piece.end])
  }
  return ranges
}
