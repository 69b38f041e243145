import { act, screen, waitFor } from '@testing-library/react'
import type { Root } from 'react-dom/client'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStartRouter, isPrerendered, startApp } from './app/start.tsx'
import { sidebarCollapsedKey } from './app/layout/use-sidebar-collapsed.ts'
import { createQueryClient } from './lib/query-client.ts'
import { prerenderedPages, renderPage } from './prerender.tsx'
import { signInAs } from './test/render-app.tsx'

/**
 * The build renders these pages' first screen into their HTML (decision 051), and the browser must
 * take that page over as it is: a hydration that finds its first render different throws the
 * server's page away (a flash, and the paint the pre-render bought is lost), and attributes that
 * differ are kept as the server wrote them.
 */
async function hydrate(path: string) {
  const { markup } = await renderPage(path)
  window.history.replaceState(null, '', path)
  document.body.innerHTML = `<div id="root" inert>${markup}</div>`
  const container = document.getElementById('root') as HTMLElement
  const serverMain = container.querySelector('main')
  const recoverable: unknown[] = []
  const consoleErrors = vi.spyOn(console, 'error')
  // Reads never answer: what is checked is the page as hydrated, before any data changes it.
  const fetchMock = vi.fn(() => new Promise<Response>(() => undefined))
  vi.stubGlobal('fetch', fetchMock)
  expect(isPrerendered(container)).toBe(true)
  const router = await createStartRouter(true)
  await act(async () => {
    roots.push(
      startApp(container, { queryClient: createQueryClient(), router, onRecoverableError: (e) => recoverable.push(e) }),
    )
  })
  // Hydrated: the page takes input, and its reads start once the saved cache has been read.
  await waitFor(() => expect(container.hasAttribute('inert')).toBe(false))
  await waitFor(() => expect(fetchMock).toHaveBeenCalled())
  return { container, serverMain, recoverable, consoleErrors, router }
}

/** The apps started, unmounted after each test so their timers (the layout's prefetch) stop with it. */
const roots: Root[] = []

afterEach(() => {
  for (const root of roots.splice(0)) act(() => root.unmount())
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  document.body.innerHTML = ''
})

describe('pre-rendered landing pages', () => {
  it.each(prerenderedPages.map((page) => page.path))(
    '%s is taken over by the app as the server drew it',
    async (path) => {
      const { container, serverMain, recoverable, consoleErrors, router } = await hydrate(path)
      expect(recoverable).toEqual([])
      expect(consoleErrors).not.toHaveBeenCalled()
      // The very element the server sent is the app's now, not a redrawn copy.
      expect(container.querySelector('main')).toBe(serverMain)
      router.dispose()
    },
  )

  it('renders the shop with its heading and search in the HTML, before any code runs', async () => {
    const { markup } = await renderPage('/shop-picks')
    document.body.innerHTML = markup
    screen.getByRole('heading', { level: 1, name: 'Shop Picks' })
    screen.getByRole('searchbox', { name: 'Search creators' })
  })

  it('gives each page its own title for the document head', async () => {
    expect((await renderPage('/locker-room')).title).toBe('<title>Locker Room | Picks Marketplace</title>')
  })

  it('takes over the signed-out page for someone signed in on this device, then shows them signed in', async () => {
    signInAs('customer')
    localStorage.setItem(sidebarCollapsedKey, 'true')
    const { recoverable, consoleErrors, router } = await hydrate('/shop-picks')
    expect(recoverable).toEqual([])
    expect(consoleErrors).not.toHaveBeenCalled()
    const expand = await screen.findByRole('button', { name: 'Expand sidebar' })
    expect(expand.closest('aside')?.className).toContain('w-16')
    await waitFor(() => expect(screen.queryAllByText('Not signed in')).toEqual([]))
    router.dispose()
  })
})
