import { planMessages, promoMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { aPlan, aProfile, apiError, creatorUserId, customer } from '../../../test/fake-creator-api.ts'
import {
  aPromoCode,
  aShareLinkResults,
  callsTo,
  servePromotionsApi,
  type FakePromotionsState,
} from '../../../test/fake-promotions-api.ts'
import type { FakeCreatorState } from '../../../test/fake-creator-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { Component as CreatorPromotionsPage } from './creator-promotions-page.tsx'

const monthly = aPlan({ name: 'Monthly', price_cents: 1999, trial_days: 0 })
const yearly = aPlan({ name: 'Yearly', interval: 'year', price_cents: 14999, trial_days: 7 })
const dayPass = aPlan({ name: 'Day pass', kind: 'one_time', interval: null, access_days: 1, price_cents: 500 })

function serve(
  initial: Partial<FakePromotionsState> & { creator?: Partial<FakeCreatorState> } = {},
  override?: Parameters<typeof servePromotionsApi>[1],
) {
  return servePromotionsApi(
    { ...initial, creator: { profiles: [aProfile()], plans: [monthly, yearly, dayPass], ...initial.creator } },
    override,
  )
}

function renderPage() {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  return renderWithProviders(<CreatorPromotionsPage />, { route: '/creator-promotions', path: '/creator-promotions' })
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name })
}

async function codesTable(): Promise<HTMLElement> {
  return within(section('Promo codes')).findByRole('table', { name: 'Your promo codes' })
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('promo codes', () => {
  it('lists each code with its discount, duration, plans, expiry, redemptions and discount given', async () => {
    serve({
      promoCodes: [
        aPromoCode({ code: 'SAVE50', max_redemptions: 100, redemptions: 3, discount_given_cents: 2999 }),
        aPromoCode({
          code: 'FIVEOFF',
          discount_kind: 'amount',
          percent_off: null,
          amount_off_cents: 500,
          duration: 'repeating',
          duration_months: 3,
          plan_ids: [monthly.id, yearly.id],
          expires_at: '2099-12-31T12:00:00.000Z',
          active: false,
        }),
        aPromoCode({ code: 'LOYAL', percent_off: 10, duration: 'forever', expires_at: '2020-01-31T12:00:00.000Z' }),
      ],
    })
    renderPage()

    const table = await codesTable()
    // The switches and buttons are checked by role below.
    const rows = tableRows(table).map(({ Active: _active, Actions: _actions, ...figures }) => figures)
    expect(rows).toEqual([
      {
        Code: 'SAVE50',
        Discount: '50% off',
        Lasts: 'First payment',
        Plans: 'All plans',
        Expires: 'Never',
        Redemptions: '3 of 100',
        'Discount given': '$29.99',
      },
      {
        Code: 'FIVEOFF',
        Discount: '$5 off',
        Lasts: 'First 3 months',
        Plans: 'Monthly, Yearly',
        Expires: 'Dec 31, 2099',
        Redemptions: '0, no limit',
        'Discount given': '$0',
      },
      expect.objectContaining({ Code: 'LOYAL', Lasts: 'Every payment', Expires: 'Jan 31, 2020 (expired)' }),
    ])
    expect(within(table).getByRole('switch', { name: 'SAVE50 active' }).getAttribute('aria-checked')).toBe('true')
    expect(within(table).getByRole('switch', { name: 'FIVEOFF active' }).getAttribute('aria-checked')).toBe('false')
    within(table).getByRole('button', { name: 'Edit FIVEOFF' })
    within(table).getByRole('button', { name: 'Copy link for FIVEOFF' })
  })

  it('creates a 50%-off code from the dialog and shows it in the list', async () => {
    const { calls } = serve()
    const { user } = renderPage()
    await within(section('Promo codes')).findByText(/No promo codes yet/)

    await user.click(screen.getByRole('button', { name: 'New code' }))
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'SAVE50')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percent off' }), '50')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Redemption limit (optional)' }), '100')
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'POST', '/api/promo-codes').map((call) => call.body)).toEqual([
      {
        creatorId: creatorUserId,
        code: 'SAVE50',
        discount_kind: 'percent',
        percent_off: 50,
        amount_off_cents: null,
        duration: 'once',
        duration_months: null,
        active: true,
        plan_ids: null,
        expires_at: null,
        max_redemptions: 100,
        one_per_customer: true,
      },
    ])
    expect(within(section('Promo codes')).getByRole('status').textContent).toBe('SAVE50 created.')
    const [row] = tableRows(await codesTable())
    expect(row).toMatchObject({ Code: 'SAVE50', Discount: '50% off', Redemptions: '0 of 100' })
    expect(screen.getByRole('switch', { name: 'SAVE50 active' }).getAttribute('aria-checked')).toBe('true')
  })

  it('makes an amount-off code for some months on chosen plans, checking the form first', async () => {
    const { calls } = serve()
    const { user } = renderPage()
    await within(section('Promo codes')).findByText(/No promo codes yet/)

    await user.click(screen.getByRole('button', { name: 'New code' }))
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' })
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'x!')
    await user.click(within(dialog).getByRole('radio', { name: 'Amount off' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Some months' }))
    await user.clear(within(dialog).getByRole('spinbutton', { name: 'Months' }))
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen plans' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }))

    // Nothing is sent while the form has problems; each shows at its field.
    await within(dialog).findByText(promoMessages.codeFormat)
    within(dialog).getByText(promoMessages.amountRange)
    within(dialog).getByText(promoMessages.durationMonthsRequired)
    within(dialog).getByText(promoMessages.choosePlans)
    expect(within(dialog).getByRole('textbox', { name: 'Code' }).getAttribute('aria-invalid')).toBe('true')
    expect(callsTo(calls, 'POST', '/api/promo-codes')).toHaveLength(0)

    const code = within(dialog).getByRole('textbox', { name: 'Code' })
    await user.clear(code)
    await user.type(code, 'fiveoff')
    await user.type(within(dialog).getByRole('textbox', { name: 'Amount off (USD)' }), '4.99')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Months' }), '3')
    const plans = within(dialog).getByRole('list', { name: 'Plans the code applies to' })
    await user.click(within(plans).getByRole('checkbox', { name: 'Monthly ($19.99 / month)' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'One use per customer' }))
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'POST', '/api/promo-codes')[0]?.body).toMatchObject({
      code: 'fiveoff',
      discount_kind: 'amount',
      percent_off: null,
      amount_off_cents: 499,
      duration: 'repeating',
      duration_months: 3,
      plan_ids: [monthly.id],
      one_per_customer: false,
    })
    expect(tableRows(await codesTable())[0]).toMatchObject({
      Code: 'fiveoff',
      Discount: '$4.99 off',
      Lasts: 'First 3 months',
      Plans: 'Monthly',
    })
  })

  it("shows the server's refusal on the field it names, and keeps the dialog open", async () => {
    const { calls, state } = serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] })
    const { user } = renderPage()
    await codesTable()

    await user.click(screen.getByRole('button', { name: 'New code' }))
    const dialog = await screen.findByRole('dialog', { name: 'New promo code' })
    // The same code in another case is the same code.
    await user.type(within(dialog).getByRole('textbox', { name: 'Code' }), 'save50')
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Percent off' }), '20')
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }))

    const code = within(dialog).getByRole('textbox', { name: 'Code' })
    await within(dialog).findByText(promoMessages.codeTaken)
    expect(code.getAttribute('aria-invalid')).toBe('true')
    await waitFor(() => expect(document.activeElement).toBe(code))
    expect(callsTo(calls, 'POST', '/api/promo-codes')).toHaveLength(1)
    expect(state.promoCodes.map((promo) => promo.code)).toEqual(['SAVE50'])
  })

  it('deactivates a code with its switch and turns it back on', async () => {
    const { calls, state } = serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] })
    const { user } = renderPage()
    const table = await codesTable()

    await user.click(within(table).getByRole('switch', { name: 'SAVE50 active' }))
    await waitFor(() =>
      expect(within(table).getByRole('switch', { name: 'SAVE50 active' }).getAttribute('aria-checked')).toBe('false'),
    )
    expect(state.promoCodes[0]?.active).toBe(false)
    await user.click(within(table).getByRole('switch', { name: 'SAVE50 active' }))
    await waitFor(() =>
      expect(within(table).getByRole('switch', { name: 'SAVE50 active' }).getAttribute('aria-checked')).toBe('true'),
    )
    const id = state.promoCodes[0]?.id ?? ''
    expect(callsTo(calls, 'PUT', `/api/promo-codes/${id}`).map((call) => call.body)).toEqual([
      { active: false },
      { active: true },
    ])
  })

  it('says so when a code cannot be switched off', async () => {
    serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] }, (call) =>
      call.method === 'PUT' ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    const { user } = renderPage()
    const table = await codesTable()

    await user.click(within(table).getByRole('switch', { name: 'SAVE50 active' }))
    expect((await within(table).findByRole('alert')).textContent).toBe('Down')
    expect(within(table).getByRole('switch', { name: 'SAVE50 active' }).getAttribute('aria-checked')).toBe('true')
  })

  it('edits what may change: plans, expiry, limit and one per customer', async () => {
    const code = aPromoCode({ code: 'SAVE50', max_redemptions: 10, redemptions: 2 })
    const { calls } = serve({ promoCodes: [code] })
    const { user } = renderPage()
    const table = await codesTable()

    await user.click(within(table).getByRole('button', { name: 'Edit SAVE50' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit SAVE50' })
    within(dialog).getByText(/The code and its discount cannot change/)
    expect(within(dialog).queryByRole('textbox', { name: 'Code' })).toBeNull()
    const limit = within(dialog).getByRole('spinbutton', { name: 'Redemption limit (optional)' })
    expect((limit as HTMLInputElement).value).toBe('10')
    await user.clear(limit)
    await user.type(limit, '100')
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen plans' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Yearly ($149.99 / year)' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'One use per customer' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'PUT', `/api/promo-codes/${code.id}`).map((call) => call.body)).toEqual([
      { plan_ids: [yearly.id], expires_at: null, max_redemptions: 100, one_per_customer: false },
    ])
    expect(tableRows(await codesTable())[0]).toMatchObject({ Plans: 'Yearly', Redemptions: '2 of 100' })
    screen.getByText('SAVE50 saved.')
  })

  it('refuses an expiry in the past before asking the server', async () => {
    const { calls } = serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] })
    const { user } = renderPage()

    await user.click(within(await codesTable()).getByRole('button', { name: 'Edit SAVE50' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit SAVE50' })
    await user.type(within(dialog).getByLabelText('Expires after (optional)'), '2020-01-01')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))

    await within(dialog).findByText(promoMessages.expiryInPast)
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0)
  })

  it('copies the share link with the code on it: the visit counts and the purchase page applies the code', async () => {
    serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] })
    const { user } = renderPage()

    await within(section('Your share link')).findByDisplayValue('http://localhost:3000/CaseyLines?ref=k3Yc9QaZ')
    await user.click(within(await codesTable()).getByRole('button', { name: 'Copy link for SAVE50' }))
    await within(section('Promo codes')).findByText('Link for SAVE50 copied.')
    expect(await navigator.clipboard.readText()).toBe('http://localhost:3000/CaseyLines?ref=k3Yc9QaZ&promo=SAVE50')
  })

  it('offers to try again when the codes cannot be read', async () => {
    let failing = true
    serve({ promoCodes: [aPromoCode({ code: 'SAVE50' })] }, (call) =>
      failing && call.path === '/api/promo-codes' ? apiError(500, 'INTERNAL', 'Internal') : undefined,
    )
    const { user } = renderPage()

    const alert = await within(section('Promo codes')).findByRole('alert')
    expect(alert.textContent).toContain('We couldn’t load your promo codes.')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await codesTable()
  })
})

describe('free trials', () => {
  it('lists each subscription with its trial and saves a new length through the plan update', async () => {
    const { calls, creator } = serve()
    const { user } = renderPage()
    const trials = section('Free trials')
    within(trials).getByText(/Each customer gets one free trial from you/)

    const list = await within(trials).findByRole('list', { name: 'Trials by plan' })
    expect(
      within(list)
        .getAllByRole('heading')
        .map((heading) => heading.textContent),
    ).toEqual(['Monthly', 'Yearly'])
    const days = within(list).getByRole('spinbutton', { name: 'Free trial days for Monthly' })
    expect((days as HTMLInputElement).value).toBe('0')
    await user.clear(days)
    await user.type(days, '7')
    await user.click(within(list).getByRole('button', { name: 'Save trial for Monthly' }))

    await within(list).findByText('Monthly: 7-day free trial.')
    expect(callsTo(calls, 'PUT', `/api/subscription-pricing/${monthly.id}`).map((call) => call.body)).toEqual([
      { trial_days: 7 },
    ])
    expect(creator.plans.find((plan) => plan.id === monthly.id)?.trial_days).toBe(7)
  })

  it('refuses a trial longer than 30 days at the field', async () => {
    const { calls } = serve()
    const { user } = renderPage()
    const list = await within(section('Free trials')).findByRole('list', { name: 'Trials by plan' })

    const days = within(list).getByRole('spinbutton', { name: 'Free trial days for Yearly' })
    await user.clear(days)
    await user.type(days, '45')
    await user.click(within(list).getByRole('button', { name: 'Save trial for Yearly' }))

    await within(list).findByText(planMessages.trialRange)
    expect(days.getAttribute('aria-invalid')).toBe('true')
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0)
  })

  it('points to the dashboard when there is no subscription to give a trial', async () => {
    serve({ creator: { plans: [dayPass] } })
    renderPage()

    const trials = section('Free trials')
    await within(trials).findByText(/Free trials are for subscriptions, and you have none yet/)
    expect(within(trials).getByRole('link', { name: 'Add a plan on your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    )
  })
})

describe('share link', () => {
  it('shows the link, the last 30 days from visits to first purchases, each day, and all time', async () => {
    serve({
      shareLinkResults: aShareLinkResults(
        [
          { date: '2026-11-20', visits: 30, signups: 4, first_purchases: 1 },
          { date: '2026-11-27', visits: 10, signups: 1, first_purchases: 1 },
        ],
        { all_time: { visits: 148, signups: 12, first_purchases: 6 } },
      ),
    })
    renderPage()

    const link = section('Your share link')
    expect(((await within(link).findByLabelText('Share link')) as HTMLInputElement).value).toBe(
      'http://localhost:3000/CaseyLines?ref=k3Yc9QaZ',
    )
    const funnel = (await within(link).findByText('First purchases', { selector: 'dt' })).closest('dl') as HTMLElement
    const figures = [...funnel.querySelectorAll('div')].map((step) =>
      [...step.children].map((child) => child.textContent),
    )
    expect(figures).toEqual([
      ['Visits', '40'],
      ['Sign-ups', '5', '12.5% of visits'],
      ['First purchases', '2', '5% of visits'],
    ])
    within(link).getByText('All time: 148 visits, 12 sign-ups, 6 first purchases.')
    expect(tableRows(within(link).getByRole('table'))).toEqual([
      { Day: 'Nov 27', Visits: '10', 'Sign-ups': '1', 'First purchases': '1' },
      { Day: 'Nov 20', Visits: '30', 'Sign-ups': '4', 'First purchases': '1' },
    ])
    within(link).getByText(/counts for your link when it comes within 30 days of a visit through it/)
  })

  it('says when nothing came through the link, without dividing by zero', async () => {
    serve({ shareLinkResults: aShareLinkResults([]) })
    renderPage()

    const link = section('Your share link')
    await within(link).findByText('No visits through your link in the last 30 days.')
    expect(within(link).getAllByText('no visits yet')).toHaveLength(2)
    expect(within(link).queryByRole('table')).toBeNull()
  })

  it('offers to try again when the results cannot be read, keeping the link', async () => {
    let failing = true
    serve({}, (call) =>
      failing && call.path.endsWith('/share-link/results') ? apiError(500, 'INTERNAL', 'Internal') : undefined,
    )
    const { user } = renderPage()

    const link = section('Your share link')
    const alert = await within(link).findByRole('alert')
    expect(alert.textContent).toContain('We couldn’t load your link’s results.')
    within(link).getByLabelText('Share link')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(link).findByText(/^All time:/)
  })
})
