import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { serveAuth } from '../test/fake-auth-api.ts'
import { aProfile } from '../test/fake-creator-api.ts'
import { servePromotionsApi } from '../test/fake-promotions-api.ts'
import { renderApp, signInAs, stubEmptyApi } from '../test/render-app.tsx'

beforeEach(() => {
  stubEmptyApi()
})

async function heading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name })
}

describe('routes and redirects', () => {
  it('sends / to the shop', async () => {
    const { router } = renderApp('/')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it.each(['/login', '/signup'])('sends %s to /auth, keeping the query string', async (path) => {
    const { router } = renderApp(`${path}?redirect=%2Falerts`)
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe('?redirect=%2Falerts')
    expect((await screen.findByRole('tab', { name: 'Sign In' })).getAttribute('aria-selected')).toBe('true')
  })

  it('renders the same payment success page at /payment-success and /success', async () => {
    renderApp('/payment-success')
    await heading('No purchase to show')
  })

  it('renders the payment success page at /success too', async () => {
    renderApp('/success')
    await heading('No purchase to show')
  })

  it('opens Creator Promotions for a creator, with a way back to the dashboard', async () => {
    signInAs('creator')
    servePromotionsApi({ creator: { profiles: [aProfile({ id: 'u-1' })] } })
    const { user, router } = renderApp('/creator-promotions')
    await heading('Creator Promotions')
    for (const section of ['Promo codes', 'Free trials', 'Your share link']) {
      await screen.findByRole('region', { name: section })
    }

    await user.click(screen.getByRole('link', { name: 'Back to the dashboard' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it.each([
    ['/locker-room', 'Locker Room'],
    ['/locker-room/nba', 'NBA Locker Room'],
    ['/sport-hub/nfl', 'NFL Sport Hub'],
    ['/creator/onboarding/complete', 'Sign in to finish payout setup'],
    ['/admin/login', 'Admin Login'],
    ['/verify-email', 'Verify your e-mail'],
    ['/reset-password', 'Reset Password'],
  ])('opens %s', async (path, title) => {
    renderApp(path)
    await heading(title)
  })

  it('says a sport is unknown and links to the sports we cover', async () => {
    renderApp('/sport-hub/curling')
    await heading('Unknown sport')
    const main = screen.getByRole('main')
    expect(within(main).getByRole('link', { name: 'NBA' }).getAttribute('href')).toBe('/sport-hub/nba')
    expect(within(main).getByRole('link', { name: 'MMA' }).getAttribute('href')).toBe('/sport-hub/mma')
  })

  it('says a locker-room sport is unknown, linking to the locker room of each known sport', async () => {
    renderApp('/locker-room/cricket')
    await heading('Unknown sport')
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'NFL' }).getAttribute('href')).toBe(
      '/locker-room/nfl',
    )
  })

  it('shows Page Not Found with ways out for an address that matches nothing', async () => {
    renderApp('/no/such/page')
    await heading('Page Not Found')
    expect(screen.getByRole('link', { name: 'Browse Creators' }).getAttribute('href')).toBe('/marketplace')
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/')
  })
})

describe('signed-in routes', () => {
  it('sends a signed-out visitor from /dashboard to /auth and remembers where they came from', async () => {
    const { router } = renderApp('/dashboard?tab=earnings')
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/dashboard?tab=earnings')}`)
    expect(router.state.location.state).toEqual({ from: '/dashboard?tab=earnings' })
  })

  it.each(['/edit-profile', '/alerts', '/manage-subscriptions'])('guards %s the same way', async (path) => {
    const { router } = renderApp(path)
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.location.state).toEqual({ from: path })
  })

  it('keeps someone signed in by the session cookie alone (no local record) on the page they opened', async () => {
    serveAuth({ signedIn: true })
    // The session check answers only once the guard has met it unanswered.
    let answerSession = () => {}
    const sessionHeld = new Promise<void>((resolve) => (answerSession = resolve))
    const fakeFetch = globalThis.fetch
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/auth/get-session')) await sessionHeld
      return fakeFetch(input, init)
    })
    const { router } = renderApp('/dashboard')
    await screen.findByRole('status', { name: 'Checking your sign-in' })
    expect(router.state.location.pathname).toBe('/dashboard')
    answerSession()
    await heading('Become a Creator')
    expect(router.state.location.pathname).toBe('/dashboard')
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toMatchObject({ email: 'dana@example.com' })
  })

  it('lets a signed-in customer open the dashboard, which offers to become a creator', async () => {
    signInAs('customer')
    const { router } = renderApp('/dashboard')
    await heading('Become a Creator')
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('shows a creator the creator dashboard', async () => {
    signInAs('creator')
    renderApp('/dashboard')
    await heading('Creator Dashboard')
  })
})

describe('creator-only routes', () => {
  it.each(['/create-pick', '/creator-promotions', '/creator/payments', '/creator/notifications', '/creator/clients'])(
    'sends a customer from %s to the home page (and so to the shop)',
    async (path) => {
      signInAs('customer')
      const { router } = renderApp(path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
    },
  )

  it('sends a signed-out visitor away from creator pages too', async () => {
    const { router } = renderApp('/create-pick')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it('treats a malformed stored user as signed out', async () => {
    localStorage.setItem('user', '{not json')
    const { router } = renderApp('/creator/payments')
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })

  it.each([
    ['creator', '/create-pick', 'Create Pick'],
    ['moderator', '/creator-promotions', 'Creator Promotions'],
    ['admin', '/creator/payments', 'Creator Payments'],
    ['creator', '/creator/clients', 'Clients'],
  ] as const)('lets a %s with a creator profile open %s', async (role, path, title) => {
    stubEmptyApi({ creatorProfile: true })
    signInAs(role)
    const { router } = renderApp(path)
    await heading(title)
    expect(router.state.location.pathname).toBe(path)
  })

  it.each(['/create-pick', '/creator-promotions', '/creator/payments', '/creator/notifications'])(
    'tells an administrator without a creator profile on %s where the admin area is, instead of failing creator tools',
    async (path) => {
      stubEmptyApi({ creatorProfile: false })
      signInAs('admin')
      renderApp(path)
      await heading('Creator tools')
      screen.getByText('This administrator account has no creator profile, so it has no creator tools.')
      expect(screen.getByRole('link', { name: 'Open the admin area' }).getAttribute('href')).toBe('/admin/login')
      expect(screen.queryByText(/Creator not found/)).toBeNull()
    },
  )

  it('tells a moderator without a creator profile the same, with the moderation queue to go to', async () => {
    stubEmptyApi({ creatorProfile: false })
    signInAs('moderator')
    renderApp('/creator/notifications')
    await heading('Creator tools')
    screen.getByText('This moderator account has no creator profile, so it has no creator tools.')
    expect(screen.getByRole('link', { name: 'Open the moderation queue' }).getAttribute('href')).toBe(
      '/admin/dashboard/moderation',
    )
  })
})

describe('admin routes', () => {
  it('sends anyone who is not an admin from the admin dashboard to the admin login', async () => {
    signInAs('creator')
    const { router } = renderApp('/admin/dashboard')
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'))
  })

  it('lets an admin open the admin dashboard', async () => {
    signInAs('admin')
    renderApp('/admin/dashboard')
    await heading('Admin Dashboard')
  })

  it('lets a moderator into the console, where the moderation queue is, from their dashboard', async () => {
    stubEmptyApi({ creatorProfile: false })
    signInAs('moderator')
    const { user, router } = renderApp('/dashboard')
    await user.click(await screen.findByRole('link', { name: 'Open the moderation queue' }))
    await heading('Admin Dashboard')
    expect(router.state.location.pathname).toBe('/admin/dashboard/moderation')
  })
})

describe('the auth page, which has no navigation', () => {
  it('links back to the shop', async () => {
    const { user, router } = renderApp('/auth')
    await screen.findByRole('tab', { name: 'Sign In' })

    await user.click(screen.getByRole('link', { name: 'Back to the shop' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/shop-picks'))
  })
})
