import type { CreatorAnalytics } from '@picks/contracts'
import type { AnalyticsTimeframe } from '@picks/contracts/client'

/** The analytics series as a CSV file built in the browser: RFC 4180, money in dollars, dates ISO. */

type CsvValue = string | number

/** A field quoted when it holds a comma, a quote or a line break, its quotes doubled (RFC 4180). */
function csvField(value: CsvValue): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/** Rows as CSV text, each line ended by CRLF. */
export function toCsv(rows: CsvValue[][]): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\r\n`).join('')
}

/** Integer cents as dollars with two decimals and no symbol: 123456 → "1234.56", -5 → "-0.05". */
export function centsAsDollars(cents: number): string {
  const whole = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, '0')}`
}

const header = [
  'period_start',
  'bucket',
  'net_earnings_usd',
  'gross_sales_usd',
  'new_subscribers',
  'cancelled_subscribers',
  'active_subscribers',
]

/**
 * The series by bucket. Affiliates' commissions (already out of net earnings) get a column of their
 * own, last, only when some bucket has one: a creator without affiliates gets the file as before.
 */
export function analyticsCsv(analytics: CreatorAnalytics): { fileName: string; text: string } {
  const hasCommissions = analytics.series.some((point) => point.affiliate_commission_cents !== 0)
  const rows = analytics.series.map((point) => [
    // The bucket's first day (UTC), as the server buckets.
    new Date(point.start).toISOString().slice(0, 10),
    analytics.bucket,
    centsAsDollars(point.net_earnings_cents),
    centsAsDollars(point.gross_sales_cents),
    point.new_subscribers,
    point.cancelled_subscribers,
    point.active_subscribers,
    ...(hasCommissions ? [centsAsDollars(point.affiliate_commission_cents)] : []),
  ])
  const columns = hasCommissions ? [...header, 'affiliate_commissions_usd'] : header
  return { fileName: csvFileName(analytics.timeframe), text: toCsv([columns, ...rows]) }
}

function csvFileName(timeframe: AnalyticsTimeframe): string {
  return `analytics-${timeframe}.csv`
}

/** Hands `text` to the browser as a download named `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled, so the download has its data.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
