import type { AffiliateOverview } from '@picks/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it } from 'vitest'
import { recordOf, storeUserRecord } from '../../auth/stored-user.ts'
import { apiError, creatorUserId, customer, json } from '../../test/fake-creator-api.ts'
import { callsTo, stubFetch, type FakeCall } from '../../test/fake-fetch.ts'
import { renderWithProviders } from '../../test/render.tsx'
import { Component as AffiliatePage } from './affiliate-page.tsx'

const overviewPath = `/api/affiliate/${creatorUserId}`

const arrangement: AffiliateOverview['arrangements'][number] = {
  id: '00000000-0000-4000-8000-0000000000a1',
  creator_id: '00000000-0000-4000-8000-0000000000d1',
  creator_username: 'SharpDana',
  creator_name: 'Dana',
  status: 'active',
  reward_kind: 'percent',
  amount_cents: null,
  percent_bps: 2000,
  payments: 'every',
  plan_ids: null,
  link: 'http://localhost:3000/SharpDana?aff=aFfCode12345',
  clicks: 5,
  customers: 2,
  commission_cents: 1160,
  accepted_at: '2026-11-02T10:00:00.000Z',
  ended_at: null,
}

function anOverview(accepted: boolean, onboarded: boolean): AffiliateOverview {
  return {
    arrangements: accepted ? [arrangement] : [],
    balance: {
      currency: 'usd',
      available_cents: accepted ? 1160 : 0,
      pending_cents: 0,
      earned_cents: accepted ? 1160 : 0,
      paid_out_cents: 0,
    },
    onboarding: {
      provider: 'sandbox',
      account_id: onboarded ? 'acct_1' : null,
      details_submitted: onboarded,
      charges_enabled: onboarded,
      payouts_enabled: onboarded,
      onboarded,
    },
  }
}

function serve(state: { accepted: boolean; onboarded: boolean }) {
  const calls: FakeCall[] = []
  stubFetch(calls, (call) => {
    if (call.path === overviewPath) return json(anOverview(state.accepted, state.onboarded))
    if (call.path === '/api/affiliates/accept') {
      if ((call.body as { token: string }).token !== 'good-token') {
        return apiError(404, 'NOT_FOUND', 'This invitation is not valid any more')
      }
      state.accepted = true
      return json({ arrangement })
    }
    if (call.path === `${overviewPath}/payout`) {
      return json({ payout: { id: 'p1', amount_cents: (call.body as { amount: number }).amount } }, 201)
    }
    return apiError(404, 'NOT_FOUND', 'Not found')
  })
  return calls
}

beforeEach(() => {
  storeUserRecord(recordOf(customer))
})

describe('/affiliate', () => {
  it('accepts an invitation and then shows the link and earnings', async () => {
    const calls = serve({ accepted: false, onboarded: false })
    const { user } = renderWithProviders(<AffiliatePage />, { route: '/affiliate?invite=good-token' })
    expect(await screen.findByText(/No links yet/)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }))

    const links = await screen.findByRole('region', { name: 'Your links' })
    expect((await within(links).findByRole('listitem')).textContent).toContain('@SharpDana')
    expect(within(links).getByText('20% of every payment')).toBeTruthy()
    const linkBox = within(links).getByRole<HTMLInputElement>('textbox', { name: 'Your link to @SharpDana' })
    expect(linkBox.value).toBe(arrangement.link)
    await user.click(within(links).getByRole('button', { name: 'Copy link to @SharpDana' }))
    await within(links).findByText('Link copied.')
    expect(await navigator.clipboard.readText()).toBe(arrangement.link)
    expect(callsTo(calls, 'POST', '/api/affiliates/accept').map((c) => c.body)).toEqual([{ token: 'good-token' }])
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).toBeNull()
    const earnings = screen.getByRole('region', { name: 'Earnings' })
    expect(within(earnings).getAllByText('$11.60')).toHaveLength(2)
    expect(screen.getByRole('button', { name: 'Set up payouts' })).toBeTruthy()
  })

  it("says why an invitation can't be accepted", async () => {
    serve({ accepted: false, onboarded: false })
    const { user } = renderWithProviders(<AffiliatePage />, { route: '/affiliate?invite=old-token' })
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }))
    expect(await screen.findByText('This invitation is not valid any more')).toBeTruthy()
  })

  it('requests a payout once onboarded, and refuses less than $10 first', async () => {
    const calls = serve({ accepted: true, onboarded: true })
    const { user } = renderWithProviders(<AffiliatePage />, { route: '/affiliate' })
    const amount = await screen.findByLabelText('Amount in dollars')
    await user.type(amount, '5')
    await user.click(screen.getByRole('button', { name: 'Request payout' }))
    expect(await screen.findByText('Payouts are at least $10')).toBeTruthy()
    expect(callsTo(calls, 'POST', `${overviewPath}/payout`)).toEqual([])

    await user.clear(amount)
    await user.type(amount, '10.50')
    await user.click(screen.getByRole('button', { name: 'Request payout' }))
    expect(await screen.findByText('Payout of $10.50 requested.')).toBeTruthy()
    await waitFor(() =>
      expect(callsTo(calls, 'POST', `${overviewPath}/payout`).map((c) => c.body)).toEqual([{ amount: 1050 }]),
    )
  })
})
