import type { AdminCustomerRow, AdminCustomersPage } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

function aCustomer(overrides: Partial<AdminCustomerRow> = {}): AdminCustomerRow {
  return {
    id: '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f',
    name: 'Sam Rivera',
    email: 's•••@example.com',
    phone: null,
    createdAt: '2026-09-15T10:00:00.000Z',
    totalSpentCents: 8_750,
    activeSubscriptions: 2,
    lastPurchaseAt: '2026-11-22T16:45:00.000Z',
    ...overrides,
  }
}

function aPage(items: AdminCustomerRow[], page = 1, total = items.length, personal = false): AdminCustomersPage {
  return { items, total, page, limit: 20, totalExact: true, hasMore: page * 20 < total, personal }
}

function renderCustomers(route = '/admin/dashboard/customers') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Customers section', () => {
  it('lists the biggest spenders first, and sends the search, filter and sort as query parameters', async () => {
    const calls = serveConsoleApi({
      '/api/admin/customers': () =>
        json(
          200,
          aPage([
            aCustomer(),
            aCustomer({
              id: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
              name: 'Ada Park',
              totalSpentCents: 0,
              activeSubscriptions: 0,
              lastPurchaseAt: null,
            }),
          ]),
        ),
    })
    const { user } = renderCustomers()

    await screen.findByRole('heading', { level: 2, name: 'Customers' })
    expect(tableRows(await screen.findByRole('table', { name: 'Customers' }))).toEqual([
      {
        Customer: 'Sam Riveras•••@example.com',
        'Total spent': '$87.50',
        'Active subscriptions': '2',
        'Last purchase': expect.stringMatching(/^Nov 22, 2026/),
        Joined: expect.stringMatching(/^Sep 15, 2026/),
      },
      {
        Customer: 'Ada Parks•••@example.com',
        'Total spent': '$0',
        'Active subscriptions': '0',
        'Last purchase': 'Never',
        Joined: expect.stringMatching(/^Sep 15, 2026/),
      },
    ])
    // The server's default order (total spent, highest first) is what the selects show.
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('total_spent')
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Order' }).value).toBe('desc')
    expect(callsTo(calls, '/api/admin/customers').at(-1)?.search.get('includePersonal')).toBe('false')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Subscriptions' }), 'not_subscribed')
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/customers').at(-1)?.search.get('status')).toBe('not_subscribed'),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'last_purchase')
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/customers').at(-1)?.search.get('sortBy')).toBe('last_purchase'),
    )
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'sam')
    await user.click(
      within(screen.getByRole('search', { name: 'Search customers' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/customers').at(-1)?.search.get('search')).toBe('sam'))
    const last = callsTo(calls, '/api/admin/customers').at(-1)
    expect([last?.search.get('status'), last?.search.get('sortBy')]).toEqual(['not_subscribed', 'last_purchase'])
  })

  it('reads full e-mails only when asked, and pages through the list', async () => {
    const calls = serveConsoleApi({
      '/api/admin/customers': (call) =>
        call.search.get('includePersonal') === 'true'
          ? json(200, aPage([aCustomer({ email: 'sam@example.com' })], Number(call.search.get('page')), 45, true))
          : json(200, aPage([aCustomer()], Number(call.search.get('page')), 45)),
    })
    const { user } = renderCustomers()

    await screen.findByRole('rowheader', { name: /s•••@example\.com/ })
    await user.click(screen.getByRole('switch', { name: 'Show personal data' }))
    await screen.findByRole('rowheader', { name: /sam@example\.com/ })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('21–40 of 45')
    const last = callsTo(calls, '/api/admin/customers').at(-1)
    expect([last?.search.get('page'), last?.search.get('includePersonal')]).toEqual(['2', 'true'])
  })

  it('writes an estimated total as "about" and offers Next while the server says there is more', async () => {
    serveConsoleApi({
      '/api/admin/customers': (call) =>
        json(200, {
          ...aPage([aCustomer()], Number(call.search.get('page'))),
          total: 104_200,
          totalExact: false,
          // The estimate says thousands of pages; the server read no row past page 2.
          hasMore: call.search.get('page') !== '2',
        }),
    })
    const { user } = renderCustomers()

    await screen.findByText('1–20 of about 104,200')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('21–40 of about 104,200')
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(true)
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous' }).disabled).toBe(false)
  })

  it('says when no customer matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/customers': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.status: must be one of …' } })
          : json(200, aPage([])),
    })
    const { user } = renderCustomers('/admin/dashboard/customers?status=subscribed')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the customers')
    expect(alert.textContent).toContain('query.status: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No customer matches these filters.')
  })
})
