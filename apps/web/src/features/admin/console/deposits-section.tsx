import type { DepositsAnswer } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { ConsoleList } from './console-list.tsx'
import { adminFailure } from './console-words.ts'
import { FilterSelect } from './filter-select.tsx'
import { consoleQueries } from '../api.ts'
import { WhenCell } from './when-cell.tsx'
import { useListParams } from './list-params.ts'

type Deposit = DepositsAnswer['deposits'][number]

const statusLabels: Record<Deposit['status'], string> = {
  succeeded: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
}

const columns: DataColumn<Deposit>[] = [
  { header: 'When', cell: (deposit) => <WhenCell iso={deposit.occurred_at} /> },
  { header: 'Customer', isRowHeader: true, cell: (deposit) => deposit.customer_name ?? 'Deleted account' },
  { header: 'Creator', cell: (deposit) => `@${deposit.creator_username}` },
  {
    header: 'Amount',
    align: 'end',
    className: 'whitespace-nowrap font-medium',
    cell: (deposit) => formatCents(deposit.amount_cents, deposit.currency),
  },
  {
    header: 'Fee',
    align: 'end',
    className: 'whitespace-nowrap',
    cell: (deposit) => formatCents(deposit.fee_cents, deposit.currency),
  },
  {
    header: 'Refunded',
    align: 'end',
    className: 'whitespace-nowrap',
    cell: (deposit) => (deposit.refunded_cents ? formatCents(deposit.refunded_cents, deposit.currency) : '—'),
  },
  { header: 'Status', cell: (deposit) => statusLabels[deposit.status] },
]

function Totals() {
  const stats = useQuery(consoleQueries.depositStats())
  if (stats.isPending) return <Loading label="Loading the totals…" className="h-20" />
  if (stats.isError) {
    return (
      <ReadFailed
        message="Failed to fetch the deposit totals"
        detail={adminFailure(stats.error)}
        onRetry={() => void stats.refetch()}
        polite
      />
    )
  }
  const { currency } = stats.data
  const figures = [
    ['Payments', String(stats.data.count)],
    ['Gross', formatCents(stats.data.gross_cents, currency)],
    ['Platform fees', formatCents(stats.data.fees_cents, currency)],
    ['Refunded', formatCents(stats.data.refunded_cents, currency)],
    ['Net', formatCents(stats.data.net_cents, currency)],
  ] as const
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Deposits (`GET /deposits`, `/deposits/stats`): every incoming payment with its fee and refunds. */
export function DepositsSection() {
  const list = useListParams<'status'>()
  const query = { page: list.page, status: list.value('status') }
  const deposits = useQuery({ ...consoleQueries.deposits(query), placeholderData: keepPreviousData })

  return (
    <div className="flex flex-col gap-4">
      <Totals />
      <FilterSelect
        label="Status"
        value={query.status}
        everything="Every payment"
        options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
        onChange={(status) => list.setFilter('status', status)}
      />
      <ConsoleList
        read={deposits}
        pageOf={(answer) => ({ ...answer, rows: answer.deposits })}
        caption="Deposits"
        columns={columns}
        rowKey={(deposit) => deposit.id}
        loading="Loading the deposits…"
        failed="Failed to fetch the deposits"
        empty={query.status ? 'No payments with this status.' : 'No payments yet.'}
        fields="figures"
        onPage={list.setPage}
      />
    </div>
  )
}
