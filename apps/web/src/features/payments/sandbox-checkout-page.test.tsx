import { paymentMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { callsTo } from '../../test/fake-creator-api.ts'
import { aCheckout, captureNavigation, servePaymentsApi } from '../../test/fake-checkout-api.ts'
import { renderApp, signInAs, stubEmptyApi } from '../../test/render-app.tsx'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as SandboxCheckoutPage } from './sandbox-checkout-page.tsx'

const payPath = '/api/sandbox/checkout/cs_test_1/pay'

function renderCheckout(sessionId = 'cs_test_1') {
  return renderWithProviders(<SandboxCheckoutPage />, {
    route: `/sandbox/checkout/${sessionId}`,
    path: '/sandbox/checkout/:sessionId',
  })
}

async function fillCard(user: UserEvent, card: { number: string; expiry?: string; cvc?: string; name?: string }) {
  await user.type(await screen.findByLabelText('Card number'), card.number)
  await user.type(screen.getByLabelText('Expiry (MM / YY)'), card.expiry ?? '12 / 34')
  await user.type(screen.getByLabelText('CVC'), card.cvc ?? '123')
  if (card.name) await user.type(screen.getByLabelText(/Name on card/), card.name)
}

/** The text of what a field is described by: its error message, here. */
function descriptionOf(field: HTMLElement): string {
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? []
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ')
}

describe('sandbox checkout page', () => {
  it('is clearly test mode and sums up the order: item, price per period and the total today', async () => {
    servePaymentsApi({ checkouts: [aCheckout()] })
    renderCheckout()

    await screen.findByRole('heading', { level: 1, name: 'Checkout' })
    screen.getByText('Test mode — no real card is charged')
    const summary = screen.getByRole('region', { name: 'Order summary' })
    within(summary).getByText('Casey Lines — Monthly picks')
    within(summary).getByText('$19.99 / month')
    expect(within(summary).getByText('Total today').nextElementSibling?.textContent).toBe('$19.99')
    expect(within(summary).queryByText(/days free/)).toBeNull()
    const cards = within(screen.getByRole('region', { name: 'Test cards' })).getAllByRole('listitem')
    expect(cards.map((card) => card.textContent)).toEqual([
      '4242 4242 4242 4242Succeeds',
      '4000 0000 0000 0002Is declined',
      '4000 0000 0000 9995Fails for insufficient funds',
      '4000 0000 0000 0341Pays now, but every renewal fails',
    ])
  })

  it('charges nothing today for a plan with a free trial', async () => {
    servePaymentsApi({ checkouts: [aCheckout({ trial_days: 7 })] })
    renderCheckout()

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    within(summary).getByText('First 7 days free')
    expect(within(summary).getByText('Total today').nextElementSibling?.textContent).toBe('$0')
  })

  it('shows a promo code: the saving, how long it lasts, and the discounted total', async () => {
    servePaymentsApi({
      checkouts: [
        aCheckout({
          amount_cents: 1000,
          price_cents: 1999,
          promo_code: 'HALF50',
          discount_duration: 'repeating',
          discount_months: 3,
        }),
      ],
    })
    renderCheckout()

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    expect(within(summary).getByText('Promo code HALF50').nextElementSibling?.textContent).toBe(
      '−$9.99For the first 3 months',
    )
    expect(within(summary).getByText('Total today').nextElementSibling?.textContent).toBe('$10')
  })

  it('after a trial, tells the discounted price with its interval for as long as the code lasts, then the usual price', async () => {
    servePaymentsApi({
      checkouts: [
        aCheckout({
          trial_days: 7,
          amount_cents: 1000,
          price_cents: 1999,
          promo_code: 'HALF50',
          discount_duration: 'repeating',
          discount_months: 3,
        }),
      ],
    })
    renderCheckout()

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    within(summary).getByText(
      'Then $10 / month for the first 3 months after the trial, then $19.99 / month, until you cancel.',
    )
    expect(within(summary).getByText('Total today').nextElementSibling?.textContent).toBe('$0')
  })

  it('after a trial with a code on every payment, tells the discounted price with its interval', async () => {
    servePaymentsApi({
      checkouts: [
        aCheckout({
          trial_days: 7,
          amount_cents: 1000,
          price_cents: 1999,
          promo_code: 'HALF50',
          discount_duration: 'forever',
          discount_months: null,
        }),
      ],
    })
    renderCheckout()

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    within(summary).getByText('Then $10 / month after the trial, until you cancel.')
  })

  it('shows the days of access of a pass', async () => {
    servePaymentsApi({
      checkouts: [aCheckout({ kind: 'one_time', interval: null, access_days: 7, amount_cents: 500, price_cents: 500 })],
    })
    renderCheckout()

    const summary = await screen.findByRole('region', { name: 'Order summary' })
    within(summary).getByText('One payment, 7 days of access')
    expect(within(summary).getByText('Total today').nextElementSibling?.textContent).toBe('$5')
  })

  it('pays with the test card that succeeds and goes where the server says', async () => {
    const assign = captureNavigation()
    const checkout = aCheckout()
    const { calls } = servePaymentsApi({ checkouts: [checkout] })
    const { user } = renderCheckout()

    await fillCard(user, { number: '4242 4242 4242 4242', name: 'Sam Rivers' })
    await user.click(screen.getByRole('button', { name: 'Pay' }))

    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout.success_url))
    expect(callsTo(calls, 'POST', payPath).map((call) => call.body)).toEqual([
      { card_number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Sam Rivers' },
    ])
    expect((screen.getByRole('button', { name: 'Redirecting…' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it.each([
    ['4000 0000 0000 0002', paymentMessages.cardDeclined],
    ['4000 0000 0000 9995', paymentMessages.insufficientFunds],
  ])('shows why card %s was refused and stays on the page', async (number, message) => {
    const assign = captureNavigation()
    servePaymentsApi({ checkouts: [aCheckout()] })
    const { user } = renderCheckout()

    await fillCard(user, { number })
    await user.click(screen.getByRole('button', { name: 'Pay' }))

    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(assign).not.toHaveBeenCalled()
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(false)
  })

  it("shows the server's field errors next to the card number, expiry and security code", async () => {
    servePaymentsApi({ checkouts: [aCheckout()] })
    const { user } = renderCheckout()

    await fillCard(user, { number: '1234 5678', expiry: '01 / 20', cvc: '1' })
    await user.click(screen.getByRole('button', { name: 'Pay' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Please fix the highlighted fields.')
    const number = screen.getByLabelText('Card number')
    expect(number.getAttribute('aria-invalid')).toBe('true')
    expect(descriptionOf(number)).toBe(paymentMessages.unknownTestCard)
    expect(descriptionOf(screen.getByLabelText('Expiry (MM / YY)'))).toBe(paymentMessages.cardExpiry)
    expect(descriptionOf(screen.getByLabelText('CVC'))).toBe(paymentMessages.cardCvc)
    expect(screen.getByLabelText(/Name on card/).getAttribute('aria-invalid')).toBeNull()
  })

  it('cancels the checkout and returns where the server says', async () => {
    const assign = captureNavigation()
    const checkout = aCheckout()
    const { calls } = servePaymentsApi({ checkouts: [checkout] })
    const { user } = renderCheckout()

    await user.click(await screen.findByRole('button', { name: 'Cancel checkout' }))

    await waitFor(() => expect(assign).toHaveBeenCalledWith(checkout.cancel_url))
    expect(callsTo(calls, 'POST', '/api/sandbox/checkout/cs_test_1/cancel')).toHaveLength(1)
    expect(callsTo(calls, 'POST', payPath)).toHaveLength(0)
  })

  it('says a paid checkout is complete, with links to the purchase and the shop', async () => {
    const checkout = aCheckout({ status: 'complete' })
    servePaymentsApi({ checkouts: [checkout] })
    renderCheckout()

    await screen.findByRole('heading', { level: 1, name: 'Checkout complete' })
    screen.getByText(/This checkout is no longer open\./)
    expect(screen.getByRole('link', { name: 'See your purchase' }).getAttribute('href')).toBe(checkout.success_url)
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop-picks')
    expect(screen.queryByLabelText('Card number')).toBeNull()
  })

  it('says an expired checkout is closed and nothing was charged', async () => {
    servePaymentsApi({ checkouts: [aCheckout({ status: 'expired' })] })
    renderCheckout()

    await screen.findByRole('heading', { level: 1, name: 'Checkout closed' })
    screen.getByText(/You have not been charged\./)
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop-picks')
  })

  it('shows the closed page when the checkout closes while it is open here', async () => {
    const { state } = servePaymentsApi({ checkouts: [aCheckout()] })
    const { user } = renderCheckout()

    await fillCard(user, { number: '4242 4242 4242 4242' })
    state.checkouts[0]!.status = 'expired'
    await user.click(screen.getByRole('button', { name: 'Pay' }))

    await screen.findByRole('heading', { level: 1, name: 'Checkout closed' })
  })

  it('says so for a checkout that does not exist', async () => {
    servePaymentsApi()
    renderCheckout('cs_missing')

    await screen.findByRole('heading', { level: 1, name: 'Checkout not found' })
  })

  it('is at /sandbox/checkout/{sessionId} for a signed-in customer', async () => {
    signInAs('customer')
    servePaymentsApi({ checkouts: [aCheckout()] })
    renderApp('/sandbox/checkout/cs_test_1')

    await screen.findByRole('heading', { level: 1, name: 'Checkout' }, { timeout: 5_000 })
  })

  it('sends a signed-out visitor to sign in first, then back to the checkout', async () => {
    stubEmptyApi()
    const { router } = renderApp('/sandbox/checkout/cs_test_1')

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/sandbox/checkout/cs_test_1')}`)
  })
})
