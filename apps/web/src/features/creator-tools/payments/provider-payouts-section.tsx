import type { ProviderPayoutsAnswer } from '@picks/contracts'
import { formatCents, paymentMessages } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { Card } from '../../../components/ui/card.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { payoutQueries } from '../api/index.ts'
import { shortDate } from '../creator-words.ts'
import { PayoutStatusPill } from './payout-status-pill.tsx'
import { providerPayoutStatusLabels } from './payout-words.ts'

type ProviderPayout = ProviderPayoutsAnswer['payouts'][number]

const columns: DataColumn<ProviderPayout>[] = [
  { header: 'Sent', className: 'whitespace-nowrap', cell: (payout) => shortDate(payout.created_at) },
  {
    header: 'Amount',
    align: 'end',
    className: 'font-medium whitespace-nowrap',
    cell: (payout) => formatCents(payout.amount_cents, payout.currency),
  },
  {
    header: 'Status',
    cell: (payout) => (
      <PayoutStatusPill
        tone={
          payout.status === 'paid'
            ? 'paid'
            : payout.status === 'pending' || payout.status === 'in_transit'
              ? 'waiting'
              : 'failed'
        }
      >
        {providerPayoutStatusLabels[payout.status]}
      </PayoutStatusPill>
    ),
  },
  {
    header: 'Arrival',
    className: 'whitespace-nowrap',
    cell: (payout) => (payout.arrival_at ? shortDate(payout.arrival_at) : '—'),
  },
  { header: 'Description', isWide: true, cell: (payout) => payout.description ?? '—' },
]

/**
 * The provider's payouts to the creator's bank (`GET /creators/stripe-payouts/{id}?limit=50`, spec
 * §7): what was sent, in cents formatted, its state at the provider and when it arrives. Shown once
 * payouts are set up; before that the provider has no account to pay out of. A failed read says
 * spec §8's "Failed to get Stripe payouts".
 */
export function ProviderPayoutsSection({ creatorId }: { creatorId: string }) {
  const payouts = useQuery(payoutQueries.providerPayouts(creatorId))
  return (
    <Card look="flat" title="Bank transfers" description="The payment provider’s transfers to your bank, newest first.">
      {payouts.isPending && <Loading label="Loading your bank transfers…" className="h-20" />}
      {payouts.isError && (
        <ReadFailed message={paymentMessages.providerPayoutsFailed} onRetry={() => void payouts.refetch()} />
      )}
      {payouts.isSuccess &&
        (payouts.data.length === 0 ? (
          <p className="text-sm text-slate-700">No bank transfers yet.</p>
        ) : (
          <DataTable caption="Bank transfers" columns={columns} rows={payouts.data} rowKey={(payout) => payout.id} />
        ))}
    </Card>
  )
}
