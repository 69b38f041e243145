import { notificationMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { aDelivery, aMethod, aSubscriber, callsTo, minutesAgo, serveAlertsApi } from '../../../test/fake-alerts-api.ts'
import { apiError, creatorUserId, customer } from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { Component as CreatorNotificationsPage } from './creator-notifications-page.tsx'

const logsPath = `/api/sms/creator-logs/${creatorUserId}`
const batchPath = `/api/sms/send-batch-now/${creatorUserId}`

function renderPage() {
  return renderWithProviders(<CreatorNotificationsPage />, { route: '/creator/notifications' })
}

function region(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

function isOn(control: HTMLElement): boolean {
  return control.getAttribute('aria-checked') === 'true'
}

/** A stats card's figure, by its label. */
function figure(card: HTMLElement, label: string): string {
  return within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? ''
}

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('delivery methods', () => {
  it('offers both channels until the creator sets one, and keeps the other offered when turning one off', async () => {
    const { calls, state } = serveAlertsApi()
    const { user } = renderPage()

    const methods = region('Delivery methods')
    const byEmail = await within(methods).findByRole('switch', { name: 'Send picks by e-mail' })
    const byText = within(methods).getByRole('switch', { name: 'Send picks by text' })
    expect(isOn(byEmail)).toBe(true)
    expect(isOn(byText)).toBe(true)

    await user.click(byEmail)

    await waitFor(() => expect(isOn(byEmail)).toBe(false))
    expect(isOn(byText)).toBe(true)
    expect(callsTo(calls, 'POST', '/api/delivery-methods').map((call) => call.body)).toEqual([
      { creatorId: creatorUserId, method: 'sms', isActive: true },
      { creatorId: creatorUserId, method: 'email', isActive: false },
    ])
    expect(state.methods.map((m) => [m.method, m.isActive])).toEqual([
      ['sms', true],
      ['email', false],
    ])
  })

  it('updates a method that exists instead of creating it again', async () => {
    const emailRow = aMethod('email', false)
    const { calls } = serveAlertsApi({ methods: [emailRow, aMethod('sms', true)] })
    const { user } = renderPage()

    const byEmail = await screen.findByRole('switch', { name: 'Send picks by e-mail' })
    expect(isOn(byEmail)).toBe(false)
    await user.click(byEmail)

    await waitFor(() => expect(isOn(byEmail)).toBe(true))
    expect(callsTo(calls, 'PUT', `/api/delivery-methods/${emailRow.id}`).map((call) => call.body)).toEqual([
      { isActive: true },
    ])
    expect(callsTo(calls, 'POST', '/api/delivery-methods')).toHaveLength(0)
  })

  it('removes a saved setting after a confirmation that says what is offered afterwards', async () => {
    const smsRow = aMethod('sms', true)
    const { calls, state } = serveAlertsApi({ methods: [aMethod('email', true), smsRow] })
    const { user } = renderPage()

    const methods = region('Delivery methods')
    const saved = await within(methods).findByRole('list', { name: 'Saved delivery settings' })
    expect(within(saved).getAllByRole('listitem')).toHaveLength(2)
    await user.click(within(saved).getByRole('button', { name: 'Remove the text setting' }))

    const dialog = await screen.findByRole('dialog', { name: 'Remove the text setting?' })
    expect(dialog.textContent).toContain('Afterwards your picks go out by e-mail only.')
    // Nothing is removed before the creator confirms.
    expect(callsTo(calls, 'DELETE', `/api/delivery-methods/${smsRow.id}`)).toHaveLength(0)
    await user.click(within(dialog).getByRole('button', { name: 'Remove setting' }))

    expect((await within(methods).findByRole('status')).textContent).toBe(
      'Text setting removed: your picks go out by e-mail only.',
    )
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(callsTo(calls, 'DELETE', `/api/delivery-methods/${smsRow.id}`)).toHaveLength(1)
    expect(state.methods.map((m) => m.method)).toEqual(['email'])
    await waitFor(() => expect(isOn(within(methods).getByRole('switch', { name: 'Send picks by text' }))).toBe(false))
    expect(within(saved).getAllByRole('listitem')).toHaveLength(1)
  })

  it('says that removing the last setting offers both channels again, and keeps it when the creator changes their mind', async () => {
    const emailRow = aMethod('email', false)
    const { calls } = serveAlertsApi({ methods: [emailRow] })
    const { user } = renderPage()

    await user.click(await screen.findByRole('button', { name: 'Remove the e-mail setting' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the e-mail setting?' })
    expect(dialog.textContent).toContain('Afterwards your picks go out by both e-mail and text.')
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'DELETE', `/api/delivery-methods/${emailRow.id}`)).toHaveLength(0)
    expect(screen.getAllByRole('button', { name: 'Remove the e-mail setting' })).toHaveLength(1)
  })

  it('shows why a removal failed and keeps the dialog open', async () => {
    const emailRow = aMethod('email', true)
    serveAlertsApi({ methods: [emailRow] }, (call) =>
      call.method === 'DELETE'
        ? apiError(403, 'FORBIDDEN', 'You can only change your own delivery methods')
        : undefined,
    )
    const { user } = renderPage()

    await user.click(await screen.findByRole('button', { name: 'Remove the e-mail setting' }))
    const dialog = await screen.findByRole('dialog', { name: 'Remove the e-mail setting?' })
    await user.click(within(dialog).getByRole('button', { name: 'Remove setting' }))

    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('We couldn’t remove that setting.')
    expect(alert.textContent).toContain('You can only change your own delivery methods')
  })
})

describe('subscribers', () => {
  it('lists each subscriber with relationship, plan and whether each channel reaches them', async () => {
    serveAlertsApi({
      subscribers: [
        aSubscriber({ name: 'Dana Ortiz' }),
        aSubscriber({
          name: 'Sam Rivers',
          relationship: 'follower',
          planName: null,
          smsEnabled: false,
          smsReachable: false,
          emailReachable: false,
        }),
      ],
    })
    renderPage()

    const table = await within(region('Subscribers')).findByRole('table', {
      name: 'Subscribers and how your picks reach them',
    })
    expect(tableRows(table)).toEqual([
      {
        Name: 'Dana Ortiz',
        Relationship: 'Subscriber',
        Plan: 'Monthly picks',
        'E-mail': 'Reachable',
        Text: 'Reachable',
      },
      { Name: 'Sam Rivers', Relationship: 'Follower', Plan: '—', 'E-mail': 'Not reachable', Text: 'Turned off' },
    ])
    within(region('Subscribers')).getByText('2 people hear from you.')
  })

  it('says "Failed to get creator subscribers" when the list cannot be read', async () => {
    serveAlertsApi({}, (call) =>
      call.path === `/api/creator/subscribers/${creatorUserId}` ? apiError(500, 'INTERNAL', 'Boom') : undefined,
    )
    renderPage()

    const alert = await within(region('Subscribers')).findByRole('alert')
    within(alert).getByText(notificationMessages.getSubscribers)
  })
})

describe('statistics', () => {
  it('shows each channel’s figures for 30 days, and for the timeframe the creator picks', async () => {
    const { calls } = serveAlertsApi({
      reachable: { email: 12, sms: 5 },
      logs: [
        aDelivery({ channel: 'sms', status: 'delivered', createdAt: minutesAgo(60) }),
        aDelivery({ channel: 'sms', status: 'sent', createdAt: minutesAgo(60) }),
        aDelivery({ channel: 'sms', status: 'failed', createdAt: minutesAgo(60), error: 'Unreachable number' }),
        aDelivery({ channel: 'sms', status: 'sent', createdAt: minutesAgo(10 * 24 * 60) }),
        aDelivery({ channel: 'email', status: 'sent', createdAt: minutesAgo(60) }),
      ],
    })
    const { user } = renderPage()

    const texts = region('Text messages')
    await waitFor(() => expect(figure(texts, 'Sent')).toBe('2'))
    expect(figure(texts, 'Delivered')).toBe('1')
    expect(figure(texts, 'Failed')).toBe('1')
    expect(figure(texts, 'Pending')).toBe('0')
    expect(figure(texts, 'Success rate')).toBe('75%')
    expect(figure(texts, 'Reachable')).toBe('5')
    const email = region('E-mail')
    await waitFor(() => expect(figure(email, 'Sent')).toBe('1'))
    expect(figure(email, 'Reachable')).toBe('12')
    expect(callsTo(calls, 'GET', `/api/sms/creator-stats/${creatorUserId}`)[0]?.search.get('timeframe')).toBe('30d')
    expect(callsTo(calls, 'GET', `/api/creator/email-stats/${creatorUserId}`)[0]?.search.get('timeframe')).toBe('30d')

    const timeframe = screen.getByLabelText('Timeframe')
    expect(Array.from((timeframe as HTMLSelectElement).options, (o) => o.text)).toEqual([
      '24 hours',
      '7 days',
      '30 days',
      '90 days',
      'All time',
    ])
    await user.selectOptions(timeframe, '7 days')

    await waitFor(() => expect(figure(texts, 'Sent')).toBe('1'))
    expect(figure(texts, 'Success rate')).toBe('66.7%')
    expect(callsTo(calls, 'GET', `/api/sms/creator-stats/${creatorUserId}`).at(-1)?.search.get('timeframe')).toBe('7d')
  })

  it('says "Failed to get email statistics" when the e-mail figures cannot be read', async () => {
    serveAlertsApi({}, (call) =>
      call.path === `/api/creator/email-stats/${creatorUserId}` ? apiError(500, 'INTERNAL', 'Boom') : undefined,
    )
    renderPage()

    const alert = await within(region('E-mail')).findByRole('alert')
    within(alert).getByText(notificationMessages.getEmailStats)
  })
})

describe('pending deliveries and the log', () => {
  it('lists queued deliveries of both channels and sends them with Send Batch Now', async () => {
    const { calls } = serveAlertsApi({
      logs: [
        aDelivery({ channel: 'sms', status: 'queued', summary: 'Celtics -3.5 · Lakers @ Celtics' }),
        aDelivery({ channel: 'email', status: 'queued', summary: 'Celtics -3.5 · Lakers @ Celtics' }),
        aDelivery({ channel: 'sms', status: 'sent', summary: 'Heat ML · Heat @ Knicks' }),
      ],
    })
    const { user } = renderPage()

    const pending = region('Pending deliveries')
    const waiting = await within(pending).findByRole('list', { name: 'Waiting to be sent' })
    expect(within(waiting).getAllByRole('listitem')).toHaveLength(2)
    expect(within(waiting).getAllByText('Queued')).toHaveLength(2)

    await user.click(within(pending).getByRole('button', { name: 'Send Batch Now' }))

    await within(pending).findByText('Sent 2 queued alerts now.')
    expect(callsTo(calls, 'POST', batchPath)).toHaveLength(1)
    await within(pending).findByText('Nothing is waiting to be sent.')
    // Every log was read again with the pending ones asked for.
    const reads = callsTo(calls, 'GET', logsPath)
    expect(reads.length).toBeGreaterThanOrEqual(4)
    expect(
      reads.every((call) => call.search.get('includePending') === 'true' && call.search.get('limit') === '50'),
    ).toBe(true)
    expect(new Set(reads.map((call) => call.search.get('channel')))).toEqual(new Set(['sms', 'email']))
  })

  it('says "Failed to send batch" with the reason when the batch cannot be sent', async () => {
    serveAlertsApi({ logs: [aDelivery({ status: 'queued' })] }, (call) =>
      call.path === batchPath ? apiError(503, 'SERVICE_UNAVAILABLE', 'The queue is not running') : undefined,
    )
    const { user } = renderPage()

    const pending = region('Pending deliveries')
    await within(pending).findByRole('list', { name: 'Waiting to be sent' })
    await user.click(within(pending).getByRole('button', { name: 'Send Batch Now' }))

    const alert = await within(pending).findByRole('alert')
    within(alert).getByText(notificationMessages.sendBatch)
    within(alert).getByText('The queue is not running')
    expect(within(pending).getAllByRole('listitem')).toHaveLength(1)
  })

  it('shows every delivery with its status and a failure’s reason, one channel or both', async () => {
    serveAlertsApi({
      logs: [
        aDelivery({ channel: 'sms', status: 'delivered', summary: 'Celtics -3.5 · Lakers @ Celtics' }),
        aDelivery({
          channel: 'sms',
          status: 'failed',
          summary: 'Heat ML · Heat @ Knicks',
          error: 'Unreachable number',
        }),
        aDelivery({ channel: 'email', status: 'sending', summary: 'Over 221.5 · Knicks @ Heat' }),
        aDelivery({ channel: 'email', status: 'sent', summary: 'Suns +4 · Suns @ Nuggets' }),
      ],
    })
    const { user } = renderPage()

    const log = region('Delivery log')
    const list = await within(log).findByRole('list', { name: 'Deliveries' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    for (const status of ['Delivered', 'Failed', 'Sending', 'Sent']) {
      within(list).getByText(status)
    }
    within(list).getByText('Reason: Unreachable number')

    await user.click(within(log).getByRole('button', { name: 'Texts' }))
    expect(within(log).getByRole('button', { name: 'Texts' }).getAttribute('aria-pressed')).toBe('true')
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    expect(within(list).queryByText('Over 221.5 · Knicks @ Heat')).toBeNull()

    await user.click(within(log).getByRole('button', { name: 'E-mail' }))
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)
    within(list).getByText('Over 221.5 · Knicks @ Heat')
  })

  it('reads the logs again every few seconds while a delivery is pending, and stops when none is', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls, state } = serveAlertsApi({ logs: [aDelivery({ channel: 'sms', status: 'queued' })] })
    renderPage()

    const pending = region('Pending deliveries')
    await within(pending).findByRole('list', { name: 'Waiting to be sent' })
    const smsReads = () => callsTo(calls, 'GET', logsPath).filter((call) => call.search.get('channel') === 'sms')
    expect(smsReads()).toHaveLength(1)

    // The worker sends it on its own.
    state.logs = state.logs.map((d) => ({ ...d, status: 'sent', sentAt: new Date().toISOString() }))
    await vi.advanceTimersByTimeAsync(5_000)

    await within(pending).findByText('Nothing is waiting to be sent.')
    expect(smsReads()).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(15_000)
    expect(smsReads()).toHaveLength(2)
  })
})

describe('test e-mail', () => {
  it('sends a test e-mail to the creator’s own address, filled in', async () => {
    const { calls } = serveAlertsApi()
    const { user } = renderPage()

    const form = screen.getByRole('form', { name: 'Test e-mail' })
    const address = within(form).getByLabelText('Your e-mail')
    expect((address as HTMLInputElement).value).toBe('casey@example.com')
    await user.click(within(form).getByRole('button', { name: 'Send test e-mail' }))

    await within(form).findByText('Test e-mail sent to casey@example.com.')
    expect(callsTo(calls, 'POST', '/api/test-email').map((call) => call.body)).toEqual([{ email: 'casey@example.com' }])
    // It shows in the log like any other e-mail.
    await within(region('Delivery log')).findByText('Test')
  })

  it('says "Failed to send test email" with the server’s reason for another address', async () => {
    const { calls } = serveAlertsApi()
    const { user } = renderPage()

    const form = screen.getByRole('form', { name: 'Test e-mail' })
    const address = within(form).getByLabelText('Your e-mail')
    await user.clear(address)
    await user.type(address, 'someone@example.com')
    await user.click(within(form).getByRole('button', { name: 'Send test e-mail' }))

    const alert = await within(form).findByRole('alert')
    within(alert).getByText(notificationMessages.sendTestEmail)
    within(alert).getByText(notificationMessages.testEmailOwnAddressOnly)
    expect(callsTo(calls, 'POST', '/api/test-email').map((call) => call.body)).toEqual([
      { email: 'someone@example.com' },
    ])
  })
})

describe('the page', () => {
  it('is titled Notifications and names its cards', async () => {
    serveAlertsApi()
    renderPage()

    screen.getByRole('heading', { level: 1, name: 'Notifications' })
    for (const name of [
      'Delivery methods',
      'Subscribers',
      'E-mail',
      'Text messages',
      'Pending deliveries',
      'Delivery log',
    ]) {
      region(name)
    }
    // The browser test finds the statistics by these names: no other region may contain them.
    const names = screen.getAllByRole('region').map((r) => r.getAttribute('aria-labelledby'))
    const titles = names.map((id) => (id ? document.getElementById(id)?.textContent : ''))
    expect(titles.filter((t) => t?.toLowerCase().includes('e-mail'))).toEqual(['E-mail'])
    expect(titles.filter((t) => t?.toLowerCase().includes('text messages'))).toEqual(['Text messages'])
    await screen.findByText('No subscribers or followers yet.')
  })
})
