import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { apiError, creatorUserId } from '../../test/fake-creator-api.ts'
import { aPurchase, servePaymentsApi, type PaymentsCall } from '../../test/fake-checkout-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as PaymentSuccessPage } from './payment-success-page.tsx'

function renderSuccess(search = '') {
  return renderWithProviders(<PaymentSuccessPage />, { route: `/payment-success${search}`, path: '/payment-success' })
}

function purchaseReads(calls: PaymentsCall[], purchaseId: string): number {
  return calls.filter((call) => call.method === 'GET' && call.path === `/api/purchases/${purchaseId}`).length
}

afterEach(() => {
  vi.useRealTimers()
})

describe('payment success page', () => {
  it('waits for the provider to confirm, then shows what was bought and when it renews', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const purchase = aPurchase({ status: 'pending', has_access: false })
    const { calls, state } = servePaymentsApi({ purchases: [purchase] })
    renderSuccess(`?purchase=${purchase.id}`)

    expect((await screen.findByText('Confirming your payment…', { selector: 'p' })).getAttribute('role')).toBe('status')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(purchaseReads(calls, purchase.id)).toBe(2)
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull()

    state.purchases[0] = { ...purchase, status: 'active', has_access: true }
    await vi.advanceTimersByTimeAsync(1_000)

    await screen.findByRole('heading', { level: 1, name: 'Payment Successful' })
    expect(screen.getByRole('link', { name: 'Casey Lines' }).getAttribute('href')).toBe('/CaseyLines')
    screen.getByText('Monthly picks')
    screen.getByText('$19.99 / month')
    screen.getByText('Renews on December 1, 2026')
    expect(screen.getByRole('link', { name: 'See Casey Lines’s picks' }).getAttribute('href')).toBe('/my-picks')
    expect(screen.getByRole('link', { name: 'Manage subscriptions' }).getAttribute('href')).toBe(
      '/manage-subscriptions',
    )

    // Confirmed: no more asking.
    const reads = purchaseReads(calls, purchase.id)
    await vi.advanceTimersByTimeAsync(5_000)
    expect(purchaseReads(calls, purchase.id)).toBe(reads)
  })

  it('says when a free trial ends', async () => {
    const purchase = aPurchase({ status: 'trialing', trial_days: 7, current_period_end: '2026-11-08T12:00:00.000Z' })
    servePaymentsApi({ purchases: [purchase] })
    renderSuccess(`?purchase=${purchase.id}`)

    await screen.findByRole('heading', { level: 1, name: 'Your free trial has started' })
    screen.getByText('Free trial until November 8, 2026')
  })

  it('says until when a pass gives access', async () => {
    const purchase = aPurchase({
      plan_name: 'Week pass',
      kind: 'one_time',
      interval: null,
      access_days: 7,
      price_cents: 500,
      auto_renewal: false,
      current_period_end: '2026-11-08T12:00:00.000Z',
    })
    servePaymentsApi({ purchases: [purchase] })
    renderSuccess(`?purchase=${purchase.id}`)

    await screen.findByText('Access until November 8, 2026')
    screen.getByText('$5')
  })

  it('stops asking after about 30 seconds and says confirmation is taking longer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const purchase = aPurchase({ status: 'pending', has_access: false })
    const { calls } = servePaymentsApi({ purchases: [purchase] })
    renderSuccess(`?purchase=${purchase.id}`)

    await screen.findByText('Confirming your payment…', { selector: 'p' })
    await vi.advanceTimersByTimeAsync(35_000)

    await screen.findByText(/Confirmation is taking longer than usual\./)
    expect(purchaseReads(calls, purchase.id)).toBe(30)
    expect(screen.getByRole('link', { name: 'Manage subscriptions' }).getAttribute('href')).toBe(
      '/manage-subscriptions',
    )
    await vi.advanceTimersByTimeAsync(5_000)
    expect(purchaseReads(calls, purchase.id)).toBe(30)
  })

  it('says a payment that did not go through was not charged, with a way back to the plans', async () => {
    const purchase = aPurchase({ status: 'incomplete', has_access: false })
    servePaymentsApi({ purchases: [purchase] })
    renderSuccess(`?purchase=${purchase.id}`)

    await screen.findByRole('heading', { level: 1, name: 'Payment not completed' })
    screen.getByText('Your payment did not go through. You have not been charged.')
    expect(screen.getByRole('link', { name: 'Back to Casey Lines’s plans' }).getAttribute('href')).toBe(
      `/shop-picks/purchase/${creatorUserId}`,
    )
  })

  it('says so when the purchase is not the visitor’s or does not exist', async () => {
    servePaymentsApi()
    renderSuccess('?purchase=00000000-0000-4000-a000-999999999999')

    await screen.findByRole('heading', { level: 1, name: 'Purchase not found' })
    expect(screen.queryByText(/thank/i)).toBeNull()
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/shop-picks')
  })

  it('asks a buyer whose session ended to sign in, coming back to this purchase', async () => {
    servePaymentsApi({}, () => apiError(401, 'UNAUTHENTICATED', 'Sign in first'))
    const purchaseId = '00000000-0000-4000-a000-000000000042'
    renderSuccess(`?purchase=${purchaseId}`)

    await screen.findByRole('heading', { level: 1, name: 'Sign in to see your purchase' })
    const back = `/payment-success?purchase=${purchaseId}`
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      `/auth?redirect=${encodeURIComponent(back)}`,
    )
  })

  it('says plainly that there is no purchase to show when none is named, and thanks no one', async () => {
    const { calls } = servePaymentsApi()
    renderSuccess()

    await screen.findByRole('heading', { level: 1, name: 'No purchase to show' })
    expect(screen.queryByText(/thank/i)).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Payment Successful' })).toBeNull()
    expect(screen.getByRole('link', { name: 'Browse the shop' }).getAttribute('href')).toBe('/shop-picks')
    expect(screen.getByRole('link', { name: 'Manage subscriptions' }).getAttribute('href')).toBe(
      '/manage-subscriptions',
    )
    expect(calls).toHaveLength(0)
  })
})
