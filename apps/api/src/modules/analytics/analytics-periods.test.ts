import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayMs, utcDay } from './analytics-periods.ts'

const isoDay = (at: number) => new Date(at).toISOString().slice(0, 10)

describe('utcDay', () => {
  it('names the same UTC day as the ISO string, for any instant', () => {
    fc.assert(
      fc.property(fc.date({ noInvalidDate: true }), (date) => {
        expect(utcDay(date.getTime())).toBe(isoDay(date.getTime()))
      }),
      { numRuns: 2000 },
    )
  })

  it('changes day exactly at UTC midnight, leap days and century years included', () => {
    // Around every midnight from 1899 to 2101: the last millisecond of a day and the first of the next.
    const from = Date.UTC(1899, 0, 1) / dayMs
    const to = Date.UTC(2101, 0, 1) / dayMs
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), fc.constantFrom(-1, 0, 1), (day, offset) => {
        const at = day * dayMs + offset
        expect(utcDay(at)).toBe(isoDay(at))
      }),
      {
        numRuns: 2000,
        examples: [
          [Date.UTC(2000, 1, 29) / dayMs, 0],
          [Date.UTC(1900, 2, 1) / dayMs, -1],
        ],
      },
    )
  })

  it('refuses an invalid instant as the Date does', () => {
    expect(() => utcDay(Number.NaN)).toThrow(RangeError)
  })
})
