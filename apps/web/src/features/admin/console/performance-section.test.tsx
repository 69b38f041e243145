import { screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { aPerformanceReport, aVitalRow, callsTo, json, serveConsoleApi } from '../../../test/fake-admin-api.ts'
import { renderWithProviders } from '../../../test/render.tsx'
import { tableRows } from '../../../test/table-rows.ts'
import { forgetAdminToken } from '../admin-client.ts'
import { Component as AdminDashboardPage } from '../admin-dashboard-page.tsx'

const performancePath = '/api/admin/performance'

function renderPerformance() {
  return renderWithProviders(<AdminDashboardPage />, {
    route: '/admin/dashboard/performance',
    path: '/admin/dashboard/:section?',
  })
}

beforeEach(() => {
  forgetAdminToken()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the Performance section', () => {
  it('shows each route measured in the last 24 hours: the p75 per metric, in its unit, with its rating in words and its samples', async () => {
    const calls = serveConsoleApi({ [performancePath]: () => json(200, aPerformanceReport()) })
    renderPerformance()

    await screen.findByRole('heading', { level: 2, name: 'Performance' })
    const tab = await screen.findByRole('tab', { name: 'Last 24 hours' })
    expect(tab.getAttribute('aria-selected')).toBe('true')
    expect(tableRows(screen.getByRole('table', { name: 'Performance over the last 24 hours' }))).toEqual([
      {
        Route: '/shop-picks',
        LCP: '2.8 sNeeds improvement64 samples',
        INP: '180 msGood52 samples',
        CLS: '0.05Good64 samples',
        FCP: '1.2 sGood64 samples',
        TTFB: '420 msGood64 samples',
        'Route change': '310 ms40 samples',
      },
    ])
    screen.getByText(/Worked out Nov 25, 2026/)
    expect(callsTo(calls, performancePath)).toHaveLength(1)
  })

  it('switches to the last 7 days, with the mouse or the arrow keys', async () => {
    serveConsoleApi({ [performancePath]: () => json(200, aPerformanceReport()) })
    const { user } = renderPerformance()

    await user.click(await screen.findByRole('tab', { name: 'Last 7 days' }))
    expect(screen.queryByRole('table', { name: 'Performance over the last 24 hours' })).toBeNull()
    expect(tableRows(screen.getByRole('table', { name: 'Performance over the last 7 days' }))).toEqual([
      {
        Route: '/shop-picks',
        LCP: '1.8 sGood410 samples',
        INP: '176 msGood388 samples',
        CLS: '0.04Good410 samples',
        FCP: '1.1 sGood410 samples',
        TTFB: '390 msGood410 samples',
        'Route change': '290 ms233 samples',
      },
      {
        Route: '/shop-picks/purchase/:creatorId',
        LCP: '4.6 sPoor12 samples',
        INP: '520 msPoor9 samples',
        CLS: '0.3Poor12 samples',
        FCP: 'No samples',
        TTFB: 'No samples',
        'Route change': 'No samples',
      },
    ])

    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Last 24 hours' }).getAttribute('aria-selected')).toBe('true')
    screen.getByRole('table', { name: 'Performance over the last 24 hours' })
  })

  it('states the thresholds it rates against', async () => {
    serveConsoleApi({ [performancePath]: () => json(200, aPerformanceReport()) })
    renderPerformance()

    expect(tableRows(await screen.findByRole('table', { name: 'Thresholds' }))).toEqual([
      { Metric: 'LCPLargest Contentful Paint', Good: '≤ 2.5 s', Poor: '> 4 s' },
      { Metric: 'INPInteraction to Next Paint', Good: '≤ 200 ms', Poor: '> 500 ms' },
      { Metric: 'CLSCumulative Layout Shift', Good: '≤ 0.1', Poor: '> 0.25' },
      { Metric: 'FCPFirst Contentful Paint', Good: '≤ 1.8 s', Poor: '> 3 s' },
      { Metric: 'TTFBTime to First Byte', Good: '≤ 800 ms', Poor: '> 1.8 s' },
    ])
  })

  it('says when a window measured nothing, and when no browser reported a measurement', async () => {
    let report = aPerformanceReport([aVitalRow('/shop-picks', 'LCP', null, [1_500, 3])])
    serveConsoleApi({ [performancePath]: () => json(200, report) })
    const { user, unmount } = renderPerformance()

    await screen.findByText('No measurement in the last 24 hours.')
    await user.click(screen.getByRole('tab', { name: 'Last 7 days' }))
    expect(tableRows(screen.getByRole('table', { name: 'Performance over the last 7 days' }))[0]?.LCP).toBe(
      '1.5 sGood3 samples',
    )
    unmount()

    report = aPerformanceReport([])
    renderPerformance()
    await screen.findByText('No browser has reported a measurement yet.')
    expect(screen.queryByRole('tab')).toBeNull()
    screen.getByRole('table', { name: 'Thresholds' })
  })

  it('shows a failed read with the server’s words and a way to ask again', async () => {
    let failing = true
    serveConsoleApi({
      [performancePath]: () =>
        failing
          ? json(403, { error: { code: 'FORBIDDEN', message: 'Enter the admin password again' } })
          : json(200, aPerformanceReport()),
    })
    const { user } = renderPerformance()

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch the performance figures')
    expect(alert.textContent).toContain('Enter the admin password again (HTTP 403)')
    failing = false
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    await screen.findByRole('table', { name: 'Performance over the last 24 hours' })
  })
})
