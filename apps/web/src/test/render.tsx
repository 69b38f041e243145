import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, type RenderResult } from '@testing-library/react'
import userEvent, { type UserEvent } from '@testing-library/user-event'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router'

/** Shown when a test navigates away from `path`, so the test can assert where it went. */
function LocationProbe() {
  const location = useLocation()
  return (
    <p data-testid="location">
      {location.pathname}
      {location.search}
    </p>
  )
}

export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
}

/**
 * Renders `ui` as the element of `path` (default '*') inside a memory data router at `route`,
 * with a fresh QueryClient (no retries), so hooks like useNavigate and useSearchParams work.
 */
export function renderWithProviders(
  ui: ReactElement,
  options: { route?: string; path?: string } = {},
): RenderResult & { queryClient: QueryClient; user: UserEvent } {
  const path = options.path ?? '*'
  const routes: RouteObject[] = [{ path, element: ui }]
  if (path !== '*') routes.push({ path: '*', element: <LocationProbe /> })
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] })
  const queryClient = createTestQueryClient()
  const user = userEvent.setup()
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
  return { ...result, queryClient, user }
}
