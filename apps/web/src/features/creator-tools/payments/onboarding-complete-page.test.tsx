import { paymentMessages } from '@picks/contracts/client'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { apiError, creatorUserId, customer } from '../../../test/fake-creator-api.ts'
import { callsTo, notStarted, onboarded, servePayoutsApi } from '../../../test/fake-payouts-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as OnboardingCompletePage } from './onboarding-complete-page.tsx'

const syncPath = `/api/creators/sync-stripe-status/${creatorUserId}`

function renderPage(role: 'creator' | 'customer' | null = 'creator') {
  if (role) storeUserRecord(recordOf({ ...customer, role }))
  return renderWithProviders(<OnboardingCompletePage />, {
    route: '/creator/onboarding/complete',
    path: '/creator/onboarding/complete',
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('/creator/onboarding/complete', () => {
  it('asks the provider once and says payouts are set up', async () => {
    const { calls } = servePayoutsApi({
      onboarding: notStarted({ account_id: 'acct_test_1' }),
      providerOnboarding: onboarded(),
    })
    renderPage()

    expect(screen.getByRole('status').textContent).toBe('Checking your payout setup…')
    await screen.findByRole('heading', { level: 1, name: 'Payouts are set up' })
    expect(callsTo(calls, 'POST', syncPath)).toHaveLength(1)
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/creator/payments')
  })

  it('marks the cached shop and plan reads stale, since the creator’s plans go on sale now', async () => {
    servePayoutsApi({ onboarding: notStarted({ account_id: 'acct_test_1' }), providerOnboarding: onboarded() })
    const { queryClient } = renderPage()
    const plansKey = ['creators', 'plans', creatorUserId, 'active']
    queryClient.setQueryData(plansKey, { plans: [] })

    await screen.findByRole('heading', { level: 1, name: 'Payouts are set up' })
    await vi.waitFor(() => expect(queryClient.getQueryState(plansKey)?.isInvalidated).toBe(true))
  })

  it('says onboarding is not finished when the provider still needs details', async () => {
    servePayoutsApi({ onboarding: notStarted({ account_id: 'acct_test_1', details_submitted: true }) })
    const { user } = renderPage()

    await screen.findByRole('heading', { level: 1, name: 'Onboarding is not finished yet' })
    await user.click(screen.getByRole('link', { name: 'Back to payments' }))
    expect(screen.getByTestId('location').textContent).toBe('/creator/payments')
  })

  it('says "Failed to sync Stripe status" when the provider cannot be asked, and tries again', async () => {
    let failing = true
    servePayoutsApi({ onboarding: onboarded() }, (call) =>
      failing && call.path === syncPath ? apiError(502, 'PROVIDER_UNAVAILABLE', 'Provider down') : undefined,
    )
    const { user } = renderPage()

    const alert = await screen.findByRole('alert')
    within(alert).getByText(paymentMessages.providerSyncFailed)
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { level: 1, name: 'Payouts are set up' })
  })

  it('asks a signed-out visitor to sign in, and comes back here afterwards', () => {
    const { calls } = servePayoutsApi()
    renderPage(null)

    screen.getByRole('heading', { level: 1, name: 'Sign in to finish payout setup' })
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?redirect=%2Fcreator%2Fonboarding%2Fcomplete',
    )
    expect(calls).toHaveLength(0)
  })

  it('tells a customer that payout setup is for creators, without asking the provider', () => {
    const { calls } = servePayoutsApi()
    renderPage('customer')

    screen.getByRole('heading', { level: 1, name: 'Payout setup is for creators' })
    expect(calls).toHaveLength(0)
  })
})
