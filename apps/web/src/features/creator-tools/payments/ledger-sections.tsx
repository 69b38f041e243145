import type { EarningsAnswer, PayoutsAnswer } from '@picks/contracts'
import { formatCents, paymentMessages } from '@picks/contracts/client'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Button } from '../../../components/ui/button.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { shortDate } from '../creator-words.ts'
import { PayoutStatusPill } from './payout-status-pill.tsx'
import { ledgerKindLabels, payoutStatusLabels, signedCents } from './payout-words.ts'
import { payoutQueries } from '../api/index.ts'

type EarningsLine = EarningsAnswer['earnings'][number]
type PayoutRow = PayoutsAnswer['payouts'][number]

const earningsColumns: DataColumn<EarningsLine>[] = [
  { header: 'Date', className: 'whitespace-nowrap', cell: (line) => shortDate(line.occurred_at) },
  { header: 'Description', isWide: true, cell: (line) => line.description },
  { header: 'Kind', cell: (line) => ledgerKindLabels[line.kind] },
  {
    header: 'Amount',
    align: 'end',
    className: (line) =>
      cx('font-medium whitespace-nowrap', line.amount_cents < 0 ? 'text-red-800' : 'text-emerald-900'),
    cell: (line) => signedCents(line.amount_cents, line.currency),
  },
]

const payoutColumns: DataColumn<PayoutRow>[] = [
  { header: 'Date', className: 'whitespace-nowrap', cell: (payout) => shortDate(payout.created_at) },
  {
    header: 'Amount',
    align: 'end',
    className: 'font-medium whitespace-nowrap',
    cell: (payout) => formatCents(payout.amount_cents, payout.currency),
  },
  {
    header: 'Status',
    cell: (payout) => (
      <PayoutStatusPill tone={payout.status === 'pending' ? 'waiting' : payout.status}>
        {payoutStatusLabels[payout.status]}
      </PayoutStatusPill>
    ),
  },
  { header: 'Failure reason', isWide: true, cell: (payout) => payout.failure_reason ?? '—' },
]

function LoadMore({
  shown,
  total,
  hasMore,
  loading,
  onLoad,
  failed,
}: {
  shown: number
  total: number
  hasMore: boolean
  loading: boolean
  onLoad: () => void
  failed: string | null
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-600">
        Showing {shown} of {total}
      </p>
      {hasMore && (
        <Button variant="secondary" onClick={onLoad} disabled={loading}>
          {loading ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {failed && (
        <p role="alert" className="text-sm text-red-700">
          {failed}
        </p>
      )}
    </div>
  )
}

/** The creator's ledger (`GET /creators/earnings/{id}`), newest first, 50 lines at a time. */
export function EarningsSection({ creatorId }: { creatorId: string }) {
  const earnings = useInfiniteQuery(payoutQueries.earnings(creatorId))
  const lines = earnings.data?.pages.flatMap((page) => page.earnings) ?? []
  const total = earnings.data?.pages.at(-1)?.total ?? 0

  return (
    <Card look="flat" title="Earnings" description="Every sale, fee, refund and payout, as it was recorded.">
      {earnings.isPending && <Loading label="Loading your earnings…" className="h-20" />}
      {earnings.isError && !earnings.data && (
        <ReadFailed message={paymentMessages.earningsFailed} onRetry={() => void earnings.refetch()} />
      )}
      {earnings.isSuccess && lines.length === 0 && (
        <p className="text-sm text-slate-700">No earnings yet. Sales appear here as soon as they are paid.</p>
      )}
      {lines.length > 0 && (
        <>
          <DataTable caption="Earnings" columns={earningsColumns} rows={lines} rowKey={(line) => line.id} />
          <LoadMore
            shown={lines.length}
            total={total}
            hasMore={earnings.hasNextPage}
            loading={earnings.isFetchingNextPage}
            onLoad={() => void earnings.fetchNextPage()}
            failed={earnings.isFetchNextPageError || earnings.isRefetchError ? paymentMessages.earningsFailed : null}
          />
        </>
      )}
    </Card>
  )
}

/** The creator's payout requests (`GET /creators/payouts/{id}`), 20 at a time. */
export function PayoutsSection({ creatorId }: { creatorId: string }) {
  const payouts = useInfiniteQuery(payoutQueries.payouts(creatorId))
  const rows = payouts.data?.pages.flatMap((page) => page.payouts) ?? []
  const total = payouts.data?.pages.at(-1)?.total ?? 0

  return (
    <Card look="flat" title="Payouts">
      {payouts.isPending && <Loading label="Loading your payouts…" className="h-20" />}
      {payouts.isError && !payouts.data && (
        <ReadFailed message={paymentMessages.payoutsFailed} onRetry={() => void payouts.refetch()} />
      )}
      {payouts.isSuccess && rows.length === 0 && <p className="text-sm text-slate-700">No payouts yet.</p>}
      {rows.length > 0 && (
        <>
          <DataTable caption="Payouts" columns={payoutColumns} rows={rows} rowKey={(payout) => payout.id} />
          <LoadMore
            shown={rows.length}
            total={total}
            hasMore={payouts.hasNextPage}
            loading={payouts.isFetchingNextPage}
            onLoad={() => void payouts.fetchNextPage()}
            failed={payouts.isFetchNextPageError || payouts.isRefetchError ? paymentMessages.payoutsFailed : null}
          />
        </>
      )}
    </Card>
  )
}
