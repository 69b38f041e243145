import type { AuditEntry } from '@picks/contracts'
import { auditActionLabels, auditActions } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { ConsoleList } from './console-list.tsx'
import { FilterSelect } from './filter-select.tsx'
import { consoleQueries } from '../api.ts'
import { whenText } from './console-words.ts'
import { WhenCell } from './when-cell.tsx'
import { SearchBox } from './search-box.tsx'
import { useListParams } from './list-params.ts'

const targetLabels: Record<AuditEntry['target']['type'], string> = {
  user: 'Account',
  purchase: 'Purchase',
  pick: 'Pick',
  creator: 'Creator profile',
  report: 'Report',
  admin_list: 'Admin list',
  fixture_clock: 'Fixture clock',
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** A changed value as words: times in the operator's zone, text as it is, anything else as JSON. */
function valueText(value: unknown): string {
  if (typeof value === 'string') return isoTime.test(value) ? whenText(value) : value
  return JSON.stringify(value)
}

/**
 * What an action changed, field by field: "clock: Nov 20, 10:00 AM → Nov 20, 1:00 PM" when the
 * field has a value before and after, "hours: 3" when the action only set it, "hadPassword was
 * false" when it only recorded the old value.
 */
export function changeText(entry: AuditEntry): string {
  const before = entry.before ?? {}
  const after = entry.after ?? {}
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const parts = keys.map((key) => {
    if (!(key in after)) return `${key} was ${valueText(before[key])}`
    if (!(key in before)) return `${key}: ${valueText(after[key])}`
    return `${key}: ${valueText(before[key])} → ${valueText(after[key])}`
  })
  return parts.join('; ') || '—'
}

const columns: DataColumn<AuditEntry>[] = [
  { header: 'When', cell: (entry) => <WhenCell iso={entry.at} /> },
  {
    header: 'Who',
    isRowHeader: true,
    cell: (entry) => (
      <>
        {entry.actor.name} <span className="block text-xs font-normal text-slate-600">{entry.actor.role}</span>
      </>
    ),
  },
  { header: 'Action', cell: (entry) => auditActionLabels[entry.action] },
  {
    header: 'Target',
    cell: (entry) => (
      <>
        {targetLabels[entry.target.type]}
        {entry.target.id && <span className="block text-xs break-all text-slate-600">{entry.target.id}</span>}
      </>
    ),
  },
  { header: 'Change', isWide: true, className: 'break-words', cell: changeText },
  { header: 'Reason', isWide: true, cell: (entry) => entry.reason ?? '—' },
]

/** The audit log (`GET /admin/audit-log`): every admin and moderator action, newest first, by action and words. */
export function AuditLogSection() {
  const list = useListParams<'action' | 'search'>()
  const query = { page: list.page, action: list.value('action'), search: list.value('search') }
  const log = useQuery({ ...consoleQueries.auditLog(query), placeholderData: keepPreviousData })

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Action"
          value={query.action}
          everything="All actions"
          options={auditActions.map((action) => ({ value: action, label: auditActionLabels[action] }))}
          onChange={(action) => list.setFilter('action', action)}
        />
        <SearchBox
          label="Search the log"
          hint="Who acted, the target's id or the reason"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
      </div>
      <ConsoleList
        read={log}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="Audit log"
        columns={columns}
        rowKey={(entry) => entry.id}
        loading="Loading the audit log…"
        failed="Failed to fetch the audit log"
        empty={query.action || query.search ? 'No entries match these filters.' : 'No admin or moderator action yet.'}
        onPage={list.setPage}
      />
    </div>
  )
}
