import { paymentMessages, promoMessages } from '@picks/contracts/client'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import {
  aPlan,
  aProfile,
  apiError,
  callsTo,
  creatorUserId,
  customer,
  json,
  serveCreatorApi,
  type CreatorCall,
} from '../../test/fake-creator-api.ts'
import { aPurchase, buyerId, captureNavigation } from '../../test/fake-checkout-api.ts'
import { aPromoCode, checkoutUrl as promoCheckoutUrl, servePromotionsApi } from '../../test/fake-promotions-api.ts'
import { aCreatorRecord, aLockedPick, aPick, aPickCreator, recordsAnswer } from '../../test/fake-records-api.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { tableRows } from '../../test/table-rows.ts'
import { Component as PurchasePage } from './purchase-page.tsx'

function renderPurchasePage(id = creatorUserId) {
  return renderWithProviders(<PurchasePage />, {
    route: `/shop-picks/purchase/${id}`,
    path: '/shop-picks/purchase/:creatorId',
  })
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'share')
})

describe('purchase page', () => {
  it("shows the creator's header: picture, name, @username, bio, sports, links and member since", async () => {
    serveCreatorApi({
      profiles: [
        aProfile({
          social_links: { twitter: 'https://x.com/caseylines', website: 'https://caseylines.example' },
          country: 'CA',
        }),
      ],
    })
    renderPurchasePage()

    await screen.findByRole('heading', { level: 1, name: 'Casey Lines' })
    screen.getByText('@CaseyLines')
    screen.getByText('NBA totals, posted before the line moves.')
    expect(screen.getByText(/Member since February 2026/).textContent).toContain('Canada')
    const sports = within(screen.getByRole('list', { name: 'Sports' })).getAllByRole('listitem')
    expect(sports.map((item) => item.textContent)).toEqual(['NBA (specialty)', 'WNBA'])
    const twitter = screen.getByRole('link', { name: 'X (Twitter)' })
    expect(twitter.getAttribute('href')).toBe('https://x.com/caseylines')
    expect(twitter.getAttribute('target')).toBe('_blank')
    expect(twitter.getAttribute('rel')).toBe('noopener noreferrer')
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://caseylines.example/')
    expect(document.title).toContain('Casey Lines (@CaseyLines)')
  })

  it('points the creator at their dashboard when they look at their own page', async () => {
    storeUserRecord(recordOf({ ...customer, role: 'creator' }))
    serveCreatorApi({ profiles: [aProfile()] })
    renderPurchasePage()

    expect((await screen.findByRole('link', { name: 'Manage your plans' })).getAttribute('href')).toBe('/dashboard')
    expect(screen.queryByRole('button', { name: 'Report this profile' })).toBeNull()
  })

  it('shows a visitor no dashboard link and no way to report', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    renderPurchasePage()

    await screen.findByRole('heading', { level: 1, name: 'Casey Lines' })
    expect(screen.queryByRole('link', { name: 'Manage your plans' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Report this profile' })).toBeNull()
  })

  it('lets someone signed in report the creator’s profile with a reason', async () => {
    storeUserRecord(recordOf({ ...customer, id: buyerId, email: 'sam@example.com', name: 'Sam Rivers' }))
    const { calls } = serveCreatorApi({ profiles: [aProfile()] }, (call) =>
      call.method === 'POST' && call.path === '/api/reports'
        ? apiError(404, 'NOT_FOUND', 'Creator not found')
        : undefined,
    )
    const { user } = renderPurchasePage()

    await user.click(await screen.findByRole('button', { name: 'Report this profile' }))
    const dialog = await screen.findByRole('dialog', { name: 'Report this profile' })
    within(dialog).getByText(/The profile of Casey Lines \(@CaseyLines\)/)
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake record in the bio')
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }))

    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Creator not found')
    expect(callsTo(calls, 'POST', '/api/reports').map((call) => call.body)).toEqual([
      { target_type: 'creator', target_id: creatorUserId, reason: 'Fake record in the bio' },
    ])
  })

  it('never turns a link that is not https into a link', async () => {
    serveCreatorApi({
      profiles: [aProfile({ social_links: { website: 'javascript:alert(1)', twitter: 'http://x.com/a' } })],
    })
    renderPurchasePage()

    await screen.findByRole('heading', { level: 1, name: 'Casey Lines' })
    expect(screen.queryByRole('list', { name: 'Social links' })).toBeNull()
  })

  it('lists the active plans with price, term and trial, each with its own way to buy', async () => {
    const { calls } = serveCreatorApi({
      profiles: [aProfile()],
      plans: [
        aPlan({ name: 'Monthly', price_cents: 1999, interval: 'month', trial_days: 7 }),
        aPlan({ name: 'Day pass', kind: 'one_time', interval: null, access_days: 1, price_cents: 500 }),
        aPlan({ name: 'Old yearly', interval: 'year', active: false }),
      ],
    })
    renderPurchasePage()

    const list = await screen.findByRole('list', { name: 'Plans on sale' })
    const cards = within(list).getAllByRole('listitem')
    expect(cards).toHaveLength(2)
    const [monthly, pass] = cards as [HTMLElement, HTMLElement]
    within(monthly).getByRole('heading', { name: 'Monthly' })
    within(monthly).getByText('$19.99 / month')
    within(monthly).getByText('Renews every month until you cancel')
    within(monthly).getByText('7-day free trial')
    within(pass).getByText('$5')
    within(pass).getByText('One payment, 1 day of access')

    const subscribe = within(monthly).getByRole('button', { name: 'Subscribe — Monthly' })
    expect((subscribe as HTMLButtonElement).disabled).toBe(false)
    within(pass).getByRole('button', { name: 'Buy pass — Day pass' })
    expect(screen.queryByText('Old yearly')).toBeNull()
    // The public call, active plans only (asked again as the plans show: this client keeps nothing fresh).
    const planCalls = calls.filter((call) => call.path === `/api/subscription-pricing/${creatorUserId}`)
    expect(planCalls.length).toBeGreaterThan(0)
    expect(new Set(planCalls.map((call) => call.search.get('all')))).toEqual(new Set([null]))
  })

  it('shows the terms: non-refundable except by law, cancel any time with access to the period end, 18+', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    renderPurchasePage()

    const terms = await screen.findByRole('region', { name: 'Terms' })
    expect(terms.textContent).toContain('non-refundable, except as required by law')
    expect(terms.textContent).toContain('cancel a subscription at any time; your access continues to the end')
    expect(terms.textContent).toContain('18 or older')
  })

  it('says so when the creator has no plans on sale', async () => {
    serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ active: false })] })
    renderPurchasePage()

    await screen.findByText('This creator has no plans on sale yet.')
  })

  it('offers no Subscribe button while the creator cannot take payments yet', async () => {
    serveCreatorApi({
      profiles: [aProfile()],
      plans: [aPlan({ name: 'Monthly', on_sale: false })],
      acceptingPayments: false,
    })
    renderPurchasePage()

    await screen.findByText('This creator has no plans on sale yet.')
    expect(screen.queryByRole('list', { name: 'Plans on sale' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Subscribe/ })).toBeNull()
  })

  it('retries failed plan reads, then offers to try again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    let failing = true
    const { calls } = serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] }, (call) =>
      failing && call.path.startsWith('/api/subscription-pricing/') ? apiError(500, 'INTERNAL', 'Internal') : undefined,
    )
    const { user } = renderPurchasePage()
    await vi.advanceTimersByTimeAsync(10_000)

    const alert = await screen.findByRole('alert')
    // The first read and the spec's three retries.
    expect(calls.filter((call) => call.path.startsWith('/api/subscription-pricing/'))).toHaveLength(4)
    expect(alert.textContent).toContain('We couldn’t load the plans.')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('heading', { name: 'Monthly' })
  })

  it('shows "Creator not found" with Browse Creators for an unknown creator', async () => {
    serveCreatorApi({ profiles: [] })
    renderPurchasePage()

    await screen.findByRole('heading', { name: 'Creator not found' })
    expect(screen.getByRole('link', { name: 'Browse Creators' }).getAttribute('href')).toBe('/marketplace')
    expect(screen.queryByRole('region', { name: 'Terms' })).toBeNull()
  })

  it('offers to try again when the creator fails to load', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    serveCreatorApi({ profiles: [aProfile()] }, (call) =>
      call.path === `/api/creators/${creatorUserId}` ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down') : undefined,
    )
    renderPurchasePage()
    await vi.advanceTimersByTimeAsync(10_000)

    const alert = await screen.findByRole('alert')
    within(alert).getByRole('heading', { name: 'We couldn’t load this creator' })
    within(alert).getByRole('button', { name: 'Try again' })
  })

  it('shares the profile link with the Web Share API when the device has it', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    const share = vi.fn(() => Promise.resolve())
    Object.defineProperty(navigator, 'share', { value: share, configurable: true })
    const { user } = renderPurchasePage()

    await user.click(await screen.findByRole('button', { name: 'Share' }))
    expect(share).toHaveBeenCalledWith({
      title: 'Casey Lines on Picks Marketplace',
      url: `${location.origin}/CaseyLines`,
    })
  })

  it('copies the profile link when there is no Web Share API', async () => {
    serveCreatorApi({ profiles: [aProfile()] })
    const { user } = renderPurchasePage()
    expect('share' in navigator).toBe(false)

    await user.click(await screen.findByRole('button', { name: 'Share' }))
    await screen.findByText('Link copied.')
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/CaseyLines`)
  })

  describe('buying a plan', () => {
    const monthly = aPlan({ name: 'Monthly', price_cents: 1999, interval: 'month' })
    const dayPass = aPlan({ name: 'Day pass', kind: 'one_time', interval: null, access_days: 1, price_cents: 500 })
    const checkoutUrl = '/sandbox/checkout/cs_test_1'

    function signInAsBuyer() {
      storeUserRecord(recordOf({ ...customer, id: buyerId, email: 'sam@example.com', name: 'Sam Rivers' }))
    }

    /** The creator API, with `POST /purchases` answered by `purchase` (a created purchase by default). */
    function serveShopWithPurchases(purchase?: (call: CreatorCall) => Response) {
      return serveCreatorApi({ profiles: [aProfile()], plans: [monthly, dayPass] }, (call) => {
        if (call.method !== 'POST' || call.path !== '/api/purchases') return undefined
        return purchase?.(call) ?? json({ purchase: aPurchase({ status: 'pending' }), checkout_url: checkoutUrl }, 201)
      })
    }

    async function cardOf(planName: string): Promise<HTMLElement> {
      const heading = await screen.findByRole('heading', { name: planName })
      return heading.closest('li')!
    }

    it('sends a signed-in customer to the checkout the server opens for the chosen plan', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      const { calls } = serveShopWithPurchases()
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Buy pass — Day pass' }))

      await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl))
      expect(callsTo(calls, 'POST', '/api/purchases').map((call) => call.body)).toEqual([{ plan_id: dayPass.id }])
      // On its way to checkout: no second purchase from a second click.
      expect((screen.getByRole('button', { name: 'Subscribe — Monthly' }) as HTMLButtonElement).disabled).toBe(true)
    })

    it('offers the plans again when the browser brings the page back from checkout', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      serveShopWithPurchases()
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Subscribe — Monthly' }))
      await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl))
      screen.getByRole('button', { name: 'Opening checkout… — Monthly' })

      // The back-forward cache restores the page as it left it.
      window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }))
      const subscribe = await screen.findByRole('button', { name: 'Subscribe — Monthly' })
      expect((subscribe as HTMLButtonElement).disabled).toBe(false)
    })

    it('sends a signed-out visitor to sign in, to come back to this page with the plan remembered', async () => {
      const { calls } = serveShopWithPurchases()
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Subscribe — Monthly' }))

      const back = `/shop-picks/purchase/${creatorUserId}?plan=${monthly.id}`
      expect(screen.getByTestId('location').textContent).toBe(`/auth?redirect=${encodeURIComponent(back)}`)
      expect(callsTo(calls, 'POST', '/api/purchases')).toHaveLength(0)
    })

    it('shows the plan chosen before signing in, ready for an explicit click', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      const { calls } = serveShopWithPurchases()
      const { user } = renderPurchasePage(`${creatorUserId}?plan=${monthly.id}`)

      const card = await cardOf('Monthly')
      within(card).getByText('Your choice')
      expect(within(await cardOf('Day pass')).queryByText('Your choice')).toBeNull()
      screen.getByText('You’re signed in. Continue with Monthly when you’re ready.')
      const subscribe = within(card).getByRole('button', { name: 'Subscribe — Monthly' })
      await waitFor(() => expect(document.activeElement).toBe(subscribe))
      // Nothing is bought until the customer says so.
      expect(callsTo(calls, 'POST', '/api/purchases')).toHaveLength(0)

      await user.click(subscribe)
      await waitFor(() => expect(assign).toHaveBeenCalledWith(checkoutUrl))
    })

    it('says so when the plan chosen before signing in is no longer on sale', async () => {
      signInAsBuyer()
      serveShopWithPurchases()
      renderPurchasePage(`${creatorUserId}?plan=00000000-0000-4000-9000-999999999999`)

      await screen.findByText(paymentMessages.planUnavailable)
    })

    it('shows an existing subscription to this creator with a link to manage it', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      serveShopWithPurchases(() =>
        apiError(409, 'CONFLICT', paymentMessages.alreadySubscribed, { reason: 'ALREADY_SUBSCRIBED' }),
      )
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Subscribe — Monthly' }))

      const alert = within(await cardOf('Monthly')).getByRole('alert')
      await waitFor(() => expect(alert.textContent).toContain(paymentMessages.alreadySubscribed))
      expect(within(alert).getByRole('link', { name: 'Manage your subscriptions' }).getAttribute('href')).toBe(
        '/manage-subscriptions',
      )
      expect(assign).not.toHaveBeenCalled()
      // The other plan stays available.
      expect((screen.getByRole('button', { name: 'Buy pass — Day pass' }) as HTMLButtonElement).disabled).toBe(false)
    })

    it('asks whether the customer already has access, and says so instead of offering the plans again', async () => {
      signInAsBuyer()
      const { calls } = serveCreatorApi({
        profiles: [aProfile()],
        plans: [monthly, dayPass],
        accessTo: [creatorUserId],
      })
      renderPurchasePage()

      const plans = await screen.findByRole('region', { name: 'Plans' })
      const notice = (await within(plans).findByText(/^You already have access to Casey Lines’s picks/)).closest('p')!
      expect(notice.getAttribute('role')).toBe('status')
      expect(within(notice).getByRole('link', { name: 'Manage your subscriptions' }).getAttribute('href')).toBe(
        '/manage-subscriptions',
      )
      expect(within(plans).getByRole('link', { name: 'Choose how their picks reach you' }).getAttribute('href')).toBe(
        `/alerts?creator=${creatorUserId}`,
      )
      expect(screen.queryByRole('button', { name: /Subscribe|Buy pass/ })).toBeNull()
      expect(callsTo(calls, 'GET', '/api/purchases/verify').map((call) => Object.fromEntries(call.search))).toEqual([
        { userId: buyerId, creatorId: creatorUserId },
      ])
    })

    it('still shows the plans to a customer with access who asks for them (a pass alongside is sold)', async () => {
      signInAsBuyer()
      serveCreatorApi({ profiles: [aProfile()], plans: [monthly, dayPass], accessTo: [creatorUserId] })
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Show the plans anyway' }))

      await screen.findByRole('button', { name: 'Buy pass — Day pass' })
      screen.getByRole('button', { name: 'Subscribe — Monthly' })
    })

    it('offers the plans when the customer has no access yet', async () => {
      signInAsBuyer()
      const { calls } = serveCreatorApi({ profiles: [aProfile()], plans: [monthly, dayPass], accessTo: [] })
      renderPurchasePage()

      await screen.findByRole('button', { name: 'Subscribe — Monthly' })
      expect(callsTo(calls, 'GET', '/api/purchases/verify')).toHaveLength(1)
      expect(screen.queryByText(/You already have access/)).toBeNull()
    })

    it('asks nothing for a visitor, who has no purchases to check', async () => {
      const { calls } = serveShopWithPurchases()
      renderPurchasePage()

      await screen.findByRole('button', { name: 'Subscribe — Monthly' })
      expect(callsTo(calls, 'GET', '/api/purchases/verify')).toHaveLength(0)
    })

    it('says the creator is not accepting payments when the server says so', async () => {
      signInAsBuyer()
      serveShopWithPurchases(() =>
        apiError(409, 'CONFLICT', 'Creator has not finished onboarding', { reason: 'NOT_ACCEPTING_PAYMENTS' }),
      )
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Buy pass — Day pass' }))

      expect((await screen.findByRole('alert')).textContent).toBe(paymentMessages.creatorNotAcceptingPayments)
    })

    it("shows the server's message for any other refusal", async () => {
      signInAsBuyer()
      serveShopWithPurchases(() => apiError(403, 'FORBIDDEN', paymentMessages.cannotBuyOwnPlan, { reason: 'OWN_PLAN' }))
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Subscribe — Monthly' }))

      expect((await screen.findByRole('alert')).textContent).toBe(paymentMessages.cannotBuyOwnPlan)
    })

    it('sends a customer whose session has ended to sign in again, keeping the plan', async () => {
      signInAsBuyer()
      serveShopWithPurchases(() => apiError(401, 'UNAUTHENTICATED', 'Sign in first'))
      const { user } = renderPurchasePage()

      await user.click(await screen.findByRole('button', { name: 'Buy pass — Day pass' }))

      const back = `/shop-picks/purchase/${creatorUserId}?plan=${dayPass.id}`
      await waitFor(() =>
        expect(screen.getByTestId('location').textContent).toBe(`/auth?redirect=${encodeURIComponent(back)}`),
      )
    })

    it('tells a customer back from a cancelled checkout that nothing was charged', async () => {
      serveShopWithPurchases()
      renderPurchasePage(`${creatorUserId}?checkout=cancelled`)

      expect((await screen.findByText('Checkout cancelled. You have not been charged.')).getAttribute('role')).toBe(
        'status',
      )
      expect(screen.getByRole('region', { name: 'Terms' }).textContent).toContain('18 or older')
    })
  })

  describe('promo codes', () => {
    const monthly = aPlan({ name: 'Monthly', price_cents: 1999, interval: 'month' })
    const dayPass = aPlan({ name: 'Day pass', kind: 'one_time', interval: null, access_days: 1, price_cents: 500 })

    function signInAsBuyer() {
      storeUserRecord(recordOf({ ...customer, id: buyerId, email: 'sam@example.com', name: 'Sam Rivers' }))
    }

    function serveWithCodes(...codes: Parameters<typeof aPromoCode>[0][]) {
      return servePromotionsApi({
        promoCodes: codes.map((code) => aPromoCode(code)),
        creator: { profiles: [aProfile()], plans: [monthly, dayPass] },
      })
    }

    async function cardOf(planName: string): Promise<HTMLElement> {
      const heading = await screen.findByRole('heading', { name: planName })
      return heading.closest('li')!
    }

    it('applies the code a link carries and shows each plan before and after, and for how long', async () => {
      const { calls } = serveWithCodes({ code: 'SAVE50', percent_off: 50, duration: 'repeating', duration_months: 3 })
      renderPurchasePage(`${creatorUserId}?promo=save50`)

      const monthlyCard = await cardOf('Monthly')
      await within(monthlyCard).findByText('With SAVE50: $9.99 / month for the first 3 months, then $19.99 / month.')
      expect(within(monthlyCard).getByText('$19.99 / month').tagName).toBe('S')
      within(monthlyCard).getByText('$9.99 / month')
      const passCard = await cardOf('Day pass')
      within(passCard).getByText('With SAVE50: one payment of $2.50.')
      expect(within(passCard).getByText('$5').tagName).toBe('S')
      expect((screen.getByRole('textbox', { name: 'Have a promo code?' }) as HTMLInputElement).value).toBe('save50')
      screen.getByText(/applied: the prices below include it/)
      const quoted = callsTo(calls, 'GET', '/api/promo-codes/quote').map((call) => [
        call.search.get('plan_id'),
        call.search.get('code'),
      ])
      expect(quoted).toEqual([
        [monthly.id, 'save50'],
        [dayPass.id, 'save50'],
      ])
    })

    it('says how long on a subscription: the first payment, or every payment', async () => {
      serveWithCodes(
        { code: 'FIVEOFF', discount_kind: 'amount', percent_off: null, amount_off_cents: 500 },
        { code: 'LOYAL', percent_off: 10, duration: 'forever' },
      )
      const { user } = renderPurchasePage()

      const field = await screen.findByRole('textbox', { name: 'Have a promo code?' })
      await user.type(field, 'FIVEOFF')
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await within(await cardOf('Monthly')).findByText(
        'With FIVEOFF: $14.99 / month for the first payment, then $19.99 / month.',
      )
      // $5 off a $5 pass would make it free: the server leaves that plan out, and the card says why.
      await within(await cardOf('Day pass')).findByText(promoMessages.freeNotAllowed)

      await user.clear(field)
      await user.type(field, 'LOYAL')
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await within(await cardOf('Monthly')).findByText('With LOYAL: $17.99 / month on every payment.')
    })

    it("shows the server's message on the field for a code that does not apply, and keeps the prices", async () => {
      serveWithCodes({ code: 'SAVE50' }, { code: 'OLD', active: false })
      const { user } = renderPurchasePage()

      const field = await screen.findByRole('textbox', { name: 'Have a promo code?' })
      await user.type(field, 'NOPE')
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await screen.findByText(promoMessages.unknownCode)
      expect(field.getAttribute('aria-invalid')).toBe('true')
      within(await cardOf('Monthly')).getByText('$19.99 / month')
      expect(within(await cardOf('Monthly')).queryByText(/^With /)).toBeNull()

      await user.clear(field)
      await user.type(field, 'old')
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await screen.findByText(promoMessages.inactiveCode)
    })

    it('says which plans a code leaves out, and buys those without it', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      const { state } = servePromotionsApi({
        promoCodes: [aPromoCode({ code: 'MONTHLY20', percent_off: 20, plan_ids: [monthly.id] })],
        creator: { profiles: [aProfile()], plans: [monthly, dayPass] },
      })
      const { user } = renderPurchasePage(`${creatorUserId}?promo=MONTHLY20`)

      const passCard = await cardOf('Day pass')
      await within(passCard).findByText(promoMessages.wrongPlan)
      await within(await cardOf('Monthly')).findByText(/^With MONTHLY20:/)
      await user.click(within(passCard).getByRole('button', { name: 'Buy pass — Day pass' }))

      await waitFor(() => expect(assign).toHaveBeenCalledWith(promoCheckoutUrl))
      expect(state.purchasesWithCodes).toEqual([{ plan_id: dayPass.id, promo_code: null }])
    })

    it('sends the applied code with the purchase', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      const { calls } = serveWithCodes({ code: 'SAVE50' })
      const { user } = renderPurchasePage(`${creatorUserId}?promo=SAVE50`)

      const card = await cardOf('Monthly')
      await within(card).findByText(/^With SAVE50:/)
      await user.click(within(card).getByRole('button', { name: 'Subscribe — Monthly' }))

      await waitFor(() => expect(assign).toHaveBeenCalledWith(promoCheckoutUrl))
      expect(callsTo(calls, 'POST', '/api/purchases').map((call) => call.body)).toEqual([
        { plan_id: monthly.id, promo_code: 'SAVE50' },
      ])
    })

    it('shows why checkout refused a code that ran out after it was quoted', async () => {
      signInAsBuyer()
      const assign = captureNavigation()
      const { state } = serveWithCodes({ code: 'SAVE50', max_redemptions: 10, redemptions: 9 })
      const { user } = renderPurchasePage(`${creatorUserId}?promo=SAVE50`)

      const card = await cardOf('Monthly')
      await within(card).findByText(/^With SAVE50:/)
      // Someone else takes the last one.
      state.promoCodes[0]!.redemptions = 10
      await user.click(within(card).getByRole('button', { name: 'Subscribe — Monthly' }))

      expect((await within(card).findByRole('alert')).textContent).toBe(promoMessages.usedUpCode)
      expect(assign).not.toHaveBeenCalled()
      // Asked again: the field says what holds now, and the card shows the usual price.
      const field = screen.getByRole('textbox', { name: 'Have a promo code?' })
      await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'))
      expect(within(card).queryByText(/^With SAVE50:/)).toBeNull()
      within(card).getByText('$19.99 / month')
    })

    it('keeps the code through signing in', async () => {
      const { calls } = serveWithCodes({ code: 'SAVE50' })
      const { user } = renderPurchasePage()

      await user.type(await screen.findByRole('textbox', { name: 'Have a promo code?' }), 'SAVE50')
      await user.click(screen.getByRole('button', { name: 'Apply' }))
      await within(await cardOf('Monthly')).findByText(/^With SAVE50:/)
      await user.click(screen.getByRole('button', { name: 'Subscribe — Monthly' }))

      const back = `/shop-picks/purchase/${creatorUserId}?promo=SAVE50&plan=${monthly.id}`
      expect(screen.getByTestId('location').textContent).toBe(`/auth?redirect=${encodeURIComponent(back)}`)
      expect(callsTo(calls, 'POST', '/api/purchases')).toHaveLength(0)
    })

    it('takes a code off again', async () => {
      serveWithCodes({ code: 'SAVE50' })
      const { user } = renderPurchasePage(`${creatorUserId}?promo=SAVE50`)

      const card = await cardOf('Monthly')
      await within(card).findByText(/^With SAVE50:/)
      await user.click(screen.getByRole('button', { name: 'Remove code' }))

      await waitFor(() => expect(within(card).queryByText(/^With SAVE50:/)).toBeNull())
      expect((screen.getByRole('textbox', { name: 'Have a promo code?' }) as HTMLInputElement).value).toBe('')
    })
  })

  describe('record and recent picks', () => {
    const casey = aPickCreator({ id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines' })

    function serveWithRecord(
      overall: string,
      bySport: Parameters<typeof aCreatorRecord>[1],
      picks = [aPick({ creator: casey })],
    ) {
      return serveCreatorApi(
        { profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] },
        recordsAnswer({
          creators: [{ creator: casey, record: aCreatorRecord(overall, bySport), subscribers: 1284 }],
          picks,
        }),
      )
    }

    it('asks for the profile, the record, the plans and the recent picks at once, and shows them together', async () => {
      let sendProfile = () => {}
      const profileHeld = new Promise<void>((resolve) => (sendProfile = resolve))
      const records = recordsAnswer({ creators: [{ creator: casey, record: aCreatorRecord('WWL', { nba: 'WWL' }) }] })
      const { calls } = serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] }, (call) =>
        call.path === `/api/creators/${creatorUserId}`
          ? profileHeld.then(() => json({ creator: aProfile() }))
          : records(call),
      )
      renderPurchasePage()

      // Every read has gone out while the profile is still on its way.
      await waitFor(() =>
        expect(new Set(calls.map((call) => call.path))).toEqual(
          new Set([
            `/api/creators/${creatorUserId}`,
            `/api/creators/${creatorUserId}/stats`,
            `/api/subscription-pricing/${creatorUserId}`,
            `/api/picks/user/${creatorUserId}`,
          ]),
        ),
      )
      screen.getByText('Loading creator…')
      expect(screen.queryByRole('region', { name: 'Record' })).toBeNull()

      sendProfile()
      await screen.findByRole('heading', { level: 1, name: 'Casey Lines' })
      // The record and the plans came before the profile: they show with it, with no placeholder of their own.
      const record = screen.getByRole('region', { name: 'Record' })
      within(record).getByLabelText('At a glance')
      within(screen.getByRole('list', { name: 'Plans on sale' })).getByRole('heading', { name: 'Monthly' })
    })

    it("shows the creator's figures from their stats: customers with access now and picks posted", async () => {
      const { calls } = serveWithRecord('WL', {}, [aPick({ creator: casey }), aPick({ creator: casey })])
      renderPurchasePage()

      const record = await screen.findByRole('region', { name: 'Record' })
      const glance = await within(record).findByLabelText('At a glance')
      const pairs = [...glance.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ])
      expect(pairs).toEqual([
        ['Subscribers', '1,284'],
        ['Picks posted', '2'],
      ])
      expect(calls.filter((call) => call.path === `/api/creators/${creatorUserId}/stats`)).toHaveLength(1)
      // The stats carry the record: it is not read a second time.
      expect(calls.filter((call) => call.path === `/api/creators/${creatorUserId}/record`)).toHaveLength(0)
    })

    it('shows the record: W-L-P, net units, ROI, win %, streak, last 10 and each sport', async () => {
      // Newest first: three wins, then a loss, a push, ...
      const { calls } = serveWithRecord('WWWLPWLWWLWL', { nba: 'WWWLPWLW', wnba: 'WLWL' })
      renderPurchasePage()

      const record = await screen.findByRole('region', { name: 'Record' })
      const list = (await within(record).findByText('Streak')).closest('dl') as HTMLElement
      const pairs = [...list.querySelectorAll('dt')].map((term) => [
        term.textContent,
        term.nextElementSibling?.textContent,
      ])
      expect(pairs).toEqual([
        ['W-L-P', '7-4-1'],
        ['Net units', '+2.4u'],
        ['ROI', '+19.7%'],
        ['Win %', '63.6%'],
        ['Streak', 'Won 3'],
      ])
      const lastTen = within(record).getByRole('list', { name: 'Last results, newest first' })
      expect(
        within(lastTen)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['W', 'W', 'W', 'L', 'P', 'W', 'L', 'W', 'W', 'L'])
      const bySport = within(record).getByRole('table', { name: 'Record by sport' })
      expect(tableRows(bySport)).toEqual([
        { Sport: 'NBA', 'W-L-P': '5-2-1', 'Net units': '+2.5u', ROI: '+31.8%', 'Win %': '71.4%' },
        { Sport: 'WNBA', 'W-L-P': '2-2-0', 'Net units': '-0.2u', ROI: '-4.5%', 'Win %': '50.0%' },
      ])
      expect(calls.filter((call) => call.path === `/api/creators/${creatorUserId}/stats`)).toHaveLength(1)
    })

    it('says when nothing is graded yet', async () => {
      serveWithRecord('--', {})
      renderPurchasePage()

      const record = await screen.findByRole('region', { name: 'Record' })
      expect((await within(record).findByText(/^No graded picks yet\./)).textContent).toBe(
        'No graded picks yet. 2 pending.',
      )
    })

    it('shows the recent picks: free ones in full, premium ones locked without selection or odds', async () => {
      const { calls } = serveWithRecord('WL', {}, [
        aPick({ creator: casey, pick: 'Boston Celtics', odds: -135, created_at: '2026-03-01T12:00:00.000Z' }),
        aLockedPick({
          creator: casey,
          home_team: 'Miami Heat',
          away_team: 'New York Knicks',
          created_at: '2026-03-01T13:00:00.000Z',
        }),
      ])
      renderPurchasePage()

      const recent = await screen.findByRole('list', { name: 'Recent picks' })
      const [locked, free] = within(recent).getAllByRole('article')
      expect(locked?.getAttribute('aria-labelledby')).toBeTruthy()
      within(locked!).getByRole('heading', { name: 'New York Knicks @ Miami Heat' })
      within(locked!).getByText(/Premium pick/)
      expect(within(locked!).queryByText('Odds')).toBeNull()
      expect(locked?.textContent).not.toMatch(/[+-]\d{3}\b/)
      within(free!).getByText('Boston Celtics')
      within(free!).getByText('-135')
      const picksCall = calls.find((call) => call.path === `/api/picks/user/${creatorUserId}`)
      expect(picksCall?.search.get('limit')).toBe('10')
      // The plans are still there to buy.
      screen.getByRole('button', { name: 'Subscribe — Monthly' })
    })

    it('keeps the plans when the record cannot be read, with a way to try again', async () => {
      let failing = true
      serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] }, (call) =>
        failing && call.path.endsWith('/stats')
          ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down')
          : recordsAnswer({ creators: [{ creator: casey, record: aCreatorRecord('WWL', { nba: 'WWL' }) }] })(call),
      )
      vi.useFakeTimers({ shouldAdvanceTime: true })
      const { user } = renderPurchasePage()
      const record = await screen.findByRole('region', { name: 'Record' })
      // Read retries first, as for the plans.
      await vi.advanceTimersByTimeAsync(10_000)

      await within(record).findByText('We couldn’t load the record.')
      screen.getByRole('button', { name: 'Subscribe — Monthly' })
      expect(screen.queryByRole('alert')).toBeNull()
      failing = false
      await user.click(within(record).getByRole('button', { name: 'Try again' }))
      await within(record).findByText('Streak')
      expect(within(record).queryByText('We couldn’t load the record.')).toBeNull()
    })
  })
})
