import { useQuery } from '@tanstack/react-query'
import { Link, useSearchParams } from 'react-router'
import { pageTitle } from '../../../lib/site.ts'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { BalanceSection } from './balance-section.tsx'
import { EarningsSection, PayoutsSection } from './ledger-sections.tsx'
import { PayoutAccountSection } from './payout-account-section.tsx'
import { PayoutRequestForm } from './payout-request-form.tsx'
import { payoutQueries } from '../api/index.ts'
import { RevenueSection } from './revenue-section.tsx'
import { SubscriptionsSection } from './subscriptions-section.tsx'

/**
 * `/creator/payments` (spec §2, creator only; issue 5 item 8): the payout account, the balance, a
 * payout request once onboarding is complete, revenue by period, subscriptions, earnings and payouts.
 */
export function Component() {
  const user = useStoredUser()
  const [searchParams] = useSearchParams()
  // The guard lets only creators in; the onboarding read is shared with the account section.
  const status = useQuery({ ...payoutQueries.onboardingStatus(user?.id ?? ''), enabled: user !== null })
  if (!user) return null
  const onboarded = status.data?.onboarded === true

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6 sm:px-6 lg:py-10">
      <title>{pageTitle('Creator Payments')}</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Creator Payments</h1>
          <p className="text-slate-700">Payout setup, balance, revenue, earnings and payouts.</p>
        </div>
        <Link to="/dashboard" className="font-semibold text-emerald-800 underline underline-offset-4">
          Back to the dashboard
        </Link>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PayoutAccountSection user={user} linkExpired={searchParams.get('onboarding') === 'expired'} />
        <BalanceSection creatorId={user.id} onboarded={onboarded} />
      </div>

      {onboarded && <PayoutRequestForm creatorId={user.id} />}

      <RevenueSection creatorId={user.id} />
      <SubscriptionsSection creatorId={user.id} />
      <EarningsSection creatorId={user.id} />
      <PayoutsSection creatorId={user.id} />
    </div>
  )
}
