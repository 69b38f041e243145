import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { clockTime, dayAndTime, longDate, monthAndYear } from './dates.ts'

/** Years a pick, a purchase or a member's start can fall in, and the midnights and noons between. */
const anyDate = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2099-12-31T23:59:59Z'),
  noInvalidDate: true,
})

const intl = (options: Intl.DateTimeFormatOptions) => {
  const format = new Intl.DateTimeFormat('en-US', options)
  return (date: Date) => format.format(date)
}

describe('dates written by hand', () => {
  it.each([
    ['clockTime', (d: Date) => clockTime(d), intl({ hour: 'numeric', minute: '2-digit' })],
    [
      'clockTime in UTC',
      (d: Date) => clockTime(d, 'utc'),
      intl({ hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }),
    ],
    [
      'dayAndTime',
      (d: Date) => dayAndTime(d),
      intl({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    ],
    [
      'dayAndTime with the weekday',
      (d: Date) => dayAndTime(d, { weekday: true }),
      intl({ weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
    ],
    ['longDate', (d: Date) => longDate(d), intl({ month: 'long', day: 'numeric', year: 'numeric' })],
    [
      'longDate in UTC',
      (d: Date) => longDate(d, 'utc'),
      intl({ month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    ],
    [
      'monthAndYear in UTC',
      (d: Date) => monthAndYear(d, 'utc'),
      intl({ month: 'long', year: 'numeric', timeZone: 'UTC' }),
    ],
  ])('%s writes what Intl.DateTimeFormat writes', (_name, ours, theirs) => {
    fc.assert(
      fc.property(anyDate, (date) => {
        expect(ours(date)).toBe(theirs(date))
      }),
      { numRuns: 1_000 },
    )
  })

  it('writes midnight and noon on the twelve-hour clock', () => {
    expect(clockTime(new Date('2026-11-08T00:05:00Z'), 'utc')).toBe('12:05 AM')
    expect(clockTime(new Date('2026-11-08T12:00:00Z'), 'utc')).toBe('12:00 PM')
    expect(monthAndYear(new Date('2026-12-31T23:59:00Z'), 'utc')).toBe('December 2026')
  })
})
