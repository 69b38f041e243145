import type { Pick as PickData } from '@picks/contracts'
import { formatOdds, initialsOf, sportLabel } from '@picks/contracts/client'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ReportMenu } from '../reports/report-actions.tsx'
import { cx } from '../ui/cx.ts'
import { Skeleton } from '../ui/skeleton.tsx'
import {
  betTypeLabels,
  formatGameTime,
  formatLine,
  formatPostedAt,
  formatUnits,
  matchupText,
  selectionText,
} from './pick-terms.ts'
import { ResultBadge } from './result-badge.tsx'

function isImageAddress(picture: string): boolean {
  return /^(https?:\/\/|\/|blob:|data:image\/)/i.test(picture)
}

/** The creator's picture, small; decorative since the name sits beside it. */
function CreatorMark({ name, picture }: { name: string; picture: string | null }) {
  const [failed, setFailed] = useState(false)
  const trimmed = picture?.trim() ?? ''
  const box = 'inline-flex size-10 shrink-0 items-center justify-center overflow-hidden rounded-full bg-slate-100'
  if (trimmed && isImageAddress(trimmed) && !failed) {
    return (
      <img
        src={trimmed}
        alt=""
        width={40}
        height={40}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        className={cx(box, 'object-cover')}
      />
    )
  }
  return (
    <span aria-hidden="true" className={cx(box, trimmed && !isImageAddress(trimmed) ? 'text-2xl' : 'text-sm')}>
      {trimmed && !isImageAddress(trimmed) ? trimmed : initialsOf(name)}
    </span>
  )
}

function Chip({ children, tone = 'plain' }: { children: string; tone?: 'plain' | 'premium' }) {
  return (
    <li
      className={cx(
        'rounded-full px-2 py-0.5 text-xs font-medium',
        tone === 'premium' ? 'bg-violet-100 text-violet-900' : 'bg-slate-100 text-slate-700',
      )}
    >
      {children}
    </li>
  )
}

function Fact({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs text-slate-600">{term}</dt>
      <dd className="font-semibold text-slate-900 tabular-nums">{children}</dd>
    </div>
  )
}

function TheBet({ pick }: { pick: PickData }) {
  const selection = selectionText(pick)
  return (
    <div className="flex flex-col gap-3">
      {selection && <p className="text-lg font-bold text-slate-900">{selection}</p>}
      {/* Four across only when the card is wide enough: in a side column a bookmaker ran into the stake. */}
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm @sm:grid-cols-4">
        {pick.odds !== null && <Fact term="Odds">{formatOdds(pick.odds)}</Fact>}
        {pick.line !== null && <Fact term="Line">{formatLine(pick.line, pick.bet_type)}</Fact>}
        {pick.bookmaker && <Fact term="Bookmaker">{pick.bookmaker}</Fact>}
        {pick.stake_units !== null && <Fact term="Stake">{formatUnits(pick.stake_units)}</Fact>}
        {pick.market_odds !== null && pick.market_odds !== pick.odds && (
          <Fact term="Market at posting">{formatOdds(pick.market_odds)}</Fact>
        )}
      </dl>
      {pick.reasoning && <p className="text-sm whitespace-pre-line text-slate-800">{pick.reasoning}</p>}
    </div>
  )
}

function LockedBet({ creatorId }: { creatorId: string }) {
  return (
    <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed border-violet-300 bg-violet-50 px-3 py-3">
      <p className="text-sm text-violet-950">
        <span aria-hidden="true">🔒 </span>
        Premium pick: the selection, odds and reasoning are for subscribers.
      </p>
      <Link
        to={`/shop-picks/purchase/${creatorId}`}
        className="inline-flex min-h-11 items-center rounded-lg bg-violet-800 px-4 text-sm font-semibold text-white hover:bg-violet-900"
      >
        Subscribe to see this pick
      </Link>
    </div>
  )
}

/**
 * One pick as feeds show it. A pick the viewer may see is shown in full (selection, odds, line,
 * bookmaker, stake, reasoning); a locked one (`pick.locked`, the server's teaser) shows only the
 * creator, sport, teams, game date and bet type, with a way to subscribe.
 */
export function PickCard({ pick }: { pick: PickData }) {
  const headingId = useId()
  const score = pick.final_score
  return (
    <article
      aria-labelledby={headingId}
      className="@container flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <CreatorMark name={pick.creator.name} picture={pick.creator.profile_picture} />
          <div className="min-w-0">
            <Link
              to={`/shop-picks/purchase/${pick.creator.id}`}
              className="block truncate font-semibold text-slate-900 hover:underline"
            >
              {pick.creator.name}
            </Link>
            <p className="truncate text-xs text-slate-600">@{pick.creator.username}</p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <ResultBadge result={pick.result} />
          <ReportMenu
            target={{ type: 'pick', id: pick.id }}
            ownerId={pick.creator.id}
            menuLabel="More actions for this pick"
            dialogLabel="Report this pick"
            about={
              <p>
                {matchupText(pick)}, a {betTypeLabels[pick.bet_type].toLowerCase()} pick by {pick.creator.name}. What is
                wrong with it?
              </p>
            }
          />
        </div>
      </div>

      <div>
        <h3 id={headingId} className="text-base font-semibold text-slate-900">
          {matchupText(pick)}
        </h3>
        <p className="text-sm text-slate-700">
          <time dateTime={pick.game_date}>{formatGameTime(pick.game_date)}</time>
          {score && (
            <>
              {' '}
              · Final {pick.away_team} {score.away}, {pick.home_team} {score.home}
            </>
          )}
        </p>
      </div>

      <ul aria-label="About this pick" className="flex flex-wrap gap-1.5">
        <Chip>{sportLabel(pick.sport)}</Chip>
        <Chip>{betTypeLabels[pick.bet_type]}</Chip>
        <Chip tone={pick.is_premium ? 'premium' : 'plain'}>{pick.is_premium ? 'Premium' : 'Free'}</Chip>
      </ul>

      {pick.locked ? <LockedBet creatorId={pick.creator.id} /> : <TheBet pick={pick} />}

      <p className="mt-auto text-xs text-slate-600">
        Posted <time dateTime={pick.created_at}>{formatPostedAt(pick.created_at)}</time>
      </p>
    </article>
  )
}

export function PickCardSkeleton() {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex items-center gap-3">
        <Skeleton className="size-10 rounded-full" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
        </div>
        <Skeleton className="h-5 w-16 rounded-full" />
      </div>
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-12 w-full" />
    </div>
  )
}
