import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { isFastConnection, schedulePrefetch } from './prefetch.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('route prefetch', () => {
  it.each(['4g', '5g'])('loads the next pages one second after landing on a %s connection', (effectiveType) => {
    const first = vi.fn()
    const second = vi.fn()
    schedulePrefetch([first, second], () => ({ effectiveType }))

    vi.advanceTimersByTime(999)
    expect(first).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(first).toHaveBeenCalledTimes(1)
    // The next one in a task of its own, so no single task does them all.
    expect(second).not.toHaveBeenCalled()
    vi.advanceTimersToNextTimer()
    expect(second).toHaveBeenCalledTimes(1)
  })

  it('stops the pages not yet started when cancelled, e.g. the visitor left the page', () => {
    const first = vi.fn()
    const second = vi.fn()
    const cancel = schedulePrefetch([first, second], () => ({ effectiveType: '4g' }))
    vi.advanceTimersByTime(1_000)
    cancel()
    vi.advanceTimersByTime(1_000)
    expect(first).toHaveBeenCalledTimes(1)
    expect(second).not.toHaveBeenCalled()
  })

  it.each(['3g', '2g', 'slow-2g', undefined])('does not prefetch on a %s connection', (effectiveType) => {
    const preload = vi.fn()
    schedulePrefetch([preload], () => (effectiveType ? { effectiveType } : undefined))
    vi.advanceTimersByTime(5_000)
    expect(preload).not.toHaveBeenCalled()
  })

  it('does not prefetch when the visitor asked to save data', () => {
    expect(isFastConnection({ effectiveType: '4g', saveData: true })).toBe(false)
  })

  it('reads the connection when the delay is over, not when scheduled', () => {
    const preload = vi.fn()
    let effectiveType = '3g'
    schedulePrefetch([preload], () => ({ effectiveType }))
    effectiveType = '4g'
    vi.advanceTimersByTime(1_000)
    expect(preload).toHaveBeenCalledTimes(1)
  })

  it('does nothing when cancelled before the delay, e.g. the visitor left the page', () => {
    const preload = vi.fn()
    const cancel = schedulePrefetch([preload], () => ({ effectiveType: '4g' }))
    vi.advanceTimersByTime(500)
    cancel()
    vi.advanceTimersByTime(1_000)
    expect(preload).not.toHaveBeenCalled()
  })

  it('uses navigator.connection by default', () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { effectiveType: '4g' } })
    expect(isFastConnection()).toBe(true)
    vi.stubGlobal('navigator', { ...navigator, connection: { effectiveType: '3g' } })
    expect(isFastConnection()).toBe(false)
  })
})
