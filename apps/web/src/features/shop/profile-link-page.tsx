import { usernamePattern } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { isRouteErrorResponse, Navigate, useLocation, useParams, useRouteError, useSearchParams } from 'react-router'
import { couldExist } from '../../components/plans/promo-terms.ts'
import { ButtonLink } from '../../components/ui/button.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { reportBoundaryError } from '../../lib/report-error.ts'
import { pageTitle } from '../../lib/site.ts'
import { affiliateCodePattern, recordAffiliateClick } from './affiliate-click.ts'
import { profileLinkQueries } from './api.ts'
import { profileLinkMiss } from './profile-link-notice.tsx'

const marketplacePath = '/marketplace'

/** A share link's referral code, when it looks like one (the server checks that it is the creator's). */
const referralCodePattern = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Spec §2 "Profile link behaviour": `/{username}` looks the creator up and replaces itself with
 * their purchase page; an unknown creator or a failed lookup goes to the marketplace instead, which
 * says why (`ProfileLinkNotice`).
 * A share link's `?ref=` goes along to the lookup, which counts the visit for the creator, and on
 * to the purchase page, and so does a promo code's `?promo=`, which the purchase page applies. A username the creator gave up within 30 days still resolves (server-side).
 */
export function Component() {
  const { username = '' } = useParams()
  const [searchParams] = useSearchParams()
  const rawRef = searchParams.get('ref')
  const ref = rawRef && referralCodePattern.test(rawRef) ? rawRef : null
  const rawPromo = searchParams.get('promo')
  // A promo code, when one could exist (the purchase page asks the server).
  const promo = rawPromo && couldExist(rawPromo) ? rawPromo : null
  // The API rejects any other shape with 400; skipping the call for it changes nothing the visitor sees.
  const isUsernameShape = usernamePattern.test(username)
  const lookup = useQuery({ ...profileLinkQueries.byUsername(username, ref), enabled: isUsernameShape })
  useAffiliateClick(searchParams.get('aff'))

  if (!isUsernameShape || lookup.isError) {
    // A name no creator has (or a path that cannot be one) is "not found"; anything else is a failure.
    const notFound = !isUsernameShape || (lookup.error instanceof ApiError && lookup.error.status < 500)
    return <Navigate to={marketplacePath} state={profileLinkMiss(`/${username}`, !notFound)} replace />
  }
  if (lookup.data) {
    const params = new URLSearchParams()
    if (ref) params.set('ref', ref)
    if (promo) params.set('promo', promo)
    const search = params.size > 0 ? `?${params.toString()}` : ''
    return <Navigate to={`/shop-picks/purchase/${lookup.data.creator.id}${search}`} replace />
  }

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

/**
 * An affiliate's link (`?aff=`, decision 038): the click is counted and kept for this creator's
 * checkout. A link that is not (or no longer) valid changes nothing the visitor sees.
 */
function useAffiliateClick(code: string | null) {
  useEffect(() => {
    if (code && affiliateCodePattern.test(code)) recordAffiliateClick(code).catch(() => undefined)
  }, [code])
}

/**
 * The profile link's own error boundary. Spec §2: a render error falls back to /marketplace —
 * replacing the broken address, so Back does not return to it — still reported like any page
 * error (the reporter the route error boundary calls); the marketplace says the link could not be
 * opened. Any other error (an answer from the router) shows Page Not Found with Browse Creators
 * and Return Home.
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const { pathname } = useLocation()
  useEffect(() => reportBoundaryError(error), [error])
  if (!isRouteErrorResponse(error)) {
    return <Navigate to={marketplacePath} state={profileLinkMiss(pathname, true)} replace />
  }
  return <PageNotFound />
}

function PageNotFound() {
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
