import type { AdminCreatorRow, AdminCreatorsPage, AdminSubscriberRow, AdminSubscribersPage } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

const jordanId = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'

function aCreator(overrides: Partial<AdminCreatorRow> = {}): AdminCreatorRow {
  return {
    id: jordanId,
    username: 'sharpjordan',
    name: 'Jordan Lee',
    email: 'j•••@example.com',
    createdAt: '2026-10-01T09:00:00.000Z',
    salesCents: 125_000,
    feesCents: 12_500,
    activeSubscribers: 42,
    record: { picks: 30, wins: 17, losses: 11, pushes: 2, netUnits: 6.25, roiPct: 12.5 },
    lastPickAt: '2026-11-24T18:30:00.000Z',
    payoutAccount: 'active',
    ...overrides,
  }
}

function aPage<Row>(items: Row[], page = 1, total = items.length) {
  return { items, total, page, limit: 20, totalExact: true, hasMore: page * 20 < total, personal: false }
}

function aSubscriber(overrides: Partial<AdminSubscriberRow> = {}): AdminSubscriberRow {
  return {
    purchaseId: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d',
    buyer: { id: '2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e', name: 'Sam Rivera', email: 's•••@example.com', phone: null },
    plan: 'Monthly',
    kind: 'subscription',
    status: 'active',
    since: '2026-11-01T12:00:00.000Z',
    renewsAt: '2026-12-01T12:00:00.000Z',
    endsAt: null,
    totalPaidCents: 2_900,
    ...overrides,
  }
}

function subscribersPage(items: AdminSubscriberRow[], page = 1, total = items.length): AdminSubscribersPage {
  return { ...aPage(items, page, total), creator: { id: jordanId, username: 'sharpjordan', name: 'Jordan Lee' } }
}

function renderCreators(route = '/admin/dashboard/creators') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

const performance = (): AdminCreatorsPage => aPage([aCreator({ name: 'Top Tipster', username: 'toptip' })])

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Creators section', () => {
  it('lists creators with their figures, and sends the search, filter and sort as query parameters', async () => {
    const calls = serveConsoleApi({
      '/api/admin/creators': () => json(200, aPage([aCreator()])),
      '/api/admin/creators/performance': () => json(200, performance()),
    })
    const { user } = renderCreators()

    await screen.findByRole('heading', { level: 2, name: 'Creators' })
    expect(tableRows(await screen.findByRole('table', { name: 'Creators' }))).toEqual([
      {
        Creator: 'Jordan Lee@sharpjordanj•••@example.com',
        Sales: '$1,250',
        Fees: '$125',
        Subscribers: '42',
        Record: '17-11-2+6.25 units · ROI 12.5%',
        'Last pick': expect.stringMatching(/^Nov 24, 2026/),
        'Payout account': 'Active',
        Actions: 'Subscribers',
      },
    ])
    const first = callsTo(calls, '/api/admin/creators').at(-1)
    expect(first?.search.get('includePersonal')).toBe('false')
    expect(first?.search.get('page')).toBe('1')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Payout account' }), 'onboarding')
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/creators').at(-1)?.search.get('status')).toBe('onboarding'),
    )
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'roi')
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/creators').at(-1)?.search.get('sortBy')).toBe('roi'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc')
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/creators').at(-1)?.search.get('sortOrder')).toBe('asc'))
    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'jordan')
    await user.click(
      within(screen.getByRole('search', { name: 'Search creators' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/creators').at(-1)?.search.get('search')).toBe('jordan'))
    const last = callsTo(calls, '/api/admin/creators').at(-1)
    expect([last?.search.get('status'), last?.search.get('sortBy'), last?.search.get('sortOrder')]).toEqual([
      'onboarding',
      'roi',
      'asc',
    ])

    await user.click(screen.getByRole('switch', { name: 'Show personal data' }))
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/creators').at(-1)?.search.get('includePersonal')).toBe('true'),
    )
  })

  it('shows the top creators by net units', async () => {
    const calls = serveConsoleApi({
      '/api/admin/creators': () => json(200, aPage([aCreator()])),
      '/api/admin/creators/performance': () => json(200, performance()),
    })
    renderCreators()

    expect(tableRows(await screen.findByRole('table', { name: 'Top creators' }))).toEqual([
      { Creator: 'Top Tipster@toptip', 'Net units': '+6.25', ROI: '12.5%', 'W-L-P': '17-11-2', Subscribers: '42' },
    ])
    expect(callsTo(calls, '/api/admin/creators/performance')[0]?.search.get('limit')).toBe('20')
  })

  it("opens a creator's subscribers, with paging of their own", async () => {
    const calls = serveConsoleApi({
      '/api/admin/creators': () => json(200, aPage([aCreator()])),
      '/api/admin/creators/performance': () => json(200, performance()),
      [`/api/admin/creators/${jordanId}/subscribers`]: (call) =>
        call.search.get('page') === '2'
          ? json(200, subscribersPage([aSubscriber({ buyer: { ...aSubscriber().buyer, name: 'Ada Park' } })], 2, 21))
          : json(200, subscribersPage([aSubscriber()], 1, 21)),
    })
    const { user } = renderCreators()

    await user.click(await screen.findByRole('button', { name: 'Subscribers of Jordan Lee' }))
    const dialog = await screen.findByRole('dialog', { name: 'Subscribers of Jordan Lee' })
    const table = await within(dialog).findByRole('table', { name: 'Subscribers of @sharpjordan' })
    expect(tableRows(table)).toEqual([
      {
        Buyer: 'Sam Riveras•••@example.com',
        Plan: 'Monthly',
        Status: 'Active',
        Since: expect.stringMatching(/^Nov 1, 2026/),
        'Renews or ends': expect.stringMatching(/^RenewsDec 1, 2026/),
        Paid: '$29',
      },
    ])
    await user.click(within(dialog).getByRole('button', { name: 'Next' }))
    await within(dialog).findByRole('rowheader', { name: /Ada Park/ })
    const pages = callsTo(calls, `/api/admin/creators/${jordanId}/subscribers`).map((call) => call.search.get('page'))
    expect(pages).toEqual(['1', '2'])
    // The creators list keeps its own page.
    expect(callsTo(calls, '/api/admin/creators').every((call) => call.search.get('page') === '1')).toBe(true)
  })

  it('says when no creator matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/creators': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.sortBy: must be one of …' } })
          : json(200, aPage([])),
      '/api/admin/creators/performance': () => json(200, aPage([])),
    })
    const { user } = renderCreators('/admin/dashboard/creators?status=pending')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the creators')
    expect(alert.textContent).toContain('query.sortBy: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No creator matches these filters.')
    screen.getByText('No creator has a decided pick yet.')
  })
})
