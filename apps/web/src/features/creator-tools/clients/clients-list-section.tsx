import type { ClientRecord } from '@picks/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { clientQueries } from '../../../components/clients/client-queries.ts'
import { Button } from '../../../components/ui/button.tsx'
import { Card } from '../../../components/ui/card.tsx'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { shortDate } from '../creator-words.ts'

const loadFailed = 'We couldn’t load your clients.'

const sourceLabels: Record<ClientRecord['source'], string> = {
  manual: 'Added by you',
  purchase: 'Bought from you',
  follow: 'Follows you',
}

const columns: DataColumn<ClientRecord>[] = [
  { header: 'Name', cell: (client) => client.name },
  { header: 'E-mail', cell: (client) => client.email },
  { header: 'Phone', className: 'whitespace-nowrap', cell: (client) => client.phone ?? '—' },
  { header: 'Note', isWide: true, cell: (client) => client.note ?? '—' },
  { header: 'How', cell: (client) => sourceLabels[client.source] },
  { header: 'Added', className: 'whitespace-nowrap', cell: (client) => shortDate(client.created_at) },
]

/** The creator's client list (`GET /clients`), newest first, 20 at a time. */
export function ClientsListSection({ creatorId }: { creatorId: string }) {
  const list = useInfiniteQuery(clientQueries.list(creatorId))
  const rows = list.data?.pages.flatMap((page) => page.clients) ?? []
  const total = list.data?.pages.at(-1)?.total ?? 0

  return (
    <Card look="flat" title="Your clients" description="Name a client on a pick when you post it for them.">
      {list.isPending && <Loading label="Loading your clients…" className="h-20" />}
      {list.isError && !list.data && <ReadFailed message={loadFailed} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <p className="text-sm text-slate-700">No clients yet.</p>}
      {rows.length > 0 && (
        <>
          <DataTable caption="Your clients" columns={columns} rows={rows} rowKey={(client) => client.id} />
          <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
            <span>
              Showing {rows.length} of {total}
            </span>
            {list.hasNextPage && (
              <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? 'Loading…' : 'Show more'}
              </Button>
            )}
          </div>
          {list.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-800">
              {loadFailed}
            </p>
          )}
        </>
      )}
    </Card>
  )
}
