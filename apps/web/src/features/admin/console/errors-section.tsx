import type { AdminErrorGroup } from '@picks/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { reportQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { ErrorGroupDialog } from './error-group-dialog.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { counted, environmentLabels, errorSortOptions, framePlace, listText } from './report-words.ts'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { WhenCell } from './when-cell.tsx'

function columns(open: (group: AdminErrorGroup) => void): DataColumn<AdminErrorGroup>[] {
  return [
    {
      header: 'Error',
      isRowHeader: true,
      cell: (group) => (
        <>
          {group.message}
          <code className="block font-mono text-xs font-normal break-all text-slate-600">
            {group.topFrame ? framePlace(group.topFrame) : 'No stack'}
          </code>
        </>
      ),
    },
    { header: 'Reports', align: 'end', cell: (group) => group.count.toLocaleString('en-US') },
    {
      header: 'Users affected',
      align: 'end',
      cell: (group) => (
        <>
          {group.users.toLocaleString('en-US')}
          {group.anonymous > 0 && (
            <span className="block text-xs text-slate-600">
              {counted(group.anonymous, 'report', 'reports')} signed out
            </span>
          )}
        </>
      ),
    },
    { header: 'First seen', cell: (group) => <WhenCell iso={group.firstSeen} /> },
    { header: 'Last seen', cell: (group) => <WhenCell iso={group.lastSeen} /> },
    { header: 'Releases', cell: (group) => listText(group.releases) },
    { header: 'Browsers', cell: (group) => listText(group.browsers) },
    { header: 'Routes', isWide: true, className: 'break-all', cell: (group) => listText(group.routes) },
    {
      header: 'Actions',
      cell: (group) => (
        <Button variant="secondary" aria-label={`Details of ${group.message}`} onClick={() => open(group)}>
          Details
        </Button>
      ),
    },
  ]
}

type ErrorFilter = 'search' | 'route' | 'environment' | 'sortBy' | 'sortOrder'

/**
 * Errors (`GET /admin/errors`): what breaks in people's browsers, one row per fault (reports that
 * share a fingerprint), with where it happens in the source when the build's source maps know,
 * how often, for how many people, since when, and in which releases, routes and browsers. Searched
 * by the message, filtered by route and environment, the most recently seen first unless sorted
 * otherwise; each row opens its stack and recent reports.
 */
export function ErrorsSection() {
  const list = useListParams<ErrorFilter>()
  const query = {
    page: list.page,
    search: list.value('search'),
    route: list.value('route'),
    environment: list.value('environment'),
    sortBy: list.value('sortBy'),
    sortOrder: list.value('sortOrder'),
  }
  const groups = useQuery({ ...reportQueries.errorGroups(query), placeholderData: keepPreviousData })
  const [open, setOpen] = useState<AdminErrorGroup | null>(null)
  const filtered = query.search || query.route || query.environment

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label="Search errors"
          hint="Words of the error's message"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <SearchBox
          label="Route"
          hint="A route as the app names it, such as /shop-picks"
          value={query.route}
          onSearch={(route) => list.setFilter('route', route)}
        />
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Environment"
          value={query.environment}
          everything="Every environment"
          options={Object.entries(environmentLabels).map(([value, label]) => ({ value, label }))}
          onChange={(environment) => list.setFilter('environment', environment)}
        />
        <SortSelect
          sortBy={query.sortBy}
          sortOrder={query.sortOrder}
          options={errorSortOptions}
          defaults={{ sortBy: 'lastSeen', sortOrder: 'desc' }}
          onChange={(change) => {
            if (change.sortBy !== undefined) list.setFilter('sortBy', change.sortBy)
            if (change.sortOrder !== undefined) list.setFilter('sortOrder', change.sortOrder)
          }}
        />
      </div>
      <ConsoleList
        read={groups}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption="Errors"
        columns={columns(setOpen)}
        rowKey={(group) => group.fingerprint}
        loading="Loading the errors…"
        failed="Failed to fetch the errors"
        empty={filtered ? 'No error matches these filters.' : 'No browser has reported an error.'}
        onPage={list.setPage}
      />
      {open && <ErrorGroupDialog key={open.fingerprint} group={open} onClose={() => setOpen(null)} />}
    </div>
  )
}
