import { useLocation } from 'react-router'

/** Why a profile link sent the visitor to the marketplace, carried in the navigation state. */
export interface ProfileLinkMiss {
  profileLinkMiss: { path: string; failed: boolean }
}

export function profileLinkMiss(path: string, failed: boolean): ProfileLinkMiss {
  return { profileLinkMiss: { path, failed } }
}

function missOf(state: unknown): ProfileLinkMiss['profileLinkMiss'] | null {
  if (typeof state !== 'object' || state === null || !('profileLinkMiss' in state)) return null
  const miss = (state as Partial<ProfileLinkMiss>).profileLinkMiss
  return typeof miss?.path === 'string' && typeof miss.failed === 'boolean' ? miss : null
}

/** Shown atop the marketplace after a profile link led nowhere; nothing on a plain visit. */
export function ProfileLinkNotice() {
  const miss = missOf(useLocation().state)
  if (!miss) return null
  const path = miss.path.length > 60 ? `${miss.path.slice(0, 59)}…` : miss.path
  return (
    <p
      role="status"
      className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm break-words text-amber-950"
    >
      {miss.failed
        ? `We couldn’t open the profile link ${path} just now. Please try it again later.`
        : `We couldn’t find a creator at ${path}. Here are the creators you can browse.`}
    </p>
  )
}
