import type { QueuedReport, ReportStatus, ReportTargetType } from '@picks/contracts'
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { StatusNote } from '../../../components/ui/status-note.tsx'
import { consoleKeys, consoleQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { ModerationDialog, type ModerationAction } from './moderation-dialog.tsx'
import { SearchBox } from './search-box.tsx'
import { WhenCell } from './when-cell.tsx'

const targetLabels: Record<ReportTargetType, string> = { pick: 'Pick', creator: 'Creator profile' }

const statusLabels: Record<ReportStatus, string> = { open: 'Open', actioned: 'Actioned', dismissed: 'Dismissed' }

function columns(act: (action: ModerationAction) => void): DataColumn<QueuedReport>[] {
  return [
    {
      header: 'Target',
      isRowHeader: true,
      cell: (report) => (
        <>
          {targetLabels[report.target_type]}
          <span className="block text-xs font-normal break-all text-slate-600">{report.target_id}</span>
        </>
      ),
    },
    { header: 'Reason', isWide: true, className: 'break-words', cell: (report) => report.reason },
    { header: 'Reports', align: 'end', cell: (report) => String(report.open_reports_on_target) },
    { header: 'Reported', cell: (report) => <WhenCell iso={report.created_at} /> },
    {
      header: 'Status',
      cell: (report) => (
        <>
          {statusLabels[report.status]}
          {report.target_hidden && <span className="block text-xs text-slate-600">Target hidden</span>}
        </>
      ),
    },
    {
      header: 'Actions',
      cell: (report) => {
        const target = `${targetLabels[report.target_type].toLowerCase()} ${report.target_id}`
        const hide = !report.target_hidden
        return (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              aria-label={`${hide ? 'Hide' : 'Restore'} ${target}`}
              onClick={() => act({ kind: hide ? 'hide' : 'restore', report })}
            >
              {hide ? 'Hide' : 'Restore'}
            </Button>
            {report.status === 'open' && (
              <Button
                variant="secondary"
                aria-label={`Dismiss the report on ${target}`}
                onClick={() => act({ kind: 'dismiss', report })}
              >
                Dismiss
              </Button>
            )}
          </div>
        )
      },
    },
  ]
}

/**
 * The moderation queue (`GET /moderation/reports`): open reports unless another status is chosen,
 * by target type and the reason's words. Each report hides or restores its target, or is dismissed.
 */
export function ModerationSection() {
  const list = useListParams<'status' | 'targetType' | 'search'>()
  const query = {
    page: list.page,
    status: list.value('status'),
    targetType: list.value('targetType'),
    search: list.value('search'),
  }
  const reports = useQuery({ ...consoleQueries.moderationReports(query), placeholderData: keepPreviousData })
  const queryClient = useQueryClient()
  const [action, setAction] = useState<ModerationAction | null>(null)
  const [done, setDone] = useState('')

  async function finish(message: string) {
    setAction(null)
    setDone(message)
    await queryClient.invalidateQueries({ queryKey: consoleKeys.moderationReports })
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Status"
          value={query.status}
          everything="Open"
          options={[
            { value: 'actioned', label: statusLabels.actioned },
            { value: 'dismissed', label: statusLabels.dismissed },
          ]}
          onChange={(status) => list.setFilter('status', status)}
        />
        <FilterSelect
          label="Target"
          value={query.targetType}
          everything="Picks and creators"
          options={Object.entries(targetLabels).map(([value, label]) => ({ value, label }))}
          onChange={(targetType) => list.setFilter('targetType', targetType)}
        />
        <SearchBox
          label="Search the reports"
          hint="Words in the reason"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
      </div>
      <StatusNote message={done} />
      <ConsoleList
        read={reports}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="Reports"
        columns={columns((next) => {
          setDone('')
          setAction(next)
        })}
        rowKey={(report) => report.id}
        loading="Loading the reports…"
        failed="Failed to fetch the reports"
        empty={
          query.status || query.targetType || query.search ? 'No reports match these filters.' : 'No open reports.'
        }
        onPage={list.setPage}
      />
      {action && (
        <ModerationDialog
          key={`${action.kind}-${action.report.id}`}
          action={action}
          onClose={() => setAction(null)}
          onDone={finish}
        />
      )}
    </div>
  )
}
