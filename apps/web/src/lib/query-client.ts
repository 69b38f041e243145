import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { cachePolicy } from '@picks/contracts/client'
import { ApiError } from './api-client.ts'
import { localStore, type KeyValueStorage } from './storage.ts'

/**
 * Bumped when the shape of cached data or what may be saved changes, so old persisted caches are
 * discarded. 1.1.0: own data is no longer saved (decision 023), so caches that still hold it go.
 */
export const cacheBuster = '1.1.0'

/** What a query's `meta` may say to the cache (typed for every query through `Register` below). */
export type QueryMeta = {
  /** The signed-in person's own data (`ownData`): never saved, read again on every mount. */
  owner?: boolean
  /** `false` keeps a public read out of local storage (it depends on who asks, or moves too fast). */
  persist?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: QueryMeta
  }
}

/**
 * The one rule for a person's own data (decision 023): their account and profile, their creator
 * profile, plans, purchases, subscriptions, alert settings, second factors and phone, and the
 * creator's dashboard figures (earnings, balances, subscribers, deliveries, picks to grade). Every
 * query factory of such data spreads this: it is stale at once, read again each time a page that
 * shows it mounts (another device may have changed it), and never saved to local storage, so a
 * reload always asks the server. Public, shared reads (the shop, creator pages, records,
 * leaderboards, odds) keep spec §9's cache: fresh 10 minutes, kept 24 hours.
 */
export const ownData = {
  staleTime: 0,
  refetchOnMount: 'always',
  meta: { owner: true },
} as const satisfies { staleTime: number; refetchOnMount: 'always'; meta: QueryMeta }

/** True for a query built from an own-data factory (`ownData`). */
export function isOwnData(query: { meta?: QueryMeta }): boolean {
  return query.meta?.owner === true
}

/** 404 and 401 will not change by asking again; anything else is retried up to 3 times. */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 404 || error.status === 401)) return false
  return failureCount < cachePolicy.maxReadRetries
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: cachePolicy.staleTimeMs,
        gcTime: cachePolicy.gcTimeMs,
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
        // TanStack's `true` means "on reconnect, only if stale" (an invalidated query counts as
        // stale); `'always'` would refetch fresh data too. See shouldFetchOn in query-core.
        refetchOnReconnect: true,
        retry: shouldRetryRead,
        retryDelay: (failureCount) => cachePolicy.readRetryDelayMs(failureCount),
      },
    },
  })
}

/**
 * Only successful reads are saved; errors and pending queries start fresh after a reload. Own data
 * (`ownData`) and public reads marked `meta: { persist: false }` stay in memory.
 */
export function shouldPersistQuery(query: { state: { status: string }; meta?: QueryMeta }): boolean {
  return query.state.status === 'success' && !isOwnData(query) && query.meta?.persist !== false
}

/** Persisted-cache options for PersistQueryClientProvider (which supplies the client itself). */
export function createPersistOptions(
  storage: KeyValueStorage = localStore,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage,
      key: cachePolicy.storageKey,
      throttleTime: cachePolicy.persistThrottleMs,
    }),
    maxAge: cachePolicy.persistMaxAgeMs,
    buster: cacheBuster,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
  }
}

/**
 * Writes the cache to storage now when the page goes away (reload, link typed, tab closed). The
 * persister writes at most once a second on a timer that never fires during unload, so without this
 * a change made in the last second (a saved profile, say) would come back stale from the cache.
 * Returns the function that stops listening.
 */
export function savePersistedCacheOnPageHide(queryClient: QueryClient, storage: KeyValueStorage = localStore) {
  const save = () => {
    try {
      storage.setItem(
        cachePolicy.storageKey,
        JSON.stringify({
          buster: cacheBuster,
          timestamp: Date.now(),
          clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }),
        }),
      )
    } catch {
      // Storage refused even after its purge: the next visit starts with a colder cache, nothing worse.
    }
  }
  window.addEventListener('pagehide', save)
  return () => window.removeEventListener('pagehide', save)
}
