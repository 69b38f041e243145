import type { AdminDeliveryStatusPage, AdminDeliveryVerification, AdminFanoutRow } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

const pickId = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'
const purchaseId = '2f3e4d5c-6b7a-4899-8a1b-2c3d4e5f6a7b'
const creator = { id: '11111111-2222-4333-8444-555555555555', username: 'sharpjoe', name: 'Sharp Joe' }
const none = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0 }

function aFanout(overrides: Partial<AdminFanoutRow> = {}): AdminFanoutRow {
  return {
    pickId,
    creator,
    status: 'done',
    queued: 4,
    startedAt: '2026-11-24T18:00:00.000Z',
    finishedAt: '2026-11-24T18:00:05.000Z',
    counts: { email: { ...none, delivered: 2, failed: 1 }, sms: { ...none, sent: 1 } },
    total: 4,
    ...overrides,
  }
}

function aPage(items: AdminFanoutRow[]): AdminDeliveryStatusPage {
  return { items, total: items.length, page: 1, limit: 50, totalExact: true, hasMore: false, personal: false }
}

function aCheck(overrides: Partial<AdminDeliveryVerification> = {}): AdminDeliveryVerification {
  return {
    subject: 'pick',
    id: pickId,
    checkedAt: '2026-11-25T04:00:00.000Z',
    picks: [
      {
        pickId,
        fanout: { status: 'done', startedAt: '2026-11-24T18:00:00.000Z', finishedAt: null },
        expected: { email: 3, sms: 1 },
        found: { email: 3, sms: 1 },
      },
    ],
    ok: true,
    counts: { missing: 0, duplicated: 0, failed: 0 },
    missing: [],
    duplicated: [],
    failed: [],
    personal: false,
    ...overrides,
  }
}

const riley = {
  id: '5b0f8a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Riley Morgan',
  email: 'r***@example.com',
  phone: '+1•••••4567',
}

function renderDeliveries() {
  return renderWithProviders(<AdminDashboardPage />, {
    route: '/admin/dashboard/deliveries',
    path: '/admin/dashboard/:section?',
  })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Deliveries section', () => {
  it('lists recent fan-outs with their counts by channel, 50 to a page', async () => {
    const calls = serveConsoleApi({ '/api/admin/delivery/status': () => json(200, aPage([aFanout()])) })
    renderDeliveries()

    await screen.findByRole('heading', { level: 2, name: 'Deliveries' })
    const rows = tableRows(await screen.findByRole('table', { name: 'Fan-outs' }))
    expect(rows).toEqual([
      {
        Pick: `Sharp Joe${pickId}`,
        'Fan-out': 'Done',
        Started: expect.stringMatching(/^Nov 24, 2026/),
        Queued: '4',
        'E-mail': '2 delivered · 1 failed',
        Text: '1 sent',
        Total: '4',
        Actions: 'Verify',
      },
    ])
    const last = callsTo(calls, '/api/admin/delivery/status').at(-1)
    expect(last?.search.get('limit')).toBe('50')
    expect(last?.search.get('page')).toBe('1')
  })

  it('says when nothing was sent, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/delivery/status': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.limit: too big' } })
          : json(200, aPage([])),
    })
    const { user } = renderDeliveries()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the fan-outs')
    expect(alert.textContent).toContain('query.limit: too big (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No pick has been sent out yet.')
  })

  it('catches an id that is not a UUID before sending it', async () => {
    const calls = serveConsoleApi({ '/api/admin/delivery/status': () => json(200, aPage([])) })
    const { user } = renderDeliveries()

    const field = await screen.findByRole('textbox', { name: 'Pick or purchase id' })
    await user.type(field, 'pick-42')
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await screen.findByText(/That is not an id/)
    expect(field.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((call) => call.path.startsWith('/api/admin/delivery/verify'))).toHaveLength(0)
  })

  it('says all is well when every recipient has one delivery per channel', async () => {
    const calls = serveConsoleApi({
      '/api/admin/delivery/status': () => json(200, aPage([aFanout()])),
      [`/api/admin/delivery/verify/${pickId}`]: () => json(200, aCheck()),
    })
    const { user } = renderDeliveries()

    await user.click(await screen.findByRole('button', { name: `Verify the pick ${pickId}` }))
    await screen.findByText('Every entitled, reachable recipient has exactly one delivery per channel.')
    expect((screen.getByRole('textbox', { name: 'Pick or purchase id' }) as HTMLInputElement).value).toBe(pickId)
    expect(tableRows(screen.getByRole('table', { name: 'Picks checked' }))).toEqual([
      { Pick: pickId, 'Fan-out': 'Done', 'E-mails': '3 of 3', Texts: '1 of 1' },
    ])
    expect(callsTo(calls, `/api/admin/delivery/verify/${pickId}`)[0]?.search.get('includePersonal')).toBe('false')

    // Verifying the same id again checks it anew.
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    await vi.waitFor(() => expect(callsTo(calls, `/api/admin/delivery/verify/${pickId}`)).toHaveLength(2))
  })

  it('shows the recipients missing, duplicated or failed, and reads them unmasked only when asked', async () => {
    const problems = (email: string) =>
      aCheck({
        subject: 'purchase',
        id: purchaseId,
        ok: false,
        counts: { missing: 1, duplicated: 1, failed: 1 },
        missing: [{ pickId, recipient: { ...riley, email }, channel: 'email' }],
        duplicated: [{ pickId, recipient: riley, channel: 'sms', deliveries: 2 }],
        failed: [
          {
            pickId,
            recipient: riley,
            channel: 'sms',
            deliveryId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
            error: 'Unreachable number',
            failedAt: '2026-11-24T18:01:00.000Z',
          },
        ],
      })
    const calls = serveConsoleApi({
      '/api/admin/delivery/status': () => json(200, aPage([])),
      [`/api/admin/delivery/verify/${purchaseId}`]: (call) =>
        json(
          200,
          call.search.get('includePersonal') === 'true' ? problems('riley@example.com') : problems(riley.email),
        ),
    })
    const { user } = renderDeliveries()

    await user.type(await screen.findByRole('textbox', { name: 'Pick or purchase id' }), purchaseId.toUpperCase())
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    expect(tableRows(await screen.findByRole('table', { name: 'Missing' }))).toEqual([
      { Recipient: 'Riley Morgan', Address: 'r***@example.com', Channel: 'E-mail', Pick: pickId },
    ])
    expect(screen.getByText(/^Purchase /, { selector: 'p' }).textContent).toContain('1 missing, 1 duplicated, 1 failed')
    expect(tableRows(screen.getByRole('table', { name: 'Duplicated' }))).toEqual([
      { Recipient: 'Riley Morgan', Address: '+1•••••4567', Channel: 'Text', Pick: pickId, Deliveries: '2' },
    ])
    expect(tableRows(screen.getByRole('table', { name: 'Failed' }))[0]?.Error).toBe('Unreachable number')
    expect(screen.queryByText(/exactly one delivery per channel/)).toBeNull()

    await user.click(screen.getByRole('switch', { name: 'Show personal data' }))
    await screen.findByRole('cell', { name: 'riley@example.com' })
    expect(callsTo(calls, `/api/admin/delivery/verify/${purchaseId}`).at(-1)?.search.get('includePersonal')).toBe(
      'true',
    )
  })

  it("shows the server's words when the id is neither a pick nor a purchase", async () => {
    serveConsoleApi({
      '/api/admin/delivery/status': () => json(200, aPage([])),
      [`/api/admin/delivery/verify/${purchaseId}`]: () =>
        json(404, { error: { code: 'NOT_FOUND', message: 'No pick or purchase has this id' } }),
    })
    const { user } = renderDeliveries()

    await user.type(await screen.findByRole('textbox', { name: 'Pick or purchase id' }), purchaseId)
    await user.click(screen.getByRole('button', { name: 'Verify' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to verify the deliveries')
    expect(alert.textContent).toContain('No pick or purchase has this id (HTTP 404)')
  })
})
