import type { AdminDeliveryDetails, AdminPurchaseRow, AdminPurchasesPage, RefundState } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'
import { callsTo, json, serveConsoleApi, type AdminCall } from '../../../test/fake-admin-api.ts'

const purchaseId = '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b'
const refundPath = `/api/admin/purchases/${purchaseId}/refund`
const detailsPath = `/api/admin/purchases/${purchaseId}/delivery-details`
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

function aPurchase(overrides: Partial<AdminPurchaseRow> = {}): AdminPurchaseRow {
  return {
    id: purchaseId,
    createdAt: '2026-11-20T14:00:00.000Z',
    status: 'active',
    kind: 'subscription',
    plan: 'Monthly',
    amountCents: 2_900,
    currency: 'usd',
    customer: {
      id: '6f7a8b9c-0d1e-4f2a-8b3c-4d5e6f7a8b9c',
      name: 'Sam Rivera',
      email: 's•••@example.com',
      phone: null,
    },
    creator: { id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d', username: 'sharpjordan', name: 'Jordan Lee' },
    currentPeriodEnd: '2026-12-20T14:00:00.000Z',
    autoRenewal: true,
    ...overrides,
  }
}

function aPage(items: AdminPurchaseRow[]): AdminPurchasesPage {
  return { items, total: items.length, page: 1, limit: 20, totalExact: true, hasMore: false, personal: false }
}

function refunded(overrides: Partial<RefundState> = {}): { refund: RefundState } {
  return {
    refund: {
      purchaseId,
      chargedCents: 2_900,
      refundedCents: 1_050,
      refundableCents: 1_850,
      currency: 'usd',
      refundStatus: 'partial',
      status: 'active',
      hasAccess: true,
      ...overrides,
    },
  }
}

function refusal(status: number, message: string, extra: Record<string, unknown> = {}) {
  return json(status, { error: { code: status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT', message, ...extra } })
}

function renderPurchases(route = '/admin/dashboard/purchases') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

function keysOf(calls: AdminCall[]): (string | undefined)[] {
  return callsTo(calls, refundPath, 'POST').map((call) => call.headers['Idempotency-Key'])
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Purchases section', () => {
  it('lists purchases, and sends the status, the three searches and the sort as query parameters', async () => {
    const calls = serveConsoleApi({ '/api/admin/purchases': () => json(200, aPage([aPurchase()])) })
    const { user } = renderPurchases()

    await screen.findByRole('heading', { level: 2, name: 'Purchases' })
    expect(tableRows(await screen.findByRole('table', { name: 'Purchases' }))).toEqual([
      {
        Customer: 'Sam Riveras•••@example.com',
        Creator: '@sharpjordan',
        Plan: 'MonthlySubscription',
        Amount: '$29',
        Status: 'Active',
        Created: expect.stringMatching(/^Nov 20, 2026/),
        Actions: 'DetailsRefund',
      },
    ])
    expect(callsTo(calls, '/api/admin/purchases').at(-1)?.search.get('includePersonal')).toBe('false')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'past_due')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'amount')
    for (const [box, words] of [
      ['Customer', 'sam'],
      ['Creator', 'jordan'],
      ['Search purchases', 'monthly'],
    ] as const) {
      await user.type(screen.getByRole('searchbox', { name: box }), words)
      await user.click(within(screen.getByRole('search', { name: box })).getByRole('button', { name: 'Search' }))
    }
    await vi.waitFor(() => expect(callsTo(calls, '/api/admin/purchases').at(-1)?.search.get('search')).toBe('monthly'))
    const last = callsTo(calls, '/api/admin/purchases').at(-1)?.search
    expect(Object.fromEntries(last ?? [])).toMatchObject({
      status: 'past_due',
      sortBy: 'amount',
      searchCustomer: 'sam',
      searchCreator: 'jordan',
      search: 'monthly',
      page: '1',
    })
  })

  it('shows every pick the purchase entitled the buyer to, and each alert by channel', async () => {
    const details: AdminDeliveryDetails = {
      purchase: {
        id: purchaseId,
        status: 'active',
        plan: 'Monthly',
        customer: aPurchase().customer,
        creator: aPurchase().creator,
        accessFrom: '2026-11-20T14:00:00.000Z',
        accessUntil: '2026-12-20T14:00:00.000Z',
      },
      picks: [
        {
          id: '8b9c0d1e-2f3a-4b4c-8d5e-6f7a8b9c0d1e',
          createdAt: '2026-11-21T17:00:00.000Z',
          isPremium: true,
          summary: 'Boston Celtics -3.5 · New York Knicks @ Boston Celtics',
          deliveries: [
            {
              id: '9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f',
              channel: 'sms',
              status: 'failed',
              destination: '•••4567',
              attempts: 3,
              error: 'Carrier rejected the message',
              createdAt: '2026-11-21T17:00:05.000Z',
              sentAt: null,
              deliveredAt: null,
              failedAt: '2026-11-21T17:05:00.000Z',
            },
          ],
        },
      ],
      personal: false,
    }
    const calls = serveConsoleApi({
      '/api/admin/purchases': () => json(200, aPage([aPurchase()])),
      [detailsPath]: () => json(200, details),
    })
    const { user } = renderPurchases()

    await user.click(await screen.findByRole('button', { name: "Details of Sam Rivera's Monthly" }))
    const dialog = await screen.findByRole('dialog', { name: "Deliveries of Sam Rivera's Monthly" })
    const alerts = await within(dialog).findByRole('table', {
      name: 'Alerts of Boston Celtics -3.5 · New York Knicks @ Boston Celtics',
    })
    expect(tableRows(alerts)).toEqual([
      {
        Channel: 'SMS',
        Status: 'FailedCarrier rejected the message',
        To: '•••4567',
        Attempts: '3',
        Queued: expect.stringMatching(/^Nov 21, 2026/),
        'Last step': expect.stringMatching(/^FailedNov 21, 2026/),
      },
    ])
    within(dialog).getByText(/Premium pick · posted Nov 21, 2026/)
    expect(callsTo(calls, detailsPath)[0]?.search.get('includePersonal')).toBe('false')
  })

  it('refunds part of a purchase with an Idempotency-Key, shows the answer and reads the list again', async () => {
    let status: AdminPurchaseRow['status'] = 'active'
    const calls = serveConsoleApi({
      '/api/admin/purchases': () => json(200, aPage([aPurchase({ status })])),
      [`POST ${refundPath}`]: () => {
        status = 'canceled'
        return json(200, refunded({ status: 'canceled', hasAccess: false }))
      },
    })
    const { user } = renderPurchases()

    await user.click(await screen.findByRole('button', { name: "Refund Sam Rivera's Monthly" }))
    const dialog = await screen.findByRole('dialog', { name: "Refund Sam Rivera's Monthly" })
    const amount = within(dialog).getByRole('textbox', { name: 'Amount in dollars (optional)' })
    await user.type(amount, '30')
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Charged twice')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    within(dialog).getByText('The purchase charged $29: refund at most that.')
    await user.clear(amount)
    await user.type(amount, '0')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    within(dialog).getByText('Give an amount above zero, or leave it empty to refund the whole rest.')
    expect(callsTo(calls, refundPath, 'POST')).toHaveLength(0)

    const readsBefore = callsTo(calls, '/api/admin/purchases').length
    await user.clear(amount)
    await user.type(amount, '10.5')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))

    const answer = await within(dialog).findByRole('status')
    expect(answer.textContent).toBe('Refunded in part.')
    // The form gave way to the answer: focus moved to it, not out of the dialog.
    await vi.waitFor(() => expect(document.activeElement).toBe(answer))
    expect(within(dialog).getByText('$10.50 of $29')).toBeTruthy()
    within(dialog).getByText('$18.50')
    within(dialog).getByText('Canceled')
    within(dialog).getByText('No access')
    expect(callsTo(calls, refundPath, 'POST').map((call) => call.body)).toEqual([
      { amountCents: 1050, reason: 'Charged twice' },
    ])
    expect(keysOf(calls)).toEqual([expect.stringMatching(uuid)])
    expect(callsTo(calls, '/api/admin/purchases').length).toBeGreaterThan(readsBefore)
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await screen.findByRole('cell', { name: 'Canceled' })
  })

  it("shows the provider's refusal in the dialog and retries with the same key; a new dialog has a new one", async () => {
    let refusing = true
    const calls = serveConsoleApi({
      '/api/admin/purchases': () => json(200, aPage([aPurchase()])),
      [`POST ${refundPath}`]: () =>
        refusing
          ? refusal(409, 'The payment provider refused the refund: charge already refunded', {
              reason: 'PROVIDER_REFUSED',
            })
          : json(200, refunded({ refundedCents: 2_900, refundableCents: 0, refundStatus: 'full' })),
    })
    const { user } = renderPurchases()

    await user.click(await screen.findByRole('button', { name: "Refund Sam Rivera's Monthly" }))
    let dialog = await screen.findByRole('dialog', { name: "Refund Sam Rivera's Monthly" })
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Customer asked')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The payment provider refused the refund: charge already refunded',
    )

    refusing = false
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect((await within(dialog).findByRole('status')).textContent).toBe('Refunded in full.')
    // Left empty, the amount is not sent: the server refunds the whole rest.
    expect(callsTo(calls, refundPath, 'POST').map((call) => call.body)).toEqual([
      { reason: 'Customer asked' },
      { reason: 'Customer asked' },
    ])
    const [first, retry] = keysOf(calls)
    expect(first).toMatch(uuid)
    expect(retry).toBe(first)

    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    await user.click(screen.getByRole('button', { name: "Refund Sam Rivera's Monthly" }))
    dialog = await screen.findByRole('dialog', { name: "Refund Sam Rivera's Monthly" })
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Another one')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    await within(dialog).findByRole('status')
    expect(keysOf(calls)[2]).toMatch(uuid)
    expect(keysOf(calls)[2]).not.toBe(first)
  })

  it('shows a refusal naming body.amountCents at the amount, and one of a purchase never charged', async () => {
    let answer = refusal(400, 'The refund is more than is left to refund', {
      details: [{ field: 'body.amountCents', message: 'must be at most 850 (the refundable rest)' }],
    })
    serveConsoleApi({
      '/api/admin/purchases': () => json(200, aPage([aPurchase()])),
      [`POST ${refundPath}`]: () => answer,
    })
    const { user } = renderPurchases()

    await user.click(await screen.findByRole('button', { name: "Refund Sam Rivera's Monthly" }))
    const dialog = await screen.findByRole('dialog', { name: "Refund Sam Rivera's Monthly" })
    const amount = within(dialog).getByRole('textbox', { name: 'Amount in dollars (optional)' })
    await user.type(amount, '20')
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Partial credit')
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    const onAmount = await within(dialog).findByText(
      'The refund is more than is left to refund: body.amountCents must be at most 850 (the refundable rest)',
    )
    expect(amount.getAttribute('aria-describedby')).toContain(onAmount.id)

    answer = refusal(409, 'This purchase has no payment to refund (a free trial or an unpaid checkout)', {
      reason: 'NOT_CHARGED',
    })
    await user.clear(amount)
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }))
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'This purchase has no payment to refund (a free trial or an unpaid checkout)',
    )
  })

  it('says when no purchase matches, and shows a failed read with a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      '/api/admin/purchases': () => (failing ? refusal(400, 'query.status: must be one of …') : json(200, aPage([]))),
    })
    const { user } = renderPurchases('/admin/dashboard/purchases?status=expired')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the purchases')
    expect(alert.textContent).toContain('query.status: must be one of … (HTTP 400)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No purchase matches these filters.')
  })
})
