import type { StoredUser } from '@picks/contracts/client'
import type { ComponentType, SVGProps } from 'react'
import { Link, NavLink } from 'react-router'
import { useSignInState } from './use-sign-in-state.ts'
import { cx } from '../../components/ui/cx.ts'
import {
  ChevronsLeftIcon,
  ChevronsRightIcon,
  DashboardIcon,
  FeedIcon,
  LockIcon,
  LogInIcon,
  LogOutIcon,
  ShieldIcon,
  ShopIcon,
  StarIcon,
  TrophyIcon,
} from '../../components/ui/icons.tsx'
import { site } from '../../lib/site.ts'
import { accountLinks } from './account-links.ts'
import { legalLinks } from './legal-links.ts'
import { UserAvatar } from './user-avatar.tsx'

type Icon = ComponentType<SVGProps<SVGSVGElement>>

interface SidebarProps {
  user: StoredUser | null
  collapsed: boolean
  onToggle: () => void
  onSignOut: () => void
  /** Creator menus only for someone whose creator tools work: see `creatorProfileOf`. */
  hasCreatorProfile: boolean | undefined
  /** The Admin Dashboard entry, shown only to the configured admin account. */
  showAdminEntry?: boolean
}

const itemBase =
  'group flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-emerald-400'

function SidebarLink({
  to,
  label,
  icon: IconComponent,
  collapsed,
}: {
  to: string
  label: string
  icon: Icon
  collapsed: boolean
}) {
  return (
    <li>
      <NavLink
        to={to}
        title={collapsed ? label : undefined}
        className={({ isActive }) =>
          cx(
            itemBase,
            collapsed && 'justify-center px-0',
            isActive ? 'bg-slate-800 text-white' : 'text-slate-300 hover:bg-slate-800/70 hover:text-white',
          )
        }
      >
        <IconComponent className="shrink-0" />
        <span className={cx(collapsed && 'sr-only')}>{label}</span>
      </NavLink>
    </li>
  )
}

/** An entry a signed-out visitor can see but not use: it leads to /auth and says why. */
function LockedLink({
  from,
  label,
  icon: IconComponent,
  collapsed,
}: {
  from: string
  label: string
  icon: Icon
  collapsed: boolean
}) {
  return (
    <li>
      <Link
        to="/auth"
        state={{ from }}
        title={collapsed ? `${label} (Sign in required)` : undefined}
        className={cx(
          itemBase,
          collapsed && 'justify-center px-0',
          'text-slate-400 hover:bg-slate-800/70 hover:text-slate-200',
        )}
      >
        <IconComponent className="shrink-0" />
        <span className={cx('flex min-w-0 flex-1 flex-col', collapsed && 'sr-only')}>
          <span>{label}</span>
          <span className="text-xs font-normal">Sign in required</span>
        </span>
        {!collapsed && <LockIcon className="size-4 shrink-0" />}
      </Link>
    </li>
  )
}

/**
 * The /dashboard entry: a creator's dashboard, Become a Creator for a customer, and a plain
 * Dashboard for an administrator or moderator without a creator profile (or not yet known).
 */
function DashboardEntry({ user, hasCreatorProfile, collapsed }: { user: StoredUser } & SidebarEntryState) {
  if (hasCreatorProfile === true) {
    return <SidebarLink to="/dashboard" label="Creator Dashboard" icon={DashboardIcon} collapsed={collapsed} />
  }
  if (user.role === 'user') {
    return <SidebarLink to="/dashboard" label="Become a Creator" icon={StarIcon} collapsed={collapsed} />
  }
  return <SidebarLink to="/dashboard" label="Dashboard" icon={DashboardIcon} collapsed={collapsed} />
}

interface SidebarEntryState {
  hasCreatorProfile: boolean | undefined
  collapsed: boolean
}

export function Sidebar({
  user,
  collapsed,
  onToggle,
  onSignOut,
  hasCreatorProfile,
  showAdminEntry = false,
}: SidebarProps) {
  const signInState = useSignInState()
  return (
    <aside
      data-testid="sidebar"
      className={cx(
        'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-800 bg-slate-950 text-slate-300 transition-[width] duration-200 md:flex',
        collapsed ? 'w-16' : 'w-64',
      )}
    >
      <div
        className={cx(
          'flex h-16 items-center gap-2 border-b border-slate-800 px-3',
          collapsed ? 'justify-center' : 'justify-between',
        )}
      >
        {!collapsed && (
          <Link
            to="/shop-picks"
            className="flex items-center gap-2 rounded-lg px-1 py-1 font-bold text-white focus-visible:outline-emerald-400"
          >
            <span
              className="inline-flex size-8 items-center justify-center rounded-lg bg-emerald-500 text-slate-950"
              aria-hidden="true"
            >
              P
            </span>
            <span className="truncate text-sm whitespace-nowrap">{site.name}</span>
          </Link>
        )}
        <button
          type="button"
          onClick={onToggle}
          aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
          aria-expanded={!collapsed}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-emerald-400"
        >
          {collapsed ? <ChevronsRightIcon /> : <ChevronsLeftIcon />}
        </button>
      </div>

      <nav aria-label="Main" className="flex-1 overflow-y-auto px-2 py-4">
        <ul className="space-y-1">
          <SidebarLink to="/shop-picks" label="Shop Picks" icon={ShopIcon} collapsed={collapsed} />
          <SidebarLink to="/locker-room" label="Locker Room" icon={TrophyIcon} collapsed={collapsed} />
          {user ? (
            <>
              <SidebarLink to="/my-picks" label="My Picks Feed" icon={FeedIcon} collapsed={collapsed} />
              <DashboardEntry user={user} hasCreatorProfile={hasCreatorProfile} collapsed={collapsed} />
            </>
          ) : (
            <>
              <LockedLink from="/my-picks" label="My Picks Feed" icon={FeedIcon} collapsed={collapsed} />
              <LockedLink from="/dashboard" label="Become a Creator" icon={StarIcon} collapsed={collapsed} />
            </>
          )}
          {showAdminEntry && (
            <SidebarLink to="/admin/login" label="Admin Dashboard" icon={ShieldIcon} collapsed={collapsed} />
          )}
        </ul>
      </nav>

      <div className="border-t border-slate-800 px-2 py-3">
        {user && (
          <nav aria-label="Account" className="mb-3">
            <ul className="space-y-1">
              {accountLinks.map((link) => (
                <SidebarLink key={link.to} to={link.to} label={link.label} icon={link.icon} collapsed={collapsed} />
              ))}
            </ul>
          </nav>
        )}
        {!collapsed && (
          <ul className="mb-3 flex flex-wrap gap-x-3 gap-y-1 px-2 text-xs">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded text-slate-400 hover:text-white hover:underline focus-visible:outline-emerald-400"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <div className={cx('flex items-center gap-3 px-1', collapsed && 'flex-col')}>
          {user ? (
            <>
              <UserAvatar user={user} />
              <div className={cx('min-w-0 flex-1', collapsed && 'sr-only')}>
                <p className="truncate text-sm font-semibold text-white">{user.name || user.email}</p>
                {user.name && <p className="truncate text-xs text-slate-400">{user.email}</p>}
              </div>
              <button
                type="button"
                onClick={onSignOut}
                aria-label={collapsed ? 'Logout' : undefined}
                title={collapsed ? 'Logout' : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg px-2 text-sm text-slate-300 hover:bg-slate-800 hover:text-white focus-visible:outline-emerald-400"
              >
                <LogOutIcon />
                {!collapsed && <span>Logout</span>}
              </button>
            </>
          ) : (
            <>
              <p className={cx('flex-1 text-sm text-slate-400', collapsed && 'sr-only')}>Not signed in</p>
              <Link
                to="/auth"
                state={signInState}
                aria-label={collapsed ? 'Sign In' : undefined}
                title={collapsed ? 'Sign In' : undefined}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-500 px-3 text-sm font-semibold text-slate-950 hover:bg-emerald-400 focus-visible:outline-emerald-400"
              >
                <LogInIcon />
                {!collapsed && <span>Sign In</span>}
              </Link>
            </>
          )}
        </div>
      </div>
    </aside>
  )
}
