import type {
  AdminErrorGroup,
  AdminErrorGroupDetail,
  AdminErrorGroupPage,
  AdminErrorOccurrence,
  AdminPerformance,
  StackFrame,
} from '@picks/contracts'
import { rateVital } from '@picks/contracts/client'
import { vi } from 'vitest'

export const adminToken = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature'

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** One call the console made: its method, path, query and JSON body. */
export interface AdminCall {
  method: string
  path: string
  search: URLSearchParams
  body: unknown
  /** The request's headers, by their names as sent. */
  headers: Record<string, string>
}

/**
 * The admin API as a console section reads it, through a fetch stub: `answers` by path, or by
 * "METHOD path" for a write (`POST /api/admin/users/u-1/suspend`). The token and session answer.
 */
export function serveConsoleApi(answers: Record<string, (call: AdminCall) => Response>): AdminCall[] {
  const calls: AdminCall[] = []
  const standard: Record<string, (call: AdminCall) => Response> = {
    '/api/auth/token': () => json(200, { token: adminToken }),
    '/api/admin/session': () => json(200, { email: 'ops@example.com', name: 'Olivia Admin' }),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost')
      const method = init.method ?? 'GET'
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
      const headers =
        init.headers && !Array.isArray(init.headers) && !(init.headers instanceof Headers) ? init.headers : {}
      const call = { method, path: url.pathname, search: url.searchParams, body, headers }
      calls.push(call)
      const answer = answers[`${method} ${url.pathname}`] ?? answers[url.pathname] ?? standard[url.pathname]
      return Promise.resolve(
        answer ? answer(call) : json(404, { error: { code: 'NOT_FOUND', message: 'No such call' } }),
      )
    }),
  )
  return calls
}

/** The calls to one path, in order. */
export function callsTo(calls: AdminCall[], path: string, method = 'GET'): AdminCall[] {
  return calls.filter((call) => call.path === path && call.method === method)
}

/** An error group's fingerprint: 64 hexadecimal characters, as the server makes them. */
export const errorFingerprint = 'a3f1c2d4e5b6a7980f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a6978'

/** A frame of the production build, mapped back to `src/features/shop/shop-page.tsx`. */
export function aFrame(overrides: Partial<StackFrame> = {}): StackFrame {
  return {
    function: 'Xe',
    file: 'https://picks.example/assets/index-4f9a2c1b.js',
    line: 1,
    column: 48_213,
    source: { file: 'src/features/shop/shop-page.tsx', line: 42, column: 7, name: 'ShopPage' },
    ...overrides,
  }
}

/** An error group as `GET /api/admin/errors` lists it: a fault of the shop page, seen for two days. */
export function anErrorGroup(overrides: Partial<AdminErrorGroup> = {}): AdminErrorGroup {
  return {
    fingerprint: errorFingerprint,
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    topFrame: aFrame(),
    count: 37,
    users: 12,
    anonymous: 5,
    firstSeen: '2026-11-23T08:15:00.000Z',
    lastSeen: '2026-11-25T16:40:00.000Z',
    releases: ['1.0.0'],
    environments: ['production'],
    routes: ['/shop-picks', '/shop-picks/purchase/:creatorId'],
    browsers: ['Chrome 131', 'Safari 18'],
    ...overrides,
  }
}

/** One page of error groups (`GET /api/admin/errors`), all of them on it. */
export function anErrorGroupPage(items: AdminErrorGroup[]): AdminErrorGroupPage {
  return { items, total: items.length, page: 1, limit: 20, totalExact: true, hasMore: false, personal: false }
}

/** A report of a group (`occurrences` of `GET /api/admin/errors/{fingerprint}`). */
export function anOccurrence(overrides: Partial<AdminErrorOccurrence> = {}): AdminErrorOccurrence {
  return {
    id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    receivedAt: '2026-11-25T16:40:00.000Z',
    reportedAt: '2026-11-25T16:39:58.000Z',
    message: "TypeError: Cannot read properties of undefined (reading 'price')",
    route: '/shop-picks/purchase/:creatorId',
    url: 'https://picks.example/shop-picks/purchase/7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Version/18.1 Mobile/15E148 Safari/604.1',
    browser: 'Safari 18',
    release: '1.0.0',
    environment: 'production',
    signedIn: true,
    frames: [aFrame()],
    ...overrides,
  }
}

/**
 * A group's detail (`GET /api/admin/errors/{fingerprint}`): a stack of three frames, the top two
 * mapped to the source and the last in a script no source map covers, and two recent reports.
 */
export function anErrorGroupDetail(overrides: Partial<AdminErrorGroupDetail> = {}): AdminErrorGroupDetail {
  const stack = [
    aFrame(),
    aFrame({
      function: 'Ri',
      column: 9_120,
      source: { file: 'src/features/shop/plan-card.tsx', line: 18, column: 23, name: 'planPrice' },
    }),
    aFrame({
      function: null,
      file: 'https://picks.example/assets/vendor-react-1c2d3e4f.js',
      column: 512,
      source: null,
    }),
  ]
  return {
    group: anErrorGroup(),
    stack,
    occurrences: [
      anOccurrence({ frames: stack }),
      anOccurrence({
        id: '2c3d4e5f-6a7b-4c8d-9e0f-1a2b3c4d5e6f',
        receivedAt: '2026-11-24T09:05:00.000Z',
        reportedAt: '2026-11-24T09:05:01.000Z',
        route: '/shop-picks',
        url: 'https://picks.example/shop-picks',
        userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0.0.0 Safari/537.36',
        browser: 'Chrome 131',
        signedIn: false,
        frames: stack,
      }),
    ],
    ...overrides,
  }
}

type PerformanceRow = AdminPerformance['rows'][number]

/** A metric's figures on a route: the p75 and samples of each window, rated as the server rates them. */
export function aVitalRow(
  route: string,
  metric: PerformanceRow['metric'],
  last24h: [p75: number, samples: number] | null,
  last7d: [p75: number, samples: number],
): PerformanceRow {
  const summary = (figures: [number, number] | null) =>
    figures
      ? { p75: figures[0], samples: figures[1], rating: rateVital(metric, figures[0]) }
      : { p75: null, samples: 0, rating: null }
  return { route, metric, last24h: summary(last24h), last7d: summary(last7d) }
}

/**
 * `GET /api/admin/performance`: the shop measured in both windows (a slow LCP in the last day, good
 * over the week) and the purchase page only over the week.
 */
export function aPerformanceReport(rows?: PerformanceRow[]): AdminPerformance {
  return {
    generatedAt: '2026-11-25T17:00:00.000Z',
    rows: rows ?? [
      aVitalRow('/shop-picks', 'LCP', [2_840, 64], [1_812, 410]),
      aVitalRow('/shop-picks', 'INP', [180, 52], [176, 388]),
      aVitalRow('/shop-picks', 'CLS', [0.05, 64], [0.04, 410]),
      aVitalRow('/shop-picks', 'FCP', [1_200, 64], [1_100, 410]),
      aVitalRow('/shop-picks', 'TTFB', [420, 64], [390, 410]),
      aVitalRow('/shop-picks', 'route-change', [310, 40], [290, 233]),
      aVitalRow('/shop-picks/purchase/:creatorId', 'LCP', null, [4_600, 12]),
      aVitalRow('/shop-picks/purchase/:creatorId', 'INP', null, [520, 9]),
      aVitalRow('/shop-picks/purchase/:creatorId', 'CLS', null, [0.3, 12]),
    ],
  }
}
