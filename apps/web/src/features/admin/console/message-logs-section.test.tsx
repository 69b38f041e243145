import type { AdminEmailLogsPage, AdminMessageDetail, AdminSmsLogsPage, DeliveryLogEntry } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'

const deliveryId = '3d4e5f6a-7b8c-4d9e-8f0a-1b2c3d4e5f6a'
const outboxId = '8e9f0a1b-2c3d-4e5f-9a6b-7c8d9e0f1a2b'
const pickId = '7c1e2d3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f'

function aDelivery(overrides: Partial<DeliveryLogEntry> = {}): DeliveryLogEntry {
  return {
    id: deliveryId,
    channel: 'email',
    kind: 'pick',
    status: 'failed',
    destination: 'r***@example.com',
    recipientName: 'Riley Morgan',
    pickId,
    summary: 'Celtics -3.5 · Knicks @ Celtics',
    preview: 'New pick from Sharp Joe',
    segments: null,
    attempts: 3,
    error: 'Mailbox full',
    providerId: null,
    createdAt: '2026-11-24T18:00:00.000Z',
    sentAt: null,
    deliveredAt: null,
    failedAt: '2026-11-24T18:05:00.000Z',
    nextAttemptAt: null,
    ...overrides,
  }
}

function emailPage(overrides: Partial<AdminEmailLogsPage> = {}): AdminEmailLogsPage {
  return {
    deliveries: [aDelivery()],
    outbox: [
      {
        id: outboxId,
        to: 'm***@example.com',
        subject: 'Your receipt',
        kind: 'receipt_charge',
        createdAt: '2026-11-23T10:00:00.000Z',
      },
    ],
    page: 1,
    limit: 20,
    total: { deliveries: 1, outbox: 1 },
    totalExact: { deliveries: true, outbox: true },
    hasMore: false,
    personal: false,
    ...overrides,
  }
}

function aDetail(overrides: Partial<AdminMessageDetail> = {}): AdminMessageDetail {
  return {
    id: deliveryId,
    source: 'delivery',
    kind: 'pick',
    type: 'pick_alert',
    status: 'failed',
    to: 'r***@example.com',
    recipient: { id: '5b0f8a1e-3c2d-4e5f-8a9b-0c1d2e3f4a5b', name: 'Riley Morgan' },
    preview: 'New pick from Sharp Joe',
    pickId,
    attempts: 3,
    error: 'Mailbox full',
    createdAt: '2026-11-24T18:00:00.000Z',
    sentAt: null,
    deliveredAt: null,
    failedAt: '2026-11-24T18:05:00.000Z',
    body: 'Sharp Joe posted: Celtics -3.5',
    html: null,
    headers: null,
    providerId: 'msg-1@example.com',
    history: [
      { status: 'queued', at: '2026-11-24T18:00:00.000Z' },
      { status: 'failed', at: '2026-11-24T18:05:00.000Z' },
    ],
    personal: false,
    ...overrides,
  }
}

function renderLogs(route: string) {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the E-mail logs section', () => {
  it('shows alert deliveries and the outbox, and sends the filters as query parameters', async () => {
    const calls = serveConsoleApi({ '/api/admin/email-logs': () => json(200, emailPage()) })
    const { user } = renderLogs('/admin/dashboard/email-logs')

    await screen.findByRole('heading', { level: 2, name: 'E-mail logs' })
    expect(tableRows(await screen.findByRole('table', { name: 'Alert deliveries' }))).toEqual([
      {
        To: 'r***@example.com',
        Recipient: 'Riley Morgan',
        Kind: 'pick',
        Status: 'FailedMailbox full',
        Subject: 'New pick from Sharp Joe',
        Attempts: '3',
        Created: expect.stringMatching(/^Nov 24, 2026/),
        Actions: 'View',
      },
    ])
    expect(tableRows(screen.getByRole('table', { name: 'Outbox' }))).toEqual([
      {
        To: 'm***@example.com',
        Kind: 'receipt_charge',
        Subject: 'Your receipt',
        Created: expect.stringMatching(/^Nov 23, 2026/),
        Actions: 'View',
      },
    ])
    const first = callsTo(calls, '/api/admin/email-logs').at(-1)
    expect(first?.search.get('sortOrder')).toBe('desc')
    expect(first?.search.get('includePersonal')).toBe('false')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'failed')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'receipt')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc')
    await user.type(screen.getByRole('searchbox', { name: 'Search e-mails' }), 'riley')
    await user.click(
      within(screen.getByRole('search', { name: 'Search e-mails' })).getByRole('button', { name: 'Search' }),
    )
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/email-logs').at(-1)?.search.get('search')).toBe('riley'))
    const last = callsTo(calls, '/api/admin/email-logs').at(-1)
    expect(last?.search.get('status')).toBe('failed')
    expect(last?.search.get('emailType')).toBe('receipt')
    expect(last?.search.get('sortOrder')).toBe('asc')
    expect(last?.search.has('smsType')).toBe(false)
  })

  it('opens a message with its full text and status history in a dialog', async () => {
    const calls = serveConsoleApi({
      '/api/admin/email-logs': () => json(200, emailPage()),
      [`/api/admin/email-logs/${deliveryId}`]: () => json(200, aDetail()),
    })
    const { user } = renderLogs('/admin/dashboard/email-logs')

    await user.click(await screen.findByRole('button', { name: 'View the e-mail to r***@example.com' }))
    const dialog = await screen.findByRole('dialog', { name: 'The e-mail' })
    await within(dialog).findByText('Sharp Joe posted: Celtics -3.5')
    within(dialog).getByText('New pick from Sharp Joe')
    within(dialog).getByText('msg-1@example.com')
    const history = within(dialog).getByRole('list', { name: 'Status history' })
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringMatching(/^Queued — Nov 24, 2026/), expect.stringMatching(/^Failed — Nov 24, 2026/)])
    expect(callsTo(calls, `/api/admin/email-logs/${deliveryId}`)[0]?.search.get('includePersonal')).toBe('false')

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('says when nothing matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/email-logs': () =>
        failing
          ? json(400, { error: { code: 'VALIDATION_FAILED', message: 'query.emailType: must be one of …' } })
          : json(200, emailPage({ deliveries: [], outbox: [], total: { deliveries: 0, outbox: 0 } })),
    })
    const { user } = renderLogs('/admin/dashboard/email-logs?status=queued')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the e-mails')
    expect(alert.textContent).toContain('query.emailType: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No e-mails match these filters.')
  })
})

describe('the SMS logs section', () => {
  it('sends smsType, shows the outbox texts, and opens one unmasked when personal data is shown', async () => {
    const page: AdminSmsLogsPage = {
      deliveries: [],
      outbox: [
        {
          id: outboxId,
          to: '+1•••••4567',
          body: 'Your code is 123456',
          kind: 'mfa_code',
          segments: 1,
          createdAt: '2026-11-24T09:00:00.000Z',
        },
      ],
      page: 1,
      limit: 20,
      total: { deliveries: 0, outbox: 1 },
      totalExact: { deliveries: true, outbox: true },
      hasMore: false,
      personal: false,
    }
    const calls = serveConsoleApi({
      '/api/admin/sms-logs': () => json(200, page),
      [`/api/admin/sms-logs/${outboxId}`]: (call) =>
        json(
          200,
          aDetail({
            id: outboxId,
            source: 'outbox',
            kind: 'mfa_code',
            type: 'mfa_code',
            status: 'sent',
            to: call.search.get('includePersonal') === 'true' ? '+15551234567' : '+1•••••4567',
            body: 'Your code is 123456',
            history: [{ status: 'queued', at: '2026-11-24T09:00:00.000Z' }],
          }),
        ),
    })
    const { user } = renderLogs('/admin/dashboard/sms-logs?type=mfa_code')

    await screen.findByRole('heading', { level: 2, name: 'SMS logs' })
    expect(tableRows(await screen.findByRole('table', { name: 'Outbox' }))[0]?.Text).toBe('Your code is 123456')
    expect(screen.getByText('None on this page.')).toBeTruthy()
    const sent = callsTo(calls, '/api/admin/sms-logs').at(-1)
    expect(sent?.search.get('smsType')).toBe('mfa_code')
    expect(sent?.search.has('emailType')).toBe(false)

    await user.click(screen.getByRole('switch', { name: 'Show personal data' }))
    await vi.waitFor(() =>
      expect(callsTo(calls, '/api/admin/sms-logs').at(-1)?.search.get('includePersonal')).toBe('true'),
    )
    await user.click(await screen.findByRole('button', { name: 'View the outbox text to +1•••••4567' }))
    const dialog = await screen.findByRole('dialog', { name: 'The text' })
    await within(dialog).findByText('+15551234567')
    expect(callsTo(calls, `/api/admin/sms-logs/${outboxId}`)[0]?.search.get('includePersonal')).toBe('true')
  })
})
