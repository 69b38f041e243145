import type { UseQueryResult } from '@tanstack/react-query'
import { DataTable, type DataColumn } from '../../../components/ui/data-table.tsx'
import { Loading, ReadFailed } from '../../../components/ui/read-states.tsx'
import { adminFailure } from './console-words.ts'
import { Pager } from './pager.tsx'

/** One page of a console list as the server answers it. */
export interface ListPage<Row> {
  rows: Row[]
  page: number
  limit: number
  total: number
  /** False when the server estimated the total (past 10,000 rows). */
  totalExact?: boolean
  hasMore?: boolean
}

/**
 * A console list's states: loading, failed (the section's message, the server's words and Try
 * again), empty (`empty` says whether filters are why), and a page of rows with the pager.
 */
export function ConsoleList<Answer, Row>({
  read,
  pageOf,
  caption,
  columns,
  rowKey,
  loading,
  failed,
  empty,
  fields,
  onPage,
}: {
  read: UseQueryResult<Answer>
  pageOf: (answer: Answer) => ListPage<Row>
  caption: string
  columns: DataColumn<Row>[]
  rowKey: (row: Row) => string
  loading: string
  failed: string
  empty: string
  fields?: 'figures' | 'text'
  onPage: (page: number) => void
}) {
  if (read.isPending) return <Loading label={loading} className="h-12" count={4} stacked />
  if (read.isError) {
    return <ReadFailed message={failed} detail={adminFailure(read.error)} onRetry={() => void read.refetch()} />
  }
  const page = pageOf(read.data)
  if (page.rows.length === 0) return <p className="text-slate-700">{empty}</p>
  return (
    <>
      <DataTable caption={caption} columns={columns} rows={page.rows} rowKey={rowKey} isFramed fields={fields} />
      <Pager
        page={page.page}
        limit={page.limit}
        total={page.total}
        totalExact={page.totalExact}
        hasMore={page.hasMore}
        label={`${caption} pages`}
        onPage={onPage}
      />
    </>
  )
}
