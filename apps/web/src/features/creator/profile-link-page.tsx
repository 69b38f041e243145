import { usernamePattern } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { Navigate, useParams } from 'react-router'
import { ButtonLink } from '../../components/ui/button.tsx'
import { pageTitle } from '../../lib/site.ts'
import { profileLinkQueries } from './api.ts'

const marketplacePath = '/marketplace'

/**
 * Spec §2 "Profile link behaviour": `/{username}` looks the creator up and replaces itself with
 * their purchase page; an unknown creator or a failed lookup goes to the marketplace instead.
 */
export function Component() {
  const { username = '' } = useParams()
  // The API rejects any other shape with 400; skipping the call for it changes nothing the visitor sees.
  const isUsernameShape = usernamePattern.test(username)
  const lookup = useQuery({ ...profileLinkQueries.byUsername(username), enabled: isUsernameShape })

  if (!isUsernameShape || lookup.isError) return <Navigate to={marketplacePath} replace />
  if (lookup.data) return <Navigate to={`/shop-picks/purchase/${lookup.data.creator.id}`} replace />

  return (
    <div className="flex min-h-[50vh] items-center justify-center px-4">
      <p role="status" className="flex items-center gap-3 text-sm text-slate-700">
        <span
          aria-hidden="true"
          className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-900"
        />
        Opening @{username}…
      </p>
    </div>
  )
}

export function ErrorBoundary() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{pageTitle('Page Not Found')}</title>
      <h1 className="text-2xl font-bold text-slate-900">Page Not Found</h1>
      <p className="text-slate-700">We couldn’t open this page. It may have moved, or the link may be mistyped.</p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={marketplacePath}>Browse Creators</ButtonLink>
        <ButtonLink to="/" variant="secondary">
          Return Home
        </ButtonLink>
      </div>
    </div>
  )
}
