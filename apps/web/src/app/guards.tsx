import { hasRole, isCreatorOrHigher } from '@picks/contracts/client'
import { Navigate, Outlet, useLocation } from 'react-router'
import { authRedirectFor } from '../lib/auth-redirect.ts'
import { useStoredUser } from '../lib/stored-user.ts'

// Display-only guards from the local user record; the API enforces every rule again.

/** Signed-out visitors go to /auth, which brings them back here after signing in. */
export function RequireSignedIn() {
  const user = useStoredUser()
  const location = useLocation()
  if (user) return <Outlet />
  const { to, state } = authRedirectFor(location)
  return <Navigate to={to} state={state} replace />
}

/** Creator-only pages: anyone below creator rank (or signed out) goes to the home page. */
export function RequireCreator() {
  const user = useStoredUser()
  return isCreatorOrHigher(user) ? <Outlet /> : <Navigate to="/" replace />
}

/** Admin pages need an admin record; the admin password check happens on /admin/login and the API. */
export function RequireAdmin() {
  const user = useStoredUser()
  return hasRole(user, 'admin') ? <Outlet /> : <Navigate to="/admin/login" replace />
}
