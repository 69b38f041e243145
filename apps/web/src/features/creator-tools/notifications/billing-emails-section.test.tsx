import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { serveAlertsApi } from '../../../test/fake-alerts-api.ts'
import { creatorUserId, customer, json } from '../../../test/fake-creator-api.ts'
import { callsTo, type FakeCall } from '../../../test/fake-fetch.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as CreatorNotificationsPage } from './creator-notifications-page.tsx'

const settingsPath = `/api/creators/${creatorUserId}/billing-emails`

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
})

/** The alerts fake, with the creator's billing e-mail setting answered beside it. */
function serveWithSetting(initial: boolean) {
  const setting = { new_subscriber_emails: initial }
  const served = serveAlertsApi({}, (call: FakeCall) => {
    if (call.path !== settingsPath) return undefined
    if (call.method === 'PUT') {
      setting.new_subscriber_emails = (call.body as { new_subscriber_emails: boolean }).new_subscriber_emails
    }
    return json(setting)
  })
  return { ...served, setting }
}

describe('the new-subscriber e-mail switch on /creator/notifications', () => {
  it('is on by default and turns off and on again', async () => {
    const { calls, setting } = serveWithSetting(true)
    const { user } = renderWithProviders(<CreatorNotificationsPage />, { route: '/creator/notifications' })

    const card = await screen.findByRole('region', { name: 'New subscriber notices' })
    const control = await within(card).findByRole('switch', { name: 'E-mail me about each new subscriber' })
    expect(control.getAttribute('aria-checked')).toBe('true')

    await user.click(control)
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('false'))
    expect(setting.new_subscriber_emails).toBe(false)
    expect(callsTo(calls, 'PUT', settingsPath).map((call) => call.body)).toEqual([{ new_subscriber_emails: false }])

    await user.click(control)
    await waitFor(() => expect(control.getAttribute('aria-checked')).toBe('true'))
    expect(setting.new_subscriber_emails).toBe(true)
  })

  it('shows the setting as stored when it is off', async () => {
    serveWithSetting(false)
    renderWithProviders(<CreatorNotificationsPage />, { route: '/creator/notifications' })
    const control = await screen.findByRole('switch', { name: 'E-mail me about each new subscriber' })
    expect(control.getAttribute('aria-checked')).toBe('false')
  })
})
