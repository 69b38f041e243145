import type { CreatorProfile, Plan } from '@picks/contracts'
import {
  groupThousands,
  paymentMessages,
  socialNetworkInfo,
  socialNetworks,
  sportLabel,
  type SocialNetwork,
} from '@picks/contracts/client'
import { useMutation, usePrefetchQuery, useQuery } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router'
import { PickList } from '../../components/records/pick-list.tsx'
import { ReportButton } from '../../components/reports/report-actions.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { CreatorRecordDetails } from '../../components/records/record-figures.tsx'
import { Button, ButtonLink, buttonClasses } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { ProfilePicture } from '../../components/ui/profile-picture.tsx'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { authRedirectFor } from '../../auth/auth-redirect.ts'
import { creatorProfileQueries } from '../../components/creator-profile/creator-queries.ts'
import { pickRecordQueries } from '../../components/records/pick-record-queries.ts'
import { planTerm, planTrial } from '../../components/plans/plan-terms.ts'
import { monthAndYear } from '../../lib/dates.ts'
import { pageTitle, site } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import { createPurchase, purchaseFailure, purchasePageQueries } from './api.ts'
import { PlanPrice, PromoCodeEntry, usePromoCode, type AppliedPromo } from './promo-code-entry.tsx'

/** A malformed id (400) names no creator either, so both read as "not found". */
function isMissingCreator(error: Error): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400)
}

/** Only https addresses become links, whatever the data says. */
function safeHttpsUrl(link: string | undefined): string | null {
  if (!link) return null
  try {
    const url = new URL(link)
    return url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** The creator's public link: the Web Share sheet where there is one, else the clipboard. */
function ShareButton({ creator }: { creator: CreatorProfile }) {
  const [message, setMessage] = useState('')
  const url = `${window.location.origin}/${creator.username}`

  async function share() {
    setMessage('')
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: `${creator.name} on ${site.name}`, url })
        return
      } catch (error) {
        // Closing the share sheet is not a failure.
        if (error instanceof DOMException && error.name === 'AbortError') return
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      setMessage('Link copied.')
    } catch {
      setMessage(`Copy this link: ${url}`)
    }
  }

  return (
    <div className="flex flex-col items-start gap-1">
      <Button variant="secondary" onClick={() => void share()}>
        Share
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {message}
      </p>
    </div>
  )
}

function CreatorHeader({ creator }: { creator: CreatorProfile }) {
  const sports = [...new Set([creator.specialty_sport, ...creator.other_sports].filter((s) => s !== null))]
  const links = socialNetworks
    .map((network) => ({ network, href: safeHttpsUrl(creator.social_links[network]) }))
    .filter((link): link is { network: SocialNetwork; href: string } => link.href !== null)

  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-start gap-4">
        <ProfilePicture picture={creator.profile_picture} name={creator.name} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{creator.name}</h1>
          <p className="text-slate-700">@{creator.username}</p>
          <p className="text-sm text-slate-600">
            Member since {monthAndYear(new Date(creator.created_at), 'utc')}
            {creator.country && <> · {countryName(creator.country)}</>}
          </p>
        </div>
        <ShareButton creator={creator} />
      </div>

      {sports.length > 0 && (
        <ul aria-label="Sports" className="flex flex-wrap gap-1.5">
          {sports.map((slug, index) => (
            <li key={slug} className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-800">
              {sportLabel(slug)}
              {index === 0 && creator.specialty_sport === slug && <span className="sr-only"> (specialty)</span>}
            </li>
          ))}
        </ul>
      )}

      {creator.bio && <p className="whitespace-pre-line text-slate-800">{creator.bio}</p>}

      {links.length > 0 && (
        <ul aria-label="Social links" className="flex flex-wrap gap-x-4 gap-y-2">
          {links.map(({ network, href }) => (
            <li key={network}>
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="text-sm font-semibold text-emerald-800 underline underline-offset-2"
              >
                {socialNetworkInfo[network].label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </header>
  )
}

type StartCheckout = ReturnType<typeof useStartCheckout>

/**
 * Buying a plan. Signed in: `POST /purchases` (with the promo code that applies to the plan), then
 * the browser goes to the checkout it answers. Signed out (or a session that has lapsed): /auth,
 * which brings the visitor back here with `?plan=` so the plan they chose is waiting for them (and
 * `?promo=`, which is already in the address, so their code is too).
 */
function useStartCheckout(promo: AppliedPromo, creatorId: string) {
  const viewer = useStoredUser()
  const location = useLocation()
  const navigate = useNavigate()

  function sendToSignIn(planId: string) {
    const params = new URLSearchParams(location.search)
    params.delete('checkout')
    params.set('plan', planId)
    const { to, state } = authRedirectFor({ pathname: location.pathname, search: `?${params.toString()}`, hash: '' })
    void navigate(to, { state })
  }

  const purchase = useMutation({
    mutationFn: (input: { planId: string; promoCode: string | null }) => createPurchase({ ...input, creatorId }),
    onSuccess: (answer) => window.location.assign(answer.checkout_url),
    onError: (error, { planId, promoCode }) => {
      if (error instanceof ApiError && error.status === 401) sendToSignIn(planId)
      // The code may have run out or expired since it was quoted: the cards show what holds now.
      else if (promoCode) void promo.recheck()
    },
  })
  useResetOnReturn(purchase.reset)

  return {
    start(planId: string) {
      if (!viewer) return sendToSignIn(planId)
      purchase.mutate({ planId, promoCode: promo.codeFor(planId) })
    },
    /** The plan whose checkout is opening (or whose browser is on its way there). */
    busyPlanId: purchase.isPending || purchase.isSuccess ? purchase.variables.planId : undefined,
    failedPlanId: purchase.isError && !isSignedOutError(purchase.error) ? purchase.variables.planId : undefined,
    error: purchase.error,
  }
}

/**
 * Back from checkout with the browser's Back button, the page may come out of the back-forward
 * cache exactly as it left: still "on its way" to checkout. `reset` makes the buttons usable again.
 */
function useResetOnReturn(reset: () => void) {
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [reset])
}

function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401
}

function CheckoutError({ error }: { error: unknown }) {
  const { message, alreadySubscribed } = purchaseFailure(error)
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">
      {message}
      {alreadySubscribed && (
        <>
          {' '}
          <Link to="/manage-subscriptions" className="font-semibold underline underline-offset-2">
            Manage your subscriptions
          </Link>
        </>
      )}
    </p>
  )
}

function PlanCard({
  plan,
  chosen,
  checkout,
  promo,
}: {
  plan: Plan
  chosen: boolean
  checkout: StartCheckout
  promo: AppliedPromo
}) {
  const noteId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const trial = planTrial(plan)
  const busy = checkout.busyPlanId === plan.id
  const action = plan.kind === 'subscription' ? 'Subscribe' : 'Buy pass'

  // Back from signing in: the plan they picked is where the keyboard is.
  useEffect(() => {
    if (chosen) buttonRef.current?.focus()
  }, [chosen])

  return (
    <li
      className={cx(
        'flex flex-col gap-3 rounded-xl border bg-white p-4 shadow-sm',
        chosen ? 'border-emerald-700 ring-2 ring-emerald-700' : 'border-slate-200',
      )}
    >
      <div>
        {chosen && <p className="mb-1 text-xs font-semibold tracking-wide text-emerald-800 uppercase">Your choice</p>}
        <h3 className="font-semibold text-slate-900">{plan.name}</h3>
        <PlanPrice plan={plan} quote={promo.quoteOf(plan.id)} />
        <p className="text-sm text-slate-700">{planTerm(plan)}</p>
        {trial && <p className="text-sm font-medium text-emerald-800">{trial}</p>}
      </div>
      <button
        ref={buttonRef}
        type="button"
        aria-describedby={noteId}
        disabled={checkout.busyPlanId !== undefined}
        onClick={() => checkout.start(plan.id)}
        className={buttonClasses('primary', 'mt-auto w-full')}
      >
        {busy ? 'Opening checkout…' : action}
        <span className="sr-only"> — {plan.name}</span>
      </button>
      <p id={noteId} className="text-xs text-slate-600">
        You’ll review the payment before anything is charged.
      </p>
      {checkout.failedPlanId === plan.id && <CheckoutError error={checkout.error} />}
    </li>
  )
}

/**
 * Whether the signed-in customer already has access to this creator (`GET /purchases/verify`),
 * asked before the plans are offered: with access, the page says so instead, and shows the plans
 * only when asked (a pass alongside a subscription is still sold; a second subscription the server
 * refuses, decision 043). Visitors and the creator themself are not asked: nothing is known, or
 * there is nothing to buy. A failed answer offers the plans as usual.
 */
function useExistingAccess(creatorId: string): { checking: boolean; exists: boolean } {
  const viewer = useStoredUser()
  const asks = viewer !== null && viewer.id !== creatorId
  const access = useQuery({ ...purchasePageQueries.access(viewer?.id ?? '', creatorId), enabled: asks })
  return { checking: asks && access.isPending, exists: asks && access.data?.exists === true }
}

function ExistingAccess({ creatorId, creatorName }: { creatorId: string; creatorName: string }) {
  return (
    <div className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-950">
      <p role="status">
        You already have access to {creatorName}’s picks.{' '}
        <Link to="/manage-subscriptions" className="font-semibold underline underline-offset-2">
          Manage your subscriptions
        </Link>
      </p>
      <p>
        <Link
          to={`/alerts?creator=${encodeURIComponent(creatorId)}`}
          className="font-semibold underline underline-offset-2"
        >
          Choose how their picks reach you
        </Link>
      </p>
    </div>
  )
}

function PlansSection({
  creatorId,
  creatorName,
  chosenPlanId,
}: {
  creatorId: string
  creatorName: string
  chosenPlanId: string | null
}) {
  const plans = useQuery(creatorProfileQueries.activePlans(creatorId))
  const promo = usePromoCode(plans.data?.plans ?? [])
  const checkout = useStartCheckout(promo, creatorId)
  const viewer = useStoredUser()
  const access = useExistingAccess(creatorId)
  const [plansWanted, setPlansWanted] = useState(false)
  const chosenPlan = plans.data?.plans.find((plan) => plan.id === chosenPlanId)
  if (access.exists && !plansWanted) {
    return (
      <section aria-labelledby="plans-title" className="flex flex-col gap-3">
        <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
          Plans
        </h2>
        <ExistingAccess creatorId={creatorId} creatorName={creatorName} />
        <p>
          <Button variant="secondary" onClick={() => setPlansWanted(true)}>
            Show the plans anyway
          </Button>
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="plans-title" className="flex flex-col gap-3">
      <h2 id="plans-title" className="text-lg font-semibold text-slate-900">
        Plans
      </h2>
      {plans.isSuccess && !access.checking && chosenPlanId && (
        <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800">
          {chosenPlan
            ? viewer
              ? `You’re signed in. Continue with ${chosenPlan.name} when you’re ready.`
              : `Sign in to continue with ${chosenPlan.name}.`
            : paymentMessages.planUnavailable}
        </p>
      )}
      {(plans.isPending || access.checking) && (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <p role="status" className="sr-only">
            Loading plans…
          </p>
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      )}
      {plans.isError && <ReadFailed message="We couldn’t load the plans." onRetry={() => void plans.refetch()} />}
      {plans.isSuccess && !access.checking && plans.data.plans.length === 0 && (
        <p className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-slate-800">
          This creator has no plans on sale yet.
        </p>
      )}
      {plans.isSuccess && !access.checking && plans.data.plans.length > 0 && (
        <>
          <PromoCodeEntry promo={promo} />
          <ul aria-label="Plans on sale" className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {plans.data.plans.map((plan) => (
              <PlanCard key={plan.id} plan={plan} chosen={plan.id === chosenPlanId} checkout={checkout} promo={promo} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

const recentPicksShown = 10

/**
 * The creator's public figures (`GET /creators/{id}/stats`): customers with access now, picks
 * posted, and the record from graded picks — overall, streak, last 10 and per sport.
 */
function RecordSection({ creatorId }: { creatorId: string }) {
  const stats = useQuery(purchasePageQueries.stats(creatorId))
  return (
    <section
      aria-labelledby="record-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="record-title" className="text-lg font-semibold text-slate-900">
          Record
        </h2>
        <p className="text-sm text-slate-700">
          Every pick is timestamped by the server and graded from the final score, so this record cannot be curated.
        </p>
      </div>
      {stats.isPending && <Loading label="Loading the record…" stacked />}
      {stats.isError && (
        <ReadFailed polite message="We couldn’t load the record." onRetry={() => void stats.refetch()} />
      )}
      {stats.isSuccess && (
        <>
          <dl aria-label="At a glance" className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium text-slate-600">Subscribers</dt>
              <dd className="text-lg font-semibold text-slate-900">{groupThousands(stats.data.subscriber_count)}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-medium text-slate-600">Picks posted</dt>
              <dd className="text-lg font-semibold text-slate-900">{groupThousands(stats.data.picks_count)}</dd>
            </div>
          </dl>
          <CreatorRecordDetails record={stats.data.record} />
        </>
      )}
    </section>
  )
}

/** The latest picks: free ones in full, premium ones as teasers unless this viewer has access. */
function RecentPicksSection({ creatorId }: { creatorId: string }) {
  const picks = useQuery(pickRecordQueries.creatorPicks(creatorId, recentPicksShown))
  return (
    <section aria-labelledby="recent-picks-title" className="flex flex-col gap-3">
      <div>
        <h2 id="recent-picks-title" className="text-lg font-semibold text-slate-900">
          Recent picks
        </h2>
        <p className="text-sm text-slate-700">Free picks in full; premium picks open with a plan.</p>
      </div>
      {picks.isPending && <Loading label="Loading recent picks…" count={2} stacked />}
      {picks.isError && (
        <ReadFailed polite message="We couldn’t load the recent picks." onRetry={() => void picks.refetch()} />
      )}
      {picks.isSuccess && <PickList picks={picks.data.picks} label="Recent picks" emptyText="No picks posted yet." />}
    </section>
  )
}

function Terms() {
  return (
    <section aria-labelledby="terms-title" className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
      <h2 id="terms-title" className="font-semibold text-slate-900">
        Terms
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-700">
        <li>Fees are taken in advance and are non-refundable, except as required by law.</li>
        <li>You can cancel a subscription at any time; your access continues to the end of the billing period.</li>
        <li>A pass gives access for the number of days it states, from the moment of purchase.</li>
        <li>You must be {site.minimumAge} or older to buy. Picks are for entertainment and information only.</li>
      </ul>
      <p className="mt-2 text-slate-700">
        See the{' '}
        <Link to="/terms-of-service" className="font-semibold text-slate-900 underline underline-offset-2">
          Terms of Service
        </Link>
        .
      </p>
    </section>
  )
}

/**
 * A read has had neither an answer nor a failure yet. (A failed read asked again when its section
 * mounts is pending again, but has failed once: the page does not go back to its placeholder.)
 */
function firstAnswerPending(query: { isPending: boolean; isFetched: boolean; failureCount: number }): boolean {
  return query.isPending && !query.isFetched && query.failureCount === 0
}

function PurchaseContent({ creatorId }: { creatorId: string }) {
  const profile = useQuery(creatorProfileQueries.profile(creatorId))
  // Every read of the page starts now, side by side, rather than each section's once the profile has
  // come (the sections read the same keys). The page shows once the profile, the record and the plans
  // have answered, so the first screen is drawn once instead of growing under the reader's eyes.
  const stats = useQuery(purchasePageQueries.stats(creatorId))
  const plans = useQuery(creatorProfileQueries.activePlans(creatorId))
  usePrefetchQuery(pickRecordQueries.creatorPicks(creatorId, recentPicksShown))
  const viewer = useStoredUser()
  const [searchParams] = useSearchParams()
  const checkoutCancelled = searchParams.get('checkout') === 'cancelled'

  if (profile.isPending || (profile.isSuccess && (firstAnswerPending(stats) || firstAnswerPending(plans)))) {
    // At least a screen tall, so nothing below it (the footer) is on screen to be pushed down.
    return (
      <div className="flex min-h-dvh flex-col gap-6">
        <p role="status" className="sr-only">
          Loading creator…
        </p>
        <div className="flex items-center gap-4">
          <Skeleton className="size-20 rounded-full" />
          <div className="flex flex-1 flex-col gap-2">
            <Skeleton className="h-8 w-56" />
            <Skeleton className="h-4 w-32" />
          </div>
        </div>
        <Skeleton className="h-16" />
        <Skeleton className="h-48 rounded-xl" />
        <Skeleton className="h-40 rounded-xl" />
      </div>
    )
  }

  if (profile.isError) {
    if (isMissingCreator(profile.error)) {
      return (
        <>
          <title>{pageTitle('Creator not found')}</title>
          <h1 className="text-2xl font-bold text-slate-900">Creator not found</h1>
          <p className="text-slate-700">This creator doesn’t exist or is no longer selling picks.</p>
          <p>
            <ButtonLink to="/marketplace">Browse Creators</ButtonLink>
          </p>
        </>
      )
    }
    return (
      <div role="alert" className="flex flex-col items-start gap-3">
        <h1 className="text-2xl font-bold text-slate-900">We couldn’t load this creator</h1>
        <p className="text-slate-700">Check your connection and try again.</p>
        <Button onClick={() => void profile.refetch()}>Try again</Button>
      </div>
    )
  }

  const { creator } = profile.data
  return (
    <>
      <title>{pageTitle(`${creator.name} (@${creator.username})`)}</title>
      {viewer?.id === creator.id && (
        <p className="rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
          This is your page as customers see it.{' '}
          <Link to="/dashboard" className="font-semibold underline underline-offset-2">
            Manage your plans
          </Link>
        </p>
      )}
      {checkoutCancelled && (
        <p role="status" className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-800">
          Checkout cancelled. You have not been charged.
        </p>
      )}
      <CreatorHeader creator={creator} />
      <RecordSection creatorId={creator.id} />
      <PlansSection creatorId={creator.id} creatorName={creator.name} chosenPlanId={searchParams.get('plan')} />
      <RecentPicksSection creatorId={creator.id} />
      <Terms />
      <div className="flex flex-wrap items-center justify-between gap-x-4">
        <Link to="/shop-picks" className="font-medium text-slate-900 underline underline-offset-2">
          Back to the shop
        </Link>
        <ReportButton
          target={{ type: 'creator', id: creator.id }}
          ownerId={creator.id}
          dialogLabel="Report this profile"
          about={
            <p>
              The profile of {creator.name} (@{creator.username}): the name, picture, bio and links on this page. What
              is wrong with it?
            </p>
          }
        >
          Report this profile
        </ReportButton>
      </div>
    </>
  )
}

/**
 * `/shop-picks/purchase/{creatorId}` (spec §2): the creator, their record, the plans they sell, their
 * recent picks and the terms.
 * `?plan=` marks the plan a visitor chose before signing in; `?promo=` is the promo code applied
 * (from a creator's link, or typed here); `?checkout=cancelled` is where a cancelled checkout comes back to.
 */
export function Component() {
  const { creatorId = '' } = useParams()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-6 sm:px-6">
      <PurchaseContent key={creatorId} creatorId={creatorId} />
    </div>
  )
}
