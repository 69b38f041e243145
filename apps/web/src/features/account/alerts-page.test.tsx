import { notificationMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import {
  aCreatorPreference,
  aDelivery,
  alertsUserId,
  callsTo,
  rightPhoneCode,
  serveAlertsApi,
} from '../../test/fake-alerts-api.ts'
import { aProfile, apiError, creatorUserId, customer, json } from '../../test/fake-creator-api.ts'
import type { FakeCall } from '../../test/fake-fetch.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as AlertsPage } from './alerts-page.tsx'

const emailPreferencePath = `/api/email-preferences/${alertsUserId}/creator/${creatorUserId}`
const channelsPath = `/api/creator/subscribers/${alertsUserId}/notifications`

function renderAlerts() {
  return renderWithProviders(<AlertsPage />, { route: '/alerts' })
}

function region(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

function isOn(control: HTMLElement): boolean {
  return control.getAttribute('aria-checked') === 'true'
}

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, id: alertsUserId, email: 'dana@example.com', name: 'Dana Ortiz' }))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('alerts page', () => {
  it('shows the text and e-mail switches, each creator’s switches and the alerts received', async () => {
    serveAlertsApi({
      creators: [
        aCreatorPreference(),
        aCreatorPreference({
          creatorId: '00000000-0000-4000-8000-0000000000c2',
          creatorName: 'Riley Totals',
          creatorUsername: 'RileyTotals',
          relationship: 'follower',
          enabled: false,
        }),
      ],
      received: [
        aDelivery({ channel: 'sms', status: 'delivered', summary: 'Celtics -3.5 · Lakers @ Celtics' }),
        aDelivery({
          channel: 'email',
          status: 'failed',
          summary: 'Over 221.5 · Knicks @ Heat',
          error: 'Mailbox unavailable',
        }),
      ],
    })
    renderAlerts()

    screen.getByRole('heading', { level: 1, name: 'Alerts' })
    const texts = await within(region('Text messages')).findByRole('switch', { name: 'Text alerts' })
    expect(isOn(texts)).toBe(true)
    within(region('Text messages')).getByText('Picks are texted to +15551234567.')
    const email = await within(region('E-mail')).findByRole('switch', { name: 'E-mail alerts' })
    expect(isOn(email)).toBe(true)

    const creators = region('Creators')
    const casey = (await within(creators).findByRole('link', { name: 'Casey Lines' })).closest('li')!
    within(casey).getByText('Subscriber')
    expect(isOn(within(casey).getByRole('switch', { name: 'E-mail from Casey Lines' }))).toBe(true)
    expect(isOn(within(casey).getByRole('switch', { name: 'Texts from Casey Lines' }))).toBe(true)
    const riley = within(creators).getByRole('link', { name: 'Riley Totals' }).closest('li')!
    within(riley).getByText('Follower')
    expect(isOn(within(riley).getByRole('switch', { name: 'E-mail from Riley Totals' }))).toBe(false)

    const recent = region('Recent alerts')
    const items = await within(recent).findAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]!.textContent).toContain('Text')
    expect(items[0]!.textContent).toContain('Delivered')
    expect(items[0]!.textContent).toContain('Celtics -3.5 · Lakers @ Celtics')
    expect(items[1]!.textContent).toContain('E-mail')
    expect(items[1]!.textContent).toContain('Failed')
    expect(items[1]!.textContent).toContain('Mailbox unavailable')
  })

  it('asks for 20 recent alerts of the signed-in person', async () => {
    const { calls } = serveAlertsApi()
    renderAlerts()

    await within(region('Recent alerts')).findByText(/No alerts yet/)
    const reads = callsTo(calls, 'GET', `/api/alerts/received/${alertsUserId}`)
    expect(reads.map((call) => call.search.get('limit'))).toEqual(['20'])
  })

  it('turns text alerts on, which opens the per-creator text switches', async () => {
    const { calls } = serveAlertsApi({ smsEnabled: false, creators: [aCreatorPreference()] })
    const { user } = renderAlerts()

    const texts = await screen.findByRole('switch', { name: 'Text alerts' })
    expect(isOn(texts)).toBe(false)
    const fromCasey = await screen.findByRole('switch', { name: 'Texts from Casey Lines' })
    expect(fromCasey).toHaveProperty('disabled', true)
    expect(isOn(fromCasey)).toBe(false)
    screen.getByText('Turn on Text alerts above to choose.')

    await user.click(texts)

    await waitFor(() => expect(isOn(texts)).toBe(true))
    expect(callsTo(calls, 'POST', '/api/sms/subscribe').map((call) => call.body)).toEqual([{ userId: alertsUserId }])
    await waitFor(() => expect(fromCasey).toHaveProperty('disabled', false))
    expect(isOn(fromCasey)).toBe(true)

    await user.click(texts)
    await waitFor(() => expect(isOn(texts)).toBe(false))
    expect(callsTo(calls, 'POST', '/api/sms/unsubscribe').map((call) => call.body)).toEqual([{ userId: alertsUserId }])
  })

  it('keeps texts off without a verified phone and lets the person verify one right there', async () => {
    const { calls } = serveAlertsApi({ phone: { phone: null, verified: false, optedOut: false }, smsEnabled: false })
    const { user } = renderAlerts()

    const texts = await screen.findByRole('switch', { name: 'Text alerts' })
    expect(texts).toHaveProperty('disabled', true)
    expect(isOn(texts)).toBe(false)
    expect(texts.getAttribute('aria-describedby')).toBeTruthy()
    screen.getByText(/Add a phone number and verify it with the code we text you/)

    await user.type(await screen.findByLabelText('Phone Number'), '+15559876543')
    await user.click(screen.getByRole('button', { name: 'Send code' }))
    await user.type(await screen.findByLabelText('Code from the text message'), rightPhoneCode)
    await user.click(screen.getByRole('button', { name: 'Verify' }))

    await waitFor(() => expect(texts).toHaveProperty('disabled', false))
    screen.getByText('Turn on to get picks by text at +15559876543.')
    expect(screen.queryByLabelText('Phone Number')).toBeNull()
    await user.click(texts)
    await waitFor(() => expect(isOn(texts)).toBe(true))
    expect(callsTo(calls, 'POST', '/api/sms/subscribe')).toHaveLength(1)
  })

  it('says the number replied STOP and how to get texts again', async () => {
    serveAlertsApi({ phone: { phone: '+15551234567', verified: true, optedOut: true } })
    renderAlerts()

    const texts = await screen.findByRole('switch', { name: 'Text alerts' })
    expect(within(region('Text messages')).getByText(/You replied STOP/).textContent).toContain(
      'Reply START to any of our texts to get texts again',
    )
    // The switch is still the person's own choice; it is the number that said STOP.
    expect(texts).toHaveProperty('disabled', false)
  })

  it('shows the server’s reason when texts cannot be turned on', async () => {
    serveAlertsApi({ smsEnabled: false }, (call) =>
      call.path === '/api/sms/subscribe'
        ? apiError(400, 'VALIDATION_FAILED', notificationMessages.phoneNotVerified, {
            details: [{ field: 'phone', message: notificationMessages.phoneNotVerified }],
          })
        : undefined,
    )
    const { user } = renderAlerts()

    const texts = await screen.findByRole('switch', { name: 'Text alerts' })
    await user.click(texts)

    const alert = await within(region('Text messages')).findByRole('alert')
    expect(alert.textContent).toContain('We couldn’t turn text alerts on.')
    expect(alert.textContent).toContain(notificationMessages.phoneNotVerified)
    expect(isOn(texts)).toBe(false)
  })

  it('turns e-mail alerts off for the account', async () => {
    const { calls } = serveAlertsApi({ creators: [aCreatorPreference()] })
    const { user } = renderAlerts()

    const email = await screen.findByRole('switch', { name: 'E-mail alerts' })
    await user.click(email)

    await waitFor(() => expect(isOn(email)).toBe(false))
    expect(callsTo(calls, 'PUT', `/api/sms/preferences/${alertsUserId}`).map((call) => call.body)).toEqual([
      { emailEnabled: false },
    ])
    const fromCasey = screen.getByRole('switch', { name: 'E-mail from Casey Lines' })
    expect(fromCasey).toHaveProperty('disabled', true)
    screen.getByText('Turn on E-mail alerts above to choose.')
  })

  it('turns e-mail from one creator off with the e-mail preference call', async () => {
    const { calls, state } = serveAlertsApi({ creators: [aCreatorPreference()] })
    const { user } = renderAlerts()

    const fromCasey = await screen.findByRole('switch', { name: 'E-mail from Casey Lines' })
    await user.click(fromCasey)

    await waitFor(() => expect(isOn(fromCasey)).toBe(false))
    expect(callsTo(calls, 'PUT', emailPreferencePath).map((call) => call.body)).toEqual([{ enabled: false }])
    expect(callsTo(calls, 'PUT', channelsPath)).toHaveLength(0)
    expect(state.creators[0]?.enabled).toBe(false)
    expect(isOn(screen.getByRole('switch', { name: 'Texts from Casey Lines' }))).toBe(true)
  })

  it('turns texts from one creator off, keeping the e-mail choice as it is', async () => {
    const { calls } = serveAlertsApi({ creators: [aCreatorPreference({ enabled: false })] })
    const { user } = renderAlerts()

    const textsFromCasey = await screen.findByRole('switch', { name: 'Texts from Casey Lines' })
    await user.click(textsFromCasey)

    await waitFor(() => expect(isOn(textsFromCasey)).toBe(false))
    expect(callsTo(calls, 'PUT', channelsPath).map((call) => call.body)).toEqual([
      { creatorId: creatorUserId, smsEnabled: false, emailEnabled: false },
    ])
    expect(isOn(screen.getByRole('switch', { name: 'E-mail from Casey Lines' }))).toBe(false)
  })

  it('shows a channel the creator does not offer as not offered', async () => {
    serveAlertsApi({ creators: [aCreatorPreference({ offers: ['email'] })] })
    renderAlerts()

    await screen.findByRole('switch', { name: 'E-mail from Casey Lines' })
    expect(screen.queryByRole('switch', { name: 'Texts from Casey Lines' })).toBeNull()
    screen.getByText(notificationMessages.smsNotOffered)
    screen.getByText('Not offered')
  })

  it('says "Failed to get all email preferences" when the creators cannot be read, and reads again', async () => {
    let failing = true
    serveAlertsApi({ creators: [aCreatorPreference()] }, (call) =>
      failing && call.path === `/api/email-preferences/${alertsUserId}/all`
        ? apiError(503, 'SERVICE_UNAVAILABLE', 'The database is busy')
        : undefined,
    )
    const { user } = renderAlerts()

    const alert = await within(region('Creators')).findByRole('alert')
    within(alert).getByText(notificationMessages.getAllEmailPreferences)
    within(alert).getByText('The database is busy')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('switch', { name: 'E-mail from Casey Lines' })
  })

  it('says "Failed to update email preferences" with the reason, and leaves the switch as it was', async () => {
    serveAlertsApi({ creators: [aCreatorPreference()] }, (call) =>
      call.method === 'PUT' && call.path === emailPreferencePath
        ? apiError(404, 'NOT_FOUND', 'Creator not found')
        : undefined,
    )
    const { user } = renderAlerts()

    const fromCasey = await screen.findByRole('switch', { name: 'E-mail from Casey Lines' })
    await user.click(fromCasey)

    const alert = await within(region('Creators')).findByRole('alert')
    within(alert).getByText(notificationMessages.updateEmailPreferences)
    within(alert).getByText('Creator not found')
    expect(isOn(fromCasey)).toBe(true)
  })

  it('says "Failed to update subscriber notification preferences" when a text choice fails', async () => {
    serveAlertsApi({ creators: [aCreatorPreference()] }, (call) =>
      call.path === channelsPath ? apiError(500, 'INTERNAL', 'Internal server error') : undefined,
    )
    const { user } = renderAlerts()

    const textsFromCasey = await screen.findByRole('switch', { name: 'Texts from Casey Lines' })
    await user.click(textsFromCasey)

    const alert = await within(region('Creators')).findByRole('alert')
    within(alert).getByText(notificationMessages.updateSubscriberNotifications)
    expect(isOn(textsFromCasey)).toBe(true)
  })

  it('points to the shop when the person hears from no creator yet', async () => {
    serveAlertsApi()
    renderAlerts()

    await within(region('Creators')).findByText('You don’t subscribe to or follow any creators yet.')
    expect(screen.getByRole('link', { name: 'Browse creators' }).getAttribute('href')).toBe('/shop-picks')
  })
})

describe('one creator’s e-mail choice (?creator=)', () => {
  const creatorProfilePath = `/api/creators/${creatorUserId}`

  function serveWithCreator(override?: (call: FakeCall) => Response | undefined) {
    return serveAlertsApi(
      { creators: [aCreatorPreference({ enabled: true })] },
      (call) => override?.(call) ?? (call.path === creatorProfilePath ? json({ creator: aProfile() }) : undefined),
    )
  }

  function renderFocused(creatorId = creatorUserId) {
    return renderWithProviders(<AlertsPage />, { route: `/alerts?creator=${creatorId}` })
  }

  it('reads that creator’s e-mail choice on its own and puts it first', async () => {
    const { calls } = serveWithCreator()
    renderFocused()

    const section = await screen.findByRole('region', { name: 'E-mail from Casey Lines' })
    const choice = await within(section).findByRole('switch', { name: 'Picks from Casey Lines by e-mail' })
    expect(isOn(choice)).toBe(true)
    within(section).getByText('Casey Lines’s picks are e-mailed to you.')
    expect(callsTo(calls, 'GET', emailPreferencePath)).toHaveLength(1)
  })

  it('turns that creator’s e-mails off, and the list of creators says the same', async () => {
    const { calls } = serveWithCreator()
    const { user } = renderFocused()

    const section = await screen.findByRole('region', { name: 'E-mail from Casey Lines' })
    const choice = await within(section).findByRole('switch', { name: 'Picks from Casey Lines by e-mail' })
    await user.click(choice)

    await waitFor(() => expect(isOn(choice)).toBe(false))
    expect(callsTo(calls, 'PUT', emailPreferencePath).map((call) => call.body)).toEqual([{ enabled: false }])
    const listed = await within(region('Creators')).findByRole('switch', { name: 'E-mail from Casey Lines' })
    await waitFor(() => expect(isOn(listed)).toBe(false))
  })

  it('says "Failed to get email preferences" when the read fails, and reads again on Try again', async () => {
    let failing = true
    serveWithCreator((call) =>
      failing && call.method === 'GET' && call.path === emailPreferencePath
        ? apiError(500, 'INTERNAL', 'Internal')
        : undefined,
    )
    const { user } = renderFocused()

    const section = await screen.findByRole('region', { name: 'E-mail from Casey Lines' })
    const alert = await within(section).findByRole('alert')
    within(alert).getByText(notificationMessages.getEmailPreferences)
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(section).findByRole('switch', { name: 'Picks from Casey Lines by e-mail' })
  })

  it('shows no such section without a creator, or for an address that names none', async () => {
    const { calls } = serveWithCreator()
    renderFocused('not-a-creator')

    await within(region('Creators')).findByRole('link', { name: 'Casey Lines' })
    expect(screen.queryByRole('region', { name: /^E-mail from/ })).toBeNull()
    expect(callsTo(calls, 'GET', emailPreferencePath)).toHaveLength(0)
  })
})

describe('the texts sent to the person', () => {
  it('lists every text from the SMS log, the answer to STOP included', async () => {
    const { calls } = serveAlertsApi({
      texts: [
        aDelivery({ channel: 'sms', kind: 'reply', preview: 'You are unsubscribed. Reply START to resubscribe.' }),
        aDelivery({ channel: 'sms', status: 'delivered', summary: 'Celtics -3.5 · Lakers @ Celtics' }),
      ],
    })
    renderAlerts()

    const list = await within(region('Texts sent to you')).findByRole('list', { name: 'Texts sent to you' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.querySelector('p')?.textContent),
    ).toEqual(['You are unsubscribed. Reply START to resubscribe.', 'Celtics -3.5 · Lakers @ Celtics'])
    const reads = callsTo(calls, 'GET', `/api/sms/logs/${alertsUserId}`)
    expect(reads.map((call) => call.search.get('limit'))).toEqual(['20'])
  })

  it('says so when no text was sent yet', async () => {
    serveAlertsApi({ texts: [] })
    renderAlerts()

    await within(region('Texts sent to you')).findByText('No texts sent to you yet.')
  })
})
