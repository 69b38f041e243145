import { notificationMessages, paymentMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import { apiError, callsTo, creatorUserId, customer } from '../../test/fake-creator-api.ts'
import { aPurchase, buyerId, servePaymentsApi, type FakePaymentsState } from '../../test/fake-checkout-api.ts'
import { aCreatorPreference, alertsAnswer, alertsState, type FakeAlertsState } from '../../test/fake-alerts-api.ts'
import type { FakeCall } from '../../test/fake-fetch.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as ManageSubscriptionsPage } from './manage-subscriptions-page.tsx'

const managePath = `/api/purchases/user/${buyerId}`
const emailPreferencePath = `/api/email-preferences/${buyerId}/creator/${creatorUserId}`
const channelsPath = `/api/creator/subscribers/${buyerId}/notifications`

/** The payments fake, with the alert calls answered beside it (the buyer hears from Casey Lines). */
function serveManage(
  initial: Partial<FakePaymentsState> = {},
  override?: (call: FakeCall) => Response | undefined,
  alerts: Partial<FakeAlertsState> = {},
) {
  const alertState = alertsState({ userId: buyerId, creators: [aCreatorPreference({ userId: buyerId })], ...alerts })
  const served = servePaymentsApi(initial, (call) => override?.(call) ?? alertsAnswer(alertState, call))
  return { ...served, alertState }
}

function renderManage() {
  return renderWithProviders(<ManageSubscriptionsPage />, { route: '/manage-subscriptions' })
}

function itemOf(planName: string): HTMLElement {
  return screen.getByRole('heading', { name: planName }).closest('li')!
}

const monthly = () =>
  aPurchase({
    plan_name: 'Monthly picks',
    creator: { id: aPurchase().creator_id, name: 'Casey Lines', username: 'CaseyLines', profile_picture: '🏀' },
  })

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, id: buyerId, email: 'sam@example.com', name: 'Sam Rivers' }))
})

describe('manage subscriptions page', () => {
  it('lists each subscription and pass with its creator, price, status and date', async () => {
    serveManage({
      purchases: [
        monthly(),
        aPurchase({ plan_name: 'Trial weekly', interval: 'week', price_cents: 700, status: 'trialing' }),
        aPurchase({ plan_name: 'Retrying', status: 'past_due' }),
        aPurchase({ plan_name: 'Winding down', auto_renewal: false, canceled_at: '2026-11-10T12:00:00.000Z' }),
        aPurchase({
          plan_name: 'Old yearly',
          interval: 'year',
          status: 'canceled',
          auto_renewal: false,
          has_access: false,
          ended_at: '2026-10-01T12:00:00.000Z',
        }),
        aPurchase({
          plan_name: 'Day pass',
          kind: 'one_time',
          interval: null,
          access_days: 1,
          price_cents: 500,
          status: 'expired',
          auto_renewal: false,
          has_access: false,
          current_period_end: '2026-11-02T12:00:00.000Z',
        }),
      ],
    })
    renderManage()

    await screen.findByRole('list', { name: 'Your subscriptions and passes' })
    const active = itemOf('Monthly picks')
    expect(within(active).getByRole('link', { name: 'Casey Lines' }).getAttribute('href')).toBe('/CaseyLines')
    within(active).getByText('$19.99 / month')
    within(active).getByText('Active')
    within(active).getByText('Renews on December 1, 2026')

    within(itemOf('Trial weekly')).getByText('$7 / week')
    within(itemOf('Trial weekly')).getByText('Free trial')
    within(itemOf('Trial weekly')).getByText('Free trial until December 1, 2026')
    within(itemOf('Retrying')).getByText('Past due — we’ll retry your card')
    within(itemOf('Winding down')).getByText('Cancelled — access until December 1, 2026')
    within(itemOf('Old yearly')).getByText('Cancelled')
    within(itemOf('Old yearly')).getByText('Ended on October 1, 2026')
    const pass = itemOf('Day pass')
    within(pass).getByText('Expired')
    within(pass).getByText(/One payment, 1 day of access/)

    // Only subscriptions that still run can be switched or cancelled.
    expect(within(pass).queryByRole('switch')).toBeNull()
    expect(within(itemOf('Old yearly')).queryByRole('switch')).toBeNull()
    expect(
      within(itemOf('Winding down'))
        .getByRole('switch', { name: /^Auto-renew/ })
        .getAttribute('aria-checked'),
    ).toBe('false')
    expect(within(itemOf('Winding down')).queryByRole('button', { name: /Cancel subscription/ })).toBeNull()
  })

  it('turns auto-renew off and back on, refreshing the list each time', async () => {
    const purchase = monthly()
    const { calls } = serveManage({ purchases: [purchase] })
    const { user } = renderManage()

    const toggle = await screen.findByRole('switch', { name: 'Auto-renew Monthly picks from Casey Lines' })
    expect(toggle.getAttribute('aria-checked')).toBe('true')

    await user.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'))
    await within(itemOf('Monthly picks')).findByText('Cancelled — access until December 1, 2026')
    screen.getByText(/Auto-renew is off for Monthly picks\. Your access continues until December 1, 2026\./)

    await user.click(toggle)
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'))
    await within(itemOf('Monthly picks')).findByText('Active')

    const path = `/api/subscriptions/${purchase.id}/auto-renewal`
    expect(callsTo(calls, 'PUT', path).map((call) => call.body)).toEqual([
      { auto_renewal: false },
      { auto_renewal: true },
    ])
    await waitFor(() => expect(callsTo(calls, 'GET', managePath)).toHaveLength(3))
  })

  it('cancels only after the confirmation, which says access continues and fees are non-refundable', async () => {
    const purchase = monthly()
    const { calls } = serveManage({ purchases: [purchase] })
    const { user } = renderManage()

    const cancel = await screen.findByRole('button', { name: 'Cancel subscription Monthly picks from Casey Lines' })
    await user.click(cancel)
    let dialog = screen.getByRole('dialog', { name: 'Cancel subscription?' })
    within(dialog).getByText(paymentMessages.cancelConfirm)

    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(callsTo(calls, 'DELETE', `/api/purchases/${purchase.id}`)).toHaveLength(0)

    await user.click(cancel)
    dialog = screen.getByRole('dialog', { name: 'Cancel subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const deletes = callsTo(calls, 'DELETE', `/api/purchases/${purchase.id}`)
    expect(deletes).toHaveLength(1)
    // At the end of the period, not now.
    expect(deletes[0]?.search.get('cancelImmediately')).toBeNull()
    const item = itemOf('Monthly picks')
    within(item).getByText('Cancelled — access until December 1, 2026')
    expect(within(item).queryByRole('button', { name: /Cancel subscription/ })).toBeNull()
    screen.getByText('Subscription cancelled. You have access until December 1, 2026.')
    await waitFor(() => expect(callsTo(calls, 'GET', managePath)).toHaveLength(2))
  })

  it('keeps the dialog open with the reason when cancelling fails', async () => {
    serveManage({ purchases: [monthly()] }, (call) =>
      call.method === 'DELETE' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Payments are unavailable right now') : undefined,
    )
    const { user } = renderManage()

    await user.click(await screen.findByRole('button', { name: /^Cancel subscription Monthly picks/ }))
    const dialog = screen.getByRole('dialog', { name: 'Cancel subscription?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel subscription' }))

    expect((await within(dialog).findByRole('alert')).textContent).toBe('Payments are unavailable right now')
    // The modal hides the page behind it from assistive technology, hence `hidden: true`.
    within(screen.getByRole('heading', { name: 'Monthly picks', hidden: true }).closest('li')!).getByText('Active')
  })

  it('shows a failed auto-renew change beside the switch', async () => {
    serveManage({ purchases: [monthly()] }, (call) =>
      call.method === 'PUT' ? apiError(500, 'INTERNAL', 'Internal server error') : undefined,
    )
    const { user } = renderManage()

    const toggle = await screen.findByRole('switch', { name: 'Auto-renew Monthly picks from Casey Lines' })
    await user.click(toggle)

    expect((await within(itemOf('Monthly picks')).findByRole('alert')).textContent).toBe('Internal server error')
    expect(toggle.getAttribute('aria-checked')).toBe('true')
  })

  it('points to the shop when there is nothing to manage', async () => {
    serveManage()
    renderManage()

    await screen.findByText('You have no subscriptions or passes yet.')
    expect(screen.getByRole('link', { name: 'Browse creators' }).getAttribute('href')).toBe('/shop-picks')
  })

  it('offers to try again when the list fails to load', async () => {
    let failing = true
    serveManage({ purchases: [monthly()] }, (call) =>
      failing && call.path === managePath ? apiError(500, 'INTERNAL', 'Internal') : undefined,
    )
    const { user } = renderManage()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('We couldn’t load your subscriptions.')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: 'Monthly picks' })
  })
})

describe('alert switches on the subscription cards', () => {
  it('shows the e-mail and text switches of each creator once, on a card that gives access', async () => {
    serveManage({
      purchases: [
        monthly(),
        aPurchase({ plan_name: 'Weekend pass', kind: 'one_time', interval: null, access_days: 3 }),
        aPurchase({ plan_name: 'Old yearly', status: 'canceled', auto_renewal: false, has_access: false }),
      ],
    })
    renderManage()

    await screen.findByRole('heading', { name: 'Monthly picks' })
    const card = itemOf('Monthly picks')
    const email = await within(card).findByRole('switch', { name: 'E-mail alerts from Casey Lines' })
    expect(email.getAttribute('aria-checked')).toBe('true')
    const texts = within(card).getByRole('switch', { name: 'Text alerts from Casey Lines' })
    expect(texts.getAttribute('aria-checked')).toBe('true')
    // Visible as "E-mail alerts" and "Text alerts"; the creator's name is for screen readers.
    within(card).getByText('E-mail alerts')
    expect(within(itemOf('Weekend pass')).queryByRole('switch', { name: /alerts/ })).toBeNull()
    expect(within(itemOf('Old yearly')).queryByRole('switch', { name: /alerts/ })).toBeNull()
  })

  it('turns e-mail and texts from the creator off with the same calls as the alerts page', async () => {
    const { calls, alertState } = serveManage({ purchases: [monthly()] })
    const { user } = renderManage()

    const email = await screen.findByRole('switch', { name: 'E-mail alerts from Casey Lines' })
    await user.click(email)
    await waitFor(() => expect(email.getAttribute('aria-checked')).toBe('false'))
    expect(callsTo(calls, 'PUT', emailPreferencePath).map((call) => call.body)).toEqual([{ enabled: false }])

    const texts = screen.getByRole('switch', { name: 'Text alerts from Casey Lines' })
    await waitFor(() => expect(texts).toHaveProperty('disabled', false))
    await user.click(texts)
    await waitFor(() => expect(texts.getAttribute('aria-checked')).toBe('false'))
    expect(callsTo(calls, 'PUT', channelsPath).map((call) => call.body)).toEqual([
      { creatorId: creatorUserId, smsEnabled: false, emailEnabled: false },
    ])
    expect(alertState.creators[0]).toMatchObject({ enabled: false, smsEnabled: false })
  })

  it('disables the text switch, with a link to Alerts, when texts cannot reach the person', async () => {
    serveManage({ purchases: [monthly()] }, undefined, {
      phone: { phone: '+15551234567', verified: false, optedOut: false },
      smsEnabled: false,
    })
    renderManage()

    await screen.findByRole('heading', { name: 'Monthly picks' })
    const card = itemOf('Monthly picks')
    const texts = await within(card).findByRole('switch', { name: 'Text alerts from Casey Lines' })
    await waitFor(() => expect(texts).toHaveProperty('disabled', true))
    expect(texts.getAttribute('aria-checked')).toBe('false')
    within(card).getByText(/Texts can’t reach you yet/)
    expect(within(card).getByRole('link', { name: 'Go to Alerts' }).getAttribute('href')).toBe('/alerts')
    expect(within(card).getByRole('switch', { name: 'E-mail alerts from Casey Lines' })).toHaveProperty(
      'disabled',
      false,
    )
  })

  it('shows a channel the creator does not offer as not offered', async () => {
    serveManage({ purchases: [monthly()] }, undefined, {
      creators: [aCreatorPreference({ userId: buyerId, offers: ['sms'] })],
    })
    renderManage()

    await screen.findByRole('heading', { name: 'Monthly picks' })
    const card = itemOf('Monthly picks')
    await within(card).findByRole('switch', { name: 'Text alerts from Casey Lines' })
    expect(within(card).queryByRole('switch', { name: 'E-mail alerts from Casey Lines' })).toBeNull()
    within(card).getByText(notificationMessages.emailNotOffered)
  })

  it('says "Failed to update email preferences" with the reason beside the switch', async () => {
    serveManage({ purchases: [monthly()] }, (call) =>
      call.path === emailPreferencePath ? apiError(403, 'FORBIDDEN', 'Not yours') : undefined,
    )
    const { user } = renderManage()

    const email = await screen.findByRole('switch', { name: 'E-mail alerts from Casey Lines' })
    await user.click(email)

    const alert = await within(itemOf('Monthly picks')).findByRole('alert')
    within(alert).getByText(notificationMessages.updateEmailPreferences)
    within(alert).getByText('Not yours')
    expect(email.getAttribute('aria-checked')).toBe('true')
  })

  it('says "Failed to get all email preferences" when the alert choices cannot be read', async () => {
    serveManage({ purchases: [monthly()] }, (call) =>
      call.path === `/api/email-preferences/${buyerId}/all` ? apiError(500, 'INTERNAL', 'Boom') : undefined,
    )
    renderManage()

    const alert = await screen.findByRole('alert')
    within(alert).getByText(notificationMessages.getAllEmailPreferences)
    screen.getByRole('heading', { name: 'Monthly picks' })
    expect(screen.queryByRole('switch', { name: /E-mail alerts/ })).toBeNull()
  })
})
