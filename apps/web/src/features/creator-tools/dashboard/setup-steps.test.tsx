import type { OnboardingStatus } from '@picks/contracts'
import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { aPlan, aProfile, creatorUserId, customer, json, serveCreatorApi } from '../../../test/fake-creator-api.ts'
import { notStarted, onboarded } from '../../../test/fake-payouts-api.ts'
import { aCreatorRecord, aPickCreator, recordsAnswer } from '../../../test/fake-records-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as DashboardPage } from './dashboard-page.tsx'

const casey = aPickCreator({ id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines' })

/** The creator dashboard of a creator at some point of their setup. */
function renderDashboard(setup: { onboarding: OnboardingStatus; plans: ReturnType<typeof aPlan>[]; record: string }) {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  const records = recordsAnswer({ creators: [{ creator: casey, record: aCreatorRecord(setup.record, {}) }] })
  serveCreatorApi(
    {
      profiles: [aProfile()],
      plans: setup.plans,
      acceptingPayments: setup.onboarding.charges_enabled,
    },
    (call) =>
      call.path === `/api/creators/onboarding-status/${creatorUserId}` ? json(setup.onboarding) : records(call),
  )
  renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' })
}

/** Each step's label and state, in order, and the one marked as next. */
async function steps() {
  const section = await screen.findByRole('region', { name: 'Start selling' })
  const items = within(section).getAllByRole('listitem')
  const next = items.find((item) => item.getAttribute('aria-current') === 'step')
  return { section, items: items.map((item) => item.firstElementChild?.textContent), next }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('creator dashboard: the steps to a first sale', () => {
  it('leads a new creator to payouts first, before a plan and a pick', async () => {
    renderDashboard({ onboarding: notStarted(), plans: [], record: '' })

    const { items, next } = await steps()
    expect(items).toEqual(['1. ProfileDone', '2. PayoutsNext', '3. PlanTo do', '4. First pickTo do'])
    expect(within(next!).getByRole('link', { name: 'Set up payouts' }).getAttribute('href')).toBe('/creator/payments')
  })

  it('asks for payouts even when a plan is already waiting for them', async () => {
    renderDashboard({ onboarding: notStarted(), plans: [aPlan({ name: 'Monthly', on_sale: false })], record: '' })

    const { items } = await steps()
    expect(items).toEqual(['1. ProfileDone', '2. PayoutsNext', '3. PlanDone', '4. First pickTo do'])
  })

  it('points to the plans on this page once payouts are set up', async () => {
    renderDashboard({ onboarding: onboarded(), plans: [], record: '' })

    const { items, next } = await steps()
    expect(items).toEqual(['1. ProfileDone', '2. PayoutsDone', '3. PlanNext', '4. First pickTo do'])
    expect(within(next!).getByRole('link', { name: 'Add a plan' }).getAttribute('href')).toBe('#your-plans')
    expect(document.getElementById('your-plans')).not.toBeNull()
  })

  it('asks for a first pick last', async () => {
    renderDashboard({ onboarding: onboarded(), plans: [aPlan({ name: 'Monthly' })], record: '' })

    const { items, next } = await steps()
    expect(items).toEqual(['1. ProfileDone', '2. PayoutsDone', '3. PlanDone', '4. First pickNext'])
    expect(within(next!).getByRole('link', { name: 'Post your first pick' }).getAttribute('href')).toBe('/create-pick')
  })
})
