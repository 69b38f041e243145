import { normalizeEmail, sessionPolicy } from '@picks/contracts/client'
import { useEffect } from 'react'
import { api } from './api-client.ts'
import { clearLocalSession, useStoredUser } from './stored-user.ts'

interface SessionAnswer {
  user?: { email?: unknown }
}

/**
 * Keeps the local user record honest (spec §4): while someone is signed in on this device, the
 * session is checked on start, every 30 s and whenever the tab comes back into view. A session the
 * server no longer knows, or one that belongs to another account, signs this device out. Asking
 * also lets the server extend a session in use. Network failures change nothing (offline-first).
 */
export function useSessionWatch(): void {
  const user = useStoredUser()
  const email = user?.email ?? null

  useEffect(() => {
    if (!email) return
    let stopped = false
    async function check() {
      let answer: SessionAnswer | null
      try {
        answer = await api.get<SessionAnswer | null>('/auth/get-session')
      } catch {
        return
      }
      if (stopped) return
      const sessionEmail = typeof answer?.user?.email === 'string' ? normalizeEmail(answer.user.email) : null
      if (answer === null || (sessionEmail !== null && sessionEmail !== email)) clearLocalSession()
    }
    void check()
    const timer = setInterval(() => void check(), sessionPolicy.checkEveryMs)
    const onVisibility = () => {
      if (document.visibilityState === 'visible') void check()
    }
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      stopped = true
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [email])
}
