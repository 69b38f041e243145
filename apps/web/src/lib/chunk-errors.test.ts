import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ChunkLoadTimeoutError, installChunkReloadHandlers, isChunkLoadError } from './chunk-errors.ts'

describe('chunk-load error detection', () => {
  it.each([
    'Failed to fetch dynamically imported module: https://app.example/assets/shop-page-abc.js',
    'Importing a module script failed.',
    'error loading dynamically imported module: https://app.example/assets/auth-page.js',
    'Loading chunk 42 failed.',
  ])('recognises “%s”', (message) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(true)
  })

  it('recognises our own load timeout', () => {
    expect(isChunkLoadError(new ChunkLoadTimeoutError(120_000))).toBe(true)
  })

  it('does not treat other failures as chunk errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false)
    expect(isChunkLoadError(new TypeError('Failed to fetch'))).toBe(false)
    expect(isChunkLoadError('Loading chunk 1 failed')).toBe(false)
  })
})

function fakeWindow() {
  const target = new EventTarget()
  const reload = vi.fn()
  const session = new Map<string, string>()
  return {
    reload,
    session,
    window: {
      addEventListener: target.addEventListener.bind(target),
      removeEventListener: target.removeEventListener.bind(target),
      dispatchEvent: target.dispatchEvent.bind(target),
      location: { reload },
      sessionStorage: {
        getItem: (key: string) => session.get(key) ?? null,
        setItem: (key: string, value: string) => void session.set(key, value),
      },
    },
  }
}

function unhandledRejection(reason: unknown): Event {
  const event = new Event('unhandledrejection')
  Object.defineProperty(event, 'reason', { value: reason })
  return event
}

describe('reload after an unhandled chunk-load failure', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('reloads the page one second after an unhandled chunk-load rejection', () => {
    const fake = fakeWindow()
    installChunkReloadHandlers(fake.window)

    fake.window.dispatchEvent(unhandledRejection(new TypeError('Failed to fetch dynamically imported module: /x.js')))
    vi.advanceTimersByTime(999)
    expect(fake.reload).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(fake.reload).toHaveBeenCalledTimes(1)
  })

  it('reloads one second after a Vite preload error', () => {
    const fake = fakeWindow()
    installChunkReloadHandlers(fake.window)

    fake.window.dispatchEvent(new Event('vite:preloadError'))
    vi.advanceTimersByTime(1_000)
    expect(fake.reload).toHaveBeenCalledTimes(1)
  })

  it('ignores other unhandled rejections', () => {
    const fake = fakeWindow()
    installChunkReloadHandlers(fake.window)

    fake.window.dispatchEvent(unhandledRejection(new Error('Request timeout after 10000ms')))
    vi.advanceTimersByTime(5_000)
    expect(fake.reload).not.toHaveBeenCalled()
  })

  it('reloads once for a burst of failures, and not again right after a reload (no reload loop)', () => {
    const fake = fakeWindow()
    const uninstall = installChunkReloadHandlers(fake.window)
    const failure = () => unhandledRejection(new TypeError('Importing a module script failed.'))

    fake.window.dispatchEvent(failure())
    fake.window.dispatchEvent(failure())
    vi.advanceTimersByTime(1_000)
    expect(fake.reload).toHaveBeenCalledTimes(1)
    uninstall()

    // The reloaded page fails again within seconds: reloading would not help.
    installChunkReloadHandlers(fake.window)
    vi.advanceTimersByTime(3_000)
    fake.window.dispatchEvent(failure())
    vi.advanceTimersByTime(1_000)
    expect(fake.reload).toHaveBeenCalledTimes(1)
  })

  it('stops listening when uninstalled', () => {
    const fake = fakeWindow()
    installChunkReloadHandlers(fake.window)()

    fake.window.dispatchEvent(unhandledRejection(new TypeError('Importing a module script failed.')))
    vi.advanceTimersByTime(1_000)
    expect(fake.reload).not.toHaveBeenCalled()
  })
})
