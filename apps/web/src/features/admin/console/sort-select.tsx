import { useId } from 'react'

const selectClasses = 'h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base sm:w-48'

/**
 * A console list's order: which figure it sorts by (`sortBy`) and which way (`sortOrder`). Empty
 * values mean the server's default, which `defaults` names so the selects show it.
 */
export function SortSelect({
  sortBy,
  sortOrder,
  options,
  defaults,
  onChange,
}: {
  sortBy: string
  sortOrder: string
  options: readonly { value: string; label: string }[]
  defaults: { sortBy: string; sortOrder: 'asc' | 'desc' }
  onChange: (change: { sortBy?: string; sortOrder?: string }) => void
}) {
  const byId = useId()
  const orderId = useId()
  return (
    <div className="flex flex-wrap gap-3">
      <div className="flex flex-col gap-1">
        <label htmlFor={byId} className="text-sm font-medium text-slate-800">
          Sort by
        </label>
        <select
          id={byId}
          value={sortBy || defaults.sortBy}
          onChange={(event) => onChange({ sortBy: event.target.value })}
          className={selectClasses}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={orderId} className="text-sm font-medium text-slate-800">
          Order
        </label>
        <select
          id={orderId}
          value={sortOrder || defaults.sortOrder}
          onChange={(event) => onChange({ sortOrder: event.target.value })}
          className={selectClasses}
        >
          <option value="desc">Highest or newest first</option>
          <option value="asc">Lowest or oldest first</option>
        </select>
      </div>
    </div>
  )
}
