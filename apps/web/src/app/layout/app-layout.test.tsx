import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { QueryClient } from '@tanstack/react-query'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderApp, signInAs, stubEmptyApi } from '../../test/render-app.tsx'

beforeEach(() => {
  stubEmptyApi()
})

/** Waits for the page itself (not the first-load skeleton) before looking at the layout around it. */
async function pageLoaded() {
  await screen.findByRole('heading', { level: 1 })
}

async function mainNav() {
  await pageLoaded()
  return screen.getByRole('navigation', { name: 'Main' })
}

async function mobileBar() {
  await pageLoaded()
  return screen.getByRole('navigation', { name: 'Mobile' })
}

async function sidebarOf() {
  await pageLoaded()
  return screen.getByTestId('sidebar')
}

describe('desktop sidebar', () => {
  it('shows a signed-out visitor the open entries and locked "Sign in required" entries that lead to /auth', async () => {
    renderApp('/locker-room')
    const nav = await mainNav()

    expect(within(nav).getByRole('link', { name: 'Shop Picks' }).getAttribute('href')).toBe('/shop-picks')
    expect(within(nav).getByRole('link', { name: 'Locker Room' }).getAttribute('href')).toBe('/locker-room')
    const feed = within(nav).getByRole('link', { name: /My Picks Feed.*Sign in required/ })
    const creator = within(nav).getByRole('link', { name: /Become a Creator.*Sign in required/ })
    expect(feed.getAttribute('href')).toBe('/auth')
    expect(creator.getAttribute('href')).toBe('/auth')
    expect(within(nav).queryByRole('link', { name: 'Creator Dashboard' })).toBeNull()
  })

  it('shows "Not signed in" and a Sign In link in the footer when signed out', async () => {
    renderApp('/locker-room')
    const sidebar = await sidebarOf()
    within(sidebar).getByText('Not signed in')
    expect(within(sidebar).getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth')
    expect(within(sidebar).queryByRole('button', { name: 'Logout' })).toBeNull()
    for (const name of ['Privacy Policy', 'Terms of Service', 'Support']) {
      within(sidebar).getByRole('link', { name })
    }
  })

  it('shows a stored creator My Picks Feed and Creator Dashboard, unlocked', async () => {
    signInAs('creator')
    renderApp('/locker-room')
    const nav = await mainNav()

    expect(within(nav).getByRole('link', { name: 'My Picks Feed' }).getAttribute('href')).toBe('/my-picks')
    expect(within(nav).getByRole('link', { name: 'Creator Dashboard' }).getAttribute('href')).toBe('/dashboard')
    expect(within(nav).queryByText('Sign in required')).toBeNull()
    expect(within(nav).queryByRole('link', { name: /Become a Creator/ })).toBeNull()
  })

  it('offers a signed-in customer Become a Creator at /dashboard', async () => {
    signInAs('customer')
    renderApp('/locker-room')
    const nav = await mainNav()
    expect(within(nav).getByRole('link', { name: 'Become a Creator' }).getAttribute('href')).toBe('/dashboard')
  })

  it('shows the user’s initials and name, or their emoji, or their picture', async () => {
    signInAs('customer', { profile_picture: null })
    const { unmount } = renderApp('/support')
    let sidebar = await sidebarOf()
    within(sidebar).getByText('Sam Rivers')
    within(sidebar).getByText('SR')
    unmount()

    signInAs('customer', { profile_picture: '🏀' })
    const second = renderApp('/support')
    sidebar = await sidebarOf()
    within(sidebar).getByText('🏀')
    second.unmount()

    signInAs('customer', { profile_picture: 'https://cdn.example.com/sam.png' })
    renderApp('/support')
    sidebar = await sidebarOf()
    const image = sidebar.querySelector('img')
    expect(image?.getAttribute('src')).toBe('https://cdn.example.com/sam.png')
    expect(image?.getAttribute('alt')).toBe('')
  })

  it('collapses to the narrow width and back, and remembers the choice', async () => {
    const { user, unmount } = renderApp('/support')
    const sidebar = await sidebarOf()
    expect(sidebar.className).toContain('w-64')

    await user.click(within(sidebar).getByRole('button', { name: 'Collapse sidebar' }))
    expect(sidebar.className).toContain('w-16')
    expect(sidebar.className).not.toContain('w-64')
    // Labels stay available to screen readers when only icons show.
    within(sidebar).getByRole('link', { name: 'Shop Picks' })
    unmount()

    const again = renderApp('/support')
    const remembered = await sidebarOf()
    expect(remembered.className).toContain('w-16')
    await again.user.click(within(remembered).getByRole('button', { name: 'Expand sidebar' }))
    expect(remembered.className).toContain('w-64')
  })

  it('logs out: forgets the user and session keys, and goes to /auth replacing history', async () => {
    signInAs('creator')
    localStorage.setItem('sb-access-token', 'secret')
    localStorage.setItem('sidebar-collapsed', 'false')
    const { user, router } = renderApp('/locker-room')
    const sidebar = await sidebarOf()

    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(localStorage.getItem('user')).toBeNull()
    expect(localStorage.getItem('sb-access-token')).toBeNull()
    expect(localStorage.getItem('sidebar-collapsed')).toBe('false')
  })

  it('logs out on this device and goes to /auth even when the server cannot be reached', async () => {
    signInAs('customer')
    const signOutCalls: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname
        if (path === '/api/auth/sign-out') {
          signOutCalls.push(path)
          throw new TypeError('Failed to fetch')
        }
        const body =
          path === '/api/auth/get-session'
            ? { session: { expiresAt: '2999-01-01T00:00:00.000Z' }, user: { id: 'a-1', email: 'sam@example.com' } }
            : {}
        return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })
      }),
    )
    const { user, router } = renderApp('/support')
    const sidebar = await sidebarOf()
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(router.state.historyAction).toBe('REPLACE')
    expect(signOutCalls).toHaveLength(1)
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('picks up a sign-in made in another tab', async () => {
    renderApp('/locker-room')
    const nav = await mainNav()
    within(nav).getByText('Become a Creator')

    signInAs('creator')
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }))
    })
    await within(nav).findByRole('link', { name: 'Creator Dashboard' })
  })
})

describe('the Admin Dashboard entry', () => {
  /**
   * An API whose `/api/me` says `adminEntry` for the signed-in account, with a session unless
   * `session` is false; records the paths asked.
   */
  function serveMe(answer: { adminEntry: boolean } | { status: number }, { session = true } = {}) {
    const paths: string[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname
        paths.push(path)
        const json = (body: unknown, status = 200) =>
          new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
        if (path === '/api/me') {
          if ('status' in answer) {
            return json(
              { error: { code: 'INTERNAL', message: 'Internal server error', requestId: 'r' } },
              answer.status,
            )
          }
          return json({ user: { email: 'sam@example.com' }, admin_entry: answer.adminEntry })
        }
        if (path === '/api/auth/get-session') {
          if (!session) return json(null)
          return json({
            session: { expiresAt: '2999-01-01T00:00:00.000Z' },
            user: { id: 'a-1', email: 'sam@example.com' },
          })
        }
        return json({})
      }),
    )
    return paths
  }

  async function adminLink() {
    return within(await mainNav()).findByRole('link', { name: 'Admin Dashboard' })
  }

  /**
   * Waits until the layout's question to the server has its `status` (the answer, or the failure).
   * waitFor lets the pending renders run before it returns, so the nav then shows the answer.
   */
  async function adminAnswer(queryClient: QueryClient, status: 'success' | 'error') {
    await waitFor(() => expect(queryClient.getQueryState(['me', 'facts', 'u-1'])?.status).toBe(status))
  }

  it('shows the entry, to /admin/login, when the server says this is the configured admin account', async () => {
    serveMe({ adminEntry: true })
    signInAs('admin')
    renderApp('/support')
    expect((await adminLink()).getAttribute('href')).toBe('/admin/login')
  })

  it('hides it from any other account, administrators included', async () => {
    const paths = serveMe({ adminEntry: false })
    signInAs('admin')
    const { queryClient } = renderApp('/support')
    const nav = await mainNav()
    await waitFor(() => expect(paths).toContain('/api/me'))
    await adminAnswer(queryClient, 'success')
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull()
  })

  it('hides it when the server cannot say', async () => {
    const paths = serveMe({ status: 500 })
    signInAs('admin')
    const { queryClient } = renderApp('/support')
    const nav = await mainNav()
    await waitFor(() => expect(paths).toContain('/api/me'))
    await adminAnswer(queryClient, 'error')
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull()
  })

  it('does not ask the server for a signed-out visitor, and shows no entry', async () => {
    const paths = serveMe({ adminEntry: true }, { session: false })
    const { queryClient } = renderApp('/support')
    const nav = await mainNav()
    await waitFor(() => expect(paths).toContain('/api/auth/get-session'))
    // The layout has asked its question for nobody (no user id) and holds it, not fetching.
    const question = queryClient.getQueryCache().find({ queryKey: ['me', 'facts', null] })
    expect(question?.state).toMatchObject({ status: 'pending', fetchStatus: 'idle' })
    expect(within(nav).queryByRole('link', { name: 'Admin Dashboard' })).toBeNull()
    expect(paths).not.toContain('/api/me')
  })

  it('goes away when the admin signs out and another account signs in on this device', async () => {
    serveMe({ adminEntry: true })
    signInAs('admin')
    renderApp('/support')
    await adminLink()
    const paths = serveMe({ adminEntry: false })
    signInAs('customer', { id: 'u-2', email: 'lee@example.com' })
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'user' }))
    })
    await waitFor(() => expect(paths).toContain('/api/me'))
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Admin Dashboard' })).toBeNull())
  })
})

describe('mobile bar', () => {
  it('links Picks, Dashboard and Shop, and opens an Account sheet with Sign In for a signed-out visitor', async () => {
    const { user, router } = renderApp('/locker-room')
    const bar = await mobileBar()
    expect(within(bar).getByRole('link', { name: 'Picks' }).getAttribute('href')).toBe('/my-picks')
    expect(within(bar).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard')
    expect(within(bar).getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe('/shop-picks')
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull()

    await user.click(within(bar).getByRole('button', { name: 'Sign In' }))

    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    for (const name of ['Privacy Policy', 'Terms of Service', 'Support']) {
      within(sheet).getByRole('link', { name })
    }
    await user.click(within(sheet).getByRole('link', { name: 'Sign In' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull()
  })

  it('calls the dashboard entry Creator for a creator, and offers Profile and Sign Out in the sheet', async () => {
    signInAs('creator')
    const { user, router } = renderApp('/locker-room')
    const bar = await mobileBar()
    expect(within(bar).getByRole('link', { name: 'Creator' }).getAttribute('href')).toBe('/dashboard')

    await user.click(within(bar).getByRole('button', { name: 'Profile' }))
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    expect(within(sheet).getByRole('link', { name: 'Profile' }).getAttribute('href')).toBe('/edit-profile')

    await user.click(within(sheet).getByRole('button', { name: 'Sign Out' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'))
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('keeps the sheet open when it was opened before the first page’s code arrived', async () => {
    renderApp('/support')
    // The first render: the layout is drawn, the page is still a skeleton.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('button', { name: 'Sign In' }))

    // The page arrives behind the open sheet (hidden from assistive technology meanwhile).
    await screen.findByRole('heading', { level: 1, hidden: true })
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    within(sheet).getByRole('link', { name: 'Sign In' })
    expect(screen.getByRole('button', { name: 'Sign In', hidden: true }).getAttribute('aria-expanded')).toBe('true')
  })

  it('closes the sheet with Escape and returns focus to the button that opened it', async () => {
    const { user } = renderApp('/support')
    const bar = await mobileBar()
    const opener = within(bar).getByRole('button', { name: 'Sign In' })
    await user.click(opener)
    const sheet = await screen.findByRole('dialog', { name: 'Account' })
    expect(sheet.contains(document.activeElement)).toBe(true)

    fireEvent.keyDown(sheet, { key: 'Escape' })
    expect(screen.queryByRole('dialog', { name: 'Account' })).toBeNull()
    expect(document.activeElement).toBe(opener)
  })
})

describe('pages without navigation', () => {
  it.each(['/auth', '/verify-email', '/reset-password'])('hides the sidebar and the mobile bar on %s', async (path) => {
    renderApp(path)
    await screen.findByRole('heading', { level: 1 })
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull()
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull()
  })

  it('keeps them on other pages', async () => {
    renderApp('/privacy-policy')
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' })
    screen.getByRole('navigation', { name: 'Main' })
    screen.getByRole('navigation', { name: 'Mobile' })
  })
})

describe('every page', () => {
  it('has a skip link to the main content, and the 18+ responsible-gambling line', async () => {
    renderApp('/locker-room')
    await screen.findByRole('heading', { level: 1 })
    const skip = screen.getByRole('link', { name: 'Skip to main content' })
    expect(skip.getAttribute('href')).toBe('#main')
    expect(screen.getByRole('main').id).toBe('main')
    const footer = screen.getByRole('contentinfo')
    within(footer).getByText(/18\+ only/)
    within(footer).getByRole('link', { name: '1-800-GAMBLER' })
  })
})
