/**
 * The screenshot suite's moment: every page is drawn with the browser's clock installed at this
 * instant (`page.clock.install`), in one time zone and locale, and every fixture's time is written
 * relative to it, so "Posted 2 hours ago" and "Renews December 20" read the same on every run.
 */
export const screenNow = new Date('2026-11-20T17:00:00.000Z')

export const screenTimeZone = 'America/New_York'
export const screenLocale = 'en-US'

const hourMs = 60 * 60 * 1000

/** The ISO time `hours` after the suite's moment (before it when negative). */
export function hoursFromNow(hours: number): string {
  return new Date(screenNow.getTime() + hours * hourMs).toISOString()
}

/** The ISO time `days` after the suite's moment (before it when negative). */
export function daysFromNow(days: number): string {
  return hoursFromNow(days * 24)
}
