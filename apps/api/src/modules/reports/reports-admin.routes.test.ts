import { rmSync } from 'node:fs'
import {
  AdminErrorGroupDetail,
  AdminErrorGroupPage,
  AdminPerformance,
  ErrorBody,
  type AdminErrorGroup,
} from '@picks/contracts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts'
import { person, request, type Person } from '../../test/people.ts'
import { expectVerifiedAdminOnly, fieldsOf, getJson } from '../console/lists-test-support.ts'
import { buildPickOddsBundle, callLine, throwLine, type BuiltBundle } from './reports-test-support.ts'
import { clientErrorReports, clientPerformanceReports } from './reports.table.ts'

const hourMs = 60 * 60 * 1000
const start = new Date('2026-12-01T12:00:00Z')
let clock = start
const hoursAgo = (hours: number) => new Date(start.getTime() - hours * hourMs)

let t: TestApp
let built: BuiltBundle
let boss: Person
let pat: Person
let sam: Person

beforeAll(async () => {
  built = await buildPickOddsBundle()
  t = await buildTestApp(
    { sourceMapsDir: built.mapsDir },
    { now: () => clock, reportLimits: { perAddress: 1_000, perUser: 1_000 } },
  )
  boss = await person(t, 'boss.errors@example.com', 'admin')
  pat = await person(t, 'pat.errors@example.com')
  sam = await person(t, 'sam.errors@example.com')
}, 60_000)
afterAll(async () => {
  await t.app.close()
  rmSync(built.root, { recursive: true, force: true })
})
beforeEach(async () => {
  await t.database.db.delete(clientErrorReports)
  await t.database.db.delete(clientPerformanceReports)
  clock = start
})

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'
const safari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15'

const lazyStack = [
  'TypeError: Failed to fetch dynamically imported module: https://picks.example/assets/alerts-page-Q1.js',
  '    at https://picks.example/assets/lazy-9f.js:1:50',
].join('\n')

/** Sends one error report at `at`, as `who` (a visitor when null). */
async function report(at: Date, who: Person | null, fields: Record<string, unknown>): Promise<void> {
  clock = at
  const res = await request(t, 'POST', '/errors', who, {
    message: 'The pick has no odds',
    stack: built.stack,
    url: 'https://picks.example/shop-picks?sport=nba&q=secret',
    userAgent: chrome,
    timestamp: at.toISOString(),
    route: '/shop-picks',
    additionalContext: { release: '1.0.0', environment: 'production' },
    ...fields,
  })
  expect(res.statusCode, res.body).toBe(202)
  clock = start
}

/**
 * Two faults: "no odds" thrown in the real bundle four times (Pat twice in Chrome, Sam in Firefox,
 * a visitor in Safari in development), and a failed chunk load once, by a visitor, 5 hours ago.
 */
async function seedTwoFaults(): Promise<void> {
  await report(hoursAgo(5), null, {
    message: 'Failed to fetch dynamically imported module: https://picks.example/assets/alerts-page-Q1.js',
    stack: lazyStack,
    userAgent: null,
    route: '/alerts',
    url: 'https://picks.example/alerts',
  })
  await report(hoursAgo(3), pat, {})
  await report(hoursAgo(2), sam, { userAgent: firefox })
  await report(hoursAgo(1), pat, { route: '/creator/payments', url: 'https://picks.example/creator/payments#top' })
  await report(hoursAgo(0.5), null, {
    userAgent: safari,
    additionalContext: { release: '1.0.1', environment: 'development' },
  })
}

async function groups(query = ''): Promise<AdminErrorGroupPage> {
  return AdminErrorGroupPage.parse(await getJson(t, `/admin/errors${query}`, boss))
}
const messagesOf = (page: AdminErrorGroupPage) => page.items.map((group) => group.message)
const noOdds = 'The pick has no odds'
const lazyMessage = 'Failed to fetch dynamically imported module: https://picks.example/assets/alerts-page-Q1.js'

describe('GET /admin/errors', () => {
  it('groups reports by fingerprint with their counts, people, times, releases, routes and browsers, latest first', async () => {
    await seedTwoFaults()
    const page = await groups()
    expect(page).toMatchObject({ total: 2, totalExact: true, page: 1, limit: 20, hasMore: false, personal: false })
    const [odds, lazy] = page.items
    expect(odds).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: noOdds,
      topFrame: {
        function: 't',
        file: `https://picks.example/assets/${built.bundle}`,
        line: 1,
        column: expect.any(Number),
        source: { file: 'src/pick-odds.ts', line: throwLine, column: 15, name: null },
      },
      count: 4,
      users: 2,
      anonymous: 1,
      firstSeen: hoursAgo(3).toISOString(),
      lastSeen: hoursAgo(0.5).toISOString(),
      releases: ['1.0.0', '1.0.1'],
      environments: ['production', 'development'],
      routes: ['/shop-picks', '/creator/payments'],
      browsers: ['Chrome 131', 'Firefox 133', 'Safari 18'],
    } satisfies AdminErrorGroup)
    expect(lazy).toEqual({
      fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      message: lazyMessage,
      // Our bundle's name, but no map of it: the frame as reported.
      topFrame: { function: null, file: 'https://picks.example/assets/lazy-9f.js', line: 1, column: 50, source: null },
      count: 1,
      users: 0,
      anonymous: 1,
      firstSeen: hoursAgo(5).toISOString(),
      lastSeen: hoursAgo(5).toISOString(),
      releases: ['1.0.0'],
      environments: ['production'],
      routes: ['/alerts'],
      browsers: ['Other'],
    } satisfies AdminErrorGroup)
    expect(odds?.fingerprint).not.toBe(lazy?.fingerprint)
  })

  it('sorts by count, people and first seen, either way, and pages', async () => {
    await seedTwoFaults()
    expect(messagesOf(await groups('?sortBy=count&sortOrder=asc'))).toEqual([lazyMessage, noOdds])
    expect(messagesOf(await groups('?sortBy=users'))).toEqual([noOdds, lazyMessage])
    expect(messagesOf(await groups('?sortBy=firstSeen&sortOrder=asc'))).toEqual([lazyMessage, noOdds])
    expect(messagesOf(await groups('?sortBy=lastSeen&sortOrder=asc'))).toEqual([lazyMessage, noOdds])
    const first = await groups('?limit=1')
    expect([messagesOf(first), first.total, first.hasMore]).toEqual([[noOdds], 2, true])
    const second = await groups('?limit=1&page=2')
    expect([messagesOf(second), second.total, second.hasMore]).toEqual([[lazyMessage], 2, false])
  })

  it('finds groups by text in the message (any case), a route or an environment, counting the matching reports', async () => {
    await seedTwoFaults()
    const searched = await groups('?search=NO%20ODDS')
    expect([messagesOf(searched), searched.total]).toEqual([[noOdds], 1])
    // `%` and `_` are text, not wildcards.
    expect((await groups('?search=%25')).items).toEqual([])
    expect(messagesOf(await groups('?route=%2Falerts'))).toEqual([lazyMessage])
    const payments = await groups('?route=%2Fcreator%2Fpayments')
    expect(payments.items.map((g) => [g.message, g.count, g.users, g.routes])).toEqual([
      [noOdds, 1, 1, ['/creator/payments']],
    ])
    const development = await groups('?environment=development')
    expect(development.items.map((g) => [g.message, g.count, g.anonymous, g.browsers, g.releases])).toEqual([
      [noOdds, 1, 1, ['Safari 18'], ['1.0.1']],
    ])
    expect((await groups('?environment=staging')).total).toBe(0)
  })

  it('answers a bad sort, order, limit or filter with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['?sortBy=message', 'query.sortBy'],
      ['?sortOrder=down', 'query.sortOrder'],
      ['?limit=0', 'query.limit'],
      ['?page=zero', 'query.page'],
      [`?environment=${'x'.repeat(33)}`, 'query.environment'],
      [`?route=${'x'.repeat(513)}`, 'query.route'],
    ] as const) {
      expect(fieldsOf(await request(t, 'GET', `/admin/errors${query}`, boss)), query).toEqual([field])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/errors')
  })
})

describe('GET /admin/errors/{fingerprint}', () => {
  async function fingerprintOf(message: string): Promise<string> {
    const group = (await groups()).items.find((g) => g.message === message)
    if (!group) throw new Error(`no group for ${message}`)
    return group.fingerprint
  }

  it('shows the group, its latest stack mapped to the source, and its reports latest first', async () => {
    await seedTwoFaults()
    const fingerprint = await fingerprintOf(noOdds)
    const detail = AdminErrorGroupDetail.parse(await getJson(t, `/admin/errors/${fingerprint}`, boss))
    expect(detail.group).toMatchObject({ fingerprint, count: 4, users: 2, anonymous: 1 })
    expect(detail.stack.map((frame) => frame.source && [frame.source.file, frame.source.line])).toEqual([
      ['src/pick-odds.ts', throwLine],
      ['src/pick-odds.ts', callLine],
      null,
    ])
    expect(
      detail.occurrences.map((o) => [o.receivedAt, o.route, o.url, o.browser, o.environment, o.release, o.signedIn]),
    ).toEqual([
      [
        hoursAgo(0.5).toISOString(),
        '/shop-picks',
        'https://picks.example/shop-picks',
        'Safari 18',
        'development',
        '1.0.1',
        false,
      ],
      [
        hoursAgo(1).toISOString(),
        '/creator/payments',
        'https://picks.example/creator/payments',
        'Chrome 131',
        'production',
        '1.0.0',
        true,
      ],
      [
        hoursAgo(2).toISOString(),
        '/shop-picks',
        'https://picks.example/shop-picks',
        'Firefox 133',
        'production',
        '1.0.0',
        true,
      ],
      [
        hoursAgo(3).toISOString(),
        '/shop-picks',
        'https://picks.example/shop-picks',
        'Chrome 131',
        'production',
        '1.0.0',
        true,
      ],
    ])
    const [latest] = detail.occurrences
    expect(latest).toMatchObject({ message: noOdds, userAgent: safari, reportedAt: hoursAgo(0.5).toISOString() })
    expect(latest?.frames).toEqual(detail.stack)
    // Who sent it is not shown.
    expect(JSON.stringify(detail)).not.toContain(pat.id)
  })

  it('shows the 20 latest reports of a larger group, and counts them all', async () => {
    // 20 at once two hours ago, then one an hour ago and one now: one fault, its numbers aside.
    const batches: [Date, number[]][] = [
      [hoursAgo(2), Array.from({ length: 20 }, (_, i) => 1000 + i)],
      [hoursAgo(1), [5000]],
      [start, [9999]],
    ]
    for (const [at, delays] of batches) {
      clock = at
      const batch = delays.map((ms) => ({ message: `Timeout after ${ms} ms`, timestamp: at.toISOString() }))
      expect((await request(t, 'POST', '/errors', null, batch)).statusCode).toBe(202)
    }
    clock = start
    const [group, ...others] = (await groups()).items
    expect(others).toEqual([])
    expect(group).toMatchObject({ message: 'Timeout after 9999 ms', count: 22, anonymous: 22, topFrame: null })
    const detail = AdminErrorGroupDetail.parse(await getJson(t, `/admin/errors/${group?.fingerprint}`, boss))
    expect(detail.occurrences.map((o) => o.receivedAt)).toEqual([
      start.toISOString(),
      hoursAgo(1).toISOString(),
      ...Array.from({ length: 18 }, () => hoursAgo(2).toISOString()),
    ])
    expect(detail.occurrences.slice(0, 2).map((o) => o.message)).toEqual([
      'Timeout after 9999 ms',
      'Timeout after 5000 ms',
    ])
    expect(detail.stack).toEqual([])
  })

  it('answers 404 with a clear message for a fingerprint no report has', async () => {
    await seedTwoFaults()
    const res = await request(t, 'GET', `/admin/errors/${'a'.repeat(64)}`, boss)
    expect(res.statusCode, res.body).toBe(404)
    expect(ErrorBody.parse(res.json()).error.message).toBe(
      'No error report has this fingerprint: it may never have been reported, or its reports were deleted after the retention period',
    )
  })

  it('answers 400 naming the fingerprint when it is not 64 hexadecimal characters', async () => {
    for (const fingerprint of ['abc', 'A'.repeat(64), `${'a'.repeat(63)}g`, 'a'.repeat(65)]) {
      expect(fieldsOf(await request(t, 'GET', `/admin/errors/${fingerprint}`, boss)), fingerprint).toEqual([
        'params.fingerprint',
      ])
    }
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, `/admin/errors/${'a'.repeat(64)}`)
  })
})

describe('GET /admin/performance', () => {
  async function sample(route: string, metric: string, value: number, at: Date): Promise<void> {
    await t.database.db.insert(clientPerformanceReports).values({
      receivedAt: at,
      reportedAt: at,
      route,
      metric: metric as 'LCP',
      value,
    })
  }

  it('gives per route and metric the p75, samples and rating over the last 24 hours and 7 days', async () => {
    for (const value of [1000, 2000, 3000, 4000]) await sample('/shop-picks', 'LCP', value, hoursAgo(1))
    // Within 7 days only: 25 hours and 3 days ago.
    await sample('/shop-picks', 'LCP', 6000, hoursAgo(25))
    await sample('/shop-picks', 'LCP', 5000, hoursAgo(72))
    // Over 7 days: in neither.
    await sample('/shop-picks', 'LCP', 100_000, hoursAgo(7 * 24 + 1))
    await sample('/shop-picks', 'CLS', 0.05, hoursAgo(48))
    await sample('/alerts', 'route-change', 120, hoursAgo(2))
    await sample('/alerts', 'route-change', 240, hoursAgo(2))
    await sample('/alerts', 'INP', 150, hoursAgo(23))
    // Only in the older window, and nothing at all in the last 7 days.
    await sample('/gone', 'TTFB', 900, hoursAgo(8 * 24))

    const res = AdminPerformance.parse(await getJson(t, '/admin/performance', boss))
    expect(res.generatedAt).toBe(start.toISOString())
    expect(res.rows).toEqual([
      {
        route: '/alerts',
        metric: 'INP',
        last24h: { p75: 150, samples: 1, rating: 'good' },
        last7d: { p75: 150, samples: 1, rating: 'good' },
      },
      {
        route: '/alerts',
        metric: 'route-change',
        // 120 + 0.75 × (240 − 120); route changes have no thresholds.
        last24h: { p75: 210, samples: 2, rating: null },
        last7d: { p75: 210, samples: 2, rating: null },
      },
      {
        route: '/shop-picks',
        metric: 'LCP',
        // 1000…4000: the 75th percentile sits a quarter of the way from 3000 to 4000.
        last24h: { p75: 3250, samples: 4, rating: 'needs-improvement' },
        // 1000…6000: three quarters of the way from 4000 to 5000, over LCP's 4000 ms "poor" line.
        last7d: { p75: 4750, samples: 6, rating: 'poor' },
      },
      {
        route: '/shop-picks',
        metric: 'CLS',
        last24h: { p75: null, samples: 0, rating: null },
        last7d: { p75: 0.05, samples: 1, rating: 'good' },
      },
    ])
  })

  it('has no rows without samples', async () => {
    expect(AdminPerformance.parse(await getJson(t, '/admin/performance', boss))).toEqual({
      generatedAt: start.toISOString(),
      rows: [],
    })
  })

  it('is for verified administrators only', async () => {
    await expectVerifiedAdminOnly(t, '/admin/performance')
  })
})
