import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { apiError, json } from '../../test/fake-creator-api.ts'
import { callsTo, stubFetch, type FakeCall } from '../../test/fake-fetch.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { affiliateClickFor } from './affiliate-click.ts'
import { createPurchase } from './api.ts'
import { Component as ProfileLinkPage } from './profile-link-page.tsx'

const creatorId = '00000000-0000-4000-8000-000000000007'
const clickPath = '/api/affiliate-links/aFfCode12345/clicks'

/** The lookup, the affiliate link's click (answered signed, for 30 days) and checkout. */
function serve(expiresAt = '2099-01-01T00:00:00.000Z') {
  const calls: FakeCall[] = []
  stubFetch(calls, (call) => {
    if (call.path === '/api/creator/SharpDana') {
      return json({ success: true, creator: { id: creatorId, username: 'SharpDana' } })
    }
    if (call.path === clickPath) return json({ creator_id: creatorId, click: 'signed-click', expires_at: expiresAt })
    if (call.path === '/api/purchases') return json({ purchase: {}, checkout_url: '/sandbox/checkout/cs_1' }, 201)
    return apiError(404, 'NOT_FOUND', 'Not found')
  })
  return calls
}

describe("an affiliate's link", () => {
  it('counts the click and sends it with a purchase from that creator', async () => {
    const calls = serve()
    renderWithProviders(<ProfileLinkPage />, { route: '/SharpDana?aff=aFfCode12345', path: '/:username' })

    await waitFor(() => expect(callsTo(calls, 'POST', clickPath)).toHaveLength(1))
    await waitFor(() => expect(affiliateClickFor(creatorId)).toBe('signed-click'))
    expect((await screen.findByTestId('location')).textContent).toBe(`/shop-picks/purchase/${creatorId}`)

    await createPurchase({ planId: 'plan-1', promoCode: null, creatorId })
    expect(callsTo(calls, 'POST', '/api/purchases').map((c) => c.body)).toEqual([
      { plan_id: 'plan-1', affiliate_click: 'signed-click' },
    ])
    // Another creator's purchase carries none.
    await createPurchase({ planId: 'plan-2', promoCode: null, creatorId: '00000000-0000-4000-8000-000000000008' })
    expect(callsTo(calls, 'POST', '/api/purchases')[1]?.body).toEqual({ plan_id: 'plan-2' })
  })

  it('drops a click once its 30 days are over', async () => {
    const calls = serve('2026-01-01T00:00:00.000Z')
    renderWithProviders(<ProfileLinkPage />, { route: '/SharpDana?aff=aFfCode12345', path: '/:username' })
    await waitFor(() => expect(callsTo(calls, 'POST', clickPath)).toHaveLength(1))
    await screen.findByTestId('location')
    expect(affiliateClickFor(creatorId, Date.parse('2026-02-01T00:00:00.000Z'))).toBeUndefined()
  })

  it('does not call the server for a code that cannot be one', async () => {
    const calls = serve()
    renderWithProviders(<ProfileLinkPage />, { route: '/SharpDana?aff=%3Cx%3E', path: '/:username' })
    await screen.findByTestId('location')
    expect(calls.filter((c) => c.path.startsWith('/api/affiliate-links'))).toEqual([])
  })
})
