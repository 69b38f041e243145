import { screen, waitFor, within } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { renderApp, signInAs, stubEmptyApi } from '../../test/render-app.tsx'

const accountPages = [
  ['Profile', '/edit-profile'],
  ['Alerts', '/alerts'],
  ['Subscriptions', '/manage-subscriptions'],
] as const

async function pageLoaded() {
  await screen.findByRole('heading', { level: 1 })
}

/** Waits until the layout knows what the server says about the account (`/api/me`). */
async function accountFactsKnown(queryClient: QueryClient) {
  await waitFor(() => expect(queryClient.getQueryState(['me', 'facts', 'u-1'])?.status).toBe('success'))
}

function hrefsOf(nav: HTMLElement) {
  return within(nav)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

describe('the account menu in the desktop sidebar', () => {
  it('lists Profile, Alerts and Subscriptions for a signed-in person, beside the unchanged main entries', async () => {
    stubEmptyApi()
    signInAs('customer')
    renderApp('/locker-room')
    await pageLoaded()

    const sidebar = screen.getByTestId('sidebar')
    expect(hrefsOf(within(sidebar).getByRole('navigation', { name: 'Account' }))).toEqual(accountPages)
    expect(hrefsOf(within(sidebar).getByRole('navigation', { name: 'Main' }))).toEqual([
      ['Shop Picks', '/shop-picks'],
      ['Locker Room', '/locker-room'],
      ['My Picks Feed', '/my-picks'],
      ['Become a Creator', '/dashboard'],
    ])
  })

  it('takes the person to their subscriptions in one click', async () => {
    stubEmptyApi()
    signInAs('customer')
    const { user, router } = renderApp('/locker-room')
    await pageLoaded()

    const account = within(screen.getByTestId('sidebar')).getByRole('navigation', { name: 'Account' })
    await user.click(within(account).getByRole('link', { name: 'Subscriptions' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-subscriptions'))
  })

  it('keeps the entries named for screen readers when the sidebar is collapsed', async () => {
    stubEmptyApi()
    signInAs('customer')
    const { user } = renderApp('/support')
    await pageLoaded()
    const sidebar = screen.getByTestId('sidebar')

    await user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }))
    const account = within(sidebar).getByRole('navigation', { name: 'Account' })
    for (const [name, href] of accountPages) {
      const link = within(account).getByRole('link', { name })
      expect(link.getAttribute('href')).toBe(href)
      expect(link.getAttribute('title')).toBe(name)
    }
  })

  it('is not offered to a signed-out visitor, who gets Sign In instead', async () => {
    stubEmptyApi()
    renderApp('/support')
    await pageLoaded()
    const sidebar = screen.getByTestId('sidebar')
    within(sidebar).getByRole('link', { name: 'Sign In' })
    expect(within(sidebar).queryByRole('navigation', { name: 'Account' })).toBeNull()
  })
})

describe('creator menus by role', () => {
  it.each(['admin', 'moderator'] as const)(
    'shows a %s without a creator profile a plain Dashboard entry, never Creator Dashboard',
    async (role) => {
      stubEmptyApi({ creatorProfile: false })
      signInAs(role)
      const { queryClient } = renderApp('/support')
      await pageLoaded()
      await accountFactsKnown(queryClient)

      const nav = screen.getByRole('navigation', { name: 'Main' })
      expect(within(nav).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
      expect(within(nav).queryByRole('link', { name: 'Creator Dashboard' })).toBeNull()
      const bar = screen.getByRole('navigation', { name: 'Mobile' })
      within(bar).getByRole('link', { name: 'Dashboard' })
      expect(within(bar).queryByRole('link', { name: 'Creator' })).toBeNull()
    },
  )

  it('shows an administrator who has a creator profile the creator entries', async () => {
    stubEmptyApi({ creatorProfile: true })
    signInAs('admin')
    renderApp('/support')

    const nav = await screen.findByRole('navigation', { name: 'Main' })
    await within(nav).findByRole('link', { name: 'Creator Dashboard' })
    within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('link', { name: 'Creator' })
  })
})

describe('the account sheet on a phone', () => {
  it('lists the account pages and the Locker Room, and closes on the way to the chosen page', async () => {
    stubEmptyApi()
    signInAs('customer')
    const { user, router } = renderApp('/shop-picks')
    await pageLoaded()

    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Profile' }),
    )
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    expect(hrefsOf(within(sheet).getByRole('navigation', { name: 'Account' }))).toEqual(accountPages)
    expect(hrefsOf(within(sheet).getByRole('navigation', { name: 'More' }))).toEqual([['Locker Room', '/locker-room']])

    await user.click(within(sheet).getByRole('link', { name: 'Alerts' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/alerts'))
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull()
  })

  it('links every sport’s hub, so that each is two taps away', async () => {
    stubEmptyApi()
    const { user, router } = renderApp('/support')
    await pageLoaded()

    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Sign In' }),
    )
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    const hubs = within(sheet).getByRole('navigation', { name: 'Sport hubs' })
    expect(hrefsOf(hubs)).toEqual(
      ['NFL', 'NCAAF', 'NBA', 'NCAAB', 'WNBA', 'MLB', 'NHL', 'Soccer', 'MMA'].map((label) => [
        label,
        `/sport-hub/${label.toLowerCase()}`,
      ]),
    )

    await user.click(within(hubs).getByRole('link', { name: 'NHL' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/sport-hub/nhl'))
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull()
  })

  it('offers the configured admin account the Admin Dashboard too', async () => {
    stubEmptyApi({ adminEntry: true })
    signInAs('admin')
    const { user, queryClient } = renderApp('/support')
    await pageLoaded()
    await accountFactsKnown(queryClient)

    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Profile' }),
    )
    const more = within(await screen.findByRole('dialog', { name: 'Account' })).getByRole('navigation', {
      name: 'More',
    })
    expect(within(more).getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe('/admin/login')
  })

  it('gives a signed-out visitor Sign In and the Locker Room, without account pages', async () => {
    stubEmptyApi()
    const { user } = renderApp('/support')
    await pageLoaded()

    await user.click(
      within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Sign In' }),
    )
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    within(sheet).getByRole('link', { name: 'Locker Room' })
    within(sheet).getByRole('link', { name: 'Sign In' })
    expect(within(sheet).queryByRole('navigation', { name: 'Account' })).toBeNull()
  })
})
