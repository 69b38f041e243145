import { randomUUID } from 'node:crypto'
import { clientReportLimits, clientReportMessages, ErrorBody, ErrorReportBody, ReportsAccepted } from '@picks/contracts'
import { asc } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testOrigin } from '../../test/accounts.ts'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, type Person } from '../../test/people.ts'
import { clientErrorReports, clientPerformanceReports } from './reports.table.ts'

// Small limits, so the tests reach them: 5 reports of a kind per address, 3 per person, a minute.
const limits = { perAddress: 5, perUser: 3, windowMs: 60_000 }
let t: TestApp
const start = new Date('2026-12-01T12:00:00Z').getTime()
let clock = new Date(start)
let testNumber = 0
let pat: Person
let sam: Person

beforeAll(async () => {
  t = await buildTestApp({}, { now: () => clock, reportLimits: limits })
  pat = await person(t, 'pat.reports@test.example')
  sam = await person(t, 'sam.reports@test.example')
})
afterAll(async () => {
  await t.app.close()
})
beforeEach(async () => {
  await t.database.db.delete(clientErrorReports)
  await t.database.db.delete(clientPerformanceReports)
  // Each test starts its own minutes, so the per-minute limits count one test's reports only.
  testNumber += 1
  clock = new Date(start + testNumber * 5 * 60_000)
})

const stack = [
  "TypeError: Cannot read properties of undefined (reading 'odds')",
  '    at PickCard (http://localhost:3000/assets/pick-card-3f9a1c.js:12:345)',
  '    at renderWithHooks (http://localhost:3000/assets/vendor-77aa01.js:1:2000)',
].join('\n')

function errorReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    message: "Cannot read properties of undefined (reading 'odds')",
    stack,
    url: 'http://localhost:3000/shop-picks?sport=nba',
    lineNumber: 12,
    columnNumber: 345,
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
    timestamp: '2026-12-01T11:59:58.000Z',
    userId: null,
    route: '/shop-picks',
    additionalContext: {
      release: '1.0.0',
      environment: 'production',
      boundary: 'route',
      retries: 3,
      previousRoute: null,
    },
    ...overrides,
  }
}

function performanceReport(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    metric: 'LCP',
    value: 1834.5,
    timestamp: '2026-12-01T11:59:58.000Z',
    route: '/shop-picks',
    userId: null,
    additionalData: { rating: 'good', navigationType: 'navigate' },
    ...overrides,
  }
}

function post(
  url: '/api/errors' | '/api/errors/performance',
  payload: unknown,
  who: Person | null = null,
  remoteAddress = '203.0.113.10',
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: { origin: testOrigin, 'content-type': 'application/json', ...(who ? { cookie: who.cookie } : {}) },
    payload: JSON.stringify(payload),
  })
}

function accepted(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(202)
  return ReportsAccepted.parse(res.json()).accepted
}

function refusal(res: LightMyRequestResponse) {
  return ErrorBody.parse(res.json()).error
}

/** The fields a 400 names, after checking it is one. */
function fieldsOf(res: LightMyRequestResponse): string[] {
  expect(res.statusCode, res.body).toBe(400)
  const error = refusal(res)
  expect(error.code).toBe('VALIDATION_FAILED')
  return (error.details ?? []).map((d) => d.field)
}

const storedErrors = () => t.database.db.select().from(clientErrorReports).orderBy(asc(clientErrorReports.message))
const storedPerformance = () => t.database.db.select().from(clientPerformanceReports)

describe('POST /api/errors', () => {
  it("stores a visitor's report as nobody's, with the time it arrived and the release and environment of its context", async () => {
    expect(accepted(await post('/api/errors', errorReport()))).toBe(1)
    const [row, ...others] = await storedErrors()
    expect(others).toEqual([])
    expect(row).toMatchObject({
      message: "Cannot read properties of undefined (reading 'odds')",
      stack,
      url: 'http://localhost:3000/shop-picks?sport=nba',
      lineNumber: 12,
      columnNumber: 345,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0',
      route: '/shop-picks',
      userId: null,
      additionalContext: {
        release: '1.0.0',
        environment: 'production',
        boundary: 'route',
        retries: 3,
        previousRoute: null,
      },
      release: '1.0.0',
      environment: 'production',
    })
    expect(row?.receivedAt).toEqual(clock)
    expect(row?.reportedAt).toEqual(new Date('2026-12-01T11:59:58.000Z'))
    expect(row?.fingerprint).toMatch(/^[0-9a-f]{64}$/)
  })

  it('stores a report with only a message and a time, the rest null', async () => {
    const res = await post('/api/errors', { message: '  Script error.  ', timestamp: '2026-12-01T11:59:58+01:00' })
    expect(accepted(res)).toBe(1)
    const [row] = await storedErrors()
    expect(row).toMatchObject({
      message: 'Script error.',
      stack: null,
      url: null,
      lineNumber: null,
      userAgent: null,
      route: null,
      additionalContext: null,
      release: null,
      environment: null,
    })
    expect(row?.reportedAt).toEqual(new Date('2026-12-01T10:59:58.000Z'))
  })

  it('stores a batch whole and answers how many', async () => {
    const batch = ['first', 'second', 'third'].map((message) => errorReport({ message }))
    expect(accepted(await post('/api/errors', batch))).toBe(3)
    expect((await storedErrors()).map((r) => r.message)).toEqual(['first', 'second', 'third'])
  })

  it("stores a signed-in person's report as theirs, whatever userId the body names", async () => {
    expect(accepted(await post('/api/errors', errorReport({ message: 'as someone else', userId: sam.id }), pat))).toBe(
      1,
    )
    expect(
      accepted(await post('/api/errors', errorReport({ message: 'as a stranger', userId: randomUUID() }), pat)),
    ).toBe(1)
    expect(accepted(await post('/api/errors', errorReport({ message: 'as themselves', userId: pat.id }), pat))).toBe(1)
    expect(accepted(await post('/api/errors', errorReport({ message: 'with none' }), sam))).toBe(1)
    expect((await storedErrors()).map((r) => [r.message, r.userId])).toEqual([
      ['as a stranger', pat.id],
      ['as someone else', pat.id],
      ['as themselves', pat.id],
      ['with none', sam.id],
    ])
  })

  it("stores a visitor's report naming a person as nobody's", async () => {
    expect(accepted(await post('/api/errors', errorReport({ userId: pat.id })))).toBe(1)
    expect((await storedErrors()).map((r) => r.userId)).toEqual([null])
  })

  it('refuses each invalid field with a 400 naming it, and stores nothing', async () => {
    const invalid: [Record<string, unknown>, string][] = [
      [errorReport({ message: undefined }), 'body.message'],
      [errorReport({ message: '   ' }), 'body.message'],
      [errorReport({ message: 'x'.repeat(clientReportLimits.messageMaxLength + 1) }), 'body.message'],
      [errorReport({ stack: 'x'.repeat(clientReportLimits.stackMaxLength + 1) }), 'body.stack'],
      [errorReport({ url: `https://example.com/${'x'.repeat(2048)}` }), 'body.url'],
      [errorReport({ timestamp: 'yesterday' }), 'body.timestamp'],
      [errorReport({ timestamp: undefined }), 'body.timestamp'],
      [errorReport({ userId: 'pat' }), 'body.userId'],
      [errorReport({ lineNumber: -1 }), 'body.lineNumber'],
      [errorReport({ columnNumber: 1.5 }), 'body.columnNumber'],
      [errorReport({ userAgent: 'x'.repeat(513) }), 'body.userAgent'],
      [errorReport({ route: 'x'.repeat(513) }), 'body.route'],
      [
        errorReport({ additionalContext: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`key${i}`, i])) }),
        'body.additionalContext',
      ],
      [errorReport({ additionalContext: { ['k'.repeat(65)]: 1 } }), 'body.additionalContext'],
      [errorReport({ additionalContext: { nested: { deeper: 1 } } }), 'body.additionalContext.nested'],
      [errorReport({ additionalContext: { list: [1, 2] } }), 'body.additionalContext.list'],
      [errorReport({ additionalContext: { long: 'x'.repeat(501) } }), 'body.additionalContext.long'],
      [errorReport({ additionalContext: ['not', 'an', 'object'] }), 'body.additionalContext'],
      // The body is the spec's report exactly: release and environment travel in the context.
      [errorReport({ release: '1.0.0' }), 'body'],
    ]
    for (const [body, field] of invalid) {
      expect(fieldsOf(await post('/api/errors', body)), JSON.stringify(body).slice(0, 120)).toEqual([field])
    }
    expect(await storedErrors()).toEqual([])
  })

  it('says what a nested context value may be', async () => {
    const res = await post('/api/errors', errorReport({ additionalContext: { nested: { deeper: 1 } } }))
    expect(refusal(res).details).toEqual([
      { field: 'body.additionalContext.nested', message: clientReportMessages.contextValue },
    ])
  })

  it('refuses a batch of more than 20, an empty one, and one with a bad report, naming where', async () => {
    const batch = (n: number) => Array.from({ length: n }, (_, i) => errorReport({ message: `report ${i}` }))
    expect(fieldsOf(await post('/api/errors', batch(21)))).toEqual(['body'])
    expect(refusal(await post('/api/errors', batch(21))).details?.[0]?.message).toBe(clientReportMessages.batch)
    expect(fieldsOf(await post('/api/errors', []))).toEqual(['body'])
    expect(fieldsOf(await post('/api/errors', [errorReport(), errorReport({ message: '' })]))).toEqual([
      'body.1.message',
    ])
    expect(fieldsOf(await post('/api/errors', [errorReport(), errorReport({ timestamp: undefined })]))).toEqual([
      'body.1.timestamp',
    ])
    expect(await storedErrors()).toEqual([])
    // Twenty is a batch (here, more than this test app's limit lets through).
    expect(ErrorReportBody.safeParse(batch(20)).success).toBe(true)
  })

  it('refuses a body over 64 KiB with a 413 before reading it', async () => {
    const res = await post('/api/errors', errorReport({ stack: 'x'.repeat(clientReportLimits.maxBodyBytes) }))
    expect(res.statusCode).toBe(413)
    expect(refusal(res).code).toBe('PAYLOAD_TOO_LARGE')
    expect(await storedErrors()).toEqual([])
  })

  it('refuses a report from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      headers: { origin: 'https://evil.example' },
      payload: errorReport(),
    })
    expect(res.statusCode).toBe(403)
    expect(await storedErrors()).toEqual([])
  })
})

describe('the reports limits', () => {
  it('refuses a person past their limit with a 429 and Retry-After, counting a batch as its length', async () => {
    expect(accepted(await post('/api/errors', [errorReport(), errorReport()], pat))).toBe(2)
    expect(accepted(await post('/api/errors', errorReport(), pat))).toBe(1)
    const refused = await post('/api/errors', errorReport(), pat)
    expect(refused.statusCode).toBe(429)
    expect(refusal(refused)).toMatchObject({ code: 'RATE_LIMITED', message: clientReportMessages.tooMany })
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(await storedErrors()).toHaveLength(3)
    // Someone else at the same address is not held back by Pat's count.
    expect(accepted(await post('/api/errors', errorReport(), sam))).toBe(1)
    // A minute later Pat may report again.
    clock = new Date(clock.getTime() + 60_001)
    expect(accepted(await post('/api/errors', errorReport(), pat))).toBe(1)
  })

  it('refuses an address past its limit, and a batch that would take it past', async () => {
    expect(accepted(await post('/api/errors', [errorReport(), errorReport(), errorReport()]))).toBe(3)
    expect((await post('/api/errors', [errorReport(), errorReport(), errorReport()])).statusCode).toBe(429)
    expect(accepted(await post('/api/errors', [errorReport(), errorReport()]))).toBe(2)
    expect((await post('/api/errors', errorReport())).statusCode).toBe(429)
    // Another address has its own count.
    expect(accepted(await post('/api/errors', errorReport(), null, '203.0.113.99'))).toBe(1)
    expect(await storedErrors()).toHaveLength(6)
  })

  it("gives a person's count back when their address refuses", async () => {
    const crowded = '198.51.100.20'
    expect(accepted(await post('/api/errors', Array(5).fill(errorReport()), null, crowded))).toBe(5)
    expect((await post('/api/errors', errorReport(), pat, crowded)).statusCode).toBe(429)
    // Pat's refused report did not count: all three of Pat's reports fit from elsewhere.
    expect(accepted(await post('/api/errors', Array(3).fill(errorReport()), pat, '198.51.100.21'))).toBe(3)
  })

  it('counts errors and performance reports apart', async () => {
    expect(accepted(await post('/api/errors', Array(5).fill(errorReport())))).toBe(5)
    expect((await post('/api/errors', errorReport())).statusCode).toBe(429)
    expect(accepted(await post('/api/errors/performance', performanceReport()))).toBe(1)
  })

  it('does not count refused reports', async () => {
    for (let i = 0; i < 6; i++) expect((await post('/api/errors', errorReport({ message: '' }))).statusCode).toBe(400)
    expect(accepted(await post('/api/errors', Array(5).fill(errorReport())))).toBe(5)
  })
})

describe('the fingerprint', () => {
  it('is the same for reports differing only in the numbers and ids of their message', async () => {
    const batch = [
      errorReport({ message: 'Pick 123 not found after 10012 ms' }),
      errorReport({ message: 'Pick 98765 not found after 3 ms' }),
      errorReport({ message: `Pick ${randomUUID()} not found after 7.5 ms` }),
    ]
    expect(accepted(await post('/api/errors', batch))).toBe(3)
    const prints = new Set((await storedErrors()).map((r) => r.fingerprint))
    expect(prints.size).toBe(1)
  })

  it('differs for another top frame, or another message', async () => {
    const elsewhere = stack.replace('pick-card-3f9a1c.js:12:345', 'pick-card-3f9a1c.js:40:7')
    const batch = [
      errorReport({ message: 'Pick 1 not found' }),
      errorReport({ message: 'Pick 2 not found', stack: elsewhere }),
      errorReport({ message: 'Plan 3 not found' }),
      errorReport({ message: 'Pick 4 not found' }),
    ]
    expect(accepted(await post('/api/errors', batch))).toBe(4)
    const print = Object.fromEntries((await storedErrors()).map((r) => [r.message, r.fingerprint]))
    expect(print['Pick 1 not found']).toBe(print['Pick 4 not found'])
    expect(print['Pick 2 not found']).not.toBe(print['Pick 1 not found'])
    expect(print['Plan 3 not found']).not.toBe(print['Pick 1 not found'])
  })
})

describe('POST /api/errors/performance', () => {
  it('stores a Web Vital and a batch, as the session person or nobody', async () => {
    expect(accepted(await post('/api/errors/performance', performanceReport({ userId: sam.id }), pat))).toBe(1)
    const batch = [
      performanceReport({ metric: 'CLS', value: 0.05 }),
      performanceReport({ metric: 'route-change', value: 120, route: '/dashboard', userId: pat.id }),
    ]
    expect(accepted(await post('/api/errors/performance', batch))).toBe(2)
    const rows = (await storedPerformance()).map((r) => ({
      metric: r.metric,
      value: r.value,
      route: r.route,
      userId: r.userId,
      receivedAt: r.receivedAt,
    }))
    expect(rows).toEqual(
      expect.arrayContaining([
        { metric: 'LCP', value: 1834.5, route: '/shop-picks', userId: pat.id, receivedAt: clock },
        { metric: 'CLS', value: 0.05, route: '/shop-picks', userId: null, receivedAt: clock },
        { metric: 'route-change', value: 120, route: '/dashboard', userId: null, receivedAt: clock },
      ]),
    )
    expect(rows).toHaveLength(3)
  })

  it('refuses an unknown metric, a negative value, a missing route and a bad batch, naming the field', async () => {
    const invalid: [unknown, string][] = [
      [performanceReport({ metric: 'FID' }), 'body.metric'],
      [performanceReport({ value: -1 }), 'body.value'],
      [performanceReport({ value: '12' }), 'body.value'],
      [performanceReport({ route: undefined }), 'body.route'],
      [performanceReport({ route: ' ' }), 'body.route'],
      [performanceReport({ timestamp: '2026-13-01T00:00:00Z' }), 'body.timestamp'],
      [performanceReport({ additionalData: { a: { b: 1 } } }), 'body.additionalData.a'],
      [[performanceReport(), performanceReport({ metric: 'lcp' })], 'body.1.metric'],
      [Array(21).fill(performanceReport()), 'body'],
    ]
    for (const [body, field] of invalid) {
      expect(fieldsOf(await post('/api/errors/performance', body)), JSON.stringify(body).slice(0, 120)).toEqual([field])
    }
    expect(await storedPerformance()).toEqual([])
  })
})

describe('the OpenAPI document', () => {
  it('documents both calls as public, answering 202, 400, 413 and 429', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, Record<string, { security?: unknown[]; responses?: object }>>
    }
    for (const path of ['/errors', '/errors/performance']) {
      const operation = doc.paths[path]?.post
      expect(operation?.security, path).toEqual([])
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['202', '400', '413', '429', '500']),
      )
    }
  })
})
