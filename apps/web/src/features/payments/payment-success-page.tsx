import type { Purchase } from '@picks/contracts'
import { liveStatuses } from '@picks/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { Link, useLocation, useSearchParams } from 'react-router'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { ProfilePicture } from '../../components/ui/profile-picture.tsx'
import { ApiError } from '../../lib/api-client.ts'
import { authRedirectFor } from '../../auth/auth-redirect.ts'
import { planPrice } from '../../components/plans/plan-terms.ts'
import { purchaseDateLine } from '../../components/plans/purchase-terms.ts'
import { pageTitle } from '../../lib/site.ts'
import { purchaseKeys } from '../../components/plans/purchase-keys.ts'
import { pickKeys } from '../../components/records/pick-record-queries.ts'
import { checkoutQueries, confirmationPolling } from './api.ts'

const linkClasses = 'font-semibold text-emerald-800 underline underline-offset-2'

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-5 px-4 py-10 sm:px-6 lg:py-16">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </section>
  )
}

function ManageLink() {
  return (
    <Link to="/manage-subscriptions" className={linkClasses}>
      Manage subscriptions
    </Link>
  )
}

/**
 * No purchase to show (no `?purchase=`, or one that is not the visitor's or does not exist): says
 * so plainly, thanks no one, and leads to the shop and to the visitor's subscriptions.
 */
function NoPurchase({ title, message }: { title: string; message: string }) {
  return (
    <Page title={title}>
      <p className="text-slate-700">{message}</p>
      <div className="flex flex-wrap items-center gap-4">
        <ButtonLink to="/shop-picks">Browse the shop</ButtonLink>
        <ManageLink />
      </div>
    </Page>
  )
}

function PurchaseSummary({ purchase }: { purchase: Purchase }) {
  const dateLine = purchaseDateLine(purchase)
  return (
    <div className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-4">
      <ProfilePicture picture={purchase.creator.profile_picture} name={purchase.creator.name} />
      <dl className="min-w-0 flex-1 text-sm">
        <dt className="sr-only">Creator</dt>
        <dd>
          <Link
            to={`/${purchase.creator.username}`}
            className="text-base font-semibold text-slate-900 underline-offset-2 hover:underline"
          >
            {purchase.creator.name}
          </Link>
        </dd>
        <dt className="sr-only">Plan</dt>
        <dd className="text-slate-800">{purchase.plan_name}</dd>
        <dt className="sr-only">Price</dt>
        <dd className="text-lg font-bold text-slate-900">{planPrice(purchase)}</dd>
        {dateLine && (
          <>
            <dt className="sr-only">{purchase.kind === 'subscription' ? 'Renewal' : 'Access'}</dt>
            <dd className="font-medium text-emerald-800">{dateLine}</dd>
          </>
        )}
      </dl>
    </div>
  )
}

function Confirmed({ purchase }: { purchase: Purchase }) {
  const trial = purchase.status === 'trialing'
  return (
    <Page title={trial ? 'Your free trial has started' : 'Payment Successful'}>
      <p className="text-slate-700">
        {trial
          ? 'You can read every premium pick from this creator during your trial.'
          : 'You can now read every premium pick from this creator.'}
      </p>
      <PurchaseSummary purchase={purchase} />
      <div className="flex flex-wrap items-center gap-4">
        <ButtonLink to="/my-picks">See {purchase.creator.name}’s picks</ButtonLink>
        <ManageLink />
      </div>
    </Page>
  )
}

function PurchaseResult({ purchaseId }: { purchaseId: string }) {
  const queryClient = useQueryClient()
  const location = useLocation()
  const purchaseQuery = checkoutQueries.purchase(purchaseId)
  const read = useQuery({
    ...purchaseQuery,
    // The provider confirms in its own time: ask again until it has, for about 30 seconds.
    refetchInterval: (query) =>
      query.state.data?.purchase.status === 'pending' && query.state.dataUpdateCount < confirmationPolling.maxReads
        ? confirmationPolling.intervalMs
        : false,
  })
  const status = read.data?.purchase.status
  useEffect(() => {
    if (status !== 'active' && status !== 'trialing') return
    // Access changed: the creator's premium picks now come in full, so no earlier teaser is reused,
    // and the buyer's list of subscriptions has one more.
    void queryClient.invalidateQueries({ queryKey: pickKeys.all })
    void queryClient.invalidateQueries({ queryKey: purchaseKeys.buyerLists })
  }, [status, queryClient])

  if (read.isPending) {
    return (
      <Page title="Confirming your payment…">
        <p role="status" className="text-slate-700">
          Loading your purchase…
        </p>
      </Page>
    )
  }

  if (read.isError) {
    if (read.error instanceof ApiError && read.error.status === 401) {
      // An open page: a buyer whose session ended on the way back from checkout signs in and returns here.
      const { to, state } = authRedirectFor(location)
      return (
        <Page title="Sign in to see your purchase">
          <p className="text-slate-700">Your payment is safe. Sign in to see what you bought.</p>
          <p>
            <ButtonLink to={to} state={state}>
              Sign in
            </ButtonLink>
          </p>
        </Page>
      )
    }
    if (read.error instanceof ApiError && [400, 403, 404].includes(read.error.status)) {
      return (
        <NoPurchase
          title="Purchase not found"
          message="We couldn’t find this purchase in your account. If you have just paid, it is listed under your subscriptions once the payment is confirmed."
        />
      )
    }
    return (
      <Page title="We couldn’t check your payment">
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-slate-700">
            Check your connection and try again. If you paid, you will not be charged twice.
          </p>
          <Button onClick={() => void read.refetch()}>Try again</Button>
        </div>
      </Page>
    )
  }

  const { purchase } = read.data
  if (purchase.status === 'pending') {
    // Read on each answer (`dataUpdatedAt` changes with every poll, so this renders again).
    const reads = read.dataUpdatedAt > 0 ? (queryClient.getQueryState(purchaseQuery.queryKey)?.dataUpdateCount ?? 0) : 0
    const givenUp = !read.isFetching && reads >= confirmationPolling.maxReads
    return (
      <Page title="Confirming your payment…">
        {givenUp ? (
          <div role="status" className="flex flex-col items-start gap-3">
            <p className="text-slate-700">
              Confirmation is taking longer than usual. We’ll finish it in the background; your purchase will appear
              under your subscriptions once the payment is confirmed.
            </p>
            <div className="flex flex-wrap items-center gap-4">
              <Button variant="secondary" onClick={() => void read.refetch()}>
                Check again
              </Button>
              <ManageLink />
            </div>
          </div>
        ) : (
          <p role="status" className="flex items-center gap-3 text-slate-700">
            <span
              aria-hidden="true"
              className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-slate-900"
            />
            Confirming your payment…
          </p>
        )}
      </Page>
    )
  }

  if (purchase.status === 'incomplete') {
    return (
      <Page title="Payment not completed">
        <p className="text-slate-700">Your payment did not go through. You have not been charged.</p>
        <p>
          <ButtonLink to={`/shop-picks/purchase/${purchase.creator_id}`}>
            Back to {purchase.creator.name}’s plans
          </ButtonLink>
        </p>
      </Page>
    )
  }

  if (liveStatuses.includes(purchase.status)) return <Confirmed purchase={purchase} />

  return (
    <Page title="This purchase has ended">
      <PurchaseSummary purchase={purchase} />
      <p>
        <ManageLink />
      </p>
    </Page>
  )
}

/**
 * `/payment-success` and `/success` (spec §2): where checkout returns, with `?purchase={id}`. It
 * waits for the provider to confirm the payment, then shows what was bought and when it renews or
 * ends.
 */
export function Component() {
  const [searchParams] = useSearchParams()
  const purchaseId = searchParams.get('purchase')
  if (!purchaseId) {
    return (
      <NoPurchase
        title="No purchase to show"
        message="This page shows a purchase when you come back from checkout, and no purchase was named here."
      />
    )
  }
  return <PurchaseResult key={purchaseId} purchaseId={purchaseId} />
}
