import type { QueryClient } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { useEffect, useState, type ReactNode } from 'react'
import { createPersistOptions, savePersistedCacheOnPageHide } from '../lib/query-client.ts'

/** Data cache for the whole app, restored from and saved to local storage (spec §9). */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [persistOptions] = useState(() => createPersistOptions())
  useEffect(() => savePersistedCacheOnPageHide(queryClient), [queryClient])
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      {children}
    </PersistQueryClientProvider>
  )
}
