import { act, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, serveAuth, serverUser } from '../test/fake-auth-api.ts'
import { AuthProvider, useAuth } from './auth-state.tsx'

const wrapper = ({ children }: { children: ReactNode }) => <AuthProvider>{children}</AuthProvider>

function keepRecord(extra: Record<string, unknown> = {}) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: serverUser.id, email: 'dana@example.com', name: 'Dana Ortiz', role: 'customer', ...extra }),
  )
}

function stored() {
  return JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null
}

const inAMinute = () => new Date(Date.now() + 60_000).toISOString()

describe('the auth state', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('is loading until the server confirms the session, then signed in with the session user', async () => {
    keepRecord()
    serveAuth({ signedIn: true })
    const { result } = renderHook(() => useAuth(), { wrapper })
    expect(result.current.status).toBe('loading')
    expect(result.current.user?.email).toBe('dana@example.com')
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.status).toBe('signed-in')
    expect(result.current.sessionUser).toMatchObject({ id: 'auth-1', email: 'dana@example.com' })
  })

  it('checks the session at once and every 30 seconds, and signs out when the server forgot it', async () => {
    keepRecord()
    const calls = serveAuth({
      signedIn: true,
      handler: (call) =>
        call.path === '/api/auth/get-session' && callsTo(calls, '/api/auth/get-session').length >= 3
          ? { status: 200, body: null }
          : undefined,
    })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(29_000))
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(1)
    await act(() => vi.advanceTimersByTimeAsync(1_000))
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(2)
    expect(result.current.status).toBe('signed-in')
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(3)
    expect(result.current.status).toBe('signed-out')
    expect(stored()).toBeNull()
  })

  it('checks again when the tab comes back into view', async () => {
    keepRecord()
    const calls = serveAuth({ signedIn: true })
    renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
      await vi.advanceTimersByTimeAsync(0)
    })
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(2)
  })

  it('refreshes a session within 90 seconds of its end', async () => {
    keepRecord()
    const calls = serveAuth({ signedIn: true, expiresAt: inAMinute })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(2)
    expect(result.current.status).toBe('signed-in')
  })

  it('signs out when the refresh of a session near its end finds none', async () => {
    keepRecord()
    const calls = serveAuth({
      signedIn: true,
      expiresAt: inAMinute,
      handler: (call) =>
        call.path === '/api/auth/get-session' && callsTo(calls, '/api/auth/get-session').length === 2
          ? { status: 200, body: null }
          : undefined,
    })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.status).toBe('signed-out')
    expect(stored()).toBeNull()
  })

  it('keeps the user when the network fails (offline-first)', async () => {
    keepRecord()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(30_000))
    expect(result.current.status).toBe('signed-in')
    expect(stored()).not.toBeNull()
  })

  it('asks once on a page load without a record, and is signed out when the server knows no session', async () => {
    const calls = serveAuth()
    const { result } = renderHook(() => useAuth(), { wrapper })
    expect(result.current.status).toBe('loading')
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.status).toBe('signed-out')
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/get-session'])
    expect(stored()).toBeNull()
  })

  it('is signed out without a record when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch')
      }),
    )
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.status).toBe('signed-out')
    expect(stored()).toBeNull()
  })

  it('refreshes the profile once, 150 ms after a burst of checks, without rewriting the record', async () => {
    keepRecord({ permissions: ['view_analytics'] })
    const calls = serveAuth({
      signedIn: true,
      serverUser: { ...serverUser, name: 'Dana O.', profile_picture: '🏀' },
    })
    renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'))
      await vi.advanceTimersByTimeAsync(100)
    })
    expect(calls.filter((c) => c.path.startsWith('/api/users/email/'))).toHaveLength(0)
    expect(stored()?.name).toBe('Dana Ortiz')
    await act(() => vi.advanceTimersByTimeAsync(150))
    expect(calls.filter((c) => c.path.startsWith('/api/users/email/'))).toHaveLength(1)
    expect(stored()).toMatchObject({
      id: serverUser.id,
      name: 'Dana O.',
      profile_picture: '🏀',
      permissions: ['view_analytics'],
    })
  })

  it('rewrites the record when the server user’s role changed', async () => {
    keepRecord({ permissions: ['view_analytics'] })
    serveAuth({ signedIn: true, serverUser: { ...serverUser, role: 'creator' } })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(result.current.user?.role).toBe('creator')
    expect(stored()?.permissions).toBeUndefined()
  })

  it('signs out when the server user belongs to another identity', async () => {
    keepRecord()
    const calls = serveAuth({ signedIn: true, serverUser: { ...serverUser, auth_id: 'someone-else' } })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(callsTo(calls, '/api/auth/sign-out')).toHaveLength(1)
    expect(stored()).toBeNull()
    expect(result.current.status).toBe('signed-out')
  })

  it('takes over the record when the session is another account’s', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u-9', email: 'lee@example.com', role: 'creator' }))
    serveAuth({ signedIn: true })
    const { result } = renderHook(() => useAuth(), { wrapper })
    await act(() => vi.advanceTimersByTimeAsync(0))
    await act(() => vi.advanceTimersByTimeAsync(0))
    expect(result.current.user).toMatchObject({ id: serverUser.id, email: 'dana@example.com', role: 'user' })
    expect(result.current.status).toBe('signed-in')
  })

  describe('a session found by its cookie without a local record (first sign-in, spec §4)', () => {
    it('keeps the server user found by e-mail as the record, and is signed in', async () => {
      const calls = serveAuth({ signedIn: true, serverUser: { ...serverUser, role: 'creator' } })
      const { result } = renderHook(() => useAuth(), { wrapper })
      expect(result.current).toMatchObject({ status: 'loading', user: null })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(result.current.status).toBe('signed-in')
      expect(result.current.user).toMatchObject({ id: serverUser.id, email: 'dana@example.com', role: 'creator' })
      expect(stored()).toMatchObject({ id: serverUser.id, name: 'Dana Ortiz', role: 'creator' })
      expect(calls.filter((c) => c.path.startsWith('/api/users/email/'))).not.toHaveLength(0)
      expect(callsTo(calls, '/api/users/sync-oauth')).toHaveLength(0)
    })

    it('creates the server user through the OAuth sync when the e-mail finds none', async () => {
      const synced = { ...serverUser, id: '00000000-0000-4000-8000-000000000002' }
      const calls = serveAuth({ signedIn: true, serverUser: null, syncedUser: synced })
      const { result } = renderHook(() => useAuth(), { wrapper })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(callsTo(calls, '/api/users/sync-oauth')[0]?.body).toMatchObject({
        email: 'dana@example.com',
        auth_id: 'auth-1',
      })
      expect(result.current.status).toBe('signed-in')
      expect(stored()).toMatchObject({ id: synced.id, email: 'dana@example.com' })
    })

    it('stores a local fallback with role customer when the server has no user even after the sync', async () => {
      serveAuth({ signedIn: true, serverUser: null, syncedUser: null })
      const { result } = renderHook(() => useAuth(), { wrapper })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(stored()).toMatchObject({ id: 'auth-1', email: 'dana@example.com', name: 'Dana Ortiz', role: 'customer' })
      expect(result.current.user?.role).toBe('user')
      expect(result.current.status).toBe('signed-in')
    })

    it('signs out and keeps no record when the server user belongs to another identity', async () => {
      const calls = serveAuth({ signedIn: true, serverUser: { ...serverUser, auth_id: 'someone-else' } })
      const { result } = renderHook(() => useAuth(), { wrapper })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(callsTo(calls, '/api/auth/sign-out')).toHaveLength(1)
      expect(stored()).toBeNull()
      expect(result.current.status).toBe('signed-out')
    })

    it('asks no more once the record is gone again (signed out on this device)', async () => {
      const calls = serveAuth({ signedIn: true })
      const { result } = renderHook(() => useAuth(), { wrapper })
      await act(() => vi.advanceTimersByTimeAsync(0))
      expect(result.current.status).toBe('signed-in')
      const asked = callsTo(calls, '/api/auth/get-session').length
      act(() => {
        localStorage.removeItem('user')
        window.dispatchEvent(new StorageEvent('storage', { key: 'user' }))
      })
      expect(result.current.status).toBe('signed-out')
      await act(() => vi.advanceTimersByTimeAsync(60_000))
      expect(callsTo(calls, '/api/auth/get-session')).toHaveLength(asked)
    })
  })
})
