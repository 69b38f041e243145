import type { CreatorStats } from '@picks/contracts'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../../test/render.tsx'
import { errorResponse, jsonResponse } from './fake-creators-api.ts'
import { Component as PurchasePage } from './purchase-page.tsx'

const creatorId = '00000000-0000-4000-8000-000000000042'

function serveStats(answer: (url: URL) => Response): URL[] {
  const requests: URL[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost')
      requests.push(url)
      return answer(url)
    }),
  )
  return requests
}

function renderPurchasePage(id = creatorId) {
  return renderWithProviders(<PurchasePage />, {
    route: `/shop-picks/purchase/${id}`,
    path: '/shop-picks/purchase/:creatorId',
  })
}

describe('purchase page', () => {
  it("shows the creator's figures and says plainly that checkout is not available yet", async () => {
    const stats: CreatorStats = {
      creator_id: creatorId,
      active_plans: 2,
      lowest_price_cents: 1999,
      currency: 'usd',
      member_since: '2024-03-15T12:00:00.000Z',
    }
    const requests = serveStats(() => jsonResponse(stats))
    renderPurchasePage()

    expect(await screen.findByText('Plans and checkout are not available yet.')).toBeTruthy()
    expect(screen.getByText('March 2024')).toBeTruthy()
    expect(screen.getByText('$19.99')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Back to the shop' }).getAttribute('href')).toBe('/shop-picks')
    expect(requests.map((url) => url.pathname)).toEqual([`/api/creators/${creatorId}/stats`])
  })

  it('says when the creator has no plans yet', async () => {
    serveStats(() =>
      jsonResponse({
        creator_id: creatorId,
        active_plans: 0,
        lowest_price_cents: null,
        currency: 'usd',
        member_since: '2025-01-02T00:00:00.000Z',
      }),
    )
    renderPurchasePage()

    expect(await screen.findByText('No plans yet')).toBeTruthy()
    expect(screen.getByText('January 2025')).toBeTruthy()
  })

  it('shows "Creator not found" with a way back to the marketplace for an unknown creator', async () => {
    serveStats(() => errorResponse(404, 'NOT_FOUND', 'Creator not found'))
    renderPurchasePage()

    expect(await screen.findByRole('heading', { name: 'Creator not found' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Browse creators' }).getAttribute('href')).toBe('/marketplace')
    expect(screen.queryByText('Plans and checkout are not available yet.')).toBeNull()
  })
})
