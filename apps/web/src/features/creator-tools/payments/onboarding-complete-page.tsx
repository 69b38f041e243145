import { isCreatorOrHigher, paymentMessages } from '@picks/contracts/client'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ButtonLink } from '../../../components/ui/button.tsx'
import { Skeleton } from '../../../components/ui/skeleton.tsx'
import { authRedirectFor } from '../../../auth/auth-redirect.ts'
import { pageTitle } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { creatorKeys } from '../../../components/creator-profile/creator-queries.ts'
import { payoutQueries } from '../api/index.ts'
import { ReadFailed } from '../../../components/ui/read-states.tsx'

function Shell({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-start gap-4 px-4 py-10 sm:px-6 lg:py-16">
      <title>{pageTitle(title)}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      {children}
    </section>
  )
}

const backToPayments = <ButtonLink to="/creator/payments">Back to payments</ButtonLink>

/** Asks the provider where onboarding stands, once per visit, and shares the answer with the payments page. */
function SyncedStatus({ creatorId }: { creatorId: string }) {
  const queryClient = useQueryClient()
  // A read in form (the sync is safe to repeat): one call per visit, with loading and error states.
  const sync = useQuery(payoutQueries.onboardingSync(creatorId))

  useEffect(() => {
    if (!sync.data) return
    // The payments page reads the stored status again; plans are on sale only while payouts can take
    // charges, so the shop and the creator's own pages change with it.
    void queryClient.invalidateQueries({ queryKey: payoutQueries.onboardingStatus(creatorId).queryKey })
    void queryClient.invalidateQueries({ queryKey: creatorKeys.all })
  }, [sync.data, queryClient, creatorId])

  if (sync.isPending) {
    return (
      <Shell title="Checking your payout setup">
        <p role="status" className="text-slate-700">
          Checking your payout setup…
        </p>
        <Skeleton className="h-11 w-48" />
      </Shell>
    )
  }
  if (sync.isError) {
    return (
      <Shell title="Checking your payout setup">
        <ReadFailed message={paymentMessages.providerSyncFailed} onRetry={() => void sync.refetch()} />
        {backToPayments}
      </Shell>
    )
  }
  if (sync.data.onboarded) {
    return (
      <Shell title="Payouts are set up">
        <p className="text-slate-700">
          Customers can buy your plans, and you can request payouts from your available balance.
        </p>
        {backToPayments}
      </Shell>
    )
  }
  return (
    <Shell title="Onboarding is not finished yet">
      <p className="text-slate-700">
        The payment provider still needs some details. Go back to payments and choose Continue setup to finish.
      </p>
      {backToPayments}
    </Shell>
  )
}

/** `/creator/onboarding/complete` (spec §2, open): where payout onboarding sends the creator back. */
export function Component() {
  const user = useStoredUser()
  const location = useLocation()

  if (!user) {
    return (
      <Shell title="Sign in to finish payout setup">
        <p className="text-slate-700">Sign in with your creator account to see whether your payouts are set up.</p>
        <ButtonLink to={authRedirectFor(location).to} state={authRedirectFor(location).state}>
          Sign in
        </ButtonLink>
      </Shell>
    )
  }
  if (!isCreatorOrHigher(user)) {
    return (
      <Shell title="Payout setup is for creators">
        <p className="text-slate-700">Become a creator from your dashboard to sell plans and be paid.</p>
        <ButtonLink to="/dashboard">Go to the dashboard</ButtonLink>
      </Shell>
    )
  }
  return <SyncedStatus creatorId={user.id} />
}
