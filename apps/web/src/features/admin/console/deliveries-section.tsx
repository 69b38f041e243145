import type { AdminFanoutRow, DeliveryCounts } from '@picks/contracts'
import { deliveryStatuses } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { deliveryQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { deliveryStatusLabels } from './delivery-words.ts'
import { DeliveryCheck } from './delivery-verify.tsx'
import { useListParams } from './list-params.ts'
import { WhenCell } from './when-cell.tsx'

/** The fan-outs a page shows: the 50 newest, as the server reads them unless asked. */
const fanoutLimit = 50

/** "3 delivered · 1 failed", or "None" when the channel sent nothing. */
function countsText(counts: DeliveryCounts['email']): string {
  const parts = deliveryStatuses
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${deliveryStatusLabels[status].toLowerCase()}`)
  return parts.length > 0 ? parts.join(' · ') : 'None'
}

function columns(verify: (pickId: string) => void): DataColumn<AdminFanoutRow>[] {
  return [
    {
      header: 'Pick',
      isRowHeader: true,
      className: 'break-all',
      cell: (row) => (
        <>
          {row.creator.name}
          <span className="block text-xs font-normal text-slate-600">{row.pickId}</span>
        </>
      ),
    },
    { header: 'Fan-out', cell: (row) => (row.status === 'done' ? 'Done' : 'Running') },
    { header: 'Started', cell: (row) => <WhenCell iso={row.startedAt} /> },
    { header: 'Queued', align: 'end', cell: (row) => row.queued },
    { header: 'E-mail', cell: (row) => countsText(row.counts.email) },
    { header: 'Text', cell: (row) => countsText(row.counts.sms) },
    { header: 'Total', align: 'end', cell: (row) => row.total },
    {
      header: 'Actions',
      cell: (row) => (
        <Button variant="secondary" aria-label={`Verify the pick ${row.pickId}`} onClick={() => verify(row.pickId)}>
          Verify
        </Button>
      ),
    },
  ]
}

/**
 * Pick alerts (`GET /admin/delivery/status`): the newest fan-outs with their deliveries by channel
 * and status, and a check (`GET /admin/delivery/verify/{id}`) that a pick or a purchase reached
 * every entitled recipient exactly once per channel, from the form or a fan-out's Verify.
 */
export function DeliveriesSection() {
  const list = useListParams<never>()
  const fanouts = useQuery({
    ...deliveryQueries.fanouts({ page: list.page, limit: fanoutLimit }),
    placeholderData: keepPreviousData,
  })
  const [checking, setChecking] = useState('')

  return (
    <div className="flex flex-col gap-6">
      <DeliveryCheck checking={checking} onCheck={setChecking} />
      <section aria-labelledby="fanouts-heading" className="flex flex-col gap-3">
        <h3 id="fanouts-heading" className="text-lg font-semibold text-slate-900">
          Recent fan-outs
        </h3>
        <ConsoleList
          read={fanouts}
          pageOf={(answer) => ({ ...answer, rows: answer.items })}
          caption="Fan-outs"
          columns={columns((pickId) => {
            setChecking(pickId)
            document.getElementById('delivery-check-heading')?.scrollIntoView?.({ block: 'start' })
          })}
          rowKey={(row) => row.pickId}
          loading="Loading the fan-outs…"
          failed="Failed to fetch the fan-outs"
          empty="No pick has been sent out yet."
          fields="figures"
          onPage={list.setPage}
        />
      </section>
    </div>
  )
}
