import { sports } from '@picks/contracts/client'
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { PickCard, PickCardSkeleton } from '../../components/picks/pick-card.tsx'
import { Button, ButtonLink } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { offscreenSkipped } from '../../components/ui/offscreen.ts'
import { inputClasses } from '../../components/ui/form-field.tsx'
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts'
import { pageTitle } from '../../lib/site.ts'
import { useStoredUser } from '../../auth/stored-user.ts'
import {
  hasFilters,
  noFilters,
  readFeedFilters,
  writeFeedFilters,
  type FeedFilters,
  type FeedStatus,
} from './feed-filters.ts'
import { pickQueries, type FeedKind } from './api.ts'

/** A creator as the creator filter lists them. */
interface Creator {
  id: string
  name: string
}

const statusLabels: Record<FeedStatus, string> = { pending: 'Pending', graded: 'Graded' }

function FilterSelect({
  label,
  value,
  options,
  allLabel,
  onChange,
  className,
}: {
  label: string
  value: string
  options: { value: string; label: string }[]
  allLabel: string
  onChange: (value: string | null) => void
  className?: string
}) {
  const id = useId()
  return (
    <div className={cx('flex min-w-0 flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} className={inputClasses} value={value} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{allLabel}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  )
}

function FeedFilterControls({
  filters,
  creators,
  onChange,
}: {
  filters: FeedFilters
  creators: Creator[]
  onChange: (patch: Partial<FeedFilters>) => void
}) {
  const creatorOptions = creators.map((c) => ({ value: c.id, label: c.name }))
  // A creator named by the URL but not (yet) seen in the feed still shows as chosen.
  if (filters.creatorId && !creators.some((c) => c.id === filters.creatorId)) {
    creatorOptions.push({ value: filters.creatorId, label: 'Chosen creator' })
  }
  return (
    <div role="group" aria-label="Filter picks" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      <FilterSelect
        label="Sport"
        allLabel="All sports"
        value={filters.sport ?? ''}
        options={sports.map((s) => ({ value: s.slug, label: s.label }))}
        onChange={(value) => onChange({ sport: sports.find((s) => s.slug === value)?.slug ?? null })}
      />
      <FilterSelect
        label="Status"
        allLabel="Any status"
        value={filters.status ?? ''}
        options={(['pending', 'graded'] as const).map((s) => ({ value: s, label: statusLabels[s] }))}
        onChange={(value) => onChange({ status: value === 'pending' || value === 'graded' ? value : null })}
      />
      <FilterSelect
        label="Creator"
        allLabel="All creators"
        className="col-span-2 sm:col-span-1"
        value={filters.creatorId ?? ''}
        options={creatorOptions}
        onChange={(creatorId) => onChange({ creatorId })}
      />
    </div>
  )
}

function FeedSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading picks…
      </p>
      <div className="flex flex-col gap-3">
        <PickCardSkeleton />
        <PickCardSkeleton />
        <PickCardSkeleton />
      </div>
    </div>
  )
}

function EmptyFeed({
  kind,
  filtered,
  onClearFilters,
}: {
  kind: FeedKind
  filtered: boolean
  onClearFilters: () => void
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-8 text-center">
      {filtered ? (
        <>
          <h2 className="text-lg font-semibold text-slate-900">No picks match these filters</h2>
          <p className="text-sm text-slate-600">Try another sport, creator or status.</p>
          <Button onClick={onClearFilters}>Clear filters</Button>
        </>
      ) : kind === 'subscribed' ? (
        <>
          <h2 className="text-lg font-semibold text-slate-900">No picks from your creators yet</h2>
          <p className="text-sm text-slate-600">
            Subscribe to a creator and their picks, premium ones in full, show up here as they post them.
          </p>
          <div className="flex flex-wrap justify-center gap-2">
            <ButtonLink to="/shop-picks">Browse creators</ButtonLink>
            <ButtonLink to="/my-picks?view=all" variant="secondary">
              See all picks
            </ButtonLink>
          </div>
        </>
      ) : (
        <>
          <h2 className="text-lg font-semibold text-slate-900">No picks yet</h2>
          <p className="text-sm text-slate-600">Creators’ picks show up here as they post them.</p>
        </>
      )}
    </div>
  )
}

/** The creators seen in this feed so far, so the creator filter keeps its options while it narrows the list. */
function useCreatorsSeen(current: Creator[]): Creator[] {
  const [seen, setSeen] = useState<Creator[]>([])
  const fresh = current.filter(
    (c, i) => !seen.some((s) => s.id === c.id) && current.findIndex((d) => d.id === c.id) === i,
  )
  if (fresh.length > 0) {
    const next = [...seen, ...fresh.map((c) => ({ id: c.id, name: c.name }))].sort((a, b) =>
      a.name.localeCompare(b.name),
    )
    setSeen(next)
    return next
  }
  return seen
}

function Feed({
  kind,
  userId,
  filters,
  onFiltersChange,
}: {
  kind: FeedKind
  userId: string | null
  filters: FeedFilters
  onFiltersChange: (patch: Partial<FeedFilters>) => void
}) {
  const feed = useInfiniteQuery({ ...pickQueries.feed(kind, userId, filters), placeholderData: keepPreviousData })
  const { shown, arriving } = useDrawnInBackground(feed.data)
  const pages = shown?.pages ?? []
  const picks = pages.flatMap((page) => page.picks)
  const creators = useCreatorsSeen(picks.map((pick) => pick.creator))
  const total = pages[0]?.total ?? 0
  const unavailable = pages.some((page) => page.unavailable)
  const label = kind === 'subscribed' ? 'Your feed' : 'All picks'
  const headingId = useId()

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      {/* The cards' own headings are h3: this names their list for the outline between them and the h1. */}
      <h2 id={headingId} className="sr-only">
        {label}
      </h2>
      <FeedFilterControls filters={filters} creators={creators} onChange={onFiltersChange} />

      {unavailable && (
        <div role="status" className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
          <span>We couldn’t load your feed just now, so it shows no picks.</span>
          <Button variant="ghost" disabled={feed.isFetching} onClick={() => void feed.refetch()}>
            Try again
          </Button>
        </div>
      )}

      {feed.isPending || arriving ? (
        <FeedSkeleton />
      ) : feed.isError && !feed.data ? (
        <div
          role="alert"
          className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center"
        >
          <h2 className="text-lg font-semibold text-red-900">We couldn’t load picks</h2>
          <p className="text-sm text-red-900">Check your connection and try again.</p>
          <Button onClick={() => void feed.refetch()}>Try again</Button>
        </div>
      ) : picks.length === 0 ? (
        unavailable ? null : (
          <EmptyFeed kind={kind} filtered={hasFilters(filters)} onClearFilters={() => onFiltersChange(noFilters)} />
        )
      ) : (
        <>
          <p aria-live="polite" className="text-sm font-medium text-slate-700">
            {total} {total === 1 ? 'pick' : 'picks'}
          </p>
          <ul
            aria-label="Picks"
            aria-busy={feed.isPlaceholderData}
            className={cx('flex flex-col gap-3', feed.isPlaceholderData && 'opacity-60 transition-opacity')}
          >
            {picks.map((pick) => (
              <li key={pick.id} className={offscreenSkipped('pick')}>
                <PickCard pick={pick} />
              </li>
            ))}
          </ul>
        </>
      )}

      <div className="flex flex-col items-center gap-2 py-2">
        {feed.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-800">
            Couldn’t load more picks. Try again.
          </p>
        )}
        {feed.hasNextPage && !feed.isPlaceholderData && (
          <>
            <p className="text-sm text-slate-600">
              Showing {picks.length} of {total}
            </p>
            <Button variant="secondary" disabled={feed.isFetchingNextPage} onClick={() => void feed.fetchNextPage()}>
              {feed.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          </>
        )}
      </div>
    </section>
  )
}

function FeedTabs({ view, search }: { view: FeedKind; search: URLSearchParams }) {
  const linkTo = (kind: FeedKind) => {
    const next = new URLSearchParams(search)
    if (kind === 'public') next.set('view', 'all')
    else next.delete('view')
    const query = next.toString()
    return { search: query ? `?${query}` : '' }
  }
  const tab = (kind: FeedKind, text: string) => (
    <Link
      to={linkTo(kind)}
      aria-current={view === kind ? 'page' : undefined}
      className={cx(
        'inline-flex min-h-11 items-center border-b-2 px-3 text-sm font-semibold',
        view === kind ? 'border-emerald-700 text-slate-900' : 'border-transparent text-slate-600 hover:text-slate-900',
      )}
    >
      {text}
    </Link>
  )
  return (
    <nav aria-label="Feeds" className="flex gap-2 border-b border-slate-200">
      {tab('subscribed', 'Your feed')}
      {tab('public', 'All picks')}
    </nav>
  )
}

function SignInPrompt() {
  return (
    <div className="flex flex-col gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-emerald-950">
        <span className="font-semibold">Sign in to see your feed.</span> Picks from the creators you subscribe to,
        premium ones in full, gather here. Below are everyone’s latest picks.
      </p>
      <ButtonLink to={`/auth?redirect=${encodeURIComponent('/my-picks')}`} className="shrink-0">
        Sign in
      </ButtonLink>
    </div>
  )
}

/**
 * /my-picks: a signed-in user's feed (`GET /picks/subscribed/{userId}`; an error shows as an empty
 * list, spec §8) and the public feed; a visitor gets the public feed and a way to sign in. Filters
 * live in the URL: `?sport=&creator=&status=pending|graded`, and `view=all` for the public feed.
 */
export function Component() {
  const user = useStoredUser()
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = readFeedFilters(searchParams)
  const view: FeedKind = user && searchParams.get('view') !== 'all' ? 'subscribed' : 'public'

  const updateFilters = (patch: Partial<FeedFilters>) =>
    setSearchParams((current) => writeFeedFilters(current, { ...readFeedFilters(current), ...patch }))

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:px-6">
      <title>{pageTitle('My Picks Feed')}</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Picks Feed</h1>
        <p className="text-sm text-slate-600">
          Every pick is stamped when it is posted, locks when its game starts and is graded from the final score.
        </p>
      </header>
      {user ? <FeedTabs view={view} search={searchParams} /> : <SignInPrompt />}
      <Feed key={view} kind={view} userId={user?.id ?? null} filters={filters} onFiltersChange={updateFilters} />
    </div>
  )
}
