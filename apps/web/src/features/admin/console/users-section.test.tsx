import type { AdminUser, AdminUsersPage } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

const rileyId = '5b0f8a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b'

function aUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: rileyId,
    email: 'r***@example.com',
    name: 'Riley Morgan',
    role: 'customer',
    phone: null,
    verified: true,
    status: 'active',
    suspended_at: null,
    suspended_reason: null,
    created_at: '2026-11-20T09:00:00.000Z',
    ...overrides,
  }
}

function aPage(items: AdminUser[], personal = false): AdminUsersPage {
  return { items, total: items.length, page: 1, limit: 20, totalExact: true, hasMore: false, personal }
}

function renderUsers(route = '/admin/dashboard/users') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Users section', () => {
  it('lists people masked, and sends the search and the filters as query parameters', async () => {
    const calls = serveConsoleApi({ '/api/users': () => json(200, aPage([aUser()])) })
    const { user } = renderUsers()

    await screen.findByRole('heading', { level: 2, name: 'Users' })
    const rows = tableRows(await screen.findByRole('table', { name: 'People' }))
    expect(rows).toEqual([
      {
        Name: 'Riley Morgan',
        'E-mail': 'r***@example.com',
        Role: 'Customer',
        Status: 'Active',
        Joined: expect.stringMatching(/^Nov 20, 2026/),
        Actions: 'Change roleSuspend',
      },
    ])
    expect(callsTo(calls, '/api/users').at(-1)?.search.get('includePersonal')).toBe('false')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'creator')
    await vi.waitFor(() => expect(callsTo(calls, '/api/users').at(-1)?.search.get('role')).toBe('creator'))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'suspended')
    await vi.waitFor(() => expect(callsTo(calls, '/api/users').at(-1)?.search.get('status')).toBe('suspended'))
    await user.type(screen.getByRole('searchbox', { name: 'Search people' }), 'riley')
    await user.click(
      within(screen.getByRole('search', { name: 'Search people' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(callsTo(calls, '/api/users').at(-1)?.search.get('search')).toBe('riley'))
    const last = callsTo(calls, '/api/users').at(-1)
    expect(last?.search.get('role')).toBe('creator')
    expect(last?.search.get('status')).toBe('suspended')
  })

  it('reads personal data again only when asked, and says the read is audited', async () => {
    const calls = serveConsoleApi({
      '/api/users': (call) =>
        call.search.get('includePersonal') === 'true'
          ? json(200, aPage([aUser({ email: 'riley@example.com' })], true))
          : json(200, aPage([aUser()])),
    })
    const { user } = renderUsers()

    await screen.findByRole('cell', { name: 'r***@example.com' })
    const toggle = screen.getByRole('switch', { name: 'Show personal data' })
    expect(screen.getByText(/recorded in the audit log/).id).toBe(toggle.getAttribute('aria-describedby'))
    await user.click(toggle)
    await screen.findByRole('cell', { name: 'riley@example.com' })
    expect(callsTo(calls, '/api/users').at(-1)?.search.get('includePersonal')).toBe('true')
  })

  it('changes a role with a reason, then reads the list again and says what happened', async () => {
    let role: AdminUser['role'] = 'customer'
    const calls = serveConsoleApi({
      '/api/users': () => json(200, aPage([aUser({ role })])),
      [`PUT /api/admin/users/${rileyId}/role`]: () => {
        role = 'moderator'
        return json(200, { user: aUser({ role, email: 'riley@example.com' }) })
      },
    })
    const { user } = renderUsers()

    await user.click(await screen.findByRole('button', { name: 'Change role of Riley Morgan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Change the role of Riley Morgan' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'New role' }), 'moderator')
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }))
    // The reason is required: nothing is sent without it.
    within(dialog).getByText('Give a reason: the audit log keeps it.')
    expect(callsTo(calls, `/api/admin/users/${rileyId}/role`, 'PUT')).toHaveLength(0)

    const readsBefore = callsTo(calls, '/api/users').length
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Joins the moderation team')
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }))

    expect((await screen.findByRole('status')).textContent).toBe('Riley Morgan is now a Moderator.')
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(callsTo(calls, `/api/admin/users/${rileyId}/role`, 'PUT').map((call) => call.body)).toEqual([
      { role: 'moderator', reason: 'Joins the moderation team' },
    ])
    await screen.findByRole('cell', { name: 'Moderator' })
    expect(callsTo(calls, '/api/users').length).toBeGreaterThan(readsBefore)
  })

  it("keeps the dialog open with the server's words when it refuses a suspension", async () => {
    const calls = serveConsoleApi({
      '/api/users': () => json(200, aPage([aUser({ name: 'Olivia Admin', role: 'admin' })])),
      [`POST /api/admin/users/${rileyId}/suspend`]: () =>
        json(409, {
          error: { code: 'CONFLICT', message: 'The last administrator cannot be suspended', reason: 'LAST_ADMIN' },
        }),
    })
    const { user } = renderUsers()

    await user.click(await screen.findByRole('button', { name: 'Suspend Olivia Admin' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Olivia Admin' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Leaving the company')
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe('The last administrator cannot be suspended')
    expect(callsTo(calls, `/api/admin/users/${rileyId}/suspend`, 'POST').map((call) => call.body)).toEqual([
      { reason: 'Leaving the company' },
    ])
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('restores a suspended account with a reason', async () => {
    const calls = serveConsoleApi({
      '/api/users': () => json(200, aPage([aUser({ status: 'suspended', suspended_reason: 'Chargebacks' })])),
      [`POST /api/admin/users/${rileyId}/restore`]: () => json(200, { user: aUser() }),
    })
    const { user } = renderUsers()

    await user.click(await screen.findByRole('button', { name: 'Restore Riley Morgan' }))
    const dialog = await screen.findByRole('dialog', { name: 'Restore Riley Morgan' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Settled')
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }))
    expect((await screen.findByRole('status')).textContent).toBe('Riley Morgan is restored.')
    expect(callsTo(calls, `/api/admin/users/${rileyId}/restore`, 'POST')[0]?.body).toEqual({ reason: 'Settled' })
  })

  it('says when no one matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/users': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.role: must be one of …' } })
          : json(200, aPage([])),
    })
    const { user } = renderUsers('/admin/dashboard/users?role=moderator')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the people')
    expect(alert.textContent).toContain('query.role: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No one matches these filters.')
  })
})
