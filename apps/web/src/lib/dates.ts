/**
 * Dates and times as the app writes them, in en-US, written by hand the way
 * `Intl.DateTimeFormat('en-US', …)` writes them (dates.test.ts holds the two equal). A page's first
 * use of `Intl` makes the browser load its locale data, which took about 300 ms of a throttled
 * phone's main thread here (decision 052); the landing pages show prices, game times and dates in
 * their first screen, and would pay that on every first visit.
 */

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const

/** Whose calendar: the reader's own time zone, or UTC for a day the server fixed. */
export type Calendar = 'local' | 'utc'

function fields(date: Date, calendar: Calendar) {
  const utc = calendar === 'utc'
  return {
    year: utc ? date.getUTCFullYear() : date.getFullYear(),
    month: months[utc ? date.getUTCMonth() : date.getMonth()] ?? '',
    day: utc ? date.getUTCDate() : date.getDate(),
    weekday: weekdays[utc ? date.getUTCDay() : date.getDay()] ?? '',
    hours: utc ? date.getUTCHours() : date.getHours(),
    minutes: utc ? date.getUTCMinutes() : date.getMinutes(),
  }
}

function clock({ hours, minutes }: { hours: number; minutes: number }): string {
  return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`
}

/** "7:30 PM", "12:05 AM". */
export function clockTime(date: Date, calendar: Calendar = 'local'): string {
  return clock(fields(date, calendar))
}

/** "Nov 3, 6:10 PM"; with the weekday, "Sat, Nov 8, 7:30 PM". */
export function dayAndTime(date: Date, { weekday = false }: { weekday?: boolean } = {}): string {
  const f = fields(date, 'local')
  return `${weekday ? `${f.weekday}, ` : ''}${f.month.slice(0, 3)} ${f.day}, ${clock(f)}`
}

/** "December 1, 2026". */
export function longDate(date: Date, calendar: Calendar = 'local'): string {
  const { month, day, year } = fields(date, calendar)
  return `${month} ${day}, ${year}`
}

/** "November 2026". */
export function monthAndYear(date: Date, calendar: Calendar = 'local'): string {
  const { month, year } = fields(date, calendar)
  return `${month} ${year}`
}
