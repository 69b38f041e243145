import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadChunk, type RouteModule } from './lazy-route.ts'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/shop-page.js')
const pageModule: RouteModule = { Component: () => null }

function settle<T>(promise: Promise<T>): Promise<{ value?: T; error?: unknown }> {
  return promise.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('loading a route chunk', () => {
  it('retries a failed chunk 3 times, after 1 s, 2 s and 4 s, then gives up with the chunk error', async () => {
    const load = vi.fn(() => Promise.reject(chunkError()))
    const outcome = settle(loadChunk(load))

    await vi.advanceTimersByTimeAsync(0)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1_999)
    expect(load).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(3_999)
    expect(load).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(1)
    expect(load).toHaveBeenCalledTimes(4)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(load).toHaveBeenCalledTimes(4)

    const { error } = await outcome
    expect((error as Error).message).toContain('Failed to fetch dynamically imported module')
  })

  it('resolves as soon as a retry succeeds', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkError()).mockResolvedValueOnce(pageModule)
    const outcome = settle(loadChunk(load))
    await vi.advanceTimersByTimeAsync(1_000)
    expect(await outcome).toEqual({ value: pageModule })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('does not retry an error that is not about loading', async () => {
    const load = vi.fn(() => Promise.reject(new ReferenceError('window is not defined')))
    const outcome = settle(loadChunk(load))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(load).toHaveBeenCalledTimes(1)
    expect((await outcome).error).toBeInstanceOf(ReferenceError)
  })

  it('treats a script that has not loaded after 120 s as failed, and retries it', async () => {
    const load = vi.fn(() => new Promise<RouteModule>(() => undefined))
    const outcome = settle(loadChunk(load))

    await vi.advanceTimersByTimeAsync(119_999)
    expect(load).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1 + 1_000)
    expect(load).toHaveBeenCalledTimes(2)

    await vi.advanceTimersByTimeAsync(120_000 + 2_000 + 120_000 + 4_000 + 120_000)
    const { error } = await outcome
    expect((error as Error).message).toBe('Loading chunk timed out after 120000ms')
    expect(load).toHaveBeenCalledTimes(4)
  })
})
