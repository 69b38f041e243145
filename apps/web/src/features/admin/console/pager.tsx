import { Button } from '../../../components/ui/button.tsx'

/** A console list's place: "21–40 of 143", and the pages before and after it. */
export function Pager({
  page,
  limit,
  total,
  label,
  onPage,
}: {
  page: number
  limit: number
  total: number
  /** What the list holds, for the navigation's name ("Audit log pages"). */
  label: string
  onPage: (page: number) => void
}) {
  const first = total === 0 ? 0 : (page - 1) * limit + 1
  const last = Math.min(total, page * limit)
  const pages = Math.max(1, Math.ceil(total / limit))
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <p className="text-sm text-slate-700">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  )
}
