import { clientMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { aClient, callsTo, serveClientsApi } from '../../../test/fake-clients-api.ts'
import { apiError, customer } from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { Component as CreatorClientsPage } from './creator-clients-page.tsx'

function renderPage() {
  return renderWithProviders(<CreatorClientsPage />, { route: '/creator/clients' })
}

function region(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

beforeEach(() => {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the client list', () => {
  it('reads GET /clients and lists each client, newest first', async () => {
    const { calls } = serveClientsApi({
      clients: [
        aClient({ name: 'Dana Ortiz', email: 'dana@example.com', phone: '+15550100199', note: 'Likes NBA totals' }),
        aClient({ name: 'Sam Rivers', email: 'sam@example.com', source: 'purchase' }),
      ],
    })
    renderPage()

    const table = await within(region('Your clients')).findByRole('table', { name: 'Your clients' })
    expect(tableRows(table)).toEqual([
      {
        Name: 'Dana Ortiz',
        'E-mail': 'dana@example.com',
        Phone: '+15550100199',
        Note: 'Likes NBA totals',
        How: 'Added by you',
        Added: 'Mar 1, 2026',
      },
      {
        Name: 'Sam Rivers',
        'E-mail': 'sam@example.com',
        Phone: '—',
        Note: '—',
        How: 'Bought from you',
        Added: 'Mar 1, 2026',
      },
    ])
    expect(callsTo(calls, 'GET', '/api/clients').map((call) => call.search.get('limit'))).toEqual(['20'])
  })

  it('shows more, 20 at a time', async () => {
    const clients = Array.from({ length: 23 }, (_, i) => aClient({ name: `Client ${i + 1}` }))
    const { calls } = serveClientsApi({ clients })
    const { user } = renderPage()

    const list = region('Your clients')
    await within(list).findByText('Showing 20 of 23')
    await user.click(within(list).getByRole('button', { name: 'Show more' }))
    await within(list).findByText('Showing 23 of 23')
    expect(callsTo(calls, 'GET', '/api/clients').map((call) => call.search.get('offset'))).toEqual(['0', '20'])
    expect(within(list).queryByRole('button', { name: 'Show more' })).toBeNull()
  })

  it('says when there are none, and when the list cannot be read', async () => {
    let failing = true
    serveClientsApi({}, (call) =>
      failing && call.method === 'GET' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    const { user } = renderPage()
    expect((await within(region('Your clients')).findByRole('alert')).textContent).toContain(
      'We couldn’t load your clients.',
    )
    failing = false
    await user.click(within(region('Your clients')).getByRole('button', { name: 'Try again' }))
    await within(region('Your clients')).findByText('No clients yet.')
  })
})

describe('adding a client', () => {
  it('checks the fields as the server does before sending anything', async () => {
    const { calls } = serveClientsApi()
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Add a client' })
    await user.type(within(form).getByLabelText('E-mail'), 'not-an-address')
    await user.type(within(form).getByLabelText(/Phone/), '555 0100')
    await user.click(within(form).getByRole('button', { name: 'Add client' }))

    await within(form).findByText(clientMessages.nameRequired)
    within(form).getByText(clientMessages.emailInvalid)
    within(form).getByText(clientMessages.phoneInvalid)
    expect(within(form).getByLabelText('Name').getAttribute('aria-invalid')).toBe('true')
    expect(callsTo(calls, 'POST', '/api/clients')).toHaveLength(0)
  })

  it('sends POST /clients tidied, confirms, and lists the new client at the top', async () => {
    const { calls } = serveClientsApi({ clients: [aClient({ name: 'Sam Rivers' })] })
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Add a client' })
    await user.type(within(form).getByLabelText('Name'), ' Dana Ortiz ')
    await user.type(within(form).getByLabelText('E-mail'), 'Dana@Example.com')
    await user.type(within(form).getByLabelText(/Phone/), '+1 555-010-0199')
    await user.type(within(form).getByLabelText(/Note/), 'Met at the meetup')
    await user.click(within(form).getByRole('button', { name: 'Add client' }))

    expect((await within(form).findByRole('status')).textContent).toBe('Dana Ortiz added to your clients.')
    expect(callsTo(calls, 'POST', '/api/clients').map((call) => call.body)).toEqual([
      { name: 'Dana Ortiz', email: 'dana@example.com', phone: '+15550100199', note: 'Met at the meetup' },
    ])
    const table = within(region('Your clients')).getByRole('table', { name: 'Your clients' })
    await waitFor(() => expect(tableRows(table).map((row) => row.Name)).toEqual(['Dana Ortiz', 'Sam Rivers']))
    expect((within(form).getByLabelText('Name') as HTMLInputElement).value).toBe('')
  })

  it('shows the server’s refusal of an e-mail already on the list at the e-mail field', async () => {
    serveClientsApi({ clients: [aClient({ email: 'dana@example.com' })] })
    const { user } = renderPage()

    const form = await screen.findByRole('form', { name: 'Add a client' })
    await user.type(within(form).getByLabelText('Name'), 'Dana Ortiz')
    await user.type(within(form).getByLabelText('E-mail'), 'dana@example.com')
    await user.click(within(form).getByRole('button', { name: 'Add client' }))

    await within(form).findByText(clientMessages.emailTakenField)
    expect(within(form).getByRole('alert').textContent).toContain(clientMessages.emailTaken)
    expect(within(form).getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true')
  })
})
