import type { ErrorReport, PerformanceReport } from '@picks/contracts'
import { clientReportLimits } from '@picks/contracts/client'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FullableStorage } from '../test/fullable-storage.ts'
import { createReportQueue, sendDelayMs, toBatches, unsentReportsKey, type ReportQueueDeps } from './report-queue.ts'
import { createSafeStorage } from './storage.ts'

function anError(n: number, stack: string | null = null): ErrorReport {
  return {
    message: `Error ${n}`,
    stack,
    url: 'http://localhost:3000/shop-picks',
    lineNumber: null,
    columnNumber: null,
    userAgent: 'test',
    timestamp: '2026-12-01T10:00:00.000Z',
    userId: null,
    route: '/shop-picks',
    additionalContext: { release: '1.0.0', environment: 'test', kind: 'error' },
  }
}

function aTiming(value: number): PerformanceReport {
  return {
    metric: 'route-change',
    value,
    timestamp: '2026-12-01T10:00:00.000Z',
    route: '/shop-picks',
    userId: null,
    additionalData: { release: '1.0.0', environment: 'test' },
  }
}

const accepted = () => new Response('{"accepted":1}', { status: 202, headers: { 'content-type': 'application/json' } })

function setup(deps: ReportQueueDeps = {}) {
  const backing = new FullableStorage(1_000_000)
  const storage = createSafeStorage(() => backing)
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(accepted()))
  const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true)
  const queue = createReportQueue({ fetch: fetchMock, sendBeacon: beacon, storage, isOnline: () => true, ...deps })
  return { queue, fetchMock, beacon, backing, storage }
}

/** The reports of each request, with the address it went to. */
function requests(fetchMock: ReturnType<typeof vi.fn<typeof fetch>>) {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    init,
    messages: (JSON.parse(String(init?.body)) as { message?: string; value?: number }[]).map(
      (report) => report.message ?? report.value,
    ),
  }))
}

function stored(backing: Storage): { kind: string; report: { message?: string; value?: number } }[] {
  return JSON.parse(backing.getItem(unsentReportsKey) ?? '[]') as { kind: string; report: { message?: string } }[]
}

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('sending reports', () => {
  it('sends errors a moment after the first, as one JSON batch with keepalive and cookies', async () => {
    const { queue, fetchMock } = setup()

    queue.add('errors', anError(1))
    queue.add('errors', anError(2))
    expect(fetchMock).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    const [request] = requests(fetchMock)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(request?.url).toBe('/api/errors')
    expect(request?.messages).toEqual(['Error 1', 'Error 2'])
    expect(request?.init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json' },
    })
  })

  it('sends performance reports to their own endpoint once a batch is full, without waiting', async () => {
    const { queue, fetchMock } = setup()

    for (let n = 1; n <= clientReportLimits.maxBatch; n++) queue.add('performance', aTiming(n))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))

    expect(requests(fetchMock)[0]?.url).toBe('/api/errors/performance')
    expect(requests(fetchMock)[0]?.messages).toHaveLength(clientReportLimits.maxBatch)
  })

  it('when the page is being hidden, sends what is pending by sendBeacon, as application/json', async () => {
    const { queue, fetchMock, beacon } = setup()
    queue.add('performance', aTiming(120))
    queue.add('errors', anError(1))

    await queue.flush(true)

    expect(fetchMock).not.toHaveBeenCalled()
    expect(beacon.mock.calls.map(([url]) => url).sort()).toEqual(['/api/errors', '/api/errors/performance'])
    const [, blob] = beacon.mock.calls.find(([url]) => url === '/api/errors/performance') ?? []
    expect(blob?.type).toBe('application/json')
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual([aTiming(120)])
  })

  it('splits what it sends into batches of at most 20 reports and 64 KiB', () => {
    const many = Array.from({ length: 45 }, (_, n) => anError(n))
    expect(toBatches(many).map((batch) => batch.reports.length)).toEqual([20, 20, 5])

    const large = Array.from({ length: 6 }, (_, n) => anError(n, 'x'.repeat(15_000)))
    const batches = toBatches(large)
    expect(batches.length).toBeGreaterThan(1)
    expect(batches.flatMap((batch) => batch.reports)).toEqual(large)
    for (const batch of batches) {
      expect(new Blob([batch.body]).size).toBeLessThanOrEqual(clientReportLimits.maxBodyBytes)
      expect(JSON.parse(batch.body)).toEqual(batch.reports)
    }
  })
})

describe('reports that cannot be sent', () => {
  it('keeps a report the endpoint answers with a 5xx, and sends it on the next retry', async () => {
    const { queue, fetchMock, backing } = setup()
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 503 }))

    queue.add('errors', anError(1))
    await queue.flush()
    expect(stored(backing).map((entry) => entry.report.message)).toEqual(['Error 1'])

    await queue.retryStored()
    expect(requests(fetchMock).map((request) => request.messages)).toEqual([['Error 1'], ['Error 1']])
    expect(backing.getItem(unsentReportsKey)).toBeNull()
  })

  it('keeps reports after a network failure and a refused beacon, but not a body the server refused', async () => {
    const { queue, fetchMock, beacon, backing } = setup()
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    queue.add('errors', anError(1))
    await queue.flush()

    beacon.mockReturnValueOnce(false)
    queue.add('performance', aTiming(80))
    await queue.flush(true)

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 400 }))
    queue.add('errors', anError(2))
    await queue.flush()

    expect(stored(backing).map((entry) => entry.report.message ?? entry.report.value)).toEqual(['Error 1', 80])
  })

  it('keeps only the last 10, letting timings go before errors', async () => {
    const { queue, fetchMock, backing } = setup({ isOnline: () => false })

    for (let n = 1; n <= 3; n++) queue.add('performance', aTiming(n))
    await queue.flush()
    for (let n = 1; n <= 9; n++) queue.add('errors', anError(n))
    await queue.flush()

    expect(fetchMock).not.toHaveBeenCalled()
    expect(stored(backing).map((entry) => entry.report.message ?? entry.report.value)).toEqual([
      3,
      ...Array.from({ length: 9 }, (_, n) => `Error ${n + 1}`),
    ])
  })
})

describe('local storage', () => {
  it('a full storage still purges everything but sb-* and user when the reporter has kept reports', async () => {
    const backing = new FullableStorage(2_000)
    backing.setItem('user', '{"id":"u1"}')
    backing.setItem('sb-auth-token', 'token')
    const storage = createSafeStorage(() => backing)
    const queue = createReportQueue({ storage, isOnline: () => false })
    queue.add('errors', anError(1))
    await queue.flush()
    expect(backing.getItem(unsentReportsKey)).not.toBeNull()

    expect(storage.write('picks-marketplace-query-cache', 'q'.repeat(1_800))).toBe(true)

    expect(backing.getItem(unsentReportsKey)).toBeNull()
    expect(backing.getItem('user')).toBe('{"id":"u1"}')
    expect(backing.getItem('sb-auth-token')).toBe('token')
    expect(backing.getItem('picks-marketplace-query-cache')).toBe('q'.repeat(1_800))
  })

  it('keeping a report in a full storage purges the same way, and keeps sb-* and user', async () => {
    const backing = new FullableStorage(2_000)
    backing.setItem('user', '{"id":"u1"}')
    backing.setItem('sb-auth-token', 'token')
    backing.setItem('picks-marketplace-query-cache', 'q'.repeat(1_700))
    const queue = createReportQueue({ storage: createSafeStorage(() => backing), isOnline: () => false })

    queue.add('errors', anError(1))
    await queue.flush()

    expect(stored(backing).map((entry) => entry.report.message)).toEqual(['Error 1'])
    expect(backing.getItem('picks-marketplace-query-cache')).toBeNull()
    expect(backing.getItem('user')).toBe('{"id":"u1"}')
    expect(backing.getItem('sb-auth-token')).toBe('token')
  })

  it('never throws when local storage throws, and still sends', async () => {
    const throwing: Storage = {
      length: 0,
      key: () => null,
      clear: () => undefined,
      getItem: () => {
        throw new DOMException('Blocked', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('Blocked', 'SecurityError')
      },
      removeItem: () => {
        throw new DOMException('Blocked', 'SecurityError')
      },
    }
    const { queue, fetchMock } = setup({ storage: throwing })
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }))

    queue.add('errors', anError(1))
    await expect(queue.flush()).resolves.toBeUndefined()
    await expect(queue.retryStored()).resolves.toBeUndefined()
    queue.add('errors', anError(2))
    await queue.flush()

    expect(requests(fetchMock).map((request) => request.messages)).toEqual([['Error 1'], ['Error 2']])
  })
})
