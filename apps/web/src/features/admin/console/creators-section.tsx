import type { AdminCreatorRow } from '@picks/contracts'
import { formatCents } from '@picks/contracts/client'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { salesQueries } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { CreatorSubscribersDialog } from './creator-subscribers-dialog.tsx'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { PersonalSwitch } from './personal-switch.tsx'
import { payoutAccountLabels, roiText, unitsText } from './sales-labels.ts'
import { SearchBox } from './search-box.tsx'
import { SortSelect } from './sort-select.tsx'
import { TopCreators } from './top-creators.tsx'
import { WhenCell } from './when-cell.tsx'

const sortOptions = [
  { value: 'created_at', label: 'Joined' },
  { value: 'name', label: 'Name' },
  { value: 'sales', label: 'Sales' },
  { value: 'subscribers', label: 'Subscribers' },
  { value: 'net_units', label: 'Net units' },
  { value: 'roi', label: 'ROI' },
] as const

function columns(showSubscribers: (creator: AdminCreatorRow) => void): DataColumn<AdminCreatorRow>[] {
  return [
    {
      header: 'Creator',
      isRowHeader: true,
      cell: (creator) => (
        <>
          {creator.name}
          <span className="block text-xs font-normal text-slate-600">@{creator.username}</span>
          <span className="block text-xs font-normal break-all text-slate-600">{creator.email}</span>
        </>
      ),
    },
    { header: 'Sales', align: 'end', className: 'whitespace-nowrap', cell: (c) => formatCents(c.salesCents) },
    { header: 'Fees', align: 'end', className: 'whitespace-nowrap', cell: (c) => formatCents(c.feesCents) },
    { header: 'Subscribers', align: 'end', cell: (creator) => String(creator.activeSubscribers) },
    {
      header: 'Record',
      className: 'whitespace-nowrap',
      cell: ({ record }) => (
        <>
          {record.wins}-{record.losses}-{record.pushes}
          <span className="block text-xs text-slate-600">
            {unitsText(record.netUnits)} units · ROI {roiText(record.roiPct)}
          </span>
        </>
      ),
    },
    {
      header: 'Last pick',
      cell: (creator) => (creator.lastPickAt ? <WhenCell iso={creator.lastPickAt} /> : 'None yet'),
    },
    { header: 'Payout account', cell: (creator) => payoutAccountLabels[creator.payoutAccount] },
    {
      header: 'Actions',
      cell: (creator) => (
        <Button
          variant="secondary"
          aria-label={`Subscribers of ${creator.name}`}
          onClick={() => showSubscribers(creator)}
        >
          Subscribers
        </Button>
      ),
    },
  ]
}

/**
 * Creators (`GET /admin/creators`): sales, fees, subscribers, record and payout account, sorted and
 * filtered; each row opens the creator's subscribers. The top creators by net units sit above.
 */
export function CreatorsSection() {
  const list = useListParams<'search' | 'status' | 'sortBy' | 'sortOrder'>()
  const [personal, setPersonal] = useState(false)
  const query = {
    page: list.page,
    search: list.value('search'),
    status: list.value('status'),
    sortBy: list.value('sortBy'),
    sortOrder: list.value('sortOrder'),
    includePersonal: personal,
  }
  const creators = useQuery({ ...salesQueries.creators(query), placeholderData: keepPreviousData })
  const [shown, setShown] = useState<AdminCreatorRow | null>(null)
  const filtered = query.search || query.status

  return (
    <div className="flex flex-col gap-6">
      <TopCreators />
      <div className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end gap-3">
          <SearchBox
            label="Search creators"
            hint="A name, a username or an e-mail"
            value={query.search}
            onSearch={(words) => list.setFilter('search', words)}
          />
          <FilterSelect
            label="Payout account"
            value={query.status}
            everything="Every payout account"
            options={Object.entries(payoutAccountLabels).map(([value, label]) => ({ value, label }))}
            onChange={(status) => list.setFilter('status', status)}
          />
          <SortSelect
            sortBy={query.sortBy}
            sortOrder={query.sortOrder}
            options={sortOptions}
            defaults={{ sortBy: 'created_at', sortOrder: 'desc' }}
            onChange={(change) => {
              if (change.sortBy !== undefined) list.setFilter('sortBy', change.sortBy)
              if (change.sortOrder !== undefined) list.setFilter('sortOrder', change.sortOrder)
            }}
          />
        </div>
        <PersonalSwitch checked={personal} onChange={setPersonal} what="Full e-mails" />
        <ConsoleList
          read={creators}
          pageOf={(answer) => ({ ...answer, rows: answer.items })}
          caption="Creators"
          columns={columns(setShown)}
          rowKey={(creator) => creator.id}
          loading="Loading the creators…"
          failed="Failed to fetch the creators"
          empty={filtered ? 'No creator matches these filters.' : 'No creators yet.'}
          onPage={list.setPage}
        />
      </div>
      {shown && (
        <CreatorSubscribersDialog key={shown.id} creator={shown} personal={personal} onClose={() => setShown(null)} />
      )}
    </div>
  )
}
