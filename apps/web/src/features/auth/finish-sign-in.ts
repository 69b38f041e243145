import { useLocation, useNavigate } from 'react-router'
import type { SessionUser } from '../../auth/auth.ts'
import { returnPathAfterSignIn } from '../../auth/auth-redirect.ts'
import { completeSignIn } from '../../auth/auth-session.ts'

/** Told while the auth page signs someone in, so its own "already signed in" redirect stays out of the way. */
export type SetBusy = (busy: boolean) => void

/**
 * Shows the message of a failed sign-in, or goes where the visitor was headed. `signIn` answers
 * null when no session opened yet (a second factor comes first).
 */
export function useFinishSignIn(setBusy: SetBusy) {
  const location = useLocation()
  const navigate = useNavigate()
  return async (signIn: () => Promise<SessionUser | null>, provider = 'email') => {
    setBusy(true)
    try {
      const sessionUser = await signIn()
      if (!sessionUser) return setBusy(false)
      await completeSignIn(sessionUser, provider)
      void navigate(returnPathAfterSignIn(location), { replace: true })
    } catch (error) {
      setBusy(false)
      throw error
    }
  }
}
