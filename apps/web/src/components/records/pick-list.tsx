import type { Pick as PickData } from '@picks/contracts'
import { PickCard } from '../picks/pick-card.tsx'
import { offscreenSkipped } from '../ui/offscreen.ts'

/** Picks as cards, in the order the server sends them (newest first); `emptyText` when there are none. */
export function PickList({ picks, label, emptyText }: { picks: PickData[]; label: string; emptyText: string }) {
  if (picks.length === 0) return <p className="text-slate-700">{emptyText}</p>
  return (
    <ul aria-label={label} className="flex flex-col gap-3">
      {picks.map((pick) => (
        <li key={pick.id} className={offscreenSkipped('pick')}>
          <PickCard pick={pick} />
        </li>
      ))}
    </ul>
  )
}
