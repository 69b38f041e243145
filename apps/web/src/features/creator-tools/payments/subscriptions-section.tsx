import type { ProviderSubscriptionsAnswer } from '@picks/contracts'
import { formatCents, paymentMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { intervalWords } from '../../../components/plans/plan-terms.ts'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { shortDate } from '../creator-words.ts'
import { payoutQueries } from '../api/index.ts'

type ProviderSubscription = ProviderSubscriptionsAnswer['subscriptions'][number]

/** How many subscriptions the short list shows. */
const listedCount = 5

const liveStatuses: readonly ProviderSubscription['status'][] = ['trialing', 'active', 'past_due']

const statusLabels: Record<ProviderSubscription['status'], string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Payment failed, retrying',
  unpaid: 'Unpaid',
  canceled: 'Cancelled',
  incomplete: 'Not paid',
}

function subscriptionLine(subscription: ProviderSubscription): string {
  const price = formatCents(subscription.amount_cents, subscription.currency)
  const every = subscription.interval ? ` / ${intervalWords[subscription.interval].noun}` : ''
  const end = subscription.current_period_end
  const when =
    end && liveStatuses.includes(subscription.status)
      ? ` · ${subscription.cancel_at_period_end ? 'ends' : 'renews'} ${shortDate(end)}`
      : ''
  return `${price}${every} · ${statusLabels[subscription.status]}${when}`
}

/** The creator's subscriptions as the provider sees them: how many are live and what they bring in a month. */
export function SubscriptionsSection({ creatorId }: { creatorId: string }) {
  const answer = useQuery(payoutQueries.subscriptions(creatorId))
  const all = answer.data?.subscriptions ?? []
  const live = all.filter((subscription) => liveStatuses.includes(subscription.status))
  const currency = all[0]?.currency ?? 'usd'

  return (
    <Card look="flat" title="Subscriptions">
      {answer.isPending && <Loading label="Loading your subscriptions…" className="h-16" />}
      {answer.isError && (
        <ReadFailed message={paymentMessages.providerSubscriptionsFailed} onRetry={() => void answer.refetch()} />
      )}
      {answer.isSuccess && (
        <>
          <dl aria-label="Subscriptions summary" className="grid grid-cols-2 gap-3">
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Live subscriptions</dt>
              <dd className="text-xl font-semibold text-slate-900">{live.length}</dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">Monthly recurring revenue</dt>
              <dd className="text-xl font-semibold text-slate-900">{formatCents(answer.data.mrr_cents, currency)}</dd>
            </div>
          </dl>
          {all.length === 0 ? (
            <p className="text-sm text-slate-700">No subscriptions yet.</p>
          ) : (
            <ul aria-label="Recent subscriptions" className="flex flex-col gap-1 text-sm text-slate-800">
              {all.slice(0, listedCount).map((subscription) => (
                <li key={subscription.id}>{subscriptionLine(subscription)}</li>
              ))}
              {all.length > listedCount && <li className="text-slate-600">and {all.length - listedCount} more</li>}
            </ul>
          )}
        </>
      )}
    </Card>
  )
}
