import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import { customer } from '../../test/fake-creator-api.ts'
import { aCharge, aPurchase, buyerId, servePaymentsApi } from '../../test/fake-checkout-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as ManageSubscriptionsPage } from './manage-subscriptions-page.tsx'
import { Component as ReceiptPage } from './receipt-page.tsx'

afterEach(() => {
  vi.unstubAllGlobals()
})

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, id: buyerId, email: 'sam@example.com', name: 'Sam Rivers' }))
})

const charges = [
  aCharge({
    id: '00000000-0000-4000-c000-000000000003',
    kind: 'renewal_failed',
    status: 'failed',
    occurred_at: '2026-12-01T12:00:00.000Z',
    period_start: '2026-12-01T12:00:00.000Z',
    period_end: '2027-01-01T12:00:00.000Z',
  }),
  aCharge({
    id: '00000000-0000-4000-c000-000000000002',
    plan_name: 'Day pass',
    amount_cents: 999,
    refunded_cents: 999,
    status: 'refunded',
    occurred_at: '2026-11-20T12:00:00.000Z',
  }),
  aCharge(),
]

describe('billing history on /manage-subscriptions', () => {
  it('lists every charge with its date, amount and status, each with its receipt', async () => {
    servePaymentsApi({ purchases: [aPurchase()], charges })
    renderWithProviders(<ManageSubscriptionsPage />, { route: '/manage-subscriptions' })

    const list = await screen.findByRole('list', { name: 'Your charges' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Monthly picks · Casey LinesDecember 1, 2026 · Renewal failed$19.99FailedReceipt',
      'Day pass · Casey LinesNovember 20, 2026 · Payment$9.99RefundedReceipt',
      'Monthly picks · Casey LinesNovember 1, 2026 · Payment$19.99PaidReceipt',
    ])
    expect(
      within(rows[2]!).getByRole('link', { name: 'Receipt for Monthly picks, November 1, 2026' }).getAttribute('href'),
    ).toBe('/receipts/00000000-0000-4000-c000-000000000001')
  })

  it('says there are no charges yet', async () => {
    servePaymentsApi()
    renderWithProviders(<ManageSubscriptionsPage />, { route: '/manage-subscriptions' })
    await screen.findByText('No charges yet. Each payment, renewal and refund will be listed here.')
  })
})

describe('the receipt page', () => {
  function renderReceipt(id: string) {
    return renderWithProviders(<ReceiptPage />, { route: `/receipts/${id}`, path: '/receipts/:id' })
  }

  it('shows a printable receipt with the amount, plan, creator, period and card', async () => {
    servePaymentsApi({ charges })
    const print = vi.fn()
    vi.stubGlobal('print', print)
    const { user } = renderReceipt('00000000-0000-4000-c000-000000000001')

    const receipt = await screen.findByRole('article', { name: 'Receipt' })
    const details = Object.fromEntries(
      within(receipt)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    )
    expect(details).toEqual({
      'Receipt number': '00000000-0000-4000-c000-000000000001',
      Date: 'November 1, 2026',
      Plan: 'Monthly picks',
      Creator: 'Casey Lines',
      Type: 'Payment',
      Period: 'November 1, 2026 – December 1, 2026',
      Card: 'ending in 4242',
      Status: 'Paid',
    })
    within(receipt).getByText('$19.99')
    expect(receipt.hasAttribute('data-print-receipt')).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Print receipt' }))
    expect(print).toHaveBeenCalledOnce()
    expect(screen.getByRole('link', { name: 'Back to your subscriptions' }).getAttribute('href')).toBe(
      '/manage-subscriptions',
    )
  })

  it('shows what was refunded', async () => {
    servePaymentsApi({ charges })
    renderReceipt('00000000-0000-4000-c000-000000000002')
    const refunded = await screen.findByRole('article', { name: 'Receipt' })
    within(refunded).getByText('−$9.99')
  })

  it('shows a failed renewal as not charged', async () => {
    servePaymentsApi({ charges })
    renderReceipt('00000000-0000-4000-c000-000000000003')
    const failed = await screen.findByRole('article', { name: 'Failed payment' })
    within(failed).getByText('Amount due (not charged)')
  })

  it('says so when the receipt is not the visitor’s', async () => {
    servePaymentsApi({ charges })
    renderReceipt('00000000-0000-4000-c000-000000000099')
    await screen.findByRole('heading', { level: 1, name: 'Receipt not found' })
    expect(screen.getByRole('link', { name: 'Back to your subscriptions' }).getAttribute('href')).toBe(
      '/manage-subscriptions',
    )
  })
})
