import type { StoredUser } from '@picks/contracts/client'
import type { ReactNode } from 'react'
import { useCreatorProfile } from '../../auth/account-facts.ts'
import { pageTitle } from '../../lib/site.ts'
import { ButtonLink } from '../ui/button.tsx'
import { Loading, ReadFailed } from '../ui/read-states.tsx'

const frame = 'mx-auto flex w-full max-w-2xl flex-col items-start gap-4 px-4 py-6 sm:px-6 lg:py-10'

/**
 * What an administrator or moderator without a creator profile sees where creator tools would be:
 * what the account is and where its own work is (the admin area, the moderation queue), instead of
 * creator pages that cannot load.
 */
export function NoCreatorProfile({ user, heading }: { user: StoredUser; heading: string }) {
  const isAdmin = user.role === 'admin'
  return (
    <div className={frame}>
      <title>{pageTitle(heading)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{heading}</h1>
      <p className="text-slate-700">
        This {isAdmin ? 'administrator' : 'moderator'} account has no creator profile, so it has no creator tools.
      </p>
      {isAdmin ? (
        <ButtonLink to="/admin/login">Open the admin area</ButtonLink>
      ) : (
        <ButtonLink to="/admin/dashboard/moderation">Open the moderation queue</ButtonLink>
      )}
    </div>
  )
}

/**
 * Creator tools for someone with a creator profile (`children`); `NoCreatorProfile` for an
 * administrator or moderator without one, once the server has said so. `user` ranks creator or
 * above: a customer is sent elsewhere before this.
 */
export function CreatorOnly({ user, heading, children }: { user: StoredUser; heading: string; children: ReactNode }) {
  const { hasCreatorProfile, facts } = useCreatorProfile()
  if (hasCreatorProfile === true) return children
  if (hasCreatorProfile === false) return <NoCreatorProfile user={user} heading={heading} />
  return (
    <div className={frame}>
      {facts.isError ? (
        <ReadFailed message="We couldn’t check your account." onRetry={() => void facts.refetch()} />
      ) : (
        <Loading label="Checking your account…" className="h-24 w-full" />
      )}
    </div>
  )
}
