import type { AdminCreatorRow, AdminSubscriberRow } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { salesQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { purchaseStatusLabels } from './sales-labels.ts'
import { WhenCell } from './when-cell.tsx'

const columns: DataColumn<AdminSubscriberRow>[] = [
  {
    header: 'Buyer',
    isRowHeader: true,
    cell: (row) => (
      <>
        {row.buyer.name}
        <span className="block text-xs font-normal break-all text-slate-600">{row.buyer.email}</span>
      </>
    ),
  },
  { header: 'Plan', cell: (row) => row.plan },
  { header: 'Status', cell: (row) => purchaseStatusLabels[row.status] },
  { header: 'Since', cell: (row) => <WhenCell iso={row.since} /> },
  {
    header: 'Renews or ends',
    cell: (row) => {
      const at = row.renewsAt ?? row.endsAt
      if (!at) return '—'
      return (
        <>
          <span className="block text-xs text-slate-600">{row.renewsAt ? 'Renews' : 'Ends'}</span>
          <WhenCell iso={at} />
        </>
      )
    },
  },
  {
    header: 'Paid',
    align: 'end',
    className: 'whitespace-nowrap',
    cell: (row) => formatCents(row.totalPaidCents),
  },
]

/**
 * One creator's subscribers (`GET /admin/creators/{id}/subscribers`), with paging of its own, in a
 * dialog over the creators list. Personal data follows the section's switch.
 */
export function CreatorSubscribersDialog({
  creator,
  personal,
  onClose,
}: {
  creator: AdminCreatorRow
  personal: boolean
  onClose: () => void
}) {
  const [page, setPage] = useState(1)
  const subscribers = useQuery({
    ...salesQueries.creatorSubscribers(creator.id, { page, includePersonal: personal }),
    placeholderData: keepPreviousData,
  })
  return (
    <Dialog open onClose={onClose} label={`Subscribers of ${creator.name}`}>
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto">
        <ConsoleList
          read={subscribers}
          pageOf={(answer) => ({ ...answer, rows: answer.items })}
          caption={`Subscribers of @${creator.username}`}
          columns={columns}
          rowKey={(row) => row.purchaseId}
          loading="Loading the subscribers…"
          failed="Failed to fetch the subscribers"
          empty={`@${creator.username} has no subscribers yet.`}
          onPage={setPage}
        />
      </div>
    </Dialog>
  )
}
