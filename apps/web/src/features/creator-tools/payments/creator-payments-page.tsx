import { useQuery } from '@tanstack/react-query'
import { useSearchParams } from 'react-router'
import { useStoredUser } from '../../../auth/stored-user.ts'
import { CreatorToolsPage } from '../creator-tools-page.tsx'
import { BalanceSection } from './balance-section.tsx'
import { EarningsSection, PayoutsSection } from './ledger-sections.tsx'
import { PayoutAccountSection } from './payout-account-section.tsx'
import { PayoutRequestForm } from './payout-request-form.tsx'
import { payoutQueries } from '../api/index.ts'
import { ProviderPayoutsSection } from './provider-payouts-section.tsx'
import { RevenueSection } from './revenue-section.tsx'
import { SubscriptionsSection } from './subscriptions-section.tsx'

/**
 * `/creator/payments` (spec §2, creator only; issue 5 item 8): the payout account, the balance, a
 * payout request once onboarding is complete, revenue by period, subscriptions, earnings and
 * payouts, and once payouts are set up the provider's own transfers to the bank.
 */
export function Component() {
  const user = useStoredUser()
  const [searchParams] = useSearchParams()
  // The guard lets only creators in; the onboarding read is shared with the account section.
  const status = useQuery({ ...payoutQueries.onboardingStatus(user?.id ?? ''), enabled: user !== null })
  if (!user) return null
  const onboarded = status.data?.onboarded === true

  return (
    <CreatorToolsPage title="Creator Payments" description="Payout setup, balance, revenue, earnings and payouts.">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <PayoutAccountSection user={user} linkExpired={searchParams.get('onboarding') === 'expired'} />
        <BalanceSection creatorId={user.id} onboarded={status.data?.onboarded} />
      </div>

      {onboarded && <PayoutRequestForm creatorId={user.id} />}

      <RevenueSection creatorId={user.id} />
      <SubscriptionsSection creatorId={user.id} />
      <EarningsSection creatorId={user.id} />
      <PayoutsSection creatorId={user.id} />
      {onboarded && <ProviderPayoutsSection creatorId={user.id} />}
    </CreatorToolsPage>
  )
}
