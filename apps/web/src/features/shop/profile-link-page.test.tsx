import { QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { createMemoryRouter, data, RouterProvider, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { reportBoundaryError } from '../../lib/report-error.ts'
import { createTestQueryClient } from '../../test/render.tsx'
import { Component as ProfileLinkPage, ErrorBoundary } from './profile-link-page.tsx'
import { ProfileLinkNotice } from './profile-link-notice.tsx'

vi.mock(import('../../lib/report-error.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  reportBoundaryError: vi.fn(),
}))

const creatorId = '00000000-0000-4000-8000-000000000007'

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function notFound(): Response {
  return json({ error: { code: 'NOT_FOUND', message: 'Creator not found', requestId: 'req-1' } }, 404)
}

/** Serves `GET /api/creator/{username}` from `answer`, recording the requested paths (with their query). */
function serveLookup(answer: (username: string) => Response | Promise<Response>) {
  const paths: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      paths.push(`${url.pathname}${url.search}`)
      const match = /^\/api\/creator\/([^/]+)$/.exec(url.pathname)
      return match?.[1] ? answer(decodeURIComponent(match[1])) : notFound()
    }),
  )
  return paths
}

function Destination({ name }: { name: string }) {
  const location = useLocation()
  return (
    <h1>
      {name} at {location.pathname}
      {location.search}
    </h1>
  )
}

/**
 * The app's route table in miniature: `/marketplace` would also match `/:username`, so the
 * redirect targets need routes of their own, ranked above the catch-all as in the real router.
 */
function openProfileLink(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/marketplace',
        element: (
          <>
            <Destination name="Marketplace" />
            <ProfileLinkNotice />
          </>
        ),
      },
      { path: '/shop-picks/purchase/:creatorId', element: <Destination name="Purchase page" /> },
      { path: '/:username', element: <ProfileLinkPage />, errorElement: <ErrorBoundary /> },
    ],
    { initialEntries: ['/', `/${path}`] },
  )
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return router
}

async function redirectedTo(): Promise<string | null> {
  return (await screen.findByRole('heading', { level: 1 }, { timeout: 3000 })).textContent
}

describe('profile link', () => {
  it("sends a visitor to the creator's purchase page", async () => {
    const paths = serveLookup((username) =>
      username === 'MarcusSharp' ? json({ success: true, creator: { id: creatorId, username } }) : notFound(),
    )
    const router = openProfileLink('MarcusSharp')

    expect(screen.getByRole('status').textContent).toContain('Opening @MarcusSharp')
    expect(await redirectedTo()).toBe(`Purchase page at /shop-picks/purchase/${creatorId}`)
    // Replaced, so Back does not bounce through the redirect again.
    expect(router.state.historyAction).toBe('REPLACE')
    expect(paths).toEqual(['/api/creator/MarcusSharp'])
  })

  it("passes a share link's referral code to the lookup, which counts the visit, and on to the purchase page", async () => {
    const paths = serveLookup((username) => json({ success: true, creator: { id: creatorId, username } }))
    openProfileLink('MarcusSharp?ref=k3Yc9QaZ')

    expect(await redirectedTo()).toBe(`Purchase page at /shop-picks/purchase/${creatorId}?ref=k3Yc9QaZ`)
    expect(paths).toEqual(['/api/creator/MarcusSharp?ref=k3Yc9QaZ'])
  })

  it('carries a promo code on to the purchase page, which applies it', async () => {
    const paths = serveLookup((username) => json({ success: true, creator: { id: creatorId, username } }))
    openProfileLink('MarcusSharp?ref=k3Yc9QaZ&promo=SAVE50')

    expect(await redirectedTo()).toBe(`Purchase page at /shop-picks/purchase/${creatorId}?ref=k3Yc9QaZ&promo=SAVE50`)
    expect(paths).toEqual(['/api/creator/MarcusSharp?ref=k3Yc9QaZ'])
  })

  it('drops a referral code that cannot be one', async () => {
    const paths = serveLookup((username) => json({ success: true, creator: { id: creatorId, username } }))
    openProfileLink(`MarcusSharp?ref=${encodeURIComponent('<script>')}`)

    expect(await redirectedTo()).toBe(`Purchase page at /shop-picks/purchase/${creatorId}`)
    expect(paths).toEqual(['/api/creator/MarcusSharp'])
  })

  it("follows a creator's previous username to their purchase page", async () => {
    // Within 30 days of a change the server still resolves the old name, answering with the new one.
    serveLookup((username) =>
      username === 'OldMarcus'
        ? json({ success: true, creator: { id: creatorId, username: 'MarcusSharp' } })
        : notFound(),
    )
    openProfileLink('OldMarcus')

    expect(await redirectedTo()).toBe(`Purchase page at /shop-picks/purchase/${creatorId}`)
  })

  it('sends a visitor to the marketplace when no creator has that username, and says so', async () => {
    serveLookup(() => notFound())
    const router = openProfileLink('NobodyHere')

    expect(await redirectedTo()).toBe('Marketplace at /marketplace')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(screen.getByRole('status').textContent).toBe(
      'We couldn’t find a creator at /NobodyHere. Here are the creators you can browse.',
    )
  })

  it('sends a visitor to the marketplace when the lookup fails on the network, saying it could not open', async () => {
    serveLookup(() => Promise.reject(new TypeError('Failed to fetch')))
    openProfileLink('MarcusSharp')

    expect(await redirectedTo()).toBe('Marketplace at /marketplace')
    expect(screen.getByRole('status').textContent).toBe(
      'We couldn’t open the profile link /MarcusSharp just now. Please try it again later.',
    )
  })

  it('sends a visitor to the marketplace when the API rejects the username', async () => {
    serveLookup(() =>
      json(
        {
          error: {
            code: 'VALIDATION_FAILED',
            message: 'Invalid request',
            requestId: 'req-2',
            details: [{ field: 'params.username', message: 'Usernames are 3 to 30 letters, digits or underscores' }],
          },
        },
        400,
      ),
    )
    openProfileLink('reserved_name')

    expect(await redirectedTo()).toBe('Marketplace at /marketplace')
  })

  it('does not look up a path that cannot be a username', async () => {
    const paths = serveLookup(() => notFound())
    openProfileLink('not-a-username.html')

    expect(await redirectedTo()).toBe('Marketplace at /marketplace')
    expect(paths).toEqual([])
    screen.getByText('We couldn’t find a creator at /not-a-username.html. Here are the creators you can browse.')
  })
})

describe('profile link error screen', () => {
  beforeEach(() => vi.mocked(reportBoundaryError).mockClear())

  /** `/{username}` whose page fails with `fail` (thrown while rendering, or an answer from the router). */
  function openFailingLink(fail: () => never, how: 'render' | 'loader') {
    const router = createMemoryRouter(
      [
        {
          path: '/marketplace',
          element: (
            <>
              <Destination name="Marketplace" />
              <ProfileLinkNotice />
            </>
          ),
        },
        how === 'render'
          ? { path: '/:username', Component: fail, ErrorBoundary }
          : {
              path: '/:username',
              loader: fail,
              Component: ProfileLinkPage,
              ErrorBoundary,
              HydrateFallback: () => null,
            },
      ],
      { initialEntries: ['/', '/MarcusSharp'] },
    )
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    return router
  }

  it('falls back to the marketplace on a render error, replacing the link, and reports the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const error = new TypeError('Cannot read properties of undefined (reading "id")')
    const router = openFailingLink(() => {
      throw error
    }, 'render')

    expect(await redirectedTo()).toBe('Marketplace at /marketplace')
    expect(router.state.historyAction).toBe('REPLACE')
    screen.getByText('We couldn’t open the profile link /MarcusSharp just now. Please try it again later.')
    expect(reportBoundaryError).toHaveBeenCalledWith(error)
  })

  it('shows Page Not Found with ways to browse creators or go home for an answer from the router', async () => {
    openFailingLink(() => {
      throw data('Not found', { status: 404 })
    }, 'loader')

    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })
    expect(screen.getByRole('link', { name: 'Browse Creators' }).getAttribute('href')).toBe('/marketplace')
    expect(screen.getByRole('link', { name: 'Return Home' }).getAttribute('href')).toBe('/')
  })
})
