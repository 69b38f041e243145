import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { aPlan, apiError, callsTo, creatorUserId, serveCreatorApi } from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { PlansEditor } from './plans-editor.tsx'

function renderEditor() {
  return renderWithProviders(<PlansEditor creatorId={creatorUserId} />)
}

function planItems(): HTMLElement[] {
  return within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('listitem')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('plans editor', () => {
  it('adds a monthly subscription, with the price in dollars sent as cents', async () => {
    const { calls } = serveCreatorApi()
    const { user } = renderEditor()

    await screen.findByText('No plans yet. Add one so customers can subscribe or buy a pass.')
    await user.click(screen.getByRole('button', { name: 'Add a plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    await user.type(within(form).getByLabelText('Plan name'), 'Monthly')
    await user.type(within(form).getByLabelText('Price (USD)'), '19.99')
    await user.selectOptions(within(form).getByLabelText('Billing period'), 'month')
    await user.clear(within(form).getByLabelText('Free trial (days)'))
    await user.type(within(form).getByLabelText('Free trial (days)'), '7')
    await user.click(within(form).getByRole('button', { name: 'Add plan' }))

    await screen.findByText('$19.99 / month')
    expect(screen.queryByRole('form', { name: 'New plan' })).toBeNull()
    expect(callsTo(calls, 'POST', '/api/subscription-pricing').map((call) => call.body)).toEqual([
      { name: 'Monthly', kind: 'subscription', interval: 'month', price_cents: 1999, trial_days: 7, active: true },
    ])
    expect(screen.getByText(/Renews every month until you cancel/).textContent).toContain('7-day free trial')
    screen.getByText('1 of 5 active plans. Customers see the ones on sale.')
  })

  it('adds a one-day pass', async () => {
    const { calls } = serveCreatorApi()
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Add a plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    await user.type(within(form).getByLabelText('Plan name'), 'Day pass')
    await user.click(within(form).getByRole('radio', { name: /One-time pass/ }))
    expect(within(form).queryByLabelText('Free trial (days)')).toBeNull()
    await user.clear(within(form).getByLabelText('Access length (days)'))
    await user.type(within(form).getByLabelText('Access length (days)'), '1')
    await user.type(within(form).getByLabelText('Price (USD)'), '$5')
    await user.click(within(form).getByRole('button', { name: 'Add plan' }))

    await screen.findByText('One payment, 1 day of access')
    expect(callsTo(calls, 'POST', '/api/subscription-pricing')[0]?.body).toEqual({
      name: 'Day pass',
      kind: 'one_time',
      access_days: 1,
      price_cents: 500,
      trial_days: 0,
      active: true,
    })
  })

  it('checks name, price, trial and access length before sending', async () => {
    const { calls } = serveCreatorApi()
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Add a plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    await user.type(within(form).getByLabelText('Price (USD)'), '19.999')
    await user.clear(within(form).getByLabelText('Free trial (days)'))
    await user.type(within(form).getByLabelText('Free trial (days)'), '31')
    await user.click(within(form).getByRole('button', { name: 'Add plan' }))

    expect(within(form).getByRole('alert').textContent).toBe('Please fix the highlighted fields.')
    within(form).getByText('Give the plan a name')
    within(form).getByText('Enter a price in dollars, like 19.99')
    within(form).getByText('Free trials are 0 to 30 days')
    expect(within(form).getByLabelText('Price (USD)').getAttribute('aria-invalid')).toBe('true')

    await user.clear(within(form).getByLabelText('Price (USD)'))
    await user.type(within(form).getByLabelText('Price (USD)'), '0.99')
    await user.click(within(form).getByRole('radio', { name: /One-time pass/ }))
    await user.clear(within(form).getByLabelText('Access length (days)'))
    await user.type(within(form).getByLabelText('Access length (days)'), '366')
    await user.click(within(form).getByRole('button', { name: 'Add plan' }))
    within(form).getByText('Prices are between $1 and $10,000')
    within(form).getByText('Choose how many days a one-time pass gives access (1 to 365)')
    expect(callsTo(calls, 'POST', '/api/subscription-pricing')).toHaveLength(0)
  })

  it('lists inactive plans too, and edits a plan', async () => {
    const monthly = aPlan({ name: 'Monthly', price_cents: 1999 })
    const { calls } = serveCreatorApi({
      plans: [monthly, aPlan({ name: 'Old yearly', interval: 'year', active: false })],
    })
    const { user } = renderEditor()

    await screen.findByRole('list', { name: 'Plans' })
    expect(planItems().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'MonthlyOn sale',
      'Old yearlyInactive',
    ])
    expect(calls[0]?.search.get('all')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'Edit Monthly' }))
    const form = screen.getByRole('form', { name: 'Edit Monthly' })
    expect((within(form).getByLabelText('Price (USD)') as HTMLInputElement).value).toBe('19.99')
    await user.clear(within(form).getByLabelText('Price (USD)'))
    await user.type(within(form).getByLabelText('Price (USD)'), '24')
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))

    await screen.findByText('$24 / month')
    expect(callsTo(calls, 'PUT', `/api/subscription-pricing/${monthly.id}`)[0]?.body).toMatchObject({
      price_cents: 2400,
    })
  })

  it('turns a plan off and on', async () => {
    const monthly = aPlan({ name: 'Monthly' })
    const { calls } = serveCreatorApi({ plans: [monthly] })
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Deactivate Monthly' }))
    await screen.findByRole('button', { name: 'Activate Monthly' })
    screen.getByText('0 of 5 active plans. Customers see the ones on sale.')
    expect(callsTo(calls, 'PUT', `/api/subscription-pricing/${monthly.id}`).map((call) => call.body)).toEqual([
      { active: false },
    ])
  })

  it('says why an active plan is not on sale while payouts are not set up, with the way to set them up', async () => {
    serveCreatorApi({
      acceptingPayments: false,
      plans: [aPlan({ name: 'Monthly', on_sale: false }), aPlan({ name: 'Old yearly', active: false })],
    })
    renderEditor()

    await screen.findByRole('list', { name: 'Plans' })
    expect(planItems().map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'MonthlyNot on sale yet',
      'Old yearlyInactive',
    ])
    const note = screen.getByText(/^Your plans are not on sale yet/)
    expect(note.textContent).toContain('customers can buy them once your payouts are set up')
    expect(within(note).getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/creator/payments')
  })

  it('says nothing about payouts when every active plan is on sale', async () => {
    serveCreatorApi({ plans: [aPlan({ name: 'Monthly' })] })
    renderEditor()

    await screen.findByRole('list', { name: 'Plans' })
    expect(within(planItems()[0]!).getByRole('heading').textContent).toBe('MonthlyOn sale')
    expect(screen.queryByRole('link', { name: 'Set up payouts' })).toBeNull()
  })

  it('explains the limit of five active plans before the server has to refuse', async () => {
    const plans = [1, 2, 3, 4, 5].map((n) => aPlan({ name: `Plan ${n}` }))
    serveCreatorApi({ plans: [...plans, aPlan({ name: 'Spare', active: false })] })
    const { user } = renderEditor()

    await screen.findByText(
      'You have 5 active plans, the most a creator can have. Deactivate one before you put another on sale.',
    )
    expect((screen.getByRole('button', { name: 'Activate Spare' }) as HTMLButtonElement).disabled).toBe(true)

    await user.click(screen.getByRole('button', { name: 'Add a plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    const active = within(form).getByRole('checkbox', { name: /Active/ }) as HTMLInputElement
    expect(active.checked).toBe(false)
    expect(active.disabled).toBe(true)
    within(form).getByText(/This plan is saved inactive/)
  })

  it('says "Failed to create pricing: {status} - {text}" when the server refuses a new plan', async () => {
    serveCreatorApi({}, (call) =>
      call.method === 'POST'
        ? apiError(409, 'CONFLICT', 'A creator can have at most 5 active plans', { reason: 'PLAN_LIMIT' })
        : undefined,
    )
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Add a plan' }))
    const form = screen.getByRole('form', { name: 'New plan' })
    await user.type(within(form).getByLabelText('Plan name'), 'Monthly')
    await user.type(within(form).getByLabelText('Price (USD)'), '10')
    await user.click(within(form).getByRole('button', { name: 'Add plan' }))

    expect((await within(form).findByRole('alert')).textContent).toBe(
      'Failed to create pricing: 409 - A creator can have at most 5 active plans',
    )
  })

  it('says exactly "Failed to update pricing" when a change is refused', async () => {
    const monthly = aPlan({ name: 'Monthly' })
    serveCreatorApi({ plans: [monthly] }, (call) =>
      call.method === 'PUT' ? apiError(403, 'FORBIDDEN', 'Only the plan’s creator can change it') : undefined,
    )
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Deactivate Monthly' }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update pricing')
  })

  it('keeps "Failed to update pricing" verbatim on an edit, and shows the server’s field problems at their fields', async () => {
    const monthly = aPlan({ name: 'Monthly', price_cents: 1999 })
    serveCreatorApi({ plans: [monthly] }, (call) =>
      call.method === 'PUT'
        ? apiError(400, 'VALIDATION_FAILED', 'Invalid body.price_cents', {
            details: [{ field: 'body.price_cents', message: 'Prices are between $1 and $10,000' }],
          })
        : undefined,
    )
    const { user } = renderEditor()

    await user.click(await screen.findByRole('button', { name: 'Edit Monthly' }))
    const form = screen.getByRole('form', { name: 'Edit Monthly' })
    await user.clear(within(form).getByLabelText('Price (USD)'))
    await user.type(within(form).getByLabelText('Price (USD)'), '24')
    await user.click(within(form).getByRole('button', { name: 'Save changes' }))

    expect((await within(form).findByRole('alert')).textContent).toBe('Failed to update pricing')
    within(form).getByText('Prices are between $1 and $10,000')
    expect(within(form).getByLabelText('Price (USD)').getAttribute('aria-invalid')).toBe('true')
  })

  it('offers to try again when the plans fail to load', async () => {
    let failing = true
    serveCreatorApi({ plans: [aPlan({ name: 'Monthly' })] }, () =>
      failing ? apiError(403, 'FORBIDDEN', 'Not yours') : undefined,
    )
    const { user } = renderEditor()

    const alert = await screen.findByRole('alert')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: /Monthly/ })
  })
})
