import { useLocation } from 'react-router'
import type { AuthRedirectState } from '../../auth/auth-redirect.ts'

/** The layout's Sign In links remember the page they were clicked on, to come back after signing in. */
export function useSignInState(): AuthRedirectState {
  const { pathname, search, hash } = useLocation()
  return { from: `${pathname}${search}${hash}` }
}
