import { useId } from 'react'

/** A console list's filter: one choice among the values the server takes, or every row. */
export function FilterSelect({
  label,
  value,
  everything,
  options,
  onChange,
}: {
  label: string
  value: string
  /** The choice that filters nothing ("All actions"). */
  everything: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base sm:w-56"
      >
        <option value="">{everything}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}
