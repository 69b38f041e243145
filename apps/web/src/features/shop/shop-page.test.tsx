import { QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router'
import { unfilteredShopFirstPagePath } from '@picks/contracts/client'
import { describe, expect, it } from 'vitest'
import { createTestQueryClient, renderWithProviders } from '../../test/render.tsx'
import {
  aCreator,
  apiError,
  callsTo,
  demoCreators,
  manyCreators,
  serveCreatorApi,
} from '../../test/fake-creator-api.ts'
import { Component as ShopPage, HydrateFallback } from './shop-page.tsx'

function CurrentUrl() {
  const location = useLocation()
  return <p data-testid="current-url">{location.pathname + location.search}</p>
}

function renderShop(route = '/shop-picks') {
  return renderWithProviders(
    <>
      <ShopPage />
      <CurrentUrl />
    </>,
    { route },
  )
}

function currentUrl(): URL {
  return new URL(screen.getByTestId('current-url').textContent ?? '', 'http://localhost')
}

function creatorLinkNames(): string[] {
  const grid = screen.getByRole('region', { name: 'Creators' })
  return within(grid)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '')
}

const paginated = '/api/creators/paginated'

describe('shop page', () => {
  it('lists creators from the API as cards linking to their purchase page', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators })
    renderShop()

    screen.getByRole('heading', { level: 1, name: 'Shop Picks' })
    await screen.findByText('5 creators')

    const dana = screen.getByRole('link', { name: 'Dana Ortiz' })
    expect(dana.getAttribute('href')).toBe(`/shop-picks/purchase/${demoCreators[1]?.id}`)
    const danaCard = dana.closest('article')
    expect(danaCard).not.toBeNull()
    const card = within(danaCard as HTMLElement)
    card.getByText('@DanaLock')
    card.getByText('From $15')
    card.getByText('NBA')
    card.getByText(/Underdog specialist/)
    const avatar = danaCard?.querySelector('img')
    expect(avatar?.getAttribute('src')).toBe('https://cdn.example.com/avatars/dana.png')
    expect(avatar?.getAttribute('loading')).toBe('lazy')
    expect(avatar?.getAttribute('width')).toBe('56')

    const owenCard = screen.getByRole('link', { name: 'Owen Hughes' }).closest('article') as HTMLElement
    within(owenCard).getByText('No plans yet')

    expect(creatorLinkNames()).toEqual(['Dana Ortiz', 'Keisha Okafor', 'Marcus Bell', 'Owen Hughes', 'Priya Walsh'])
    const [first] = callsTo(calls, 'GET', paginated)
    expect(first?.search.get('page')).toBe('1')
    expect(first?.search.get('limit')).toBe('20')
    expect(first?.search.get('sortBy')).toBe('name')
    // The very address the server preloads with the page, or the browser would fetch it twice.
    expect(`${first?.path}?${first?.search.toString()}`).toBe(`/api${unfilteredShopFirstPagePath}`)
  })

  it('shows card skeletons while creators load', () => {
    serveCreatorApi({ listing: demoCreators }, () => new Promise<Response>(() => {}))
    renderShop()

    expect(screen.getByRole('status').textContent).toBe('Loading creators…')
    expect(screen.queryByRole('link', { name: 'Dana Ortiz' })).toBeNull()
  })

  it('searches as the visitor types, after a pause, and puts the search in the URL', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators })
    const { user } = renderShop()
    await screen.findByText('5 creators')

    await user.type(screen.getByRole('searchbox', { name: 'Search creators' }), 'props')

    await screen.findByText('1 creator')
    expect(creatorLinkNames()).toEqual(['Priya Walsh'])
    const searches = callsTo(calls, 'GET', paginated).map((call) => call.search.get('search'))
    // Debounced: one request for the whole word, none per keystroke.
    expect(searches).toEqual([null, 'props'])
    expect(currentUrl().searchParams.get('search')).toBe('props')
  })

  it('filters by a sport chip and marks it pressed', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators })
    const { user } = renderShop()
    await screen.findByText('5 creators')
    const allSports = screen.getByRole('button', { name: 'All sports' })
    expect(allSports.getAttribute('aria-pressed')).toBe('true')

    await user.click(screen.getByRole('button', { name: 'NBA' }))

    await screen.findByText('2 creators')
    expect(creatorLinkNames()).toEqual(['Dana Ortiz', 'Priya Walsh'])
    expect(screen.getByRole('button', { name: 'NBA' }).getAttribute('aria-pressed')).toBe('true')
    expect(allSports.getAttribute('aria-pressed')).toBe('false')
    expect(callsTo(calls, 'GET', paginated).at(-1)?.search.get('sports')).toBe('nba')
    expect(currentUrl().searchParams.get('sports')).toBe('nba')

    await user.click(screen.getByRole('button', { name: 'MLB' }))
    await waitFor(() => expect(creatorLinkNames()).toEqual(['Dana Ortiz', 'Owen Hughes', 'Priya Walsh']))
    expect(callsTo(calls, 'GET', paginated).at(-1)?.search.get('sports')).toBe('nba,mlb')
  })

  it('sorts by price when "Price: low to high" is chosen', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators })
    const { user } = renderShop()
    await screen.findByText('5 creators')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Price: low to high')

    await waitFor(() =>
      expect(creatorLinkNames()).toEqual(['Priya Walsh', 'Dana Ortiz', 'Marcus Bell', 'Keisha Okafor', 'Owen Hughes']),
    )
    expect(callsTo(calls, 'GET', paginated).at(-1)?.search.get('sortBy')).toBe('price-low')
    expect(currentUrl().searchParams.get('sortBy')).toBe('price-low')
  })

  it('starts from the filters in the URL, so shared links open the same view', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators })
    renderShop('/marketplace?search=the&sports=nba,nfl&sortBy=price-high')

    await waitFor(() => expect(creatorLinkNames()).toEqual(['Marcus Bell', 'Dana Ortiz']))
    const [request] = callsTo(calls, 'GET', paginated)
    expect(request?.search.get('search')).toBe('the')
    expect(request?.search.get('sports')).toBe('nfl,nba')
    expect(request?.search.get('sortBy')).toBe('price-high')
    expect((screen.getByRole('searchbox', { name: 'Search creators' }) as HTMLInputElement).value).toBe('the')
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('price-high')
    expect(screen.getByRole('button', { name: 'NFL' }).getAttribute('aria-pressed')).toBe('true')
    expect(screen.getByRole('button', { name: 'NBA' }).getAttribute('aria-pressed')).toBe('true')
  })

  it('loads the next page with "Load more" and appends it', async () => {
    const creators = manyCreators(25)
    const { calls } = serveCreatorApi({ listing: creators })
    const { user } = renderShop()
    await screen.findByText('25 creators')
    expect(creatorLinkNames()).toHaveLength(20)

    await user.click(screen.getByRole('button', { name: 'Load more' }))

    await waitFor(() => expect(creatorLinkNames()).toHaveLength(25))
    expect(creatorLinkNames()[0]).toBe('Creator 001')
    expect(creatorLinkNames()[24]).toBe('Creator 025')
    expect(callsTo(calls, 'GET', paginated).map((call) => call.search.get('page'))).toEqual(['1', '2'])
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('says when nothing matches and clears the filters on request', async () => {
    serveCreatorApi({ listing: demoCreators })
    const { user } = renderShop('/shop-picks?search=zzz&sports=mma&sortBy=newest')

    await screen.findByRole('heading', { name: 'No creators match your filters' })
    screen.getByText('0 creators')

    await user.click(screen.getByRole('button', { name: 'Clear filters' }))

    await screen.findByText('5 creators')
    expect((screen.getByRole('searchbox', { name: 'Search creators' }) as HTMLInputElement).value).toBe('')
    expect(screen.getByRole('button', { name: 'All sports' }).getAttribute('aria-pressed')).toBe('true')
    // Clearing filters keeps the chosen order.
    expect(currentUrl().search).toBe('?sortBy=newest')
  })

  it('falls back to the full list sorted on the device when the server rejects the sort', async () => {
    const { calls } = serveCreatorApi({ listing: demoCreators }, (call) =>
      call.path === paginated && call.search.get('sortBy') === 'price-low'
        ? apiError(400, 'VALIDATION_FAILED', 'Invalid query', {
            details: [{ field: 'query.sortBy', message: 'Invalid option' }],
          })
        : undefined,
    )
    renderShop('/shop-picks?sortBy=price-low&sports=nba,nfl,nhl')

    await screen.findByText(/sorted on your device/)
    expect(callsTo(calls, 'GET', '/api/creators')).toHaveLength(1)
    // Price low to high, filtered to the chosen sports, on the device.
    expect(creatorLinkNames()).toEqual(['Priya Walsh', 'Dana Ortiz', 'Marcus Bell', 'Keisha Okafor'])
    screen.getByText('4 creators')
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  it('shows an error with a retry when neither the page nor the fallback list loads', { timeout: 15_000 }, async () => {
    let serverDown = true
    serveCreatorApi({ listing: demoCreators }, () =>
      serverDown ? apiError(503, 'SERVICE_UNAVAILABLE', 'Down for maintenance') : undefined,
    )
    const { user } = renderShop()

    // The fallback list is retried by the spec's transport policy (1 s, then 2 s) before giving up.
    const alert = await screen.findByRole('alert', {}, { timeout: 8_000 })
    within(alert).getByText('We couldn’t load creators')

    serverDown = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))

    await screen.findByText('5 creators')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('shows initials for a creator without a picture, and an emoji picture as it is', async () => {
    serveCreatorApi({
      listing: [aCreator({ name: 'Grant Lowe', username: 'GrantModel' }), ...demoCreators.slice(0, 1)],
    })
    renderShop()

    const grant = (await screen.findByRole('link', { name: 'Grant Lowe' })).closest('article') as HTMLElement
    within(grant).getByText('GL')
    const marcus = screen.getByRole('link', { name: 'Marcus Bell' }).closest('article') as HTMLElement
    within(marcus).getByText('🏈')
    expect(marcus.querySelector('img')).toBeNull()
  })
})

describe('shop history', () => {
  it('steps back through filter changes with the browser history', async () => {
    serveCreatorApi({ listing: demoCreators })
    const router = createMemoryRouter([{ path: '/shop-picks', element: <ShopPage /> }], {
      initialEntries: ['/shop-picks'],
    })
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
    await screen.findByText('5 creators')
    const searchBox = screen.getByRole('searchbox', { name: 'Search creators' }) as HTMLInputElement

    await user.type(searchBox, 'trader')
    await screen.findByText('1 creator')
    await user.click(screen.getByRole('button', { name: 'NHL' }))
    await waitFor(() => expect(router.state.location.search).toBe('?search=trader&sports=nhl'))

    await act(() => router.navigate(-1))
    expect(screen.getByRole('button', { name: 'NHL' }).getAttribute('aria-pressed')).toBe('false')
    expect(searchBox.value).toBe('trader')

    await act(() => router.navigate(-1))
    expect(router.state.location.search).toBe('')
    expect(searchBox.value).toBe('')
    await screen.findByText('5 creators')

    await act(() => router.navigate(1))
    expect(searchBox.value).toBe('trader')
    await screen.findByText('1 creator')
  })
})

describe('shop loading fallback', () => {
  it('shows the page heading and card skeletons before the route is ready', () => {
    renderWithProviders(<HydrateFallback />)
    screen.getByRole('heading', { level: 1, name: 'Shop Picks' })
    expect(screen.getByRole('status').textContent).toBe('Loading creators…')
  })
})
