import { useId, useState } from 'react'
import { Button } from '../../../components/ui/button.tsx'

/**
 * A console list's search: the words go to the server when the operator presses Search or Enter
 * (each search is a query over the whole list, not a filter of the page on screen).
 */
export function SearchBox({
  label,
  hint,
  value,
  onSearch,
}: {
  label: string
  hint: string
  value: string
  onSearch: (words: string) => void
}) {
  const id = useId()
  const hintId = useId()
  const [words, setWords] = useState(value)
  return (
    <form
      role="search"
      aria-label={label}
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault()
        onSearch(words.trim())
      }}
    >
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          type="search"
          value={words}
          aria-describedby={hintId}
          maxLength={100}
          onChange={(event) => setWords(event.target.value)}
          className="h-11 w-full min-w-0 rounded-lg border border-slate-400 px-3 text-base sm:w-64"
        />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </div>
      <p id={hintId} className="text-xs text-slate-600">
        {hint}
      </p>
    </form>
  )
}
