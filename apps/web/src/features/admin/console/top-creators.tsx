import type { AdminCreatorRow } from '@picks/contracts'
import { useQuery } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { salesQueries } from '../api.ts'
import { adminFailure } from './console-words.ts'
import { roiText, unitsText } from './sales-labels.ts'

const columns: DataColumn<AdminCreatorRow>[] = [
  {
    header: 'Creator',
    isRowHeader: true,
    cell: (creator) => (
      <>
        {creator.name}
        <span className="block text-xs font-normal text-slate-600">@{creator.username}</span>
      </>
    ),
  },
  { header: 'Net units', align: 'end', cell: (creator) => unitsText(creator.record.netUnits) },
  { header: 'ROI', align: 'end', cell: (creator) => roiText(creator.record.roiPct) },
  {
    header: 'W-L-P',
    align: 'end',
    cell: (creator) => `${creator.record.wins}-${creator.record.losses}-${creator.record.pushes}`,
  },
  { header: 'Subscribers', align: 'end', cell: (creator) => String(creator.activeSubscribers) },
]

/** The top creators by net units (`GET /admin/creators/performance?limit=20`), above the full list. */
export function TopCreators() {
  const top = useQuery(salesQueries.creatorPerformance())
  let body
  if (top.isPending) body = <Loading label="Loading the top creators…" className="h-20" />
  else if (top.isError) {
    body = (
      <ReadFailed
        message="Failed to fetch the top creators"
        detail={adminFailure(top.error)}
        onRetry={() => void top.refetch()}
        polite
      />
    )
  } else if (top.data.items.length === 0) body = <p className="text-slate-700">No creator has a decided pick yet.</p>
  else {
    body = (
      <div className="max-h-96 overflow-y-auto">
        <DataTable
          caption="Top creators"
          columns={columns}
          rows={top.data.items}
          rowKey={(creator) => creator.id}
          isFramed
          fields="figures"
        />
      </div>
    )
  }
  return (
    <section aria-labelledby="top-creators" className="flex flex-col gap-2">
      <h3 id="top-creators" className="text-base font-semibold text-slate-900">
        Top creators by net units
      </h3>
      {body}
    </section>
  )
}
