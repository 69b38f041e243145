import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionWatch } from './session-watch.ts'

function answerSessions(answers: unknown[]) {
  let call = 0
  const fetchMock = vi.fn(async () => {
    const body = answers[Math.min(call++, answers.length - 1)]
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

const session = { session: { expiresAt: '2026-12-01T00:00:00.000Z' }, user: { email: 'dana@example.com' } }

describe('the session watch', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    localStorage.setItem('user', JSON.stringify({ id: 'u-1', email: 'dana@example.com', role: 'customer' }))
  })
  afterEach(() => {
    vi.useRealTimers()
    localStorage.clear()
  })

  it('checks at once and every 30 seconds, and signs this device out when the server forgot the session', async () => {
    const fetchMock = answerSessions([session, session, null])
    renderHook(() => useSessionWatch())
    await vi.advanceTimersByTimeAsync(0)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetchMock).toHaveBeenCalledTimes(2)
    expect(localStorage.getItem('user')).not.toBeNull()
    await vi.advanceTimersByTimeAsync(30_000)
    expect(fetchMock).toHaveBeenCalledTimes(3)
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('signs out when the session belongs to another account', async () => {
    answerSessions([{ ...session, user: { email: 'lee@example.com' } }])
    renderHook(() => useSessionWatch())
    await vi.advanceTimersByTimeAsync(0)
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('keeps the user when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    renderHook(() => useSessionWatch())
    await vi.advanceTimersByTimeAsync(0)
    expect(localStorage.getItem('user')).not.toBeNull()
  })

  it('asks nothing while nobody is signed in', async () => {
    localStorage.clear()
    const fetchMock = answerSessions([null])
    renderHook(() => useSessionWatch())
    await vi.advanceTimersByTimeAsync(60_000)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
