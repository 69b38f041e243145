import { sports, type StoredUser } from '@picks/contracts/client'
import { useId, type ComponentType, type SVGProps } from 'react'
import { Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { ShieldIcon, TrophyIcon } from '../../components/ui/icons.tsx'
import { BottomSheet } from '../../components/ui/sheet.tsx'
import { accountLinks } from './account-links.ts'
import { legalLinks } from './legal-links.ts'
import { useSignInState } from './use-sign-in-state.ts'
import { UserAvatar } from './user-avatar.tsx'

interface AccountSheetProps {
  open: boolean
  onClose: () => void
  user: StoredUser | null
  onSignOut: () => void
  /** The Admin Dashboard entry, shown only to the configured admin account (as in the sidebar). */
  showAdminEntry?: boolean
}

interface SheetLinkProps {
  to: string
  label: string
  icon: ComponentType<SVGProps<SVGSVGElement>>
  onClose: () => void
}

function SheetLink({ to, label, icon: Icon, onClose }: SheetLinkProps) {
  return (
    <li>
      <Link
        to={to}
        onClick={onClose}
        className="flex min-h-11 items-center gap-3 rounded-lg px-3 font-medium text-slate-800 hover:bg-slate-100"
      >
        <Icon className="shrink-0 text-slate-500" />
        {label}
      </Link>
    </li>
  )
}

/** Each sport's hub, one tap from the sheet (the Locker Room would make it two more). */
function SportHubLinks({ onClose }: { onClose: () => void }) {
  const headingId = useId()
  return (
    <nav aria-labelledby={headingId} className="px-3">
      <p id={headingId} className="text-sm font-medium text-slate-600">
        Sport hubs
      </p>
      <ul className="mt-2 grid grid-cols-3 gap-2">
        {sports.map((sport) => (
          <li key={sport.slug}>
            <Link
              to={`/sport-hub/${sport.slug}`}
              onClick={onClose}
              className="flex min-h-11 items-center justify-center rounded-full border border-slate-300 px-2 text-sm font-semibold text-slate-800 hover:border-emerald-700 hover:text-emerald-800"
            >
              {sport.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * The phone's account sheet (spec §2 layout): the person's own pages, the pages the bottom bar has
 * no room for, Sign Out or Sign In, and the legal links. With the bar, every page is two taps away.
 */
export function AccountSheet({ open, onClose, user, onSignOut, showAdminEntry = false }: AccountSheetProps) {
  const signInState = useSignInState()
  return (
    <BottomSheet open={open} onClose={onClose} label="Account">
      <div className="space-y-4">
        {user ? (
          <>
            <div className="flex items-center gap-3">
              <UserAvatar user={user} size="large" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name || user.email}</p>
                {user.name && <p className="truncate text-sm text-slate-600">{user.email}</p>}
              </div>
            </div>
            <nav aria-label="Account">
              <ul>
                {accountLinks.map((link) => (
                  <SheetLink key={link.to} {...link} onClose={onClose} />
                ))}
              </ul>
            </nav>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">Not signed in</p>
            <Link to="/auth" state={signInState} onClick={onClose} className={buttonClasses('primary', 'w-full')}>
              Sign In
            </Link>
          </>
        )}
        <nav aria-label="More" className="border-t border-slate-200 pt-3">
          <ul>
            <SheetLink to="/locker-room" label="Locker Room" icon={TrophyIcon} onClose={onClose} />
            {user && showAdminEntry && (
              <SheetLink to="/admin/login" label="Admin Dashboard" icon={ShieldIcon} onClose={onClose} />
            )}
          </ul>
        </nav>
        <SportHubLinks onClose={onClose} />
        {user && (
          <button
            type="button"
            className={buttonClasses('secondary', 'w-full')}
            onClick={() => {
              onClose()
              onSignOut()
            }}
          >
            Sign Out
          </button>
        )}
        <ul className="flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-3 text-sm">
          {legalLinks.map((link) => (
            <li key={link.to}>
              <Link
                to={link.to}
                onClick={onClose}
                className="inline-flex min-h-11 items-center text-slate-700 underline-offset-4 hover:underline"
              >
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </BottomSheet>
  )
}
