import type { AuditEntry, AuditLogPage, DepositsAnswer, DepositStats } from '@picks/contracts'
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
    hasMore: true,
    personal: false,
  }
  const standard: Record<string, () => Response> = {
    '/api/auth/token': () => json(200, { token }),
    '/api/admin/session': () => json(200, { email: 'ops@example.com', name: 'Olivia Admin' }),
    '/api/admin/audit-log': () => json(200, log),
    '/api/deposits': () => json(200, deposits),
    '/api/deposits/stats': () => json(200, stats),
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
  it('opens at its first section and sends every admin call with the bearer access token', async () => {
    const calls = serveAdminApi()
    renderConsole()

    await screen.findByRole('heading', { level: 2, name: 'Deposits' })
    screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })
    const totals = await screen.findByText('Gross')
    expect(totals.nextElementSibling?.textContent).toBe('$49.98')
    const rows = tableRows(await screen.findByRole('table', { name: 'Deposits' }))
    expect(rows).toEqual([
      {
        When: expect.stringMatching(/^Nov 24, 2026/),
        Customer: 'Riley Morgan',
        Creator: '@jordan_reyes',
        Amount: '$29.99',
        Fee: '$3',
        Refunded: '—',
        Status: 'Paid',
      },
    ])
    const adminCalls = calls.filter((call) => call.path !== '/api/auth/token')
    expect(adminCalls.map((call) => call.path).sort()).toEqual([
      '/api/admin/session',
      '/api/deposits',
      '/api/deposits/stats',
    ])
    expect(adminCalls.every((call) => call.authorization === `Bearer ${token}`)).toBe(true)
    expect(calls.filter((call) => call.path === '/api/auth/token')).toHaveLength(1)
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
          : json(200, { items: [], total: 0, page: 1, limit: 20, hasMore: false, personal: false }),
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
