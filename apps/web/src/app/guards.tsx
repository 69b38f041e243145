import { hasPermission, hasRole, isCreatorOrHigher, type Permission, type Role } from '@picks/contracts/client'
import { Navigate, Outlet, useLocation } from 'react-router'
import { useRestoringSession } from '../auth/auth-state.tsx'
import { authRedirectFor } from '../auth/auth-redirect.ts'
import { CreatorOnly } from '../components/creator-profile/creator-only.tsx'
import { useStoredUser } from '../auth/stored-user.ts'
import { PageSkeleton } from '../components/ui/page-skeleton.tsx'

// Display-only guards from the local user record; the API enforces every rule again. Without a
// record they wait while the page load asks the server about a session (a cleared local storage).

const checkingSignIn = 'Checking your sign-in'

/** Signed-out visitors go to /auth, which brings them back here after signing in. */
export function RequireSignedIn() {
  const user = useStoredUser()
  const restoring = useRestoringSession()
  const location = useLocation()
  if (user) return <Outlet />
  if (restoring) return <PageSkeleton label={checkingSignIn} />
  const { to, state } = authRedirectFor(location)
  return <Navigate to={to} state={state} replace />
}

/**
 * Creator-only pages: anyone below creator rank (or signed out) goes to the home page; an
 * administrator or moderator without a creator profile is told so, instead of pages that fail.
 */
export function RequireCreator() {
  const user = useStoredUser()
  const restoring = useRestoringSession()
  if (!user && restoring) return <PageSkeleton label={checkingSignIn} />
  if (!user || !isCreatorOrHigher(user)) return <Navigate to="/" replace />
  return (
    <CreatorOnly user={user} heading="Creator tools">
      <Outlet />
    </CreatorOnly>
  )
}

/**
 * The admin console needs an admin record, or a moderator's (`moderate_content`: the console shows
 * them its Moderation section, which needs no admin password). The admin password is checked on
 * /admin/login and by the API.
 */
export function RequireAdmin() {
  const user = useStoredUser()
  const restoring = useRestoringSession()
  if (!user && restoring) return <PageSkeleton label={checkingSignIn} />
  const allowed = hasRole(user, 'admin') || hasPermission(user, 'moderate_content')
  return allowed ? <Outlet /> : <Navigate to="/admin/login" replace />
}

/**
 * Pages for a named role or above (spec §6 rank) or a named permission (the stored list, else the
 * role's standard one). A signed-out visitor goes to /auth, which brings them back here after
 * signing in; a signed-in person without it goes to `/` (the shop): signing in again would not
 * help them, and the page's name gives nothing away. Display only, like every guard here.
 */
export function RequireAccess(props: { role: Role } | { permission: Permission }) {
  const user = useStoredUser()
  const restoring = useRestoringSession()
  const location = useLocation()
  if (!user && restoring) return <PageSkeleton label={checkingSignIn} />
  if (!user) {
    const { to, state } = authRedirectFor(location)
    return <Navigate to={to} state={state} replace />
  }
  const allowed = 'role' in props ? hasRole(user, props.role) : hasPermission(user, props.permission)
  return allowed ? <Outlet /> : <Navigate to="/" replace />
}

/** `RequireAccess` for a role: `<RequireRole role="moderator" />`. */
export function RequireRole({ role }: { role: Role }) {
  return <RequireAccess role={role} />
}

/** `RequireAccess` for a permission: `<RequirePermission permission="view_analytics" />`. */
export function RequirePermission({ permission }: { permission: Permission }) {
  return <RequireAccess permission={permission} />
}
