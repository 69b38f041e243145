import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { dehydrate, QueryClient } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { cachePolicy } from '@picks/contracts/client'
import { ApiError } from './api-client.ts'
import { localStore, type KeyValueStorage } from './storage.ts'

/** Bumped when the shape of cached data changes, so old persisted caches are discarded. */
export const cacheBuster = '1.0.0'

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
 * Only successful reads are saved; errors and pending queries start fresh after a reload. A query
 * marked `meta: { persist: false }` (account settings: phone number, second factors) stays in memory.
 */
export function shouldPersistQuery(query: { state: { status: string }; meta?: Record<string, unknown> }): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false
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
