import { useQuery } from '@tanstack/react-query'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { Loading } from '../../components/ui/read-states.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { authErrorMessage } from '../../auth/auth.ts'
import { creatorProfileQueries } from '../../components/creator-profile/creator-queries.ts'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { AccountSection } from './account-section.tsx'
import { accountQueries } from './api.ts'
import { CreatorProfileSection } from './creator-profile-section.tsx'
import { PasswordSection } from './password-section.tsx'
import { PhoneSection } from './phone-section.tsx'
import { ProfileSection } from './profile-section.tsx'
import { TwoFactorSection } from './two-factor/two-factor-section.tsx'

export const editProfileMessages = {
  loadFailed: 'Could not load your account.',
  creatorLoadFailed: 'Could not load your creator profile.',
} as const

/** The account's read in progress: the profile card's placeholder, then a shorter one. */
function AccountLoading() {
  return (
    <div className="flex flex-col gap-4" aria-busy="true">
      <Loading label="Loading your account…" className="h-72 w-full rounded-2xl" />
      <Skeleton className="h-40 w-full rounded-2xl" />
    </div>
  )
}

/**
 * `/edit-profile` (spec §2, signed in): the profile (name, avatar, specialty sport), a creator's
 * public profile, the phone number, the password and the second factors, each saved on its own.
 */
export function Component() {
  const stored = useStoredUser()
  // The stored record's id names the account for the cache; the server user comes from `/me`.
  const key = stored?.id ?? ''
  const me = useQuery({ ...accountQueries.me(key), enabled: stored !== null })
  const hasPassword = useQuery({ ...accountQueries.hasPassword(key), enabled: stored !== null })
  // Creators and those above may have a public profile; the server's role decides, not the local record.
  const mayHaveCreatorProfile = me.data !== undefined && me.data.role !== 'customer'
  const creator = useQuery({ ...creatorProfileQueries.own(me.data?.id ?? ''), enabled: mayHaveCreatorProfile })
  const noCreatorProfile = creator.error instanceof ApiError && creator.error.status === 404
  const creatorPending = mayHaveCreatorProfile && creator.isPending

  // The route's guard lets only signed-in visitors in; a sign-out elsewhere empties the record.
  if (!stored) return null

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Edit Profile')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Edit Profile</h1>
      <p className="mt-1 text-slate-700">Your profile, phone number, password and sign-in security.</p>
      <div className="mt-6">
        {me.isPending || creatorPending ? (
          <AccountLoading />
        ) : me.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4">
            <p className="text-sm text-red-800">
              {editProfileMessages.loadFailed} {authErrorMessage(me.error, 'profile')}
            </p>
            <Button variant="secondary" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-6">
            <ProfileSection key={me.data.id} user={me.data} withSpecialty={!creator.data} />
            {creator.data ? (
              <CreatorProfileSection
                key={`creator-${creator.data.creator.id}`}
                creator={creator.data.creator}
                userId={key}
              />
            ) : (
              mayHaveCreatorProfile &&
              !noCreatorProfile && (
                <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
                  {editProfileMessages.creatorLoadFailed}
                  <Button variant="secondary" onClick={() => void creator.refetch()}>
                    Try again
                  </Button>
                </div>
              )
            )}
            <PhoneSection key={`phone-${me.data.id}`} user={me.data} />
            {/* Unknown (the check failed): ask for the password, as the server will when there is one. */}
            <PasswordSection hasPassword={hasPassword.data ?? true} />
            <TwoFactorSection
              userId={key}
              hasPassword={hasPassword.data ?? true}
              phone={me.data.phone_verified ? (me.data.phone ?? '') : ''}
            />
            <AccountSection
              title="Affiliate links"
              description="A creator can invite you by e-mail to share their page for a commission on the sales you bring."
            >
              <ButtonLink to="/affiliate" variant="secondary">
                Your affiliate links and earnings
              </ButtonLink>
            </AccountSection>
          </div>
        )}
      </div>
    </div>
  )
}
