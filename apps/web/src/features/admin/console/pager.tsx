import { Button } from '../../../components/ui/button.tsx'

/**
 * A console list's place: "21–40 of 143", or "21–40 of about 480,000" when the server estimated
 * a total past what it counts one by one (`totalExact` false); and the pages before and after it.
 * Whether there is a next page is the server's `hasMore` where it says so: an estimate cannot tell.
 */
export function Pager({
  page,
  limit,
  total,
  totalExact = true,
  hasMore,
  label,
  onPage,
}: {
  page: number
  limit: number
  total: number
  totalExact?: boolean
  hasMore?: boolean
  /** What the list holds, for the navigation's name ("Audit log pages"). */
  label: string
  onPage: (page: number) => void
}) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1
  const last = Math.min(total, page * limit)
  const pages = Math.max(1, Math.ceil(total / limit))
  const isLast = hasMore === undefined ? page >= pages : !hasMore
  const count = (n: number) => n.toLocaleString('en-US')
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700">
        {count(first)}–{count(last)} of {totalExact ? count(total) : `about ${count(total)}`}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={isLast} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  )
}
