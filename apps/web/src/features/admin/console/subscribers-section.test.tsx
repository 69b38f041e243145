import type { AdminChannelSubscriberRow, AdminChannelSubscribersPage } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

function aRow(overrides: Partial<AdminChannelSubscriberRow> = {}): AdminChannelSubscriberRow {
  return {
    person: {
      id: '5b0f8a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
      name: 'Riley Morgan',
      email: 'r***@example.com',
      phone: '+1•••••4567',
    },
    creator: { id: '11111111-2222-4333-8444-555555555555', username: 'sharpjoe', name: 'Sharp Joe' },
    access: 'subscriber',
    since: '2026-11-20T09:00:00.000Z',
    status: 'receiving',
    ...overrides,
  }
}

function aPage(items: AdminChannelSubscriberRow[], personal = false): AdminChannelSubscribersPage {
  return { items, total: items.length, page: 1, limit: 20, totalExact: true, hasMore: false, personal }
}

function renderSubscribers(route = '/admin/dashboard/subscribers') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Subscribers section', () => {
  it('lists e-mail subscribers and sends the search, the creator and the status as query parameters', async () => {
    const calls = serveConsoleApi({ '/api/admin/email-subscribers': () => json(200, aPage([aRow()])) })
    const { user } = renderSubscribers()

    await screen.findByRole('heading', { level: 2, name: 'Subscribers' })
    expect(tableRows(await screen.findByRole('table', { name: 'E-mail subscribers' }))).toEqual([
      {
        Person: 'Riley Morgan',
        'E-mail': 'r***@example.com',
        Creator: 'Sharp Joe@sharpjoe',
        Access: 'Subscriber',
        Since: expect.stringMatching(/^Nov 20, 2026/),
        Status: 'Receiving',
      },
    ])
    expect(screen.getByRole('button', { name: 'E-mail' }).getAttribute('aria-pressed')).toBe('true')
    expect(callsTo(calls, '/api/admin/email-subscribers').at(-1)?.search.get('includePersonal')).toBe('false')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'not_receiving')
    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'joe')
    await user.click(
      within(screen.getByRole('search', { name: 'Search creators' })).getByRole('button', { name: 'Search' }),
    )
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'riley')
    await user.click(
      within(screen.getByRole('search', { name: 'Search people' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/email-subscribers').at(-1)?.search.get('search')).toBe('riley'),
    )
    const last = callsTo(calls, '/api/admin/email-subscribers').at(-1)
    expect(last?.search.get('searchCreator')).toBe('joe')
    expect(last?.search.get('status')).toBe('not_receiving')
  })

  it('switches to text subscribers, keeps the channel in the address, and shows numbers in full when asked', async () => {
    const calls = serveConsoleApi({
      '/api/admin/email-subscribers': () => json(200, aPage([aRow()])),
      '/api/admin/sms-subscribers': (call) =>
        call.search.get('includePersonal') === 'true'
          ? json(200, aPage([aRow({ person: { ...aRow().person, phone: '+15551234567' } })], true))
          : json(200, aPage([aRow({ status: 'not_receiving', access: 'follower' })])),
    })
    const { user } = renderSubscribers()

    await screen.findByRole('table', { name: 'E-mail subscribers' })
    await user.click(screen.getByRole('button', { name: 'Text' }))
    expect(tableRows(await screen.findByRole('table', { name: 'Text subscribers' }))[0]).toMatchObject({
      Phone: '+1•••••4567',
      Access: 'Follower',
      Status: 'Not receiving',
    })
    expect(screen.getByRole('button', { name: 'Text' }).getAttribute('aria-pressed')).toBe('true')

    await user.click(screen.getByRole('switch', { name: 'Show personal data' }))
    await screen.findByRole('cell', { name: '+15551234567' })
    expect(callsTo(calls, '/api/admin/sms-subscribers').at(-1)?.search.get('includePersonal')).toBe('true')
  })

  it('opens on the channel the address names', async () => {
    const calls = serveConsoleApi({ '/api/admin/sms-subscribers': () => json(200, aPage([])) })
    renderSubscribers('/admin/dashboard/subscribers?channel=sms')

    await screen.findByText('No one gets alerts by text yet.')
    expect(callsTo(calls, '/api/admin/email-subscribers')).toHaveLength(0)
  })

  it('says when no one matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/email-subscribers': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.status: must be one of …' } })
          : json(200, aPage([])),
    })
    const { user } = renderSubscribers('/admin/dashboard/subscribers?status=receiving')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the subscribers')
    expect(alert.textContent).toContain('query.status: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No one matches these filters.')
  })
})
