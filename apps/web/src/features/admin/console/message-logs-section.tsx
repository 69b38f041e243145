import type { AdminEmailLogsPage, AdminSmsLogsPage, DeliveryLogEntry } from '@picks/contracts'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { deliveryQueries, type MessageChannel } from '../api.ts'
import { adminFailure } from './console-words.ts'
import { choices, deliveryStatusLabels, emailTypeLabels, smsTypeLabels } from './delivery-words.ts'
import { FilterSelect } from './filter-select.tsx'
import { useListParams } from './list-params.ts'
import { MessageDetailDialog } from './message-detail-dialog.tsx'
import { Pager } from './pager.tsx'
import { PersonalSwitch } from './personal-switch.tsx'
import { SearchBox } from './search-box.tsx'
import { WhenCell } from './when-cell.tsx'

/** A message of the outbox, e-mail or text alike. */
interface OutboxRow {
  id: string
  to: string
  kind: string
  text: string
  createdAt: string
}

function outboxRows(answer: AdminEmailLogsPage | AdminSmsLogsPage): OutboxRow[] {
  return answer.outbox.map((message) => ({
    id: message.id,
    to: message.to,
    kind: message.kind,
    text: 'subject' in message ? message.subject : message.body,
    createdAt: message.createdAt,
  }))
}

function viewColumn<Row extends { id: string }>(
  what: (row: Row) => string,
  view: (id: string) => void,
): DataColumn<Row> {
  return {
    header: 'Actions',
    cell: (row) => (
      <Button variant="secondary" aria-label={`View ${what(row)}`} onClick={() => view(row.id)}>
        View
      </Button>
    ),
  }
}

function deliveryColumns(channel: MessageChannel, view: (id: string) => void): DataColumn<DeliveryLogEntry>[] {
  const what = (row: DeliveryLogEntry) => `the ${channel === 'email' ? 'e-mail' : 'text'} to ${row.destination}`
  return [
    { header: 'To', isRowHeader: true, className: 'break-all', cell: (row) => row.destination },
    { header: 'Recipient', cell: (row) => row.recipientName ?? 'No account' },
    { header: 'Kind', cell: (row) => row.kind },
    {
      header: 'Status',
      cell: (row) => (
        <>
          {deliveryStatusLabels[row.status]}
          {row.error && <span className="block text-xs text-slate-600">{row.error}</span>}
        </>
      ),
    },
    { header: channel === 'email' ? 'Subject' : 'Text', isWide: true, cell: (row) => row.preview ?? row.summary ?? '' },
    { header: 'Attempts', align: 'end', cell: (row) => row.attempts },
    { header: 'Created', cell: (row) => <WhenCell iso={row.createdAt} /> },
    viewColumn(what, view),
  ]
}

function outboxColumns(channel: MessageChannel, view: (id: string) => void): DataColumn<OutboxRow>[] {
  return [
    { header: 'To', isRowHeader: true, className: 'break-all', cell: (row) => row.to },
    { header: 'Kind', cell: (row) => row.kind },
    { header: channel === 'email' ? 'Subject' : 'Text', isWide: true, cell: (row) => row.text },
    { header: 'Created', cell: (row) => <WhenCell iso={row.createdAt} /> },
    viewColumn((row) => `the outbox ${channel === 'email' ? 'e-mail' : 'text'} to ${row.to}`, view),
  ]
}

type LogFilter = 'status' | 'type' | 'search' | 'order'

/**
 * The e-mail or SMS log (`GET /admin/email-logs`, `/admin/sms-logs`): alert deliveries with their
 * statuses and the outbox (what no provider took) as two tables under one pager, since the server
 * pages both lists together. Each row's View opens the message as sent and its statuses.
 */
/** A list's size as the server gave it: counted, or "about" when estimated past 10,000. */
function about(total: number, exact: boolean): string {
  return exact ? total.toLocaleString('en-US') : `about ${total.toLocaleString('en-US')}`
}

function MessageLogsSection({ channel }: { channel: MessageChannel }) {
  const list = useListParams<LogFilter>()
  const [personal, setPersonal] = useState(false)
  const [viewing, setViewing] = useState<string | null>(null)
  const query = {
    page: list.page,
    status: list.value('status'),
    type: list.value('type'),
    search: list.value('search'),
    sortOrder: list.value('order') === 'asc' ? 'asc' : 'desc',
    includePersonal: personal,
  }
  const logs = useQuery({ ...deliveryQueries.messageLogs(channel, query), placeholderData: keepPreviousData })
  const typeLabels = channel === 'email' ? emailTypeLabels : smsTypeLabels
  const noun = channel === 'email' ? 'e-mails' : 'texts'
  const filtered = query.status || query.type || query.search

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          label={`Search ${noun}`}
          hint="An address, a number or words of the message"
          value={query.search}
          onSearch={(words) => list.setFilter('search', words)}
        />
        <FilterSelect
          label="Status"
          value={query.status}
          everything="Every status"
          options={choices(deliveryStatusLabels)}
          onChange={(status) => list.setFilter('status', status)}
        />
        <FilterSelect
          label="Type"
          value={query.type}
          everything="Every type"
          options={choices(typeLabels)}
          onChange={(type) => list.setFilter('type', type)}
        />
        <FilterSelect
          label="Order"
          value={list.value('order')}
          everything="Newest first"
          options={[{ value: 'asc', label: 'Oldest first' }]}
          onChange={(order) => list.setFilter('order', order)}
        />
      </div>
      <PersonalSwitch
        checked={personal}
        onChange={setPersonal}
        what={channel === 'email' ? 'Full e-mail addresses' : 'Full phone numbers'}
      />
      {logs.isPending ? (
        <Loading label={`Loading the ${noun}…`} className="h-12" count={4} stacked />
      ) : logs.isError ? (
        <ReadFailed
          message={`Failed to fetch the ${noun}`}
          detail={adminFailure(logs.error)}
          onRetry={() => void logs.refetch()}
        />
      ) : logs.data.deliveries.length === 0 && logs.data.outbox.length === 0 ? (
        <p className="text-slate-700">{filtered ? `No ${noun} match these filters.` : `No ${noun} yet.`}</p>
      ) : (
        <>
          <h3 className="text-lg font-semibold text-slate-900">
            Alert deliveries ({about(logs.data.total.deliveries, logs.data.totalExact.deliveries)})
          </h3>
          {logs.data.deliveries.length > 0 ? (
            <DataTable
              caption="Alert deliveries"
              columns={deliveryColumns(channel, setViewing)}
              rows={logs.data.deliveries}
              rowKey={(row) => row.id}
              isFramed
            />
          ) : (
            <p className="text-slate-700">None on this page.</p>
          )}
          <h3 className="text-lg font-semibold text-slate-900">
            Outbox ({about(logs.data.total.outbox, logs.data.totalExact.outbox)})
          </h3>
          {logs.data.outbox.length > 0 ? (
            <DataTable
              caption="Outbox"
              columns={outboxColumns(channel, setViewing)}
              rows={outboxRows(logs.data)}
              rowKey={(row) => row.id}
              isFramed
            />
          ) : (
            <p className="text-slate-700">None on this page.</p>
          )}
          <Pager
            page={logs.data.page}
            limit={logs.data.limit}
            total={Math.max(logs.data.total.deliveries, logs.data.total.outbox)}
            totalExact={logs.data.totalExact.deliveries && logs.data.totalExact.outbox}
            hasMore={logs.data.hasMore}
            label={`${channel === 'email' ? 'E-mail' : 'SMS'} log pages`}
            onPage={list.setPage}
          />
        </>
      )}
      {viewing && (
        <MessageDetailDialog channel={channel} id={viewing} personal={personal} onClose={() => setViewing(null)} />
      )}
    </div>
  )
}

export function EmailLogsSection() {
  return <MessageLogsSection channel="email" />
}

export function SmsLogsSection() {
  return <MessageLogsSection channel="sms" />
}
