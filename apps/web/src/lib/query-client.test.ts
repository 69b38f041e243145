import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from './api-client.ts'
import { QueryObserver } from '@tanstack/react-query'
import {
  cacheBuster,
  createPersistOptions,
  createQueryClient,
  isOwnData,
  ownData,
  savePersistedCacheOnPageHide,
  shouldPersistQuery,
  shouldRetryRead,
} from './query-client.ts'
import type { KeyValueStorage } from './storage.ts'

const apiError = (status: number) => new ApiError({ status, code: `HTTP_${status}`, message: 'x', body: undefined })

function memoryStorage(): KeyValueStorage & { items: Map<string, string>; setItem: ReturnType<typeof vi.fn> } {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: vi.fn((key: string, value: string) => void items.set(key, value)),
    removeItem: (key) => void items.delete(key),
  }
}

describe('query client defaults', () => {
  it('keeps data fresh for 10 minutes and cached for 24 hours, offline first, with no refetch on focus', () => {
    const queries = createQueryClient().getDefaultOptions().queries
    expect(queries?.staleTime).toBe(10 * 60 * 1000)
    expect(queries?.gcTime).toBe(24 * 60 * 60 * 1000)
    expect(queries?.networkMode).toBe('offlineFirst')
    expect(queries?.refetchOnWindowFocus).toBe(false)
    // `true` = only when stale or invalidated; 'always' would also refetch fresh data.
    expect(queries?.refetchOnReconnect).toBe(true)
  })

  it('never retries a 404 or a 401', () => {
    expect(shouldRetryRead(0, apiError(404))).toBe(false)
    expect(shouldRetryRead(0, apiError(401))).toBe(false)
  })

  it('retries other failures up to 3 times', () => {
    for (const error of [apiError(500), apiError(403), new Error('Request timeout after 10000ms')]) {
      expect([0, 1, 2, 3].map((count) => shouldRetryRead(count, error))).toEqual([true, true, true, false])
    }
  })

  it('waits 1 s, 2 s, 4 s … between retries, never more than 30 s', () => {
    const retryDelay = createQueryClient().getDefaultOptions().queries?.retryDelay
    if (typeof retryDelay !== 'function') throw new Error('retryDelay should be a function')
    const delays = [0, 1, 2, 3, 4, 5, 10].map((count) => retryDelay(count, new Error('x')))
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000])
  })

  it('retries a failing read with those delays and then reports the error', async () => {
    vi.useFakeTimers()
    const client = createQueryClient()
    const queryFn = vi.fn(() => Promise.reject(apiError(503)))
    const result = client.fetchQuery({ queryKey: ['creators'], queryFn }).catch((error: unknown) => error)

    await vi.advanceTimersByTimeAsync(0)
    expect(queryFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1000)
    expect(queryFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(queryFn).toHaveBeenCalledTimes(3)
    await vi.advanceTimersByTimeAsync(4000)
    expect(queryFn).toHaveBeenCalledTimes(4)
    expect(await result).toBeInstanceOf(ApiError)
    vi.useRealTimers()
  })
})

describe('persisted query cache', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('discards saved caches older than 24 hours or from another app version', () => {
    const options = createPersistOptions(memoryStorage())
    expect(options.maxAge).toBe(24 * 60 * 60 * 1000)
    // 1.1.0 dropped the caches saved while own data was still kept (decision 023).
    expect(options.buster).toBe('1.1.0')
  })

  it('writes to storage at most once per second', async () => {
    const storage = memoryStorage()
    const { persister } = createPersistOptions(storage)
    const client = { timestamp: 1, buster: cacheBuster, clientState: { queries: [], mutations: [] } }

    await persister.persistClient(client)
    await persister.persistClient({ ...client, timestamp: 2 })
    await persister.persistClient({ ...client, timestamp: 3 })
    await vi.advanceTimersByTimeAsync(999)
    expect(storage.setItem).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(1)
    expect(storage.setItem).toHaveBeenCalledTimes(1)
    expect(storage.items.get('picks-marketplace-query-cache')).toContain('"timestamp":3')
  })

  it('saves a change made within the last second at once when the page goes away', () => {
    const storage = memoryStorage()
    const client = createQueryClient()
    const stop = savePersistedCacheOnPageHide(client, storage)
    client.setQueryData(['creators', 'profile', 'c1'], { creator: { username: 'CaseyTotals' } })
    // Account settings are kept out of storage (meta.persist false), on unload too.
    client.getQueryCache().build(client, { queryKey: ['account', 'u1', 'factors'], meta: { persist: false } })
    client.setQueryData(['account', 'u1', 'factors'], [{ id: 'secret' }])

    window.dispatchEvent(new Event('pagehide'))
    const saved = JSON.parse(storage.items.get('picks-marketplace-query-cache') ?? 'null') as {
      buster: string
      clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] }
    }
    expect(saved.buster).toBe(cacheBuster)
    expect(saved.clientState.queries.map((q) => q.queryKey)).toEqual([['creators', 'profile', 'c1']])
    expect(saved.clientState.queries[0]?.state.data).toEqual({ creator: { username: 'CaseyTotals' } })

    stop()
    storage.items.clear()
    window.dispatchEvent(new Event('pagehide'))
    expect(storage.items.size).toBe(0)
  })
})

describe('own data (decision 023)', () => {
  const plansKey = ['creators', 'plans', 'c1', 'all']
  const shopKey = ['creators', 'shop', { sortBy: 'name' }]

  /** A client holding one own-data read (the creator's plans) and one public read (the shop). */
  async function clientWithBothReads() {
    const client = createQueryClient()
    await client.prefetchQuery({ queryKey: plansKey, queryFn: () => ['1 plan'], ...ownData })
    await client.prefetchQuery({ queryKey: shopKey, queryFn: () => ['Casey'] })
    return client
  }

  function savedKeys(client: ReturnType<typeof createQueryClient>): unknown[] {
    const storage = memoryStorage()
    const stop = savePersistedCacheOnPageHide(client, storage)
    window.dispatchEvent(new Event('pagehide'))
    stop()
    const saved = JSON.parse(storage.items.get('picks-marketplace-query-cache') ?? 'null') as {
      clientState: { queries: { queryKey: unknown[] }[] }
    }
    return saved.clientState.queries.map((q) => q.queryKey)
  }

  it('is stale at once, read again on every mount, and marked as the owner’s', () => {
    expect(ownData).toEqual({ staleTime: 0, refetchOnMount: 'always', meta: { owner: true } })
  })

  it('is never saved to local storage; a public read is', async () => {
    const client = await clientWithBothReads()
    const own = client.getQueryCache().find({ queryKey: plansKey, exact: true })
    const shop = client.getQueryCache().find({ queryKey: shopKey, exact: true })
    if (!own || !shop) throw new Error('both reads should be cached')

    expect(isOwnData(own)).toBe(true)
    expect(shouldPersistQuery(own)).toBe(false)
    expect(isOwnData(shop)).toBe(false)
    expect(shouldPersistQuery(shop)).toBe(true)
    expect(savedKeys(client)).toEqual([shopKey])
  })

  it('leaves out own data through the persister’s own filter too', () => {
    const { dehydrateOptions } = createPersistOptions(memoryStorage())
    expect(dehydrateOptions?.shouldDehydrateQuery).toBe(shouldPersistQuery)
  })

  it('is read again when a page that shows it mounts, even a second after the last read; a public read is not', async () => {
    const client = await clientWithBothReads()
    const ownFn = vi.fn(() => Promise.resolve(['2 plans']))
    const shopFn = vi.fn(() => Promise.resolve(['Casey', 'Owen']))

    const ownObserver = new QueryObserver(client, { queryKey: plansKey, queryFn: ownFn, ...ownData })
    const shopObserver = new QueryObserver(client, { queryKey: shopKey, queryFn: shopFn })
    // What a mounted component does: subscribe, which fetches when the options say so.
    const stopOwn = ownObserver.subscribe(() => undefined)
    const stopShop = shopObserver.subscribe(() => undefined)
    await vi.waitFor(() => expect(client.getQueryData(plansKey)).toEqual(['2 plans']))

    expect(ownFn).toHaveBeenCalledTimes(1)
    expect(shopFn).not.toHaveBeenCalled()
    expect(client.getQueryData(shopKey)).toEqual(['Casey'])
    stopOwn()
    stopShop()
  })

  it('keeps the public cache policy for everything else: fresh for 10 minutes', async () => {
    const client = await clientWithBothReads()
    const shop = client.getQueryCache().find({ queryKey: shopKey, exact: true })
    expect(shop?.isStaleByTime(10 * 60 * 1000 - 1)).toBe(false)
    const own = client.getQueryCache().find({ queryKey: plansKey, exact: true })
    expect(own?.isStaleByTime(0)).toBe(true)
  })
})
