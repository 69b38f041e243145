import type { AdminDelivery, AdminPurchaseRow } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Dialog } from '../../../components/ui/dialog.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { salesQueries } from '../api.ts'
import { adminFailure, whenText } from './console-words.ts'
import { channelLabels, deliveryStatusLabels, purchaseStatusLabels } from './sales-labels.ts'
import { WhenCell } from './when-cell.tsx'

/** The last thing that happened to a delivery, and when. */
function lastStep(delivery: AdminDelivery): { label: string; at: string } {
  if (delivery.failedAt) return { label: 'Failed', at: delivery.failedAt }
  if (delivery.deliveredAt) return { label: 'Delivered', at: delivery.deliveredAt }
  if (delivery.sentAt) return { label: 'Sent', at: delivery.sentAt }
  return { label: 'Queued', at: delivery.createdAt }
}

const deliveryColumns: DataColumn<AdminDelivery>[] = [
  { header: 'Channel', isRowHeader: true, cell: (delivery) => channelLabels[delivery.channel] },
  {
    header: 'Status',
    cell: (delivery) => (
      <>
        {deliveryStatusLabels[delivery.status]}
        {delivery.error && <span className="block text-xs break-words text-red-700">{delivery.error}</span>}
      </>
    ),
  },
  { header: 'To', className: 'break-all', cell: (delivery) => delivery.destination },
  { header: 'Attempts', align: 'end', cell: (delivery) => String(delivery.attempts) },
  {
    header: 'Queued',
    cell: (delivery) => <WhenCell iso={delivery.createdAt} />,
  },
  {
    header: 'Last step',
    cell: (delivery) => {
      const step = lastStep(delivery)
      return (
        <>
          <span className="block text-xs text-slate-600">{step.label}</span>
          <WhenCell iso={step.at} />
        </>
      )
    },
  },
]

/**
 * What a purchase entitled its buyer to (`GET /admin/purchases/{id}/delivery-details`): every pick
 * of the access window, and each alert of it by channel with its status and times.
 */
export function PurchaseDetailsDialog({
  purchase,
  personal,
  onClose,
}: {
  purchase: AdminPurchaseRow
  personal: boolean
  onClose: () => void
}) {
  const details = useQuery(salesQueries.deliveryDetails(purchase.id, personal))
  let body
  if (details.isPending) body = <Loading label="Loading the delivery details…" className="h-16" count={3} stacked />
  else if (details.isError) {
    body = (
      <ReadFailed
        message="Failed to fetch the delivery details"
        detail={adminFailure(details.error)}
        onRetry={() => void details.refetch()}
      />
    )
  } else {
    const { purchase: bought, picks } = details.data
    body = (
      <>
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <div>
            <dt className="text-xs text-slate-600">Buyer</dt>
            <dd className="break-all">
              {bought.customer.name} · {bought.customer.email}
            </dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Creator</dt>
            <dd>@{bought.creator.username}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Status</dt>
            <dd>{purchaseStatusLabels[bought.status]}</dd>
          </div>
          <div>
            <dt className="text-xs text-slate-600">Access</dt>
            <dd>
              {bought.accessFrom
                ? `${whenText(bought.accessFrom)} – ${bought.accessUntil ? whenText(bought.accessUntil) : 'open'}`
                : 'Never gave access'}
            </dd>
          </div>
        </dl>
        {picks.length === 0 ? (
          <p className="text-slate-700">No picks were posted in this purchase's access window.</p>
        ) : (
          <ol className="flex flex-col gap-4">
            {picks.map((pick) => (
              <li key={pick.id} className="flex flex-col gap-2">
                <h3 className="text-sm font-semibold text-slate-900">
                  {pick.summary}
                  <span className="block text-xs font-normal text-slate-600">
                    {pick.isPremium ? 'Premium' : 'Free'} pick · posted {whenText(pick.createdAt)}
                  </span>
                </h3>
                {pick.deliveries.length === 0 ? (
                  <p className="text-sm text-slate-700">No alert was sent for this pick.</p>
                ) : (
                  <DataTable
                    caption={`Alerts of ${pick.summary}`}
                    columns={deliveryColumns}
                    rows={pick.deliveries}
                    rowKey={(delivery) => delivery.id}
                    isFramed
                  />
                )}
              </li>
            ))}
          </ol>
        )}
      </>
    )
  }
  return (
    <Dialog open onClose={onClose} label={`Deliveries of ${purchase.customer.name}'s ${purchase.plan}`}>
      <div className="flex max-h-[70vh] flex-col gap-3 overflow-y-auto">{body}</div>
    </Dialog>
  )
}
