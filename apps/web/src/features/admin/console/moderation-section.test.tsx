import type { ModerationReportsPage, QueuedReport } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { adminToken, callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'
import { signInAs } from '../../../test/render-app.tsx'

const reportId = '0a9b8c7d-6e5f-4a3b-9c1d-2e3f4a5b6c7d'
const pickId = '1f2e3d4c-5b6a-4978-8a9b-0c1d2e3f4a5b'

function aReport(overrides: Partial<QueuedReport> = {}): QueuedReport {
  return {
    id: reportId,
    target_type: 'pick',
    target_id: pickId,
    reason: 'Spam link in the analysis',
    status: 'open',
    created_at: '2026-11-24T08:15:00.000Z',
    resolved_at: null,
    resolution_note: null,
    reporter: { id: null, name: 'Sam Lee', email: 's***@example.com' },
    open_reports_on_target: 3,
    target_hidden: false,
    ...overrides,
  }
}

function aPage(items: QueuedReport[]): ModerationReportsPage {
  return { items, total: items.length, page: 1, limit: 20, totalExact: true, hasMore: false, personal: false }
}

function renderModeration(route = '/admin/dashboard/moderation') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Moderation section', () => {
  it('lists the open reports, and sends the status, target and search as query parameters', async () => {
    const calls = serveConsoleApi({ '/api/moderation/reports': () => json(200, aPage([aReport()])) })
    const { user } = renderModeration()

    await screen.findByRole('heading', { level: 2, name: 'Moderation' })
    const rows = tableRows(await screen.findByRole('table', { name: 'Reports' }))
    expect(rows).toEqual([
      {
        Target: `Pick${pickId}`,
        Reason: 'Spam link in the analysis',
        Reports: '3',
        Reported: expect.stringMatching(/^Nov 24, 2026/),
        Status: 'Open',
        Actions: 'HideDismiss',
      },
    ])
    const reads = () => callsTo(calls, '/api/moderation/reports')
    expect(reads().at(-1)?.search.has('status')).toBe(false)

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'dismissed')
    await vi.waitFor(() => expect(reads().at(-1)?.search.get('status')).toBe('dismissed'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Target' }), 'creator')
    await vi.waitFor(() => expect(reads().at(-1)?.search.get('targetType')).toBe('creator'))
    await user.type(screen.getByRole('searchbox', { name: 'Search the reports' }), 'spam')
    await user.click(
      within(screen.getByRole('search', { name: 'Search the reports' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(reads().at(-1)?.search.get('search')).toBe('spam'))
    expect(reads().at(-1)?.search.get('status')).toBe('dismissed')
  })

  it('hides a reported pick with a note, then reads the queue again', async () => {
    let hidden = false
    const calls = serveConsoleApi({
      '/api/moderation/reports': () => json(200, aPage(hidden ? [] : [aReport()])),
      [`POST /api/moderation/picks/${pickId}/hide`]: () => {
        hidden = true
        return json(200, {
          target_type: 'pick',
          target_id: pickId,
          hidden: true,
          hidden_at: '2026-11-25T04:00:00.000Z',
          note: 'Spam',
          reports_actioned: 3,
        })
      },
    })
    const { user } = renderModeration()

    await user.click(await screen.findByRole('button', { name: `Hide pick ${pickId}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Hide this pick' })
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))
    within(dialog).getByText('Give a note: the audit log keeps it.')
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Spam')
    await user.click(within(dialog).getByRole('button', { name: 'Hide' }))

    expect((await screen.findByRole('status')).textContent).toBe('The pick is hidden.')
    expect(callsTo(calls, `/api/moderation/picks/${pickId}/hide`, 'POST').map((call) => call.body)).toEqual([
      { note: 'Spam' },
    ])
    await screen.findByText('No open reports.')
  })

  it('restores a hidden creator profile through its own path', async () => {
    const calls = serveConsoleApi({
      '/api/moderation/reports': () =>
        json(200, aPage([aReport({ target_type: 'creator', target_hidden: true, status: 'actioned' })])),
      [`POST /api/moderation/creators/${pickId}/restore`]: () =>
        json(200, {
          target_type: 'creator',
          target_id: pickId,
          hidden: false,
          hidden_at: null,
          note: 'Fixed',
          reports_actioned: 0,
        }),
    })
    const { user } = renderModeration('/admin/dashboard/moderation?status=actioned')

    expect(screen.queryByRole('button', { name: /Dismiss/ })).toBeNull()
    await user.click(await screen.findByRole('button', { name: `Restore creator profile ${pickId}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore this creator profile' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Fixed')
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }))
    expect((await screen.findByRole('status')).textContent).toBe('The creator profile is shown again.')
    expect(callsTo(calls, `/api/moderation/creators/${pickId}/restore`, 'POST')[0]?.body).toEqual({ note: 'Fixed' })
  })

  it('dismisses a report with a note, then reads the queue again', async () => {
    let dismissed = false
    const calls = serveConsoleApi({
      '/api/moderation/reports': () => json(200, aPage(dismissed ? [] : [aReport()])),
      [`POST /api/moderation/reports/${reportId}/dismiss`]: () => {
        dismissed = true
        return json(200, { report: { ...aReport(), status: 'dismissed' } })
      },
    })
    const { user } = renderModeration()

    await user.click(await screen.findByRole('button', { name: `Dismiss the report on pick ${pickId}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the report on this pick' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Not spam')
    const readsBefore = callsTo(calls, '/api/moderation/reports').length
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))

    await screen.findByText('No open reports.')
    expect(callsTo(calls, `/api/moderation/reports/${reportId}/dismiss`, 'POST').map((call) => call.body)).toEqual([
      { note: 'Not spam' },
    ])
    expect(callsTo(calls, '/api/moderation/reports').length).toBeGreaterThan(readsBefore)
    screen.getByRole('status')
  })

  it("shows a refused action's words in its dialog", async () => {
    serveConsoleApi({
      '/api/moderation/reports': () => json(200, aPage([aReport()])),
      [`POST /api/moderation/reports/${reportId}/dismiss`]: () =>
        json(409, { error: { code: 'CONFLICT', message: 'This report is already resolved' } }),
    })
    const { user } = renderModeration()

    await user.click(await screen.findByRole('button', { name: `Dismiss the report on pick ${pickId}` }))
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the report on this pick' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Not spam')
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This report is already resolved')
  })

  it('shows a failed read with a way to ask again, then an empty queue', async () => {
    let failing = true
    serveConsoleApi({
      '/api/moderation/reports': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.status: must be one of …' } })
          : json(200, aPage([])),
    })
    const { user } = renderModeration()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the reports')
    expect(alert.textContent).toContain('query.status: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No open reports.')
  })
})

describe('a moderator in the console', () => {
  beforeEach(() => {
    signInAs('moderator')
  })

  it('opens at the Moderation section, the only one offered, without the admin session or password', async () => {
    const calls = serveConsoleApi({ '/api/moderation/reports': () => json(200, aPage([aReport()])) })
    renderModeration('/admin/dashboard')

    await screen.findByRole('heading', { level: 2, name: 'Moderation' })
    const menu = screen.getByRole('navigation', { name: 'Admin sections' })
    expect(
      within(menu)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Moderation'])
    expect(tableRows(await screen.findByRole('table', { name: 'Reports' }))[0]?.Reason).toBe(
      'Spam link in the analysis',
    )
    // Moderators have no admin password: the console asks the API only what `moderate_content` allows.
    expect(callsTo(calls, '/api/admin/session')).toEqual([])
    expect(callsTo(calls, '/api/moderation/reports')[0]?.headers.Authorization).toBe(`Bearer ${adminToken}`)
  })

  it("sends them from an administrator's section to the Moderation section", async () => {
    const calls = serveConsoleApi({ '/api/moderation/reports': () => json(200, aPage([])) })
    renderModeration('/admin/dashboard/users')

    await screen.findByRole('heading', { level: 2, name: 'Moderation' })
    await screen.findByText('No open reports.')
    expect(callsTo(calls, '/api/users')).toEqual([])
  })
})
