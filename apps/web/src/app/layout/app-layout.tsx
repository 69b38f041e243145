import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router'
import { cx } from '../../components/ui/cx.ts'
import { schedulePrefetch } from '../../lib/prefetch.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { useCreatorProfile } from '../../auth/account-facts.ts'
import { MobileBar } from './mobile-bar.tsx'
import { ResponsibleGamblingNotice } from './responsible-gambling-notice.tsx'
import { Sidebar } from './sidebar.tsx'
import { useAdminEntry } from './use-admin-entry.ts'
import { useSidebarCollapsed } from './use-sidebar-collapsed.ts'
import { useSignOut } from './use-sign-out.ts'

/** Pages that stand alone, without the sidebar or the mobile bar. */
const chromelessPaths = ['/auth', '/verify-email', '/reset-password']

export function isChromeless(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return chromelessPaths.includes(path)
}

interface AppLayoutProps {
  /** The chunks worth loading early from a page (spec §9 prefetch). */
  nextPagesFor?: (pathname: string) => readonly (() => void)[]
}

export function AppLayout({ nextPagesFor }: AppLayoutProps) {
  const { pathname } = useLocation()
  const navigation = useNavigation()
  const user = useStoredUser()
  const showAdminEntry = useAdminEntry()
  const { hasCreatorProfile } = useCreatorProfile()
  const [collapsed, toggleCollapsed] = useSidebarCollapsed()
  const signOut = useSignOut()
  const withChrome = !isChromeless(pathname)
  const isNavigating = navigation.state !== 'idle'

  useEffect(() => {
    if (!nextPagesFor) return
    return schedulePrefetch(nextPagesFor(pathname))
  }, [nextPagesFor, pathname])

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <div
        aria-hidden="true"
        className={cx(
          'fixed inset-x-0 top-0 z-40 h-0.5 origin-left bg-emerald-500 transition-transform duration-500',
          isNavigating ? 'scale-x-75' : 'scale-x-0',
        )}
      />
      {withChrome && (
        <Sidebar
          user={user}
          collapsed={collapsed}
          onToggle={toggleCollapsed}
          onSignOut={signOut}
          hasCreatorProfile={hasCreatorProfile}
          showAdminEntry={showAdminEntry}
        />
      )}
      <div
        className={cx(
          'flex min-w-0 flex-1 flex-col transition-[padding] duration-200',
          withChrome && (collapsed ? 'md:pl-16' : 'md:pl-64'),
        )}
      >
        <main id="main" tabIndex={-1} aria-busy={isNavigating} className="flex-1 focus:outline-none">
          <Outlet />
        </main>
        <ResponsibleGamblingNotice />
        {withChrome && <div className="h-16 md:hidden" aria-hidden="true" />}
      </div>
      {withChrome && (
        <MobileBar
          user={user}
          onSignOut={signOut}
          hasCreatorProfile={hasCreatorProfile}
          showAdminEntry={showAdminEntry}
        />
      )}
      <ScrollRestoration />
    </div>
  )
}
