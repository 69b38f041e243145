import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { analyticsAnswer, analyticsState, anAnalytics, someFigures } from '../../../test/fake-analytics-api.ts'
import { aPlan, aProfile, creatorUserId, customer, serveCreatorApi } from '../../../test/fake-creator-api.ts'
import { aCreatorRecord, aPickCreator, recordsAnswer } from '../../../test/fake-records-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as DashboardPage } from './dashboard-page.tsx'

const casey = aPickCreator({ id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines' })

function renderCreatorDashboard(record: ReturnType<typeof aCreatorRecord>, analytics = analyticsState()) {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  const records = recordsAnswer({ creators: [{ creator: casey, record }] })
  const served = serveCreatorApi({ profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] }, (call) =>
    call.path.startsWith('/api/creator/analytics/') ? analyticsAnswer(analytics)(call) : records(call),
  )
  renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' })
  return served
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('creator dashboard: your record', () => {
  it('shows the record customers see, by sport, with a way to post a pick', async () => {
    const { calls } = renderCreatorDashboard(aCreatorRecord('LWWPWL', { nba: 'LWWPWL' }))

    const card = await screen.findByRole('region', { name: 'Your record' })
    const figures = (await within(card).findByText('Streak')).closest('dl') as HTMLElement
    expect([...figures.querySelectorAll('dd')].map((value) => value.textContent)).toEqual([
      '3-2-1',
      '+0.7u',
      '+12.1%',
      '60.0%',
      'Lost 1',
    ])
    expect(within(card).getByRole('table', { name: 'Record by sport' }).textContent).toContain('NBA')
    expect(within(card).getByRole('link', { name: 'Post a pick' }).getAttribute('href')).toBe('/create-pick')
    expect(calls.filter((call) => call.path === `/api/creators/${creatorUserId}/record`)).toHaveLength(1)
  })

  it('tells a new creator nothing is graded yet', async () => {
    renderCreatorDashboard(aCreatorRecord('-', {}))

    const card = await screen.findByRole('region', { name: 'Your record' })
    expect((await within(card).findByText(/^No graded picks yet/)).textContent).toBe('No graded picks yet. 1 pending.')
  })
})

describe('creator dashboard: analytics', () => {
  it('shows the last 30 days of the creator’s own figures', async () => {
    const { calls } = renderCreatorDashboard(
      aCreatorRecord('-', {}),
      analyticsState({
        answers: {
          '30d': anAnalytics('30d', {
            current: someFigures({ gross_sales_cents: 4_000, net_earnings_cents: 3_600 }),
            previous: someFigures({ gross_sales_cents: 2_000, net_earnings_cents: 1_800 }),
          }),
        },
      }),
    )

    const section = await screen.findByRole('region', { name: 'Analytics' })
    const figures = await within(section).findByLabelText('Key figures')
    expect(within(figures).getByText('$36').nextElementSibling?.textContent).toBe('After $0 in fees')
    expect(within(section).getByRole('tab', { name: '30 days' }).getAttribute('aria-selected')).toBe('true')
    expect(calls.filter((call) => call.path === `/api/creator/analytics/${creatorUserId}`)).toHaveLength(1)
  })
})
