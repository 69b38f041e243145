import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { recordOf, storeUserRecord } from '../../../auth/stored-user.ts'
import { aPlan, aProfile, creatorUserId, customer, serveCreatorApi } from '../../../test/fake-creator-api.ts'
import { aCreatorRecord, aPickCreator, recordsAnswer } from '../../../test/fake-records-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { Component as DashboardPage } from './dashboard-page.tsx'

const casey = aPickCreator({ id: creatorUserId, name: 'Casey Lines', username: 'CaseyLines' })

function renderCreatorDashboard(record: ReturnType<typeof aCreatorRecord>) {
  storeUserRecord(recordOf({ ...customer, role: 'creator' }))
  const served = serveCreatorApi(
    { profiles: [aProfile()], plans: [aPlan({ name: 'Monthly' })] },
    recordsAnswer({ creators: [{ creator: casey, record }] }),
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
