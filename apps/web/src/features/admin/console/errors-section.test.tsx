import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  aFrame,
  anErrorGroup,
  anErrorGroupDetail,
  anErrorGroupPage,
  callsTo,
  errorFingerprint,
  json,
  serveConsoleApi,
} from '../../../test/fake-admin-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'

const listPath = '/api/admin/errors'
const detailPath = `/api/admin/errors/${errorFingerprint}`
const rawFingerprint = 'b'.repeat(64)

function renderErrors(route = '/admin/dashboard/errors') {
  return renderWithProviders(<AdminDashboardPage />, { route, path: '/admin/dashboard/:section?' })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Errors section', () => {
  it('lists error groups with the source place of their top frame, or the raw place when no map covers it', async () => {
    serveConsoleApi({
      [listPath]: () =>
        json(
          200,
          anErrorGroupPage([
            anErrorGroup(),
            anErrorGroup({
              fingerprint: rawFingerprint,
              message: 'ChunkLoadError: Loading chunk 12 failed',
              topFrame: aFrame({
                file: 'https://picks.example/assets/analytics-9d8c7b6a.js',
                column: 77,
                source: null,
              }),
              count: 1,
              users: 0,
              anonymous: 1,
              releases: [],
              routes: ['/creator/analytics'],
              browsers: ['Firefox 133'],
            }),
          ]),
        ),
    })
    renderErrors()

    await screen.findByRole('heading', { level: 2, name: 'Errors' })
    expect(tableRows(await screen.findByRole('table', { name: 'Errors' }))).toEqual([
      {
        Error: "TypeError: Cannot read properties of undefined (reading 'price')src/features/shop/shop-page.tsx:42:7",
        Reports: '37',
        'Users affected': '125 reports signed out',
        'Last seen': expect.stringMatching(/^Nov 25, 2026.*First seen Nov 23, 2026$/),
        Where: 'Releases 1.0.0Browsers Chrome 131, Safari 18Routes /shop-picks, /shop-picks/purchase/:creatorId',
      },
      {
        Error: 'ChunkLoadError: Loading chunk 12 failedhttps://picks.example/assets/analytics-9d8c7b6a.js:1:77',
        Reports: '1',
        'Users affected': '01 report signed out',
        'Last seen': expect.stringMatching(/^Nov 25, 2026.*First seen Nov 23, 2026$/),
        Where: 'Releases —Browsers Firefox 133Routes /creator/analytics',
      },
    ])
  })

  it('sends the search, the route, the environment and the order as query parameters, from page 1', async () => {
    const calls = serveConsoleApi({ [listPath]: () => json(200, anErrorGroupPage([anErrorGroup()])) })
    const { user } = renderErrors()

    await screen.findByRole('table', { name: 'Errors' })
    expect(Object.fromEntries(callsTo(calls, listPath)[0]?.search ?? [])).toEqual({ page: '1' })
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Sort by' }).value).toBe('lastSeen')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'production')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'count')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'asc')
    await user.type(screen.getByRole('searchbox', { name: 'Route' }), '/shop-picks')
    await user.click(within(screen.getByRole('search', { name: 'Route' })).getByRole('button', { name: 'Search' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search errors' }), 'price')
    await user.click(
      within(screen.getByRole('search', { name: 'Search errors' })).getByRole('button', { name: 'Search' }),
    )

    await vi.waitFor(() => expect(callsTo(calls, listPath).at(-1)?.search.get('search')).toBe('price'))
    expect(Object.fromEntries(callsTo(calls, listPath).at(-1)?.search ?? [])).toEqual({
      page: '1',
      search: 'price',
      route: '/shop-picks',
      environment: 'production',
      sortBy: 'count',
      sortOrder: 'asc',
    })
  })

  it('reads the page the address names, and the next page from the pager', async () => {
    const calls = serveConsoleApi({
      [listPath]: (call) =>
        json(200, {
          ...anErrorGroupPage([anErrorGroup()]),
          page: Number(call.search.get('page')),
          total: 45,
          hasMore: call.search.get('page') !== '3',
        }),
    })
    const { user } = renderErrors('/admin/dashboard/errors?page=2&sortBy=users')

    const pages = await screen.findByRole('navigation', { name: 'Errors pages' })
    expect(within(pages).getByText('21–40 of 45')).toBeTruthy()
    expect(callsTo(calls, listPath)[0]?.search.get('sortBy')).toBe('users')
    await user.click(within(pages).getByRole('button', { name: 'Next' }))
    await vi.waitFor(() => expect(callsTo(calls, listPath).at(-1)?.search.get('page')).toBe('3'))
    expect(callsTo(calls, listPath).at(-1)?.search.get('sortBy')).toBe('users')
  })

  it('opens a group: its figures, its stack mapped to the source files, and its recent reports', async () => {
    const calls = serveConsoleApi({
      [listPath]: () => json(200, anErrorGroupPage([anErrorGroup()])),
      [detailPath]: () => json(200, anErrorGroupDetail()),
    })
    const { user } = renderErrors()

    await user.click(
      await screen.findByRole('button', { name: "TypeError: Cannot read properties of undefined (reading 'price')" }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Error details' })
    const frames = within(await within(dialog).findByRole('list', { name: 'Stack frames' })).getAllByRole('listitem')
    expect(frames.map((frame) => frame.textContent)).toEqual([
      'ShopPagesrc/features/shop/shop-page.tsx:42:7https://picks.example/assets/index-4f9a2c1b.js:1:48213',
      'planPricesrc/features/shop/plan-card.tsx:18:23https://picks.example/assets/index-4f9a2c1b.js:1:9120',
      'Anonymous functionNo source map covers this framehttps://picks.example/assets/vendor-react-1c2d3e4f.js:1:512',
    ])
    expect(within(dialog).getByText('Users affected').nextElementSibling?.textContent).toBe(
      '12 (and 5 reports signed out)',
    )
    expect(within(dialog).getByText('Environments').nextElementSibling?.textContent).toBe('Production')
    expect(tableRows(within(dialog).getByRole('table', { name: 'Recent reports' }))).toEqual([
      {
        Received: expect.stringMatching(/^Nov 25, 2026/),
        Route: '/shop-picks/purchase/:creatorId',
        Browser: 'Safari 18',
        Release: '1.0.0',
        Environment: 'Production',
        'Signed in': 'Yes',
        Address: 'https://picks.example/shop-picks/purchase/7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d',
      },
      {
        Received: expect.stringMatching(/^Nov 24, 2026/),
        Route: '/shop-picks',
        Browser: 'Chrome 131',
        Release: '1.0.0',
        Environment: 'Production',
        'Signed in': 'No',
        Address: 'https://picks.example/shop-picks',
      },
    ])
    expect(callsTo(calls, detailPath)).toHaveLength(1)

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('says when the latest report had no stack and no report is kept, and shows a failed read of a group', async () => {
    let failing = true
    serveConsoleApi({
      [listPath]: () => json(200, anErrorGroupPage([anErrorGroup({ topFrame: null })])),
      [detailPath]: () =>
        failing
          ? json(404, { error: { code: 'NOT_FOUND', message: 'Error group not found' } })
          : json(200, anErrorGroupDetail({ group: anErrorGroup({ topFrame: null }), stack: [], occurrences: [] })),
    })
    const { user } = renderErrors()

    const table = await screen.findByRole('table', { name: 'Errors' })
    expect(tableRows(table)[0]?.Error).toBe("TypeError: Cannot read properties of undefined (reading 'price')No stack")
    await user.click(within(table).getByRole('button', { name: /^TypeError/ }))
    const dialog = await screen.findByRole('dialog', { name: 'Error details' })
    const alert = await within(dialog).findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the error')
    expect(alert.textContent).toContain('Error group not found (HTTP 404)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await within(dialog).findByText('The latest report carried no stack.')
    within(dialog).getByText('No report of this error is kept any more.')
  })

  it('says when no browser reported an error, when none matches the filters, and shows a failed read', async () => {
    let answer = json(400, {
      error: { code: 'VALIDATION_FAILED', message: 'query.sortBy: must be one of lastSeen, count, users, firstSeen' },
    })
    serveConsoleApi({ [listPath]: () => answer.clone() })
    const { user } = renderErrors('/admin/dashboard/errors?sortBy=size')

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the errors')
    expect(alert.textContent).toContain('query.sortBy: must be one of lastSeen, count, users, firstSeen (HTTP 400)')

    answer = json(200, anErrorGroupPage([]))
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByText('No browser has reported an error.')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Environment' }), 'development')
    await screen.findByText('No error matches these filters.')
  })
})
