import type { Location } from 'react-router'

/** Location state set when a guard sends a visitor to /auth. */
export interface AuthRedirectState {
  from: string
}

function isSafeReturnPath(path: unknown): path is string {
  // Only same-origin paths: "//host" and "/\host" would leave the site.
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\')
}

/** Where a guard sends a signed-out visitor: /auth with the origin as `?redirect=` and in state. */
export function authRedirectFor(location: Pick<Location, 'pathname' | 'search' | 'hash'>): {
  to: string
  state: AuthRedirectState
} {
  const from = `${location.pathname}${location.search}${location.hash}`
  return { to: `/auth?redirect=${encodeURIComponent(from)}`, state: { from } }
}

/** Where to go after signing in: the remembered origin when it is a safe path, else the shop. */
export function returnPathAfterSignIn(location: Pick<Location, 'search' | 'state'>): string {
  const state: unknown = location.state
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined
  if (isSafeReturnPath(from)) return from
  const redirect = new URLSearchParams(location.search).get('redirect')
  return isSafeReturnPath(redirect) ? redirect : '/shop-picks'
}
