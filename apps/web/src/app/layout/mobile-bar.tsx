import type { StoredUser } from '@picks/contracts/client'
import { lazy, Suspense, useEffect, useState, type ComponentType, type SVGProps } from 'react'
import { NavLink } from 'react-router'
import { cx } from '../../components/ui/cx.ts'
import { DashboardIcon, FeedIcon, LogInIcon, ShopIcon } from '../../components/ui/icons.tsx'
import { loadChunk } from '../../lib/lazy-route.ts'
import { UserAvatar } from './user-avatar.tsx'

// The sheet (with Radix Dialog, ~12 kB gzipped) stays out of the first load of every page:
// its chunk is fetched once the page is idle, so a tap usually opens it at once.
const loadAccountSheet = () => loadChunk(() => import('./account-sheet.tsx'))
const AccountSheet = lazy(async () => ({ default: (await loadAccountSheet()).AccountSheet }))
const preloadDelayMs = 1000

const itemClasses =
  'flex min-h-14 flex-1 flex-col items-center justify-center gap-0.5 rounded-lg px-1 text-xs font-medium'

function BarLink({
  to,
  label,
  icon: Icon,
}: {
  to: string
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
}) {
  return (
    <li className="flex flex-1">
      <NavLink
        to={to}
        className={({ isActive }) =>
          cx(itemClasses, isActive ? 'text-emerald-700' : 'text-slate-600 hover:text-slate-900')
        }
      >
        <Icon />
        <span>{label}</span>
      </NavLink>
    </li>
  )
}

interface MobileBarProps {
  user: StoredUser | null
  onSignOut: () => void
  /** "Creator" only for someone whose creator tools work: see `creatorProfileOf`. */
  hasCreatorProfile: boolean | undefined
  showAdminEntry: boolean
}

/** The phone navigation: a fixed bar at the bottom, hidden from the md breakpoint up. */
export function MobileBar({ user, onSignOut, hasCreatorProfile, showAdminEntry }: MobileBarProps) {
  const [accountOpen, setAccountOpen] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => void loadAccountSheet().catch(() => undefined), preloadDelayMs)
    return () => clearTimeout(timer)
  }, [])
  return (
    <>
      <nav
        aria-label="Mobile"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      >
        <ul className="mx-auto flex max-w-lg px-2">
          <BarLink to="/my-picks" label="Picks" icon={FeedIcon} />
          <BarLink to="/dashboard" label={hasCreatorProfile === true ? 'Creator' : 'Dashboard'} icon={DashboardIcon} />
          <BarLink to="/shop-picks" label="Shop" icon={ShopIcon} />
          <li className="flex flex-1">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={accountOpen}
              onClick={() => setAccountOpen(true)}
              className={cx(itemClasses, 'text-slate-600 hover:text-slate-900')}
            >
              {/* The size of the other icons, so that every label sits on one line. */}
              {user ? <UserAvatar user={user} size="icon" /> : <LogInIcon />}
              <span>{user ? 'Profile' : 'Sign In'}</span>
            </button>
          </li>
        </ul>
      </nav>
      {accountOpen && (
        <Suspense fallback={null}>
          <AccountSheet
            open
            onClose={() => setAccountOpen(false)}
            user={user}
            onSignOut={onSignOut}
            showAdminEntry={showAdminEntry}
          />
        </Suspense>
      )}
    </>
  )
}
