import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { customer } from '../../../test/fake-creator-api.ts'
import { aSandboxLink, callsTo, servePayoutsApi } from '../../../test/fake-payouts-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as SandboxOnboardingPage } from './sandbox-onboarding-page.tsx'

const completePath = '/api/sandbox/onboarding/link_test_1/complete'

function renderPage({ signedIn = true } = {}) {
  if (signedIn) storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  return renderWithProviders(<SandboxOnboardingPage />, {
    route: '/sandbox/onboarding/link_test_1',
    path: '/sandbox/onboarding/:linkId',
  })
}

function stubRedirect() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => {})
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('sandbox onboarding', () => {
  it('is marked as test mode and shows whose account it sets up', async () => {
    servePayoutsApi({ sandboxLinks: [aSandboxLink()] })
    renderPage()

    screen.getByText('Test mode — no real bank account is used')
    const form = await screen.findByRole('form', { name: 'Test payout onboarding' })
    expect(within(form).getByText('Account name').nextSibling?.textContent).toBe('Casey Lines')
    expect(within(form).getByText('E-mail').nextSibling?.textContent).toBe('casey@example.com')
    expect((within(form).getByLabelText('Legal name') as HTMLInputElement).value).toBe('Casey Lines')
    const bank = within(form).getByLabelText('Test bank account') as HTMLInputElement
    expect(bank.value).toBe('000123456789')
    expect(bank.readOnly).toBe(true)
  })

  it('completes onboarding and goes where the provider sends the creator', async () => {
    const { calls, state } = servePayoutsApi({ sandboxLinks: [aSandboxLink()] })
    const assign = stubRedirect()
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Test payout onboarding' })
    await user.type(within(form).getByLabelText('Date of birth'), '1990-04-12')
    await user.click(within(form).getByRole('button', { name: 'Complete onboarding' }))

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/creator/onboarding/complete'))
    expect(callsTo(calls, 'POST', completePath)).toHaveLength(1)
    expect(state.onboarding.onboarded).toBe(true)
  })

  it('asks for a legal name and an adult’s date of birth before completing', async () => {
    const { calls } = servePayoutsApi({ sandboxLinks: [aSandboxLink()] })
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Test payout onboarding' })
    await user.clear(within(form).getByLabelText('Legal name'))
    await user.click(within(form).getByRole('button', { name: 'Complete onboarding' }))
    within(form).getByText('Enter your legal name')
    within(form).getByText('Enter your date of birth')

    const lastYear = new Date().getUTCFullYear() - 1
    await user.type(within(form).getByLabelText('Date of birth'), `${lastYear}-01-01`)
    await user.click(within(form).getByRole('button', { name: 'Complete onboarding' }))
    within(form).getByText('You must be 18 or older to be paid out')
    expect(callsTo(calls, 'POST', completePath)).toHaveLength(0)
  })

  it('says a used link was used, with a way back to payments', async () => {
    const { calls } = servePayoutsApi({ sandboxLinks: [aSandboxLink({ status: 'used' })] })
    renderPage()

    await screen.findByText('This onboarding link has already been used.')
    expect(screen.queryByRole('form')).toBeNull()
    expect(screen.getByRole('link', { name: 'Back to payments' }).getAttribute('href')).toBe('/creator/payments')
    expect(callsTo(calls, 'POST', completePath)).toHaveLength(0)
  })

  it('says an expired link expired', async () => {
    servePayoutsApi({ sandboxLinks: [aSandboxLink({ status: 'expired' })] })
    renderPage()

    await screen.findByText('This onboarding link has expired.')
    screen.getByRole('link', { name: 'Back to payments' })
  })

  it('says an unknown link does not exist', async () => {
    servePayoutsApi()
    renderPage()

    await screen.findByText('This onboarding link does not exist.')
  })

  it('shows the link as used when it was used in another tab meanwhile', async () => {
    const { state } = servePayoutsApi({ sandboxLinks: [aSandboxLink()] })
    const assign = stubRedirect()
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Test payout onboarding' })
    state.sandboxLinks[0] = aSandboxLink({ status: 'used' })
    await user.type(within(form).getByLabelText('Date of birth'), '1990-04-12')
    await user.click(within(form).getByRole('button', { name: 'Complete onboarding' }))

    await screen.findByText('This onboarding link has already been used.')
    expect(assign).not.toHaveBeenCalled()
  })

  it('asks a signed-out visitor to sign in first', async () => {
    const { calls } = servePayoutsApi({ sandboxLinks: [aSandboxLink()] })
    renderPage({ signedIn: false })

    const form = await screen.findByRole('form', { name: 'Test payout onboarding' })
    expect(within(form).queryByRole('button', { name: 'Complete onboarding' })).toBeNull()
    expect(within(form).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/auth?redirect=%2Fsandbox%2Fonboarding%2Flink_test_1',
    )
    expect(callsTo(calls, 'POST', completePath)).toHaveLength(0)
  })
})
