import { normalizeEmail, sessionPolicy, type StoredUser } from '@picks/contracts/client'
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { auth, type SessionUser } from './auth.ts'
import { completeSignIn, refreshProfile } from './auth-session.ts'
import { clearLocalSession, readStoredUser, useStoredUser } from './stored-user.ts'

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out'

export interface AuthState {
  status: AuthStatus
  /** The local `user` record (spec §3): what the layout and the guards show. */
  user: StoredUser | null
  /** The auth library's user of the session, once the server confirmed it. */
  sessionUser: SessionUser | null
}

const AuthContext = createContext<AuthState | null>(null)

/** Runs `fn` once, `ms` after the last of a burst of calls. */
function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined
  const call = (...args: A) => {
    clearTimeout(timer)
    timer = setTimeout(() => fn(...args), ms)
  }
  call.cancel = () => clearTimeout(timer)
  return call
}

/**
 * The auth state of spec §4. While a local record exists, the session is checked at once, every
 * 30 s and whenever the tab comes back into view (asking also lets the server extend a session in
 * use). A session within 90 s of its end is refreshed, and a refresh answered with "no session"
 * signs this device out, as does any check the server answers that way. A session of another
 * account takes over the record through the first-sign-in flow. Network failures change nothing
 * (offline-first). A page load without a record asks once too: a session found by its cookie (local
 * storage cleared, or another browser profile's storage lost) completes the first sign-in and so
 * brings the record back. Once a record goes away (signing out) nothing is asked until the next load.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const user = useStoredUser()
  const email = user ? normalizeEmail(user.email) : null
  const [confirmed, setConfirmed] = useState<{ email: string; sessionUser: SessionUser | null } | null>(null)
  const [restoring, setRestoring] = useState(() => readStoredUser() === null)

  useEffect(() => {
    if (!restoring) return
    let stopped = false
    async function restore() {
      const answer = await auth.getSession().catch(() => undefined)
      // A record kept meanwhile (the auth pages signed someone in) is the checks' business below.
      if (stopped || !answer || readStoredUser()) return
      try {
        const record = await completeSignIn(answer.user)
        if (!stopped) setConfirmed({ email: normalizeEmail(record.email), sessionUser: answer.user })
      } catch {
        // A server user of another identity: the session was signed out, this device stays so.
      }
    }
    void restore().finally(() => {
      if (!stopped) setRestoring(false)
    })
    return () => {
      stopped = true
    }
  }, [restoring])

  useEffect(() => {
    if (!email) return
    const signedInAs = email
    let stopped = false
    const scheduleProfileRefresh = debounce((sessionUser: SessionUser) => {
      refreshProfile(sessionUser).catch(() => {
        // a failed refresh keeps the record as it is
      })
    }, sessionPolicy.profileRefreshDebounceMs)

    async function ask() {
      try {
        return await auth.getSession()
      } catch {
        return undefined
      }
    }

    async function check(withProfile: boolean) {
      let answer = await ask()
      if (stopped) return
      if (answer === undefined) {
        // No news (offline, or an answer we cannot read): trust the local record for now.
        setConfirmed((previous) =>
          previous?.email === signedInAs ? previous : { email: signedInAs, sessionUser: null },
        )
        return
      }
      if (answer === null) return clearLocalSession()
      if (answer.user.email !== signedInAs) {
        await completeSignIn(answer.user).catch(() => undefined)
        return
      }
      const expiresAt = Date.parse(answer.session.expiresAt)
      if (Number.isFinite(expiresAt) && expiresAt - Date.now() <= sessionPolicy.refreshWithinMs) {
        // Near its end: asking again makes the server extend the session, or tells us it is gone.
        const refreshed = await ask()
        if (stopped) return
        if (refreshed === null) return clearLocalSession()
        if (refreshed) answer = refreshed
        withProfile = true
      }
      setConfirmed({ email: signedInAs, sessionUser: answer.user })
      if (withProfile) scheduleProfileRefresh(answer.user)
    }

    void check(true)
    const timer = setInterval(() => void check(false), sessionPolicy.checkEveryMs)
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check(true)
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stopped = true
      clearInterval(timer)
      scheduleProfileRefresh.cancel()
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [email])

  const value = useMemo<AuthState>(() => {
    if (!user || !email) return { status: restoring ? 'loading' : 'signed-out', user: null, sessionUser: null }
    if (confirmed?.email !== email) return { status: 'loading', user, sessionUser: null }
    return { status: 'signed-in', user, sessionUser: confirmed.sessionUser }
  }, [user, email, confirmed, restoring])

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/**
 * Whether this page load is still asking the server about a session it has no record of: the guards
 * wait for it rather than send someone who is signed in to /auth. False without an AuthProvider.
 */
export function useRestoringSession(): boolean {
  const state = useContext(AuthContext)
  return state !== null && state.status === 'loading' && state.user === null
}

/** The auth state; needs the AuthProvider (mounted at the root of the routes). */
export function useAuth(): AuthState {
  const state = useContext(AuthContext)
  if (!state) throw new Error('useAuth needs an <AuthProvider> above it')
  return state
}
