import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatCents, groupThousands } from './money.ts'

/** What the browser's own formatter writes, the text `formatCents` must match without it. */
function intlDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100)
}

describe('formatCents', () => {
  it('writes dollars exactly as Intl.NumberFormat does, for any amount of cents', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -1_000_000, max: 1_000_000 }),
          fc.maxSafeInteger().map((n) => n % 1e15),
        ),
        (cents) => {
          expect(formatCents(cents)).toBe(intlDollars(cents))
        },
      ),
      { numRuns: 2_000 },
    )
  })

  it('writes the boundaries of grouping and cents', () => {
    expect(formatCents(0)).toBe('$0')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(99_999)).toBe('$999.99')
    expect(formatCents(100_000)).toBe('$1,000')
    expect(formatCents(-123_456_789)).toBe('-$1,234,567.89')
  })

  it('writes other currencies through Intl', () => {
    expect(formatCents(1_250, 'eur')).toBe('€12.50')
    expect(formatCents(1_200, 'EUR')).toBe('€12')
  })
})

describe('groupThousands', () => {
  it('groups digits as Intl.NumberFormat does', () => {
    const intl = new Intl.NumberFormat('en-US')
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (count) => {
        expect(groupThousands(count)).toBe(intl.format(count))
      }),
    )
  })
})
