import { pickLimits, sportLabel, type SportSlug } from '@picks/contracts/client'
import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useSearchParams } from 'react-router'
import { LeaderboardTable } from '../../components/records/leaderboard-table.tsx'
import { Loading, ReadFailed } from '../../components/ui/read-states.tsx'
import { cx } from '../../components/ui/cx.ts'
import { pickRecordQueries, type LeaderboardSort } from '../../components/records/pick-record-queries.ts'
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts'

const sortOptions: { value: LeaderboardSort; label: string }[] = [
  { value: 'net_units', label: 'Net units' },
  { value: 'roi', label: 'ROI' },
]

const leaderboardSize = 25

/** `?sort=roi` ranks by ROI; anything else by net units. */
function useLeaderboardSort(): [LeaderboardSort, (sort: LeaderboardSort) => void] {
  const [params, setParams] = useSearchParams()
  const sortBy: LeaderboardSort = params.get('sort') === 'roi' ? 'roi' : 'net_units'
  function setSort(next: LeaderboardSort) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'net_units') updated.delete('sort')
        else updated.set('sort', next)
        return updated
      },
      { replace: true, preventScrollReset: true },
    )
  }
  return [sortBy, setSort]
}

function SortSwitch({ value, onChange }: { value: LeaderboardSort; onChange: (sort: LeaderboardSort) => void }) {
  return (
    <div role="group" aria-label="Rank by" className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5">
      {sortOptions.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={cx(
            'min-h-10 rounded-md px-3 text-sm font-semibold',
            option.value === value ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-100',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}

/** Creators ranked by net units or ROI, for all sports or one. */
export function LeaderboardSection({ sport }: { sport: SportSlug | null }) {
  const headingId = useId()
  const [sortBy, setSort] = useLeaderboardSort()
  const leaderboard = useQuery(pickRecordQueries.leaderboard({ sport, sortBy, limit: leaderboardSize }))
  const { shown, arriving } = useDrawnInBackground(leaderboard.data)
  const minGraded = leaderboard.data?.min_graded ?? pickLimits.leaderboardMinGraded
  const scope = sport ? `${sportLabel(sport)} ` : ''

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-lg font-semibold text-slate-900">
            {scope}Leaderboard
          </h2>
          <p className="text-sm text-slate-700">
            From graded picks only. Creators rank after {minGraded} graded picks{sport ? ' in the sport' : ''}.
          </p>
        </div>
        <SortSwitch value={sortBy} onChange={setSort} />
      </div>
      {(leaderboard.isPending || arriving) && <Loading label="Loading the leaderboard…" count={3} stacked />}
      {leaderboard.isError && (
        <ReadFailed polite message="We couldn’t load the leaderboard." onRetry={() => void leaderboard.refetch()} />
      )}
      {leaderboard.isSuccess &&
        shown &&
        (shown.entries.length === 0 ? (
          <p className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-700">
            No creator has {minGraded} graded {scope}picks yet.
          </p>
        ) : (
          <LeaderboardTable
            entries={shown.entries}
            caption={`${scope}Leaderboard, ranked by ${sortBy === 'roi' ? 'ROI' : 'net units'}`}
          />
        ))}
    </section>
  )
}
