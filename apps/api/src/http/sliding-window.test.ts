import { describe, expect, it } from 'vitest'
import { createSlidingWindow } from './sliding-window.ts'

describe('a sliding window', () => {
  let at = 0
  const window = () => createSlidingWindow({ limit: 5, windowMs: 60_000, now: () => new Date(at) })

  it('counts a batch as its size, all or none, and says when it would fit', () => {
    at = 0
    const limiter = window()
    expect(limiter.take('a', 3)).toBe(0)
    at = 10_000
    expect(limiter.take('a', 2)).toBe(0)
    at = 20_000
    // Full: room for 3 comes when the first three (taken at 0) leave the window.
    expect(limiter.take('a', 3)).toBe(40_000)
    expect(limiter.take('a')).toBe(40_000)
    at = 60_001
    expect(limiter.take('a', 4)).toBe(9_999)
    expect(limiter.take('a', 3)).toBe(0)
    // A batch larger than the limit never fits.
    expect(limiter.take('b', 6)).toBe(60_000)
    expect(limiter.take('b', 5)).toBe(0)
  })

  it('gives back what another limit refused', () => {
    at = 0
    const limiter = window()
    expect(limiter.take('a', 4)).toBe(0)
    limiter.giveBack('a', 3)
    expect(limiter.take('a', 4)).toBe(0)
    expect(limiter.take('a')).toBeGreaterThan(0)
    limiter.giveBack('nobody')
  })
})
