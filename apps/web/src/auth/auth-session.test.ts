import { describe, expect, it } from 'vitest'
import { callsTo, serveAuth, serverUser, sessionUser } from '../test/fake-auth-api.ts'
import { AccountMismatchError, completeSignIn, refreshProfile, signOut } from './auth-session.ts'

function stored() {
  return JSON.parse(localStorage.getItem('user') ?? 'null') as Record<string, unknown> | null
}

describe('the first sign-in', () => {
  it('keeps the server user found by e-mail as the local record: profile fields only', async () => {
    const calls = serveAuth()
    await completeSignIn(sessionUser)
    expect(callsTo(calls, '/api/users/email/dana@example.com')).toHaveLength(1)
    expect(callsTo(calls, '/api/users/sync-oauth')).toHaveLength(0)
    expect(stored()).toEqual({
      id: serverUser.id,
      email: 'dana@example.com',
      name: 'Dana Ortiz',
      role: 'customer',
      profile_picture: null,
      specialty_sport: null,
      verified: true,
    })
  })

  it('creates the server user through the OAuth sync when the lookup finds none', async () => {
    const synced = { ...serverUser, id: '00000000-0000-4000-8000-000000000002' }
    const calls = serveAuth({ serverUser: null, syncedUser: synced })
    await completeSignIn({ ...sessionUser, phone: '+15551234567' })
    expect(callsTo(calls, '/api/users/sync-oauth')[0]?.body).toEqual({
      email: 'dana@example.com',
      name: 'Dana Ortiz',
      auth_id: 'auth-1',
      provider: 'email',
      phone: '+15551234567',
    })
    expect(stored()?.id).toBe(synced.id)
  })

  it('creates the server user once when two first sign-ins of one session run together', async () => {
    const synced = { ...serverUser, id: '00000000-0000-4000-8000-000000000002' }
    const calls = serveAuth({ serverUser: null, syncedUser: synced })
    const [first, second] = await Promise.all([completeSignIn(sessionUser, 'google'), completeSignIn(sessionUser)])
    expect(first).toBe(second)
    expect(callsTo(calls, '/api/users/sync-oauth')).toHaveLength(1)
    expect(stored()?.id).toBe(synced.id)
    await completeSignIn(sessionUser)
    expect(callsTo(calls, '/api/users/sync-oauth')).toHaveLength(2)
  })

  it('stores a local fallback user with role customer when neither call gives a server user', async () => {
    serveAuth({ serverUser: null, syncedUser: null })
    await completeSignIn(sessionUser)
    expect(stored()).toEqual({
      id: 'auth-1',
      email: 'dana@example.com',
      name: 'Dana Ortiz',
      role: 'customer',
      profile_picture: null,
      specialty_sport: null,
      verified: true,
    })
  })

  it('signs out and removes the local record when the server user’s auth_id is another identity’s', async () => {
    localStorage.setItem('user', JSON.stringify({ id: serverUser.id, email: 'dana@example.com', role: 'customer' }))
    const calls = serveAuth({ serverUser: { ...serverUser, auth_id: 'auth-2' } })
    await expect(completeSignIn(sessionUser)).rejects.toBeInstanceOf(AccountMismatchError)
    expect(callsTo(calls, '/api/auth/sign-out')).toHaveLength(1)
    expect(stored()).toBeNull()
  })

  it('does not rewrite the record of the same id and role: a stored permission list survives', async () => {
    localStorage.setItem(
      'user',
      JSON.stringify({
        id: serverUser.id,
        email: 'dana@example.com',
        name: 'Old',
        role: 'customer',
        permissions: ['x'],
      }),
    )
    serveAuth()
    await completeSignIn(sessionUser)
    expect(stored()).toMatchObject({ name: 'Dana Ortiz', permissions: ['x'] })
  })
})

describe('the profile refresh', () => {
  it('never brings back a record that signing out removed while it was in flight', async () => {
    serveAuth()
    await refreshProfile(sessionUser)
    expect(stored()).toBeNull()
  })
})

describe('signing out', () => {
  it('clears the record and the session keys, keeping other keys, even when the server call fails', async () => {
    localStorage.setItem('user', JSON.stringify({ id: 'u-1', email: 'dana@example.com' }))
    localStorage.setItem('sb-refresh', 'x')
    localStorage.setItem('sidebar-collapsed', 'true')
    serveAuth((call) => {
      if (call.path === '/api/auth/sign-out') throw new TypeError('Failed to fetch')
      return undefined
    })
    await signOut()
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('sb-refresh')).toBeNull()
    expect(localStorage.getItem('sidebar-collapsed')).toBe('true')
  })
})
