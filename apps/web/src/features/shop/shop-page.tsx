import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react'
import { useSearchParams } from 'react-router'
import { Button } from '../../components/ui/button.tsx'
import { cx } from '../../components/ui/cx.ts'
import { offscreenSkipped } from '../../components/ui/offscreen.ts'
import { Skeleton } from '../../components/ui/skeleton.tsx'
import { useDrawnInBackground } from '../../lib/drawn-in-background.ts'
import { pageTitle } from '../../lib/site.ts'
import { creatorQueries } from './api.ts'
import { CreatorCard, CreatorCardSkeleton } from './creator-card.tsx'
import { ProfileLinkNotice } from './profile-link-notice.tsx'
import { ShopFilterControls } from './shop-filter-controls.tsx'
import { hasActiveFilters, readShopFilters, writeShopFilters, type ShopFilters } from './shop-filters.ts'

const gridClasses = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4'

function CreatorGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading creators…
      </p>
      <div className={gridClasses}>
        {Array.from({ length: count }, (_, index) => (
          <CreatorCardSkeleton key={index} />
        ))}
      </div>
    </div>
  )
}

function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'creator' : 'creators'}`
}

/** Loads the next page when the end of the grid scrolls near the viewport; the button stays the reliable path. */
function useLoadWhenVisible(target: RefObject<HTMLElement | null>, enabled: boolean, load: () => void) {
  const onVisible = useEffectEvent(load)
  useEffect(() => {
    const element = target.current
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible()
      },
      { rootMargin: '600px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [target, enabled])
}

function ShopResults({ filters, onClearFilters }: { filters: ShopFilters; onClearFilters: () => void }) {
  const shop = useInfiniteQuery({ ...creatorQueries.shop(filters), placeholderData: keepPreviousData })
  const endOfList = useRef<HTMLDivElement>(null)
  const canAutoLoad =
    shop.hasNextPage && !shop.isFetchingNextPage && !shop.isFetchNextPageError && !shop.isPlaceholderData
  useLoadWhenVisible(endOfList, canAutoLoad, () => void shop.fetchNextPage())
  const { shown, arriving } = useDrawnInBackground(shop.data)

  if (shop.isPending || arriving) return <CreatorGridSkeleton />

  if (!shown) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 p-8 text-center"
      >
        <h2 className="text-lg font-semibold text-red-900">We couldn’t load creators</h2>
        <p className="text-sm text-red-900">Check your connection and try again.</p>
        <Button onClick={() => void shop.refetch()}>Try again</Button>
      </div>
    )
  }

  const [firstPage] = shown.pages
  const creators = shown.pages.flatMap((page) => page.creators)
  const total = firstPage?.total ?? creators.length

  return (
    <section aria-label="Creators" className="flex flex-col gap-4">
      {firstPage?.sortedLocally && (
        <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          Live sorting isn’t available right now, so this list shows up to the first 100 creators, filtered and sorted
          on your device{filters.sortBy === 'newest' ? ' by name (newest first is unavailable)' : ''}.
        </p>
      )}

      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {countLabel(total)}
      </p>

      {creators.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center">
          {hasActiveFilters(filters) ? (
            <>
              <h2 className="text-lg font-semibold text-slate-900">No creators match your filters</h2>
              <p className="text-sm text-slate-600">Try another search or sport.</p>
              <Button onClick={onClearFilters}>Clear filters</Button>
            </>
          ) : (
            <>
              <h2 className="text-lg font-semibold text-slate-900">No creators yet</h2>
              <p className="text-sm text-slate-600">Check back soon.</p>
            </>
          )}
        </div>
      ) : (
        <ul
          aria-busy={shop.isPlaceholderData}
          className={cx(gridClasses, shop.isPlaceholderData && 'opacity-60 transition-opacity')}
        >
          {creators.map((creator) => (
            <li key={creator.id} className={offscreenSkipped('creator')}>
              <CreatorCard creator={creator} />
            </li>
          ))}
        </ul>
      )}

      <div ref={endOfList} className="flex flex-col items-center gap-2 py-2">
        {shop.isFetchNextPageError && (
          <p role="alert" className="text-sm text-red-800">
            Couldn’t load more creators. Try again.
          </p>
        )}
        {shop.hasNextPage && !shop.isPlaceholderData && (
          <>
            <p className="text-sm text-slate-600">
              Showing {creators.length} of {total}
            </p>
            <Button variant="secondary" disabled={shop.isFetchingNextPage} onClick={() => void shop.fetchNextPage()}>
              {shop.isFetchingNextPage ? 'Loading more…' : 'Load more'}
            </Button>
          </>
        )}
      </div>
    </section>
  )
}

function ShopHeader() {
  return (
    <header className="flex flex-col gap-1">
      <title>{pageTitle('Shop Picks')}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Shop Picks</h1>
      <p className="text-sm text-slate-600 sm:text-base">
        Find creators by sport, price or name and follow their picks.
      </p>
    </header>
  )
}

const pageClasses = 'mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8'

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams()
  const filters = readShopFilters(searchParams)

  // Each change is a history entry, so back and forward step through the filters.
  const updateFilters = (patch: Partial<ShopFilters>) =>
    setSearchParams((current) => writeShopFilters(current, { ...readShopFilters(current), ...patch }))

  return (
    <div className={pageClasses}>
      <ShopHeader />
      <ProfileLinkNotice />
      <ShopFilterControls filters={filters} onChange={updateFilters} />
      <ShopResults filters={filters} onClearFilters={() => updateFilters({ search: '', sports: [] })} />
    </div>
  )
}

export function HydrateFallback() {
  return (
    <div className={pageClasses}>
      <ShopHeader />
      <div className="flex flex-col gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Skeleton className="h-16 flex-1" />
          <Skeleton className="h-16 sm:w-56" />
        </div>
        <Skeleton className="h-9 w-full max-w-2xl" />
      </div>
      <CreatorGridSkeleton />
    </div>
  )
}
