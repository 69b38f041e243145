import type { Pick } from '@picks/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { FormAlert } from '../../../components/ui/form-field.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { selectionText } from '../../../components/picks/pick-terms.ts'
import { leaderboardKeys, pickKeys, pickRecordQueries } from '../../../components/records/pick-record-queries.ts'
import { ApiError } from '../../../lib/api-client.ts'
import { creatorDashboardQueries, gradePick, type Grade } from '../api/index.ts'

const grades: { value: Grade; label: string }[] = [
  { value: 'won', label: 'Won' },
  { value: 'lost', label: 'Lost' },
  { value: 'push', label: 'Push' },
  { value: 'void', label: 'Void' },
]

/** The creator's pending picks that wait for a person: player props and games typed by hand, once started. */
export function needsGrading(pick: Pick, now: number): boolean {
  return (
    pick.result === 'pending' &&
    (pick.bet_type === 'player_prop' || pick.game_id === null) &&
    Date.parse(pick.game_date) <= now
  )
}

function GradeRow({ pick, creatorId }: { pick: Pick; creatorId: string }) {
  const queryClient = useQueryClient()
  const [statValue, setStatValue] = useState('')
  const grade = useMutation({
    mutationFn: (result: Grade) =>
      gradePick(pick.id, {
        result,
        stat_value: statValue.trim() === '' ? null : Number(statValue),
      }),
    onSuccess: () => {
      // The pick leaves the list; the record, the creator's public picks and the leaderboards change.
      void queryClient.invalidateQueries({ queryKey: creatorDashboardQueries.toGrade(creatorId).queryKey })
      void queryClient.invalidateQueries({ queryKey: pickRecordQueries.creatorRecord(creatorId).queryKey })
      void queryClient.invalidateQueries({ queryKey: pickKeys.byCreator(creatorId) })
      void queryClient.invalidateQueries({ queryKey: leaderboardKeys.all })
    },
  })
  const label = `${pick.away_team} @ ${pick.home_team}: ${selectionText(pick) ?? pick.bet_type}`
  const error = grade.error instanceof ApiError ? grade.error.message : grade.error ? 'Grading failed' : null
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">{label}</p>
      {pick.bet_type === 'player_prop' && (
        <label className="flex items-center gap-2 text-sm text-slate-700">
          Final {pick.stat ?? 'stat'} (optional)
          <input
            type="number"
            inputMode="decimal"
            min={0}
            value={statValue}
            onChange={(event) => setStatValue(event.target.value)}
            className="w-24 rounded-md border border-slate-300 px-2 py-1"
          />
        </label>
      )}
      <div role="group" aria-label={`Grade ${label}`} className="flex flex-wrap gap-2">
        {grades.map((g) => (
          <Button key={g.value} variant="secondary" disabled={grade.isPending} onClick={() => grade.mutate(g.value)}>
            {g.label}
          </Button>
        ))}
      </div>
      <FormAlert message={error} />
    </li>
  )
}

/**
 * Player props and games typed by hand have no final score from the odds provider: their creator
 * grades them once the game has started (the server audits each grade and checks it against the
 * stat value when one is given).
 */
export function GradePicksSection({ creatorId }: { creatorId: string }) {
  const pending = useQuery({
    ...creatorDashboardQueries.toGrade(creatorId),
    select: (answer) => answer.picks.filter((pick) => needsGrading(pick, Date.now())),
  })
  if (!pending.data?.length) return null
  return (
    <section
      aria-labelledby="grade-picks-title"
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <h2 id="grade-picks-title" className="text-lg font-semibold text-slate-900">
        Picks to grade
      </h2>
      <p className="text-sm text-slate-700">
        Player props and games you typed in are graded by you after the game. Each grade is recorded.
      </p>
      <ul className="flex flex-col gap-3">
        {pending.data.map((pick) => (
          <GradeRow key={pick.id} pick={pick} creatorId={creatorId} />
        ))}
      </ul>
    </section>
  )
}
