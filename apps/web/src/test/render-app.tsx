import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'
import { createRoutes } from '../app/router.tsx'
import type { ChunkLoadPolicy } from '../lib/lazy-route.ts'
import { createTestQueryClient } from './render.tsx'

type AppRouter = ReturnType<typeof createMemoryRouter>

/** Stores a local user record the way the auth flow does. */
export function signInAs(role: 'customer' | 'creator' | 'moderator' | 'admin', extra: Record<string, unknown> = {}) {
  localStorage.setItem(
    'user',
    JSON.stringify({ id: 'u-1', email: 'sam@example.com', name: 'Sam Rivers', role, ...extra }),
  )
}

/**
 * An API that answers every call with an empty creators page, so pages that load data can render;
 * `/api/me` says whether the signed-in account has a creator profile and the Admin Dashboard entry.
 */
export function stubEmptyApi(me: { creatorProfile?: boolean; adminEntry?: boolean } = {}) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://localhost').pathname
    const body =
      path === '/api/me'
        ? {
            user: { id: 'u-1', email: 'sam@example.com', username: me.creatorProfile ? 'sam_picks' : null },
            admin_entry: me.adminEntry ?? false,
          }
        : { creators: [], total: 0, page: 1, limit: 20, hasMore: false }
    return Promise.resolve(
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    )
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

/** Renders the whole app (layout, guards, lazy pages) in a memory router at `route`. */
export function renderApp(
  route: string,
  options: { policy?: ChunkLoadPolicy; queryClient?: QueryClient } = {},
): RenderResult & { router: AppRouter; user: UserEvent; queryClient: QueryClient } {
  const router = createMemoryRouter(
    createRoutes({ policy: options.policy ?? { maxRetries: 0, firstDelayMs: 1, timeoutMs: 5_000 } }),
    { initialEntries: [route] },
  )
  const user = userEvent.setup()
  // The test client never retries; pass the app's own (`createQueryClient`) to test retries.
  const queryClient = options.queryClient ?? createTestQueryClient()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, router, user, queryClient }
}
