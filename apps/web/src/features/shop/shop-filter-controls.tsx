import { creatorSortOptions, sports, type CreatorSortBy, type SportSlug } from '@picks/contracts/client'
import { useEffect, useEffectEvent, useId, useState } from 'react'
import { cx } from '../../components/ui/cx.ts'
import { searchMaxLength, sortLabels, type ShopFilters } from './shop-filters.ts'

export const searchDebounceMs = 300

type OnFiltersChange = (patch: Partial<ShopFilters>) => void

function SearchBox({ value, onCommit }: { value: string; onCommit: (search: string) => void }) {
  const id = useId()
  const [draft, setDraft] = useState(value)
  const [committed, setCommitted] = useState(value)

  // The URL changed under us (back/forward, Clear filters): show what it says, unless it is
  // just our own debounced draft coming back (keeping a trailing space the user is still typing).
  if (value !== committed) {
    setCommitted(value)
    if (draft.trim() !== value) setDraft(value)
  }

  const commit = useEffectEvent(onCommit)
  useEffect(() => {
    if (draft.trim() === value) return
    const timer = setTimeout(() => commit(draft.trim()), searchDebounceMs)
    return () => clearTimeout(timer)
  }, [draft, value])

  return (
    <div className="flex min-w-0 flex-1 flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Search creators
      </label>
      <input
        id={id}
        type="search"
        value={draft}
        maxLength={searchMaxLength}
        onChange={(event) => setDraft(event.target.value)}
        placeholder="Name, username or bio"
        autoComplete="off"
        className="h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus:border-slate-900 focus:outline-none focus:ring-2 focus:ring-slate-900/20"
      />
    </div>
  )
}

function SortSelect({ value, onChange }: { value: CreatorSortBy; onChange: (sortBy: CreatorSortBy) => void }) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1 sm:w-56">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        Sort by
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const chosen = creatorSortOptions.find((option) => option === event.target.value)
          if (chosen) onChange(chosen)
        }}
        className="h-11 w-full rounded-lg border border-slate-400 bg-white px-3 text-base text-slate-900 focus:border-slate-900 focus:outline-none focus:ring-2 focus:ring-slate-900/20"
      >
        {creatorSortOptions.map((option) => (
          <option key={option} value={option}>
            {sortLabels[option]}
          </option>
        ))}
      </select>
    </div>
  )
}

function Chip({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: string }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={cx(
        'h-9 rounded-full border px-3.5 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-slate-900',
        pressed
          ? 'border-slate-900 bg-slate-900 text-white'
          : 'border-slate-300 bg-white text-slate-700 hover:border-slate-500',
      )}
    >
      {children}
    </button>
  )
}

function SportChips({ selected, onChange }: { selected: SportSlug[]; onChange: (sports: SportSlug[]) => void }) {
  const toggle = (slug: SportSlug) =>
    onChange(selected.includes(slug) ? selected.filter((s) => s !== slug) : [...selected, slug])
  return (
    <div role="group" aria-label="Filter by sport" className="flex flex-wrap gap-2">
      <Chip pressed={selected.length === 0} onClick={() => onChange([])}>
        All sports
      </Chip>
      {sports.map((sport) => (
        <Chip key={sport.slug} pressed={selected.includes(sport.slug)} onClick={() => toggle(sport.slug)}>
          {sport.label}
        </Chip>
      ))}
    </div>
  )
}

export function ShopFilterControls({ filters, onChange }: { filters: ShopFilters; onChange: OnFiltersChange }) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchBox value={filters.search} onCommit={(search) => onChange({ search })} />
        <SortSelect value={filters.sortBy} onChange={(sortBy) => onChange({ sortBy })} />
      </div>
      <SportChips selected={filters.sports} onChange={(selected) => onChange({ sports: selected })} />
    </div>
  )
}
