import type { StoredUser } from '@picks/contracts/client'
import { Link } from 'react-router'
import { buttonClasses } from '../../components/ui/button.tsx'
import { BottomSheet } from '../../components/ui/sheet.tsx'
import { legalLinks } from './legal-links.ts'
import { useSignInState } from './use-sign-in-state.ts'
import { UserAvatar } from './user-avatar.tsx'

interface AccountSheetProps {
  open: boolean
  onClose: () => void
  user: StoredUser | null
  onSignOut: () => void
}

export function AccountSheet({ open, onClose, user, onSignOut }: AccountSheetProps) {
  const signInState = useSignInState()
  return (
    <BottomSheet open={open} onClose={onClose} label="Account">
      <div className="space-y-4">
        {user ? (
          <>
            <div className="flex items-center gap-3">
              <UserAvatar user={user} className="size-11" />
              <div className="min-w-0">
                <p className="truncate font-semibold">{user.name || user.email}</p>
                {user.name && <p className="truncate text-sm text-slate-600">{user.email}</p>}
              </div>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <Link to="/edit-profile" onClick={onClose} className={buttonClasses('secondary')}>
                Profile
              </Link>
              <button
                type="button"
                className={buttonClasses('primary')}
                onClick={() => {
                  onClose()
                  onSignOut()
                }}
              >
                Sign Out
              </button>
            </div>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">Not signed in</p>
            <Link to="/auth" state={signInState} onClick={onClose} className={buttonClasses('primary', 'w-full')}>
              Sign In
            </Link>
          </>
        )}
        <ul className="flex flex-wrap gap-x-4 gap-y-2 border-t border-slate-200 pt-4 text-sm">
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
