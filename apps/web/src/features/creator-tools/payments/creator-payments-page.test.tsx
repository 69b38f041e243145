import { paymentMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { apiError, creatorUserId, customer } from '../../../test/fake-creator-api.ts'
import {
  aBalance,
  anEntry,
  aPayout,
  aProviderPayout,
  aRevenue,
  callsTo,
  notStarted,
  onboarded,
  onboardingUrl,
  servePayoutsApi,
} from '../../../test/fake-payouts-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { Component as CreatorPaymentsPage } from './creator-payments-page.tsx'

function renderPage(route = '/creator/payments') {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  return renderWithProviders(<CreatorPaymentsPage />, { route, path: '/creator/payments' })
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? ''),
    )
}

function stubRedirect() {
  return vi.spyOn(window.location, 'assign').mockImplementation(() => {})
}

const forbidden = () => apiError(403, 'FORBIDDEN', 'Not yours')

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('payout account', () => {
  it('starts payout setup with the creator’s id, e-mail and name, and opens the provider’s page', async () => {
    const { calls } = servePayoutsApi({ onboarding: notStarted() })
    const assign = stubRedirect()
    const { user } = renderPage()

    const account = section('Payout account')
    await within(account).findByText(/Set up payouts to sell your plans and be paid/)
    within(account).getByText('Not set up')
    await user.click(within(account).getByRole('button', { name: 'Set up payouts' }))

    await waitFor(() => expect(assign).toHaveBeenCalledWith(onboardingUrl))
    expect(callsTo(calls, 'POST', '/api/creators/onboard').map((call) => call.body)).toEqual([
      { creatorId: creatorUserId, email: 'casey@example.com', name: 'Casey Lines' },
    ])
    expect(within(account).getByRole('button', { name: 'Opening setup…' })).toHaveProperty('disabled', true)
  })

  it('says the setup link expired and offers to continue', async () => {
    servePayoutsApi({ onboarding: notStarted({ account_id: 'acct_test_1', details_submitted: false }) })
    const assign = stubRedirect()
    const { user } = renderPage('/creator/payments?onboarding=expired')

    const account = section('Payout account')
    await within(account).findByText(/Your setup link expired before you finished/)
    within(account).getByText(/Your payout setup is not finished yet/)
    await user.click(within(account).getByRole('button', { name: 'Continue setup' }))
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1))
  })

  it('shows "Failed to create onboarding link" when the link cannot be made', async () => {
    servePayoutsApi({ onboarding: notStarted() }, (call) =>
      call.path === '/api/creators/onboard' ? apiError(409, 'CONFLICT', 'Payouts are not available here') : undefined,
    )
    const assign = stubRedirect()
    const { user } = renderPage()

    await user.click(await screen.findByRole('button', { name: 'Set up payouts' }))
    const alert = await within(section('Payout account')).findByRole('alert')
    within(alert).getByText(paymentMessages.onboardingLinkFailed, { exact: true })
    within(alert).getByText('Payouts are not available here', { exact: true })
    expect(assign).not.toHaveBeenCalled()
  })

  it('shows payouts enabled in test mode, and asks the provider again on Refresh status', async () => {
    const { calls } = servePayoutsApi({
      onboarding: notStarted({ account_id: 'acct_test_1' }),
      providerOnboarding: onboarded(),
    })
    const { user } = renderPage()

    const account = section('Payout account')
    await user.click(await within(account).findByRole('button', { name: 'Refresh status' }))

    await within(account).findByText('Payouts enabled')
    within(account).getByText('Test mode')
    within(account).getByText(/Your account with the test provider can take payments/)
    within(account).getByText('Status updated.')
    expect(callsTo(calls, 'POST', `/api/creators/sync-stripe-status/${creatorUserId}`)).toHaveLength(1)
    // Onboarded now, so the payout form appears.
    screen.getByRole('form', { name: 'Request a payout' })
  })

  it('names Stripe, without a test-mode label, when the server uses Stripe', async () => {
    servePayoutsApi({
      provider: 'stripe',
      onboarding: onboarded({ provider: 'stripe' }),
      providerBalance: { provider: 'stripe', currency: 'usd', available_cents: 5_000, pending_cents: 0 },
    })
    renderPage()

    const account = section('Payout account')
    await within(account).findByText(/Your account with Stripe can take payments/)
    await within(section('Balance')).findByText(/Stripe reports/)
    expect(screen.queryByText('Test mode')).toBeNull()
    expect(screen.queryByText(/This is test mode/)).toBeNull()
  })

  it('says "Failed to sync Stripe status" when the refresh fails', async () => {
    servePayoutsApi({ onboarding: notStarted() }, (call) =>
      call.path.startsWith('/api/creators/sync-stripe-status/') ? forbidden() : undefined,
    )
    const { user } = renderPage()

    await user.click(await screen.findByRole('button', { name: 'Refresh status' }))
    expect((await within(section('Payout account')).findByRole('alert')).textContent).toBe(
      paymentMessages.providerSyncFailed,
    )
  })
})

describe('balance', () => {
  it('shows available and pending money with the hold, the lifetime figures and the fee as a percent', async () => {
    const { calls } = servePayoutsApi({ onboarding: notStarted(), balance: aBalance({ fee_bps: 1250 }) })
    renderPage()

    const box = section('Balance')
    await within(box).findByText('$50')
    within(box).getByText('$17.99')
    within(box).getByText('Becomes available after 7 days')
    expect(within(box).getByText('Lifetime net').nextSibling?.textContent).toBe('$80.99')
    expect(within(box).getByText('Gross sales').nextSibling?.textContent).toBe('$99.99')
    expect(within(box).getByText('Platform fees (12.5%)').nextSibling?.textContent).toBe('$10')
    expect(within(box).getByText('Refunds').nextSibling?.textContent).toBe('$9')
    expect(within(box).getByText('Paid out').nextSibling?.textContent).toBe('$13')
    // Not onboarded: no provider account to ask, said as such, and no payout form.
    expect(within(box).getByRole('status').textContent).toBe(
      'Payouts are not set up yet. Set up payouts to see your Stripe balance.',
    )
    expect(within(box).queryByText(paymentMessages.payoutNotOnboarded)).toBeNull()
    expect(calls.some((call) => call.path.startsWith('/api/creators/stripe-balance/'))).toBe(false)
    expect(screen.queryByRole('form', { name: 'Request a payout' })).toBeNull()
  })

  it('adds the provider’s own view once onboarded, and leaves out the hold when there is none', async () => {
    servePayoutsApi({ onboarding: onboarded(), balance: aBalance({ hold_days: 0 }) })
    renderPage()

    const box = section('Balance')
    expect((await within(box).findByText(/The test provider reports/)).closest('p')?.textContent).toBe(
      'The test provider reports $50 available and $17.99 pending.',
    )
    expect(within(box).queryByText(/Becomes available after/)).toBeNull()
  })
})

describe('bank transfers', () => {
  it('lists the provider’s payouts (limit 50) with amount, status and arrival date', async () => {
    const { calls } = servePayoutsApi({
      onboarding: onboarded(),
      providerPayouts: [
        aProviderPayout({
          amount_cents: 12_345,
          status: 'in_transit',
          created_at: '2026-03-08T12:00:00.000Z',
          arrival_at: '2026-03-10T00:00:00.000Z',
          description: 'Weekly payout',
        }),
        aProviderPayout({ amount_cents: 2_500, status: 'paid', arrival_at: '2026-03-03T00:00:00.000Z' }),
        aProviderPayout({ amount_cents: 999, status: 'failed', arrival_at: null, description: null }),
      ],
    })
    renderPage()

    const box = await screen.findByRole('region', { name: 'Bank transfers' })
    const table = await within(box).findByRole('table', { name: 'Bank transfers' })
    expect(rowsOf(table)).toEqual([
      ['Mar 8, 2026', '$123.45', 'On its way', 'Mar 10, 2026', 'Weekly payout'],
      ['Mar 1, 2026', '$25', 'Arrived', 'Mar 3, 2026', 'To my bank'],
      ['Mar 1, 2026', '$9.99', 'Failed', '—', '—'],
    ])
    const reads = callsTo(calls, 'GET', `/api/creators/stripe-payouts/${creatorUserId}`)
    expect(reads.map((call) => call.search.get('limit'))).toEqual(['50'])
  })

  it('says so when there are none yet', async () => {
    servePayoutsApi({ onboarding: onboarded() })
    renderPage()
    await within(await screen.findByRole('region', { name: 'Bank transfers' })).findByText('No bank transfers yet.')
  })

  it('says "Failed to get Stripe payouts" when the read fails, and tries again', async () => {
    let failing = true
    servePayoutsApi({ onboarding: onboarded(), providerPayouts: [aProviderPayout()] }, (call) =>
      failing && call.path.startsWith('/api/creators/stripe-payouts/')
        ? apiError(503, 'SERVICE_UNAVAILABLE', paymentMessages.providerPayoutsFailed, { reason: 'PROVIDER' })
        : undefined,
    )
    const { user } = renderPage()

    const box = await screen.findByRole('region', { name: 'Bank transfers' })
    const alert = await within(box).findByRole('alert', {}, { timeout: 5_000 })
    expect(alert.firstElementChild?.textContent).toBe('Failed to get Stripe payouts')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(box).findByRole('table', { name: 'Bank transfers' })
  })
})

describe('payout request', () => {
  async function openForm() {
    const rendered = renderPage()
    const form = await screen.findByRole('form', { name: 'Request a payout' })
    // The limits come from the balance: wait for it.
    await within(form).findByText('At least $10, at most your available $50.')
    return { ...rendered, form }
  }

  it('checks the amount before sending: at least $10, at most the available balance', async () => {
    const { calls } = servePayoutsApi({ onboarding: onboarded() })
    const { user, form } = await openForm()
    const amount = within(form).getByLabelText('Amount (USD)')

    await user.type(amount, '9.99')
    await user.click(within(form).getByRole('button', { name: 'Request payout' }))
    within(form).getByText(paymentMessages.payoutMinimum)
    expect(amount.getAttribute('aria-invalid')).toBe('true')

    await user.clear(amount)
    await user.type(amount, '50.01')
    await user.click(within(form).getByRole('button', { name: 'Request payout' }))
    within(form).getByText(paymentMessages.payoutOverBalance)

    await user.clear(amount)
    await user.type(amount, 'ten')
    await user.click(within(form).getByRole('button', { name: 'Request payout' }))
    within(form).getByText('Enter an amount in dollars, like 25.00')

    expect(callsTo(calls, 'POST', '/api/creators/payout')).toHaveLength(0)
  })

  it('requests a payout in cents, confirms it, and refreshes the balance and the payouts', async () => {
    const { calls } = servePayoutsApi({ onboarding: onboarded() })
    const { user, form } = await openForm()

    await user.type(within(form).getByLabelText('Amount (USD)'), '25.50')
    await user.type(within(form).getByLabelText(/^Description/), 'March payout')
    await user.click(within(form).getByRole('button', { name: 'Request payout' }))

    await within(form).findByText('Payout of $25.50 requested. It is listed under Payouts below.')
    expect(callsTo(calls, 'POST', '/api/creators/payout').map((call) => call.body)).toEqual([
      { creatorId: creatorUserId, amount: 2550, description: 'March payout' },
    ])
    expect((within(form).getByLabelText('Amount (USD)') as HTMLInputElement).value).toBe('')
    await within(section('Balance')).findByText('$24.50')
    const payouts = await within(section('Payouts')).findByRole('table', { name: 'Payouts' })
    expect(tableRows(payouts)[0]).toEqual({
      Date: 'Mar 10, 2026',
      Amount: '$25.50',
      Status: 'Pending',
      'Failure reason': '—',
    })
  })

  it('shows "Failed to request payout" verbatim, with the server’s refusal beneath', async () => {
    servePayoutsApi({ onboarding: onboarded() }, (call) =>
      call.path === '/api/creators/payout'
        ? apiError(409, 'CONFLICT', paymentMessages.payoutOverBalance, { reason: 'OVER_BALANCE' })
        : undefined,
    )
    const { user, form } = await openForm()

    await user.type(within(form).getByLabelText('Amount (USD)'), '40')
    await user.click(within(form).getByRole('button', { name: 'Request payout' }))

    const alert = await within(form).findByRole('alert')
    within(alert).getByText(paymentMessages.payoutFailed, { exact: true })
    within(alert).getByText(paymentMessages.payoutOverBalance, { exact: true })
    expect(within(form).getByLabelText('Amount (USD)').getAttribute('aria-invalid')).toBe('true')
  })
})

describe('revenue', () => {
  // The chart (Recharts) is a lazy chunk; loading it here keeps its first import out of findBy's timeout.
  beforeAll(() => import('./revenue-bars.tsx'))

  it('draws net revenue per day with a table of the same numbers and the totals', async () => {
    servePayoutsApi({
      revenue: {
        '30d': aRevenue('30d', [
          { date: '2026-03-01', gross_cents: 1999, fees_cents: 200, net_cents: 1799 },
          { date: '2026-03-02', gross_cents: 0, net_cents: 0 },
          { date: '2026-03-03', gross_cents: 4999, fees_cents: 500, refunds_cents: 1999, net_cents: 2500 },
        ]),
      },
    })
    renderPage()

    const revenue = section('Revenue')
    const chart = await within(revenue).findByRole('img', {
      name: 'Net revenue per day, the last 30 days: $42.99 in total',
    })
    expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(3)
    const table = within(revenue).getByRole('table', { name: 'Revenue per day' })
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Mar 1', 'Mar 2', 'Mar 3'])
    expect(rowsOf(table)).toEqual([
      ['$19.99', '$2', '$0', '$17.99'],
      ['$0', '$0', '$0', '$0'],
      ['$49.99', '$5', '$19.99', '$25'],
    ])
    const totals = within(revenue).getByLabelText('Revenue totals')
    expect(within(totals).getByText('Net').nextSibling?.textContent).toBe('$42.99')
    expect(within(totals).getByText('Gross').nextSibling?.textContent).toBe('$69.98')
    expect(within(totals).getByText('Refunds').nextSibling?.textContent).toBe('$19.99')
  })

  it('asks for another period and shows months for twelve months', async () => {
    const { calls } = servePayoutsApi({
      revenue: { '12m': aRevenue('12m', [{ date: '2026-02-01', gross_cents: 10_000, net_cents: 9_000 }]) },
    })
    const { user } = renderPage()

    const revenue = section('Revenue')
    await within(revenue).findByText('No sales in the last 30 days.')
    expect(within(revenue).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed')).toBe('true')
    await user.click(within(revenue).getByRole('button', { name: '12 months' }))

    const table = await within(revenue).findByRole('table', { name: 'Revenue per month' })
    expect(within(table).getByRole('rowheader').textContent).toBe('Feb 2026')
    expect(
      calls.filter((call) => call.path.startsWith('/api/creators/stripe-revenue/')).map((c) => c.search.get('period')),
    ).toEqual(['30d', '12m'])
  })
})

describe('earnings, payouts and subscriptions', () => {
  it('lists earnings signed, newest first, and loads more with the next offset', async () => {
    const entries = Array.from({ length: 60 }, (_, n) => anEntry({ description: `Sale ${n + 1}` }))
    entries[0] = anEntry({ kind: 'platform_fee', amount_cents: -200, description: 'Platform fee on Sale 1' })
    const { calls } = servePayoutsApi({ earnings: entries })
    const { user } = renderPage()

    const earnings = section('Earnings')
    const table = await within(earnings).findByRole('table', { name: 'Earnings' })
    expect(tableRows(table)).toHaveLength(50)
    expect(tableRows(table).slice(0, 2)).toEqual([
      { Date: 'Mar 5, 2026', Description: 'Platform fee on Sale 1', Kind: 'Platform fee', Amount: '-$2' },
      { Date: 'Mar 5, 2026', Description: 'Sale 2', Kind: 'Sale', Amount: '+$19.99' },
    ])
    within(earnings).getByText('Showing 50 of 60')

    await user.click(within(earnings).getByRole('button', { name: 'Load more' }))
    await within(earnings).findByText('Showing 60 of 60')
    expect(tableRows(table)).toHaveLength(60)
    expect(within(earnings).queryByRole('button', { name: 'Load more' })).toBeNull()
    const earningsCalls = calls.filter((call) => call.path === `/api/creators/earnings/${creatorUserId}`)
    expect(earningsCalls.map((call) => [call.search.get('limit'), call.search.get('offset')])).toEqual([
      ['50', '0'],
      ['50', '50'],
    ])
  })

  it('lists payouts with their status and why one failed, 20 at a time', async () => {
    const payouts = [
      aPayout({ status: 'failed', failure_reason: 'The bank account was closed', amount_cents: 1_000 }),
      ...Array.from({ length: 24 }, () => aPayout()),
    ]
    const { calls } = servePayoutsApi({ payouts })
    const { user } = renderPage()

    const box = section('Payouts')
    const table = await within(box).findByRole('table', { name: 'Payouts' })
    expect(tableRows(table).slice(0, 2)).toEqual([
      { Date: 'Mar 1, 2026', Amount: '$10', Status: 'Failed', 'Failure reason': 'The bank account was closed' },
      { Date: 'Mar 1, 2026', Amount: '$25', Status: 'Paid', 'Failure reason': '—' },
    ])
    expect(tableRows(table)).toHaveLength(20)
    await user.click(within(box).getByRole('button', { name: 'Load more' }))
    await within(box).findByText('Showing 25 of 25')
    expect(calls.at(-1)?.search.get('offset')).toBe('20')
  })

  it('counts live subscriptions and shows the monthly recurring revenue', async () => {
    const sub = (status: 'active' | 'trialing' | 'canceled', cancelAtPeriodEnd = false) => ({
      id: `sub_${status}_${String(cancelAtPeriodEnd)}`,
      purchase_id: null,
      status,
      amount_cents: 1999,
      currency: 'usd',
      interval: 'month' as const,
      current_period_end: '2026-04-01T12:00:00.000Z',
      cancel_at_period_end: cancelAtPeriodEnd,
    })
    servePayoutsApi({
      subscriptions: {
        subscriptions: [sub('active'), sub('trialing', true), sub('canceled')],
        mrr_cents: 3998,
      },
    })
    renderPage()

    const box = section('Subscriptions')
    expect((await within(box).findByText('Live subscriptions')).nextSibling?.textContent).toBe('2')
    expect(within(box).getByText('Monthly recurring revenue').nextSibling?.textContent).toBe('$39.98')
    const items = within(within(box).getByRole('list', { name: 'Recent subscriptions' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      '$19.99 / month · Active · renews Apr 1, 2026',
      '$19.99 / month · Trial · ends Apr 1, 2026',
      '$19.99 / month · Cancelled',
    ])
  })
})

describe('failed reads', () => {
  it('shows each section’s spec message, verbatim', async () => {
    servePayoutsApi({}, (call) => (call.method === 'GET' && call.path !== '/api/config' ? forbidden() : undefined))
    renderPage()

    await within(section('Payout account')).findByText(paymentMessages.onboardingStatusFailed)
    await within(section('Balance')).findByText(paymentMessages.balanceFailed)
    await within(section('Revenue')).findByText(paymentMessages.providerRevenueFailed)
    await within(section('Subscriptions')).findByText(paymentMessages.providerSubscriptionsFailed)
    await within(section('Earnings')).findByText(paymentMessages.earningsFailed)
    await within(section('Payouts')).findByText(paymentMessages.payoutsFailed)
    expect(screen.getAllByRole('alert').map((alert) => alert.firstElementChild?.textContent)).toEqual([
      'Failed to get onboarding status',
      'Failed to get creator balance',
      'Failed to get Stripe revenue data',
      'Failed to get Stripe subscriptions',
      'Failed to get creator earnings',
      'Failed to get creator payouts',
    ])
  })

  it('shows "Failed to get Stripe balance" when the provider’s view fails, and tries again', async () => {
    let failing = true
    servePayoutsApi({ onboarding: onboarded() }, (call) =>
      failing && call.path.startsWith('/api/creators/stripe-balance/') ? forbidden() : undefined,
    )
    const { user } = renderPage()

    const box = section('Balance')
    const alert = await within(box).findByRole('alert')
    within(alert).getByText(paymentMessages.providerBalanceFailed)
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(box).findByText(/The test provider reports/)
  })

  it('says payouts are not set up when the provider’s view finds no finished account', async () => {
    servePayoutsApi({ onboarding: onboarded() }, (call) =>
      call.path.startsWith('/api/creators/stripe-balance/')
        ? apiError(409, 'CONFLICT', paymentMessages.providerBalanceNotSetUp, { reason: 'NOT_ONBOARDED' })
        : undefined,
    )
    renderPage()

    const box = section('Balance')
    const note = await within(box).findByText(paymentMessages.providerBalanceNotSetUp)
    expect(note.getAttribute('role')).toBe('status')
    expect(within(box).queryByRole('alert')).toBeNull()
  })
})
