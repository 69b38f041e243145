/** How the creator tools word counts, dates, periods and the buckets of their charts and tables. */

const countFormat = new Intl.NumberFormat('en-US')

/** A count as "1,234". */
export function formatCount(count: number): string {
  return countFormat.format(count)
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' })

/** A timestamp as a date in the reader's time zone: "Mar 5, 2026". */
export function shortDate(iso: string): string {
  return dateFormat.format(new Date(iso))
}

/** The periods every picker of a span offers; each adds its own longest one ("1 year", "12 months"). */
export const spanLabels = { '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All time' } as const

export type Bucket = 'day' | 'week' | 'month'

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/**
 * A bucket's start — a UTC day (`YYYY-MM-DD`) or instant, as the server's buckets are — as "Mar 5"
 * for a day, "Week of Mar 2" for a week or "Mar 2026" for a month.
 */
export function bucketLabel(start: string, bucket: Bucket): string {
  const at = new Date(start)
  if (Number.isNaN(at.getTime())) return start
  if (bucket === 'month') return monthFormat.format(at)
  return bucket === 'week' ? `Week of ${dayFormat.format(at)}` : dayFormat.format(at)
}
