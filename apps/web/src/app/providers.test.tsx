import { QueryClient, useQuery } from '@tanstack/react-query'
import { act, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api-client.ts'
import { cacheBuster, createQueryClient } from '../lib/query-client.ts'
import { AppProviders } from './providers.tsx'

const cacheKey = 'picks-marketplace-query-cache'
const dayMs = 24 * 60 * 60 * 1000

interface SavedCache {
  timestamp: number
  buster: string
  clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
}

function readSaved(): SavedCache | null {
  const raw = localStorage.getItem(cacheKey)
  return raw ? (JSON.parse(raw) as SavedCache) : null
}

function CreatorsProbe() {
  const { data } = useQuery({ queryKey: ['creators'], queryFn: () => Promise.resolve(['from network']) })
  return <p>{data ? data.join(',') : 'loading'}</p>
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('persisted data cache', () => {
  it('saves successful queries to local storage within a second, and leaves out failed ones and those marked not to persist', async () => {
    const client = new QueryClient()
    render(
      <AppProviders queryClient={client}>
        <p>app</p>
      </AppProviders>,
    )
    await act(() => vi.advanceTimersByTimeAsync(0))

    client.setQueryData(['creators', { page: 1 }], { creators: ['Ada'] })
    await client.prefetchQuery({
      queryKey: ['account', 'factors'],
      queryFn: () => Promise.resolve([{ id: 'f-1' }]),
      meta: { persist: false },
    })
    await client.prefetchQuery({
      queryKey: ['creator', 'missing'],
      queryFn: () => Promise.reject(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'x', body: undefined })),
      retry: false,
    })
    await act(() => vi.advanceTimersByTimeAsync(1000))

    const saved = readSaved()
    expect(saved?.buster).toBe(cacheBuster)
    expect(saved?.clientState.queries.map((query) => query.queryKey)).toEqual([['creators', { page: 1 }]])
  })

  it('starts from the saved cache when it is younger than 24 hours', async () => {
    const now = Date.now()
    localStorage.setItem(
      cacheKey,
      JSON.stringify({
        timestamp: now - dayMs + 60_000,
        buster: cacheBuster,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['creators'],
              queryHash: '["creators"]',
              state: { data: ['from cache'], dataUpdatedAt: now, status: 'success', fetchStatus: 'idle' },
            },
          ],
        },
      }),
    )
    const client = createQueryClient()
    render(
      <AppProviders queryClient={client}>
        <CreatorsProbe />
      </AppProviders>,
    )
    await act(() => vi.advanceTimersByTimeAsync(1000))

    screen.getByText('from cache')
  })

  it('ignores a saved cache older than 24 hours and fetches instead', async () => {
    vi.useRealTimers()
    localStorage.setItem(
      cacheKey,
      JSON.stringify({
        timestamp: Date.now() - dayMs - 1,
        buster: cacheBuster,
        clientState: {
          mutations: [],
          queries: [
            {
              queryKey: ['creators'],
              queryHash: '["creators"]',
              state: { data: ['from cache'], dataUpdatedAt: Date.now(), status: 'success', fetchStatus: 'idle' },
            },
          ],
        },
      }),
    )
    const client = createQueryClient()
    render(
      <AppProviders queryClient={client}>
        <CreatorsProbe />
      </AppProviders>,
    )
    await screen.findByText('from network')
    expect(screen.queryByText('from cache')).toBeNull()
  })
})
