import { describe, expect, it } from 'vitest'
import { bucketLabel } from '../creator-words.ts'
import { axisTicks, countChange, formatRate, rateChange } from './analytics-words.ts'

const against = 'vs previous 30 days'

describe('analytics words', () => {
  it('says a count’s change in words and percent of the period before', () => {
    expect(countChange(120, 100, against)).toEqual({ direction: 'up', text: 'Up 20% vs previous 30 days' })
    expect(countChange(75, 100, against)).toEqual({ direction: 'down', text: 'Down 25% vs previous 30 days' })
    expect(countChange(100, 100, against)).toEqual({ direction: 'same', text: 'No change vs previous 30 days' })
    expect(countChange(1_001, 1_000, against).text).toBe('Up less than 1% vs previous 30 days')
    expect(countChange(5, 0, against)).toEqual({ direction: 'up', text: 'Up from 0 vs previous 30 days' })
    expect(countChange(-300, -100, against)).toEqual({ direction: 'down', text: 'Down 200% vs previous 30 days' })
  })

  it('says a rate’s change in points, and nothing when either period had no rate', () => {
    expect(rateChange(0.125, 0.1, against)).toEqual({ direction: 'up', text: 'Up 2.5 points vs previous 30 days' })
    expect(rateChange(0.05, 0.06, against)).toEqual({ direction: 'down', text: 'Down 1.0 point vs previous 30 days' })
    expect(rateChange(0.2, 0.2, against)).toEqual({ direction: 'same', text: 'No change vs previous 30 days' })
    expect(rateChange(null, 0.2, against)).toBeNull()
    expect(rateChange(0.2, null, against)).toBeNull()
  })

  it('names buckets by day, week or month in UTC', () => {
    expect(bucketLabel('2026-03-05T00:00:00.000Z', 'day')).toBe('Mar 5')
    expect(bucketLabel('2026-03-02T00:00:00.000Z', 'week')).toBe('Week of Mar 2')
    expect(bucketLabel('2026-03-01T00:00:00.000Z', 'month')).toBe('Mar 2026')
    expect(formatRate(0.1234)).toBe('12.3%')
    expect(formatRate(null)).toBe('—')
  })

  it('labels the first and last bucket and evenly spaced ones between, as many as the width holds', () => {
    const days = Array.from({ length: 30 }, (_, i) => i)
    expect(axisTicks(days, 310, 100)).toEqual([0, 15, 29])
    expect(axisTicks(days, 400, 80)).toEqual([0, 7, 15, 22, 29])
    expect(axisTicks([0, 1, 2], 800, 80)).toEqual([0, 1, 2])
    expect(axisTicks(days, 50, 100)).toEqual([0, 29])
    expect(axisTicks([], 310, 100)).toEqual([])
  })
})
