import type { AdminChannelSubscriberRow } from '@picks/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { DataColumn } from '../../../components/ui/data-table.tsx'
import { cx } from '../../../components/ui/cx.ts'
import { deliveryQueries, type MessageChannel } from '../api.ts'
import { ConsoleList } from './console-list.tsx'
import { channelLabels } from './delivery-words.ts'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { PersonalSwitch } from './personal-switch.tsx'
import { SearchBox } from './search-box.tsx'
import { WhenCell } from './when-cell.tsx'

const statusLabels = { receiving: 'Receiving', not_receiving: 'Not receiving' } as const

function columns(channel: MessageChannel): DataColumn<AdminChannelSubscriberRow>[] {
  return [
    { header: 'Person', isRowHeader: true, cell: (row) => row.person.name },
    {
      header: channel === 'email' ? 'E-mail' : 'Phone',
      className: 'break-all',
      cell: (row) => (channel === 'email' ? row.person.email : (row.person.phone ?? 'No number')),
    },
    {
      header: 'Creator',
      cell: (row) => (
        <>
          {row.creator.name}
          <span className="block text-xs text-slate-600">@{row.creator.username}</span>
        </>
      ),
    },
    { header: 'Access', cell: (row) => (row.access === 'subscriber' ? 'Subscriber' : 'Follower') },
    { header: 'Since', cell: (row) => <WhenCell iso={row.since} /> },
    { header: 'Status', cell: (row) => statusLabels[row.status] },
  ]
}

/**
 * Who may get each creator's alerts (`GET /admin/email-subscribers`, `/admin/sms-subscribers`):
 * a live purchase or a follow, and whether the chosen channel reaches them now. The channel is kept
 * in the address with the filters; addresses are masked unless personal data is shown (audited).
 */
export function SubscribersSection() {
  const list = useListParams<'channel' | 'status' | 'search' | 'creator'>()
  const channel: MessageChannel = list.value('channel') === 'sms' ? 'sms' : 'email'
  const [personal, setPersonal] = useState(false)
  const query = {
    page: list.page,
    status: list.value('status'),
    search: list.value('search'),
    searchCreator: list.value('creator'),
    includePersonal: personal,
  }
  const subscribers = useQuery({
    ...deliveryQueries.subscribers(channel, query),
    placeholderData: keepPreviousData,
  })
  const filtered = query.status || query.search || query.searchCreator

  return (
    <div className="flex flex-col gap-4">
      <div role="group" aria-label="Channel" className="flex gap-2">
        {(['email', 'sms'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={channel === option}
            onClick={() => list.setFilter('channel', option === 'sms' ? 'sms' : '')}
            className={cx(
              'h-11 rounded-lg border px-4 font-medium',
              channel === option
                ? 'border-slate-900 bg-slate-900 text-white'
                : 'border-slate-400 bg-white text-slate-900 hover:bg-slate-100',
            )}
          >
            {channelLabels[option]}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          key={`people-${channel}`}
          label="Search people"
          hint="A name, an e-mail or a number"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <SearchBox
          key={`creators-${channel}`}
          label="Search creators"
          hint="A creator's name or username"
          value={query.searchCreator}
          onSearch={(words) => list.setFilter('creator', words)}
        />
        <FilterSelect
          label="Status"
          value={query.status}
          everything="Every status"
          options={Object.entries(statusLabels).map(([value, label]) => ({ value, label }))}
          onChange={(status) => list.setFilter('status', status)}
        />
      </div>
      <PersonalSwitch
        checked={personal}
        onChange={setPersonal}
        what={channel === 'email' ? 'Full e-mail addresses' : 'Full phone numbers'}
      />
      <ConsoleList
        read={subscribers}
        pageOf={(answer) => ({ ...answer, rows: answer.items })}
        caption={channel === 'email' ? 'E-mail subscribers' : 'Text subscribers'}
        columns={columns(channel)}
        rowKey={(row) => `${row.person.id}-${row.creator.id}`}
        loading="Loading the subscribers…"
        failed="Failed to fetch the subscribers"
        empty={
          filtered
            ? 'No one matches these filters.'
            : `No one gets alerts by ${channel === 'email' ? 'e-mail' : 'text'} yet.`
        }
        onPage={list.setPage}
      />
    </div>
  )
}
