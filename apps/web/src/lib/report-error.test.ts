// The server's own schemas (zod) check what the reporter sends; a test's import never reaches the bundle.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { ErrorReportBody, PerformanceReportBody } from '@picks/contracts'
import { clientReportLimits, storagePolicy } from '@picks/contracts/client'
import { createMemoryRouter } from 'react-router'
import { onCLS, onFCP, onINP, onLCP, onTTFB, type LCPMetric, type MetricType } from 'web-vitals'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installReporting, reportApiFailure, reportBoundaryError, type ReportingOptions } from './report-error.ts'
import { sendDelayMs, unsentReportsKey } from './report-queue.ts'
import * as reporterModule from './reporter.ts'
import { errorReport, performanceReport } from './reporter.ts'

vi.mock('web-vitals', () => ({ onCLS: vi.fn(), onFCP: vi.fn(), onINP: vi.fn(), onLCP: vi.fn(), onTTFB: vi.fn() }))

const userId = '0b6f4c8e-2d1a-4f3b-9c7e-5a8d2e1f0c93'
const at = Date.parse('2026-12-01T10:00:00.000Z')
const page = { at, url: 'http://localhost/', route: '/', userId: null, userAgent: 'test' }

function createRouter() {
  return createMemoryRouter(
    [
      {
        path: '/',
        element: null,
        children: [
          { path: 'shop-picks', element: null },
          { path: 'shop-picks/purchase/:creatorId', element: null },
        ],
      },
    ],
    { initialEntries: ['/shop-picks/purchase/c1?promo=SECRET'] },
  )
}

interface Sent {
  url: string
  body: unknown[]
}

let stop: () => void = () => undefined

function install(options: Partial<ReportingOptions> = {}) {
  const router = createRouter()
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(new Response('{"accepted":1}', { status: 202 })))
  const beacon = vi.fn<(url: string, data: Blob) => boolean>(() => true)
  let online = true
  let idleWork: (() => void) | undefined
  stop = installReporting({
    router,
    getUserId: () => userId,
    now: () => at,
    fetch: fetchMock,
    sendBeacon: beacon,
    isOnline: () => online,
    whenIdle: (load) => {
      idleWork = load
    },
    // reporter.ts at once (a resolved import); one test below loads it the way the app does
    loadReporter: () => Promise.resolve(reporterModule),
    ...options,
  })
  const sent = (): Sent[] =>
    fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), body: JSON.parse(String(init?.body)) as unknown[] }))
  return {
    router,
    fetchMock,
    beacon,
    sent,
    setOnline: (value: boolean) => {
      online = value
    },
    runIdleWork: () => idleWork?.(),
  }
}

function uncaught(error: unknown, init: ErrorEventInit = {}) {
  window.dispatchEvent(new ErrorEvent('error', { error, message: String(error), ...init }))
}

function unhandledRejection(reason: unknown) {
  const event = new Event('unhandledrejection')
  Object.defineProperty(event, 'reason', { value: reason })
  window.dispatchEvent(event)
}

function hidePage() {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
  document.dispatchEvent(new Event('visibilitychange', { bubbles: true }))
}

function storedMessages(): string[] {
  const stored = JSON.parse(localStorage.getItem(unsentReportsKey) ?? '[]') as { report: { message: string } }[]
  return stored.map((entry) => entry.report.message)
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.clearAllMocks()
  window.history.replaceState(null, '', '/shop-picks/purchase/c1?promo=SECRET#top')
})

afterEach(() => {
  stop()
  vi.useRealTimers()
})

describe('error reports', () => {
  it('reports an uncaught error with the fields of spec §3, release 1.0.0, the route and the user', async () => {
    const { sent } = install()
    const error = new TypeError('Cannot read properties of undefined (reading "price")')

    uncaught(error, { filename: 'http://localhost:3000/assets/index-abc.js?v=2', lineno: 12, colno: 34 })
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    const [request] = sent()
    expect(request?.url).toBe('/api/errors')
    expect(ErrorReportBody.safeParse(request?.body).success).toBe(true)
    const report = request?.body[0]
    expect(Object.keys(report ?? {}).sort()).toEqual([
      'additionalContext',
      'columnNumber',
      'lineNumber',
      'message',
      'route',
      'stack',
      'timestamp',
      'url',
      'userAgent',
      'userId',
    ])
    expect(report).toEqual({
      message: 'Cannot read properties of undefined (reading "price")',
      stack: error.stack,
      url: `${location.origin}/shop-picks/purchase/c1`,
      lineNumber: 12,
      columnNumber: 34,
      userAgent: navigator.userAgent,
      timestamp: '2026-12-01T10:00:00.000Z',
      userId,
      route: '/shop-picks/purchase/:creatorId',
      additionalContext: {
        release: '1.0.0',
        environment: import.meta.env.MODE,
        kind: 'error',
        name: 'TypeError',
        source: 'http://localhost:3000/assets/index-abc.js',
      },
    })
  })

  it('reports unhandled rejections, and a chunk that failed to load as a chunk error, each once', async () => {
    const { sent } = install()
    const reason = new Error('Request failed')

    unhandledRejection(reason)
    unhandledRejection(reason)
    unhandledRejection(new TypeError('Failed to fetch dynamically imported module: /assets/shop-page-x.js'))
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    const reports = sent()[0]?.body as { message: string; additionalContext: { kind: string } }[]
    expect(reports.map((report) => [report.message, report.additionalContext.kind])).toEqual([
      ['Request failed', 'rejection'],
      ['Failed to fetch dynamically imported module: /assets/shop-page-x.js', 'chunk'],
    ])
  })

  it('reports what a route boundary shows, but not a 404', async () => {
    const { sent } = install()

    reportBoundaryError({ status: 404, statusText: 'Not Found', internal: true, data: '' })
    reportBoundaryError(new Error('Render failed'))
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    const reports = sent()[0]?.body as { message: string; additionalContext: { kind: string } }[]
    expect(reports.map((report) => [report.message, report.additionalContext.kind])).toEqual([
      ['Render failed', 'boundary'],
    ])
  })

  it('reports an API failure by its call, without the query or an e-mail, once, and never one of its own endpoints', async () => {
    const { sent } = install()
    const failure = Object.assign(new Error('Internal server error'), { status: 502 })

    reportApiFailure({ method: 'POST', path: '/errors', status: 500, code: 'HTTP_500', requestId: 'r-0' }, new Error())
    reportApiFailure(
      { method: 'GET', path: '/users/email/ana%40example.com?x=1', status: 502, code: 'HTTP_502', requestId: 'r-1' },
      failure,
    )
    unhandledRejection(failure)
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    const reports = sent()[0]?.body
    expect(reports).toEqual([
      expect.objectContaining({
        message: 'API GET /users/email/:email answered 502',
        stack: null,
        additionalContext: expect.objectContaining({
          kind: 'api',
          status: 502,
          method: 'GET',
          path: '/users/email/:email',
          code: 'HTTP_502',
          requestId: 'r-1',
        }),
      }),
    ])
  })

  it('sends a null user id when the record’s id is not a user id (a local fallback record)', async () => {
    const { sent } = install({ getUserId: () => 'local-fallback' })

    uncaught(new Error('Boom'))
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    expect(sent()[0]?.body[0]).toMatchObject({ userId: null })
  })

  it('cuts a message and a stack to the server limits, and a report always fits one request', () => {
    const error = new Error('m'.repeat(5_000))
    error.stack = '\u0001'.repeat(40_000)

    const report = errorReport({ value: error, kind: 'error', details: {}, page })

    expect(report.message).toHaveLength(clientReportLimits.messageMaxLength)
    expect(report.stack?.length).toBeLessThanOrEqual(clientReportLimits.stackMaxLength)
    expect(new Blob([JSON.stringify([report])]).size).toBeLessThanOrEqual(clientReportLimits.maxBodyBytes)
    expect(ErrorReportBody.safeParse(report).success).toBe(true)
  })
})

describe('reports kept while offline', () => {
  it('keeps at most the last 10 while offline and sends them, in order, when the browser is back online', async () => {
    const { sent, fetchMock, setOnline } = install()
    setOnline(false)

    for (let n = 1; n <= 12; n++) {
      uncaught(new Error(`Error ${n}`))
      await vi.advanceTimersByTimeAsync(sendDelayMs.errors)
    }
    expect(fetchMock).not.toHaveBeenCalled()
    expect(storedMessages()).toEqual(Array.from({ length: 10 }, (_, n) => `Error ${n + 3}`))

    setOnline(true)
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())

    const messages = sent().flatMap((request) => (request.body as { message: string }[]).map((r) => r.message))
    expect(messages).toEqual(Array.from({ length: 10 }, (_, n) => `Error ${n + 3}`))
    expect(localStorage.getItem(unsentReportsKey)).toBeNull()
  })

  it('sends what an earlier page kept once the next one is up', async () => {
    localStorage.setItem(
      unsentReportsKey,
      JSON.stringify([
        { kind: 'errors', report: errorReport({ value: new Error('Earlier'), kind: 'error', details: {}, page }) },
      ]),
    )
    const { sent, fetchMock, runIdleWork } = install()
    expect(fetchMock).not.toHaveBeenCalled()

    runIdleWork()
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled())

    expect(sent()[0]?.body).toEqual([expect.objectContaining({ message: 'Earlier' })])
  })

  it('keeps what it caught when reporter.ts cannot load, and loads it again when the connection is back', async () => {
    const loadReporter = vi
      .fn<NonNullable<ReportingOptions['loadReporter']>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module: /assets/reporter-x.js'))
      .mockResolvedValue(reporterModule)
    const { sent } = install({ loadReporter })

    uncaught(new Error('Boom'))
    expect(loadReporter).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(0) // the failed import settles
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(sendDelayMs.errors)

    expect(loadReporter).toHaveBeenCalledTimes(2)
    expect(sent()[0]?.body).toEqual([expect.objectContaining({ message: 'Boom' })])
  })

  it('never reports its own failed requests: a 5xx from the endpoint only keeps the report', async () => {
    const { fetchMock } = install()
    fetchMock.mockResolvedValue(new Response(null, { status: 500 }))

    uncaught(new Error('Boom'))
    await vi.runAllTimersAsync()

    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(storedMessages()).toEqual(['Boom'])
  })

  it('never throws when local storage throws', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Blocked', 'SecurityError')
    })
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Blocked', 'SecurityError')
    })
    const { fetchMock, runIdleWork } = install({ getUserId: () => localStorage.getItem(storagePolicy.userKey) })
    fetchMock.mockResolvedValue(new Response(null, { status: 503 }))

    expect(() => runIdleWork()).not.toThrow()
    expect(() => uncaught(new Error('Boom'))).not.toThrow()
    await vi.runAllTimersAsync()

    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})

describe('performance reports', () => {
  function lcp(value: number): LCPMetric {
    return { name: 'LCP', value, rating: 'good', delta: value, id: 'v5-1', entries: [], navigationType: 'navigate' }
  }

  async function vitalsObserved(runIdleWork: () => void): Promise<(metric: MetricType) => void> {
    runIdleWork()
    await vi.waitFor(() => expect(onLCP).toHaveBeenCalled())
    for (const observe of [onCLS, onFCP, onINP, onTTFB]) expect(observe).toHaveBeenCalled()
    const report = vi.mocked(onLCP).mock.lastCall?.[0]
    if (!report) throw new Error('web-vitals was not observed')
    return report as (metric: MetricType) => void
  }

  it('loads web-vitals once the page is up and sends its values, with the landing route and the user', async () => {
    const { sent, runIdleWork } = install({ loadReporter: undefined })
    const report = await vitalsObserved(runIdleWork)

    report(lcp(1834.6))
    await vi.advanceTimersByTimeAsync(sendDelayMs.performance)

    const [request] = sent()
    expect(request?.url).toBe('/api/errors/performance')
    expect(PerformanceReportBody.safeParse(request?.body).success).toBe(true)
    expect(request?.body).toEqual([
      {
        metric: 'LCP',
        value: 1835,
        timestamp: '2026-12-01T10:00:00.000Z',
        route: '/shop-picks/purchase/:creatorId',
        userId,
        additionalData: {
          release: '1.0.0',
          environment: import.meta.env.MODE,
          rating: 'good',
          navigationType: 'navigate',
          id: 'v5-1',
        },
      },
    ])
  })

  it('sends pending performance reports by sendBeacon when the page is hidden', async () => {
    const { fetchMock, beacon, runIdleWork } = install()
    const report = await vitalsObserved(runIdleWork)
    report(lcp(900))

    hidePage()

    await vi.waitFor(() => expect(beacon).toHaveBeenCalledTimes(1))
    const [url, blob] = beacon.mock.calls[0] ?? []
    expect(url).toBe('/api/errors/performance')
    expect(blob?.type).toBe('application/json')
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual([expect.objectContaining({ metric: 'LCP', value: 900 })])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('reports a route change, kept in memory until reporter.ts has loaded', async () => {
    const { router, sent, runIdleWork } = install()

    await router.navigate('/shop-picks?page=2')
    // the paint after the navigation: the timing is taken and waits for reporter.ts
    await vi.advanceTimersByTimeAsync(100)
    runIdleWork()
    await vi.advanceTimersByTimeAsync(sendDelayMs.performance)

    expect(sent()[0]?.body).toEqual([
      expect.objectContaining({
        metric: 'route-change',
        route: '/shop-picks',
        additionalData: expect.objectContaining({ from: '/shop-picks/purchase/:creatorId' }),
      }),
    ])
  })
})

describe('performance report values', () => {
  const measured = { route: '/shop-picks', userId: null, at, data: {} }

  it('rounds milliseconds and keeps CLS to four places', () => {
    expect(performanceReport({ ...measured, metric: 'LCP', value: 1834.6 })?.value).toBe(1835)
    expect(performanceReport({ ...measured, metric: 'CLS', value: 0.123456 })?.value).toBe(0.1235)
  })

  it('drops a value the server would refuse', () => {
    expect(performanceReport({ ...measured, metric: 'INP', value: -1 })).toBeNull()
    expect(performanceReport({ ...measured, metric: 'INP', value: Number.NaN })).toBeNull()
  })
})
