import type { CreatorAffiliate } from '@picks/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aPlan, apiError, creatorUserId, json } from '../../../test/fake-creator-api.ts'
import { callsTo, stubFetch, type FakeCall } from '../../../test/fake-fetch.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { AffiliatesSection } from './affiliates-section.tsx'

const listPath = `/api/affiliates/creator/${creatorUserId}`
const monthly = aPlan({ name: 'Monthly' })

function anAffiliate(overrides: Partial<CreatorAffiliate> = {}): CreatorAffiliate {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    creator_id: creatorUserId,
    invited_email: 'amy@example.com',
    affiliate_id: '00000000-0000-4000-8000-0000000000a2',
    affiliate_username: null,
    status: 'active',
    reward_kind: 'percent',
    amount_cents: null,
    percent_bps: 2000,
    payments: 'every',
    plan_ids: null,
    link: 'http://localhost:3000/CaseyLines?aff=aFfCode12345',
    clicks: 12,
    customers: 3,
    sales: 4,
    sales_cents: 11600,
    commission_cents: 2320,
    invited_at: '2026-11-01T10:00:00.000Z',
    accepted_at: '2026-11-02T10:00:00.000Z',
    ended_at: null,
    ...overrides,
  }
}

/** The creator's affiliates endpoints, keeping the list as the server would. */
function serve(initial: CreatorAffiliate[]) {
  let list = initial
  const calls: FakeCall[] = []
  stubFetch(calls, (call) => {
    if (call.path === listPath) return json({ affiliates: list })
    if (call.path === `/api/subscription-pricing/${creatorUserId}`) return json({ plans: [monthly] })
    if (call.method === 'POST' && call.path === '/api/affiliates') {
      const body = call.body as Record<string, unknown>
      if (body.email === 'casey@example.com') {
        return apiError(400, 'VALIDATION_FAILED', 'You cannot be your own affiliate', {
          details: [{ field: 'body.email', message: 'You cannot be your own affiliate' }],
        })
      }
      const made = anAffiliate({ id: '00000000-0000-4000-8000-0000000000b1', status: 'invited', link: null })
      list = [made, ...list]
      return json({ affiliate: made }, 201)
    }
    const end = /^\/api\/affiliates\/([^/]+)\/end$/.exec(call.path)
    if (end) {
      list = list.map((a) => (a.id === end[1] ? { ...a, status: 'ended' as const } : a))
      return json({ affiliate: list.find((a) => a.id === end[1]) })
    }
    const change = /^\/api\/affiliates\/([^/]+)$/.exec(call.path)
    if (change && call.method === 'PUT') {
      list = list.map((a) => (a.id === change[1] ? { ...a, ...(call.body as Partial<CreatorAffiliate>) } : a))
      return json({ affiliate: list.find((a) => a.id === change[1]) })
    }
    return apiError(404, 'NOT_FOUND', 'Not found')
  })
  return calls
}

describe("the creator's affiliates", () => {
  it("shows each affiliate's reward, link and figures", async () => {
    serve([anAffiliate()])
    renderWithProviders(<AffiliatesSection creatorId={creatorUserId} />)
    const item = await screen.findByRole('listitem')
    expect(item.textContent).toContain('amy@example.com')
    expect(item.textContent).toContain('20% of every payment')
    expect(item.textContent).toContain('?aff=aFfCode12345')
    const figures = within(item)
    expect(figures.getByText('12')).toBeTruthy()
    expect(figures.getByText('4 · $116')).toBeTruthy()
    expect(figures.getByText('$23.20')).toBeTruthy()
  })

  it('invites by e-mail for a chosen plan, checking the amount first', async () => {
    const calls = serve([])
    const { user } = renderWithProviders(<AffiliatesSection creatorId={creatorUserId} />)
    await screen.findByText(/No affiliates yet/)
    await user.click(screen.getByRole('button', { name: 'Invite an affiliate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Invite an affiliate' })
    const form = within(dialog)
    await user.type(form.getByLabelText('E-mail'), 'amy@example.com')
    await user.type(form.getByLabelText('Percentage'), '150')
    await user.click(form.getByRole('button', { name: 'Send invitation' }))
    expect(await form.findByText('A percentage is between 0.01% and 100%')).toBeTruthy()
    expect(callsTo(calls, 'POST', '/api/affiliates')).toEqual([])

    await user.clear(form.getByLabelText('Percentage'))
    await user.type(form.getByLabelText('Percentage'), '12.5')
    await user.click(form.getByRole('checkbox', { name: 'Monthly' }))
    await user.click(form.getByRole('button', { name: 'Send invitation' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'POST', '/api/affiliates').map((c) => c.body)).toEqual([
      {
        email: 'amy@example.com',
        reward_kind: 'percent',
        amount_cents: null,
        percent_bps: 1250,
        payments: 'every',
        plan_ids: [monthly.id],
      },
    ])
    expect((await screen.findByRole('listitem')).textContent).toContain('Invited')
  })

  it("shows the server's refusal at the field it names", async () => {
    serve([])
    const { user } = renderWithProviders(<AffiliatesSection creatorId={creatorUserId} />)
    await user.click(await screen.findByRole('button', { name: 'Invite an affiliate' }))
    const form = within(await screen.findByRole('dialog'))
    await user.type(form.getByLabelText('E-mail'), 'casey@example.com')
    await user.selectOptions(form.getByLabelText('Reward'), 'fixed')
    await user.type(form.getByLabelText('Amount in dollars'), '5')
    await user.click(form.getByRole('button', { name: 'Send invitation' }))
    expect(await form.findByText('You cannot be your own affiliate')).toBeTruthy()
  })

  it('changes the reward and ends the arrangement', async () => {
    const calls = serve([anAffiliate()])
    const { user } = renderWithProviders(<AffiliatesSection creatorId={creatorUserId} />)
    await user.click(await screen.findByRole('button', { name: 'Change reward' }))
    const form = within(await screen.findByRole('dialog'))
    await user.selectOptions(form.getByLabelText('Reward'), 'fixed')
    await user.clear(form.getByLabelText('Amount in dollars'))
    await user.type(form.getByLabelText('Amount in dollars'), '5.00')
    await user.selectOptions(form.getByLabelText('Paid on'), 'first')
    await user.click(form.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(callsTo(calls, 'PUT', '/api/affiliates/00000000-0000-4000-8000-0000000000a1').map((c) => c.body)).toEqual([
      { reward_kind: 'fixed', amount_cents: 500, percent_bps: null, payments: 'first', plan_ids: null },
    ])
    expect((await screen.findByText('$5 on the first payment')).tagName).toBe('P')

    await user.click(screen.getByRole('button', { name: 'End' }))
    await user.click(screen.getByRole('button', { name: 'Yes, end it' }))
    expect(await screen.findByText('Ended')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Change reward' })).toBeNull()
  })
})
