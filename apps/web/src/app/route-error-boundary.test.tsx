import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { lazyPage, type ChunkLoadPolicy, type RouteModule } from '../lib/lazy-route.ts'
import { reportBoundaryError } from '../lib/report-error.ts'
import { RouteErrorBoundary } from './route-error-boundary.tsx'

vi.mock('../lib/report-error.ts', () => ({ reportBoundaryError: vi.fn() }))

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/shop-page-x.js')
const fastRetries: ChunkLoadPolicy = { maxRetries: 3, firstDelayMs: 1, timeoutMs: 5_000 }
const shopModule: RouteModule = { Component: () => <h1>Shop Picks</h1> }

function renderRoute(route: RouteObject) {
  const router = createMemoryRouter(
    [{ path: '/', errorElement: <RouteErrorBoundary />, HydrateFallback: () => null, ...route }],
    {
      initialEntries: ['/'],
    },
  )
  render(<RouterProvider router={router} />)
  return { user: userEvent.setup(), router }
}

describe('a page whose code cannot be loaded', () => {
  it('retries the download 3 times, then shows Loading Error with Try Again and Reload Page', async () => {
    const load = vi.fn(() => Promise.reject(chunkError()))
    renderRoute({ lazy: lazyPage(load, fastRetries).lazy })

    await screen.findByRole('heading', { name: 'Loading Error' })
    expect(load).toHaveBeenCalledTimes(4)
    screen.getByRole('button', { name: 'Try Again' })
    screen.getByRole('button', { name: 'Reload Page' })
  })

  it('shows the page when Try Again succeeds', async () => {
    const load = vi.fn<() => Promise<RouteModule>>(() => Promise.reject(chunkError()))
    const { user } = renderRoute({ lazy: lazyPage(load, fastRetries).lazy })
    await screen.findByRole('heading', { name: 'Loading Error' })

    load.mockResolvedValue(shopModule)
    await user.click(screen.getByRole('button', { name: 'Try Again' }))

    await screen.findByRole('heading', { name: 'Shop Picks' })
    expect(screen.queryByRole('heading', { name: 'Loading Error' })).toBeNull()
  })

  it('stays on Loading Error when Try Again fails again', async () => {
    const load = vi.fn(() => Promise.reject(chunkError()))
    const { user } = renderRoute({ lazy: lazyPage(load, fastRetries).lazy })
    await screen.findByRole('heading', { name: 'Loading Error' })

    await user.click(screen.getByRole('button', { name: 'Try Again' }))

    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(5))
    await screen.findByRole('heading', { name: 'Loading Error' })
  })

  it('reloads the whole page from Reload Page', async () => {
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload })
    const { user } = renderRoute({ lazy: lazyPage(() => Promise.reject(chunkError()), fastRetries).lazy })
    await screen.findByRole('heading', { name: 'Loading Error' })

    await user.click(screen.getByRole('button', { name: 'Reload Page' }))

    expect(reload).toHaveBeenCalledTimes(1)
  })
})

describe('any other page error', () => {
  it('shows Unexpected Application Error! with the error message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    function Broken(): never {
      throw new Error('Cannot read properties of undefined (reading "price")')
    }
    renderRoute({ Component: Broken })

    await screen.findByRole('heading', { name: 'Unexpected Application Error!' })
    screen.getByText('Cannot read properties of undefined (reading "price")')
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull()
  })

  it('does not retry a page module that fails for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const load = vi.fn(() => Promise.reject(new SyntaxError('Unexpected token')))
    renderRoute({ lazy: lazyPage(load, fastRetries).lazy })

    await screen.findByRole('heading', { name: 'Unexpected Application Error!' })
    expect(load).toHaveBeenCalledTimes(1)
  })
})

describe('what the boundary reports', () => {
  beforeEach(() => vi.mocked(reportBoundaryError).mockClear())

  it('reports a chunk that still fails after its retries, once', async () => {
    const error = chunkError()
    const load = vi.fn(() => Promise.reject(error))
    renderRoute({ lazy: lazyPage(load, fastRetries).lazy })

    await screen.findByRole('heading', { name: 'Loading Error' })

    expect(load).toHaveBeenCalledTimes(4)
    // Reported from an effect, which may run a moment after the screen is drawn.
    await vi.waitFor(() => expect(reportBoundaryError).toHaveBeenCalledTimes(1))
    expect(reportBoundaryError).toHaveBeenCalledWith(error)
  })

  it('reports the error a page threw', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const error = new Error('Cannot read properties of undefined (reading "price")')
    function Broken(): never {
      throw error
    }
    renderRoute({ Component: Broken })

    await screen.findByRole('heading', { name: 'Unexpected Application Error!' })

    await vi.waitFor(() => expect(reportBoundaryError).toHaveBeenCalledWith(error))
  })
})
