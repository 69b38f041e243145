import type {
  AdminDashboard,
  AuditEntry,
  AuditLogPage,
  DepositsAnswer,
  DepositStats,
  SystemStatus,
  WindowedFigure,
} from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { tableRows } from '../../test/table-rows.ts'
import { forgetAdminToken } from './admin-client.ts'
import { Component as AdminDashboardPage } from './admin-dashboard-page.tsx'

const token = 'header.eyJleHAiOjQxMDI0NDQ4MDB9.signature'

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function anEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: crypto.randomUUID(),
    at: '2026-11-24T15:30:00.000Z',
    actor: { id: crypto.randomUUID(), name: 'Olivia Admin', role: 'admin' },
    action: 'fixture_clock.advanced',
    target: { type: 'fixture_clock', id: null },
    before: { clock: '2026-11-24T15:00:00.000Z' },
    after: { clock: '2026-11-24T18:00:00.000Z', hours: 3 },
    reason: null,
    requestId: 'req-1',
    ...overrides,
  }
}

const stats: DepositStats = {
  count: 2,
  gross_cents: 4998,
  fees_cents: 500,
  refunded_cents: 1999,
  net_cents: 2499,
  currency: 'usd',
}
const deposits: DepositsAnswer = {
  deposits: [
    {
      id: crypto.randomUUID(),
      purchase_id: crypto.randomUUID(),
      user_id: crypto.randomUUID(),
      customer_name: 'Riley Morgan',
      creator_id: crypto.randomUUID(),
      creator_username: 'jordan_reyes',
      amount_cents: 2999,
      fee_cents: 300,
      refunded_cents: 0,
      currency: 'usd',
      status: 'succeeded',
      occurred_at: '2026-11-24T12:00:00.000Z',
    },
  ],
  total: 1,
  page: 1,
  limit: 20,
}

const windowed = (today: number, last7Days: number, last30Days: number, allTime: number): WindowedFigure => ({
  today,
  last7Days,
  last30Days,
  allTime,
})
const dashboard: AdminDashboard = {
  overview: {
    asOf: '2026-11-25T12:00:00.000Z',
    countedAt: '2026-11-25T11:59:30.000Z',
    timeZone: 'UTC',
    customers: { total: 1480, new: windowed(3, 41, 160, 1480) },
    creators: { total: 52, new: windowed(0, 2, 6, 52) },
    subscriptions: { active: 310, trialing: 14, pastDue: 5, mrrCents: 742_500 },
    sales: {
      count: windowed(12, 88, 402, 5120),
      grossCents: windowed(29_988, 219_912, 1_004_598, 12_300_000),
      platformFeesCents: windowed(2_999, 21_991, 100_460, 1_230_000),
      refundsCents: windowed(0, 1_999, 9_995, 150_000),
    },
    payouts: {
      pendingCount: 3,
      pendingCents: 120_000,
      paidCount: windowed(0, 4, 20, 200),
      paidCents: windowed(0, 90_000, 400_000, 9_000_000),
    },
    picks: { posted: windowed(9, 70, 300, 4100), graded: windowed(7, 66, 290, 4000) },
    deliveries: { sent: windowed(800, 5_600, 24_000, 310_000), failed: windowed(2, 9, 30, 420) },
  },
  revenueLast30Days: [
    {
      start: '2026-11-24',
      end: '2026-11-25',
      grossCents: 40_000,
      platformFeesCents: 4_000,
      refundsCents: 1_999,
      netCents: 38_001,
    },
    {
      start: '2026-11-25',
      end: '2026-11-26',
      grossCents: 29_988,
      platformFeesCents: 2_999,
      refundsCents: 0,
      netCents: 29_988,
    },
  ],
  attention: { failedDeliveries: 9, failedPayouts: 1, pastDueSubscriptions: 5 },
}
const systemStatus: SystemStatus = {
  checkedAt: '2026-11-25T12:00:00.000Z',
  app: { version: '0.1.0', node: 'v20.19.0', uptimeSeconds: 93_780, startedAt: '2026-11-24T09:57:00.000Z' },
  memory: {
    rss: 180 * 1024 * 1024,
    heapTotal: 96 * 1024 * 1024,
    heapUsed: 64 * 1024 * 1024,
    external: 0,
    arrayBuffers: 0,
  },
  database: {
    reachable: true,
    kind: 'postgres',
    migration: { latest: '0019_admin_lists', appliedAt: '2026-11-24T09:56:00.000Z', applied: 20 },
  },
  queues: [{ name: 'alerts.send', queued: 4, ready: 4, deferred: 0, active: 1, failed: 2 }],
  outboxes: { email: { queued: 0, sent: 12 }, sms: { rows: 3 } },
  providers: {
    payments: 'sandbox',
    email: 'outbox',
    sms: 'outbox',
    odds: { provider: 'fixtures', quotaRemaining: null },
  },
}

interface Call {
  path: string
  search: URLSearchParams
  authorization: string | undefined
}

/** The admin API as the console reads it; `answers` overrides a path's answer. */
function serveAdminApi(answers: Record<string, () => Response> = {}) {
  const calls: Call[] = []
  const log: AuditLogPage = {
    items: [
      anEntry(),
      anEntry({
        action: 'admin_password.set',
        target: { type: 'user', id: 'u-1' },
        before: { hadPassword: false },
        after: { hasPassword: true },
      }),
    ],
    total: 45,
    page: 1,
    limit: 20,
    totalExact: true,
    hasMore: true,
    personal: false,
  }
  const standard: Record<string, () => Response> = {
    '/api/auth/token': () => json(200, { token }),
    '/api/admin/session': () => json(200, { email: 'ops@example.com', name: 'Olivia Admin' }),
    '/api/admin/audit-log': () => json(200, log),
    '/api/deposits': () => json(200, deposits),
    '/api/deposits/stats': () => json(200, stats),
    '/api/admin/dashboard': () => json(200, dashboard),
    '/api/admin/system-status': () => json(200, systemStatus),
  }
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init: RequestInit) => {
      const url = new URL(input, 'http://localhost')
      const headers = init.headers as Record<string, string> | undefined
      calls.push({ path: url.pathname, search: url.searchParams, authorization: headers?.Authorization })
      const answer = answers[url.pathname] ?? standard[url.pathname]
      return Promise.resolve(answer ? answer() : json(404, { error: { code: 'NOT_FOUND', message: 'No such call' } }))
    }),
  )
  return calls
}

function renderConsole(route = '/admin/dashboard') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the admin console', () => {
  it('opens at the overview and sends every admin call with the bearer access token', async () => {
    const calls = serveAdminApi()
    const { user } = renderConsole()

    await screen.findByRole('heading', { level: 2, name: 'Overview' })
    screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })
    const figure = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
    expect(await screen.findByText('Needs attention')).toBeTruthy()
    expect(figure('MRR')).toBe('$7,425')
    expect(figure('Customers')).toBe('1,480')
    expect(figure('Active subscriptions')).toBe('31014 trialing, 5 past due')
    expect(figure('Gross sales')).toBe('$10,045.98402 charges')
    // Another period shows the same figures over it.
    await user.click(screen.getByRole('button', { name: 'Today' }))
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-pressed')).toBe('true')
    expect(figure('Gross sales')).toBe('$299.8812 charges')
    expect(figure('Deliveries sent')).toBe('8002 failed')
    expect(
      tableRows(screen.getByRole('table', { name: 'Revenue by day', hidden: true })).map((row) => row.Net),
    ).toEqual(['$380.01', '$299.88'])

    const adminCalls = calls.filter((call) => call.path !== '/api/auth/token')
    expect(adminCalls.map((call) => call.path).sort()).toEqual(['/api/admin/dashboard', '/api/admin/session'])
    expect(adminCalls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true)
    expect(calls.filter((call) => call.path === '/api/auth/token')).toHaveLength(1)
  })

  it('lists the deposits with their totals', async () => {
    serveAdminApi()
    renderConsole('/admin/dashboard/deposits')

    const totals = await screen.findByText('Gross')
    expect(totals.nextElementSibling?.textContent).toBe('$49.98')
    const rows = tableRows(await screen.findByRole('table', { name: 'Deposits' }))
    expect(rows).toEqual([
      {
        When: 'Nov 24, 202612:00 PM',
        Customer: 'Riley Morgan',
        Creator: '@jordan_reyes',
        Amount: '$29.99',
        Fee: '$3',
        Refunded: '—',
        Status: 'Paid',
      },
    ])
  })

  it('shows the system status: database, providers, server, outboxes and queues', async () => {
    serveAdminApi()
    renderConsole('/admin/dashboard/system-status')

    const fact = (label: string) => screen.getAllByText(label, { selector: 'dt' })[0]?.nextElementSibling?.textContent
    await screen.findByRole('heading', { level: 3, name: 'Database' })
    expect(fact('Kind')).toBe('PostgreSQL')
    expect(fact('Migration')).toBe('0019_admin_lists')
    expect(fact('Payments')).toBe('Sandbox (no real money)')
    expect(fact('Up for')).toBe('1 d 2 h 3 min')
    expect(fact('Memory (RSS)')).toBe('180 MB')
    expect(tableRows(screen.getByRole('table', { name: 'Job queues' }))).toEqual([
      { Queue: 'alerts.send', Queued: '4', Active: '1', Deferred: '0', Failed: '2' },
    ])
  })

  it('lists the audit log, filters it by action and pages through it on the server', async () => {
    const calls = serveAdminApi()
    const { user } = renderConsole('/admin/dashboard/audit-log')

    const rows = tableRows(await screen.findByRole('table', { name: 'Audit log' }))
    expect(rows.map((row) => [row.Who, row.Action, row.Change])).toEqual([
      ['Olivia Admin admin', 'Fixture clock moved', 'clock: Nov 24, 2026, 3:00 PM → Nov 24, 2026, 6:00 PM; hours: 3'],
      ['Olivia Admin admin', 'Admin password set', 'hadPassword was false; hasPassword: true'],
    ])
    screen.getByText('1–20 of 45')

    await user.click(screen.getByRole('button', { name: 'Next' }))
    await vi.waitFor(() => expect(calls.at(-1)?.search.get('page')).toBe('2'))

    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'user.suspended')
    await vi.waitFor(() => expect(calls.at(-1)?.search.get('action')).toBe('user.suspended'))
    // Another filter starts again at the first page.
    expect(calls.at(-1)?.search.get('page')).toBe('1')

    await user.type(screen.getByRole('searchbox', { name: 'Search the log' }), 'Olivia')
    await user.click(
      within(screen.getByRole('search', { name: 'Search the log' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(calls.at(-1)?.search.get('search')).toBe('Olivia'))
  })

  it('moves between sections by their own addresses, from the side menu', async () => {
    serveAdminApi()
    const { user } = renderConsole('/admin/dashboard/deposits')
    const menu = await screen.findByRole('navigation', { name: 'Admin sections' })
    expect(within(menu).getByRole('link', { name: 'Deposits' }).getAttribute('aria-current')).toBe('page')
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Overview',
      'Deposits',
      'Creators',
      'Customers',
      'Purchases',
      'Users',
      'Moderation',
      'Deliveries',
      'E-mail logs',
      'SMS logs',
      'Subscribers',
      'Audit log',
      'System status',
      'Errors',
      'Performance',
    ])
    await user.click(within(menu).getByRole('link', { name: 'Audit log' }))
    await screen.findByRole('heading', { level: 2, name: 'Audit log' })
    expect(within(menu).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe(
      '/admin/dashboard/audit-log',
    )
  })

  it('sends a session that has not entered the admin password to /admin/login', async () => {
    serveAdminApi({
      '/api/admin/session': () =>
        json(403, {
          error: { code: 'FORBIDDEN', message: 'Enter the admin password', reason: 'ADMIN_PASSWORD_REQUIRED' },
        }),
    })
    renderConsole('/admin/dashboard/audit-log')
    expect((await screen.findByTestId('location')).textContent).toBe('/admin/login')
  })

  it("shows a section's failed read with the server's words and a way to ask again", async () => {
    let failing = true
    serveAdminApi({
      '/api/admin/audit-log': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.action: must be one of …' } })
          : json(200, { items: [], total: 0, page: 1, limit: 20, totalExact: true, hasMore: false, personal: false }),
    })
    const { user } = renderConsole('/admin/dashboard/audit-log')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the audit log')
    expect(alert.textContent).toContain('query.action: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No admin or moderator action yet.')
  })
})
