import type { AdminErrorGroup } from '@picks/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { reportQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { whenParts } from './console-words.ts'
import { ErrorGroupDialog } from './error-group-dialog.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { counted, environmentLabels, errorSortOptions, framePlace, listText } from './report-words.ts'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { WhenCell } from './when-cell.tsx'

/** A labelled line of a cell: the label small, then the values. */
function Labelled({ label, children }: { label: string; children: string }) {
  return (
    <span className="block">
      <span className="text-xs text-slate-600">{label} </span>
      {children}
    </span>
  )
}

/**
 * Five columns, so the table fits the console beside its menu: the message (which opens the group)
 * with its place, the counts, when, and where (releases, browsers, routes) as labelled lines.
 */
function columns(open: (group: AdminErrorGroup) => void): DataColumn<AdminErrorGroup>[] {
  return [
    {
      header: 'Error',
      isRowHeader: true,
      className: '@min-[40rem]:min-w-56',
      cell: (group) => (
        <>
          <button
            type="button"
            onClick={() => open(group)}
            className="text-left font-semibold text-slate-900 underline decoration-slate-400 underline-offset-2 hover:decoration-slate-900"
          >
            {group.message}
          </button>
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
    {
      header: 'Last seen',
      cell: (group) => (
        <>
          <WhenCell iso={group.lastSeen} />
          <span className="block text-xs text-slate-600">
            First seen <time dateTime={group.firstSeen}>{whenParts(group.firstSeen).day}</time>
          </span>
        </>
      ),
    },
    {
      header: 'Where',
      isWide: true,
      className: 'break-words',
      cell: (group) => (
        <>
          <Labelled label="Releases">{listText(group.releases)}</Labelled>
          <Labelled label="Browsers">{listText(group.browsers)}</Labelled>
          <Labelled label="Routes">{listText(group.routes)}</Labelled>
        </>
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
 * otherwise; a group's message opens its stack and recent reports.
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
